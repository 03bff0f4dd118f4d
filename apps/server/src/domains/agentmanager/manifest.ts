/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { agentManagerOperations, agentManagerPlatformOperations } from './routes';

export const manifest = defineDomain({
  name: 'agentmanager',
  operations: agentManagerOperations,
  platform: agentManagerPlatformOperations,
});
