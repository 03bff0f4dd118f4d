/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { registerPartitionsJob } from './partitions';

export const manifest = defineDomain({
  name: 'partitions',
  jobs: [(host, { db, now }) => registerPartitionsJob(host, db, now)],
});
