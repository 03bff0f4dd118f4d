/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { registerVipEvaluation } from './evaluate';
import { vipOperations } from './routes';
import { seedVipHistory } from './demo';

export const manifest = defineDomain({
  name: 'vip',
  operations: vipOperations,
  jobs: [(host, { db, now }) => registerVipEvaluation(host, db, now)],
  demo: { steps: [{ name: 'vip', weight: 6, run: (c) => seedVipHistory(c.db, c.end, c.days) }] },
});
