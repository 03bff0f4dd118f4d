/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { issuingOperations } from './routes';
import { registerBatchWorker } from './worker';
import { finishBatches } from '../../simulator/in-process-staff';

export const manifest = defineDomain({
  name: 'issuing',
  operations: issuingOperations,
  jobs: [(host, { db, now, batchWorker }) => void registerBatchWorker(host, db, now, batchWorker)],
  demo: {
    // nothing left half-credited (a batch of a seed cut off before this step included)
    steps: [{ name: 'batches', weight: 0.5, run: async (c) => ({ finished: await finishBatches(c.db, c.end) }) }],
  },
});
