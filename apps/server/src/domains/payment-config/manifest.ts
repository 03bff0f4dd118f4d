/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { paymentConfigOperations, paymentConfigPlatformOperations } from './routes';
import { seedPaymentConfig } from './demo';

export const manifest = defineDomain({
  name: 'payment-config',
  operations: paymentConfigOperations,
  platform: paymentConfigPlatformOperations,
  demo: { configure: (db) => seedPaymentConfig(db) },
});
