/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { issuingOperations } from './routes';
import { registerBatchWorker } from './worker';

export const manifest = defineDomain({
  name: 'issuing',
  operations: issuingOperations,
  jobs: [(host, { db, now, batchWorker }) => void registerBatchWorker(host, db, now, batchWorker)],
});
