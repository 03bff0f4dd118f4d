/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { lostPlayerOperations, lostPlayerPlatformOperations } from './routes';

export const manifest = defineDomain({
  name: 'lost-players',
  operations: lostPlayerOperations,
  platform: lostPlayerPlatformOperations,
});
