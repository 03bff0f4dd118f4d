/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { rechargeOperations, rechargePlatformOperations } from './routes';
import { triggers } from './triggers';

export const manifest = defineDomain({
  name: 'recharge',
  operations: rechargeOperations,
  platform: rechargePlatformOperations,
  triggers,
});
