/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { registerExtraRebateJob } from './job';
import { agentReportOperations, agentReportPlatformOperations } from './routes';
import { seedAgentReportActivity } from './demo';

export const manifest = defineDomain({
  name: 'agent-reports',
  operations: agentReportOperations,
  platform: agentReportPlatformOperations,
  jobs: [(host, { db, now }) => registerExtraRebateJob(host, db, now)],
  demo: { steps: [staffDemoStep('agent-reports', 4, seedAgentReportActivity)] },
});
