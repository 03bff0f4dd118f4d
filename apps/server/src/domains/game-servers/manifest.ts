/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { gameServerOperations, gameServerPlatformOperations } from './routes';

export const manifest = defineDomain({
  name: 'game-servers',
  operations: gameServerOperations,
  platform: gameServerPlatformOperations,
});
