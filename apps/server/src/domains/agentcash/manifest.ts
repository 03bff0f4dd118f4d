/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { agentCashOperations, agentCashPlatformOperations } from './routes';
import { seedAgentCashActivity } from './demo';

export const manifest = defineDomain({
  name: 'agentcash',
  operations: agentCashOperations,
  platform: agentCashPlatformOperations,
  demo: { steps: [staffDemoStep('agentcash', 2, seedAgentCashActivity)] },
});
