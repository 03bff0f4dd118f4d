/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { agentManagerOperations, agentManagerPlatformOperations } from './routes';
import { seedAgentManagerActivity } from './demo';

export const manifest = defineDomain({
  name: 'agentmanager',
  operations: agentManagerOperations,
  platform: agentManagerPlatformOperations,
  demo: { steps: [staffDemoStep('agentmanager', 0.5, seedAgentManagerActivity)] },
});
