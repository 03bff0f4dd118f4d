/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { gameOperations, gamePlatformOperations } from './routes';
import { triggers } from './triggers';

export const manifest = defineDomain({
  name: 'games',
  operations: gameOperations,
  platform: gamePlatformOperations,
  triggers,
});
