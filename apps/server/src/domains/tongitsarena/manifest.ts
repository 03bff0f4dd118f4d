/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { arenaOperations, arenaPlatformOperations, registerArenaSettlement } from './routes';
import { seedTongitsArena } from './demo';

export const manifest = defineDomain({
  name: 'tongitsarena',
  operations: arenaOperations,
  platform: arenaPlatformOperations,
  jobs: [(host, { db, now }) => registerArenaSettlement(host, db, now)],
  demo: { steps: [staffDemoStep('tongitsarena', 18, seedTongitsArena)] },
});
