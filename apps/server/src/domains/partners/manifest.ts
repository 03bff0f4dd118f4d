/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { partnerOperations, partnerPlatformOperations } from './routes';
import { registerStopLossJob } from './stoploss-job';
import { seedPartnerActivity } from './demo';

export const manifest = defineDomain({
  name: 'partners',
  operations: partnerOperations,
  platform: partnerPlatformOperations,
  jobs: [(host, { db, now }) => registerStopLossJob(host, db, now)],
  demo: { steps: [staffDemoStep('partners', 10, seedPartnerActivity)] },
});
