/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { payoutEndpointOperations, registerPayoutCallback, registerPayoutSweep } from './endpoints';
import { cashoutOperations, cashoutPlatformOperations } from './routes';
import { triggers } from './triggers';
import { recoverPayouts } from './payout';
import { registerRepeatingJob } from '../../http/repeating-job';
import { seedCashoutQueues } from './demo';

export const manifest = defineDomain({
  name: 'cashout',
  operations: [...cashoutOperations, ...payoutEndpointOperations],
  platform: cashoutPlatformOperations,
  routes: registerPayoutCallback,
  jobs: [
    (host, { db, now }) => registerPayoutSweep(host, db, now),
    // approved orders whose payout a stopped process never started, and payouts never answered
    (host, { db, now }) => registerRepeatingJob(host, { name: 'payout recovery', firstAfterMs: 10_000, everyMs: 60_000, run: () => recoverPayouts(db, now) }),
  ],
  triggers,
  demo: { steps: [staffDemoStep('cash-out queues', 3, seedCashoutQueues)] },
});
