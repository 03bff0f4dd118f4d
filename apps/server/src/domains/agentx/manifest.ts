/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { agentxOperations, agentxPlatformOperations } from './routes';

export const manifest = defineDomain({
  name: 'agentx',
  operations: agentxOperations,
  platform: agentxPlatformOperations,
});
