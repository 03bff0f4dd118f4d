/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { rankOperations, rankPlatformOperations, registerRankSettlement } from './routes';

export const manifest = defineDomain({
  name: 'rank',
  operations: rankOperations,
  platform: rankPlatformOperations,
  jobs: [(host, { db, now }) => registerRankSettlement(host, db, now)],
});
