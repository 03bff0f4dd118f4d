/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { rankOperations, rankPlatformOperations, registerRankSettlement } from './routes';
import { seedRankActivity } from './demo';

export const manifest = defineDomain({
  name: 'rank',
  operations: rankOperations,
  platform: rankPlatformOperations,
  jobs: [(host, { db, now }) => registerRankSettlement(host, db, now)],
  demo: { steps: [staffDemoStep('rank', 4, seedRankActivity)] },
});
