/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { arenaOperations, arenaPlatformOperations, registerArenaSettlement } from './routes';

export const manifest = defineDomain({
  name: 'tongitsarena',
  operations: arenaOperations,
  platform: arenaPlatformOperations,
  jobs: [(host, { db, now }) => registerArenaSettlement(host, db, now)],
});
