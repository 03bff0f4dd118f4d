/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { rechargeOperations, rechargePlatformOperations } from './routes';
import { triggers } from './triggers';
import { seedUnpaidRecharges } from './demo';

export const manifest = defineDomain({
  name: 'recharge',
  operations: rechargeOperations,
  platform: rechargePlatformOperations,
  triggers,
  demo: { steps: [staffDemoStep('unpaid recharges', 2, seedUnpaidRecharges)] },
});
