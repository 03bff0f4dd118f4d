/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { registerExtraRebateJob } from './job';
import { agentReportOperations, agentReportPlatformOperations } from './routes';

export const manifest = defineDomain({
  name: 'agent-reports',
  operations: agentReportOperations,
  platform: agentReportPlatformOperations,
  jobs: [(host, { db, now }) => registerExtraRebateJob(host, db, now)],
});
