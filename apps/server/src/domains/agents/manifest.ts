/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { agentOperations, agentPlatformOperations } from './routes';
import { registerAgentSettlement } from './settlement';
import { triggers } from './triggers';
import { seedAgentActivity } from './demo';

export const manifest = defineDomain({
  name: 'agents',
  operations: agentOperations,
  platform: agentPlatformOperations,
  jobs: [(host, { db, now }) => registerAgentSettlement(host, db, now)],
  triggers,
  demo: { steps: [staffDemoStep('agents', 7, seedAgentActivity)] },
});
