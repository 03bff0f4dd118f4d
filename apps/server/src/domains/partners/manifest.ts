/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { partnerOperations, partnerPlatformOperations } from './routes';
import { registerStopLossJob } from './stoploss-job';

export const manifest = defineDomain({
  name: 'partners',
  operations: partnerOperations,
  platform: partnerPlatformOperations,
  jobs: [(host, { db, now }) => registerStopLossJob(host, db, now)],
});
