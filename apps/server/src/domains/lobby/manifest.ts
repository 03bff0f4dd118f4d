/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { lobbyOperations, lobbyPlatformOperations } from './routes';

export const manifest = defineDomain({
  name: 'lobby',
  operations: lobbyOperations,
  platform: lobbyPlatformOperations,
});
