/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { lobbyOperations, lobbyPlatformOperations } from './routes';
import { seedLobby } from './demo';

export const manifest = defineDomain({
  name: 'lobby',
  operations: lobbyOperations,
  platform: lobbyPlatformOperations,
  demo: { configure: (db) => seedLobby(db) },
});
