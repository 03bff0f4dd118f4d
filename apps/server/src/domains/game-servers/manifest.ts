/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { gameServerOperations, gameServerPlatformOperations } from './routes';
import { seedGameServers } from './demo';

export const manifest = defineDomain({
  name: 'game-servers',
  operations: gameServerOperations,
  platform: gameServerPlatformOperations,
  demo: { configure: (db) => seedGameServers(db) },
});
