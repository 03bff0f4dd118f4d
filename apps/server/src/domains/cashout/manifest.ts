/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { payoutEndpointOperations, registerPayoutCallback, registerPayoutSweep } from './endpoints';
import { cashoutOperations, cashoutPlatformOperations } from './routes';
import { triggers } from './triggers';
import { seedCashoutQueues } from './demo';

export const manifest = defineDomain({
  name: 'cashout',
  operations: [...cashoutOperations, ...payoutEndpointOperations],
  platform: cashoutPlatformOperations,
  routes: registerPayoutCallback,
  jobs: [(host, { db, now }) => registerPayoutSweep(host, db, now)],
  triggers,
  demo: { steps: [staffDemoStep('cash-out queues', 3, seedCashoutQueues)] },
});
