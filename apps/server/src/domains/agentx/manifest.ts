/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { agentxOperations, agentxPlatformOperations } from './routes';
import { seedAgentxActivity } from './demo';

export const manifest = defineDomain({
  name: 'agentx',
  operations: agentxOperations,
  platform: agentxPlatformOperations,
  demo: { steps: [staffDemoStep('agentx', 4, seedAgentxActivity)] },
});
