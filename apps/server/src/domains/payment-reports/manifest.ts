/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { registerReportCompaction } from './compact';
import { paymentReportsOperations, paymentReportsPlatformOperations } from './routes';
import { triggers } from './triggers';

export const manifest = defineDomain({
  name: 'payment-reports',
  operations: paymentReportsOperations,
  platform: paymentReportsPlatformOperations,
  jobs: [(host, { db, now }) => registerReportCompaction(host, db, now)],
  triggers,
});
