/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { agentCashOperations, agentCashPlatformOperations } from './routes';

export const manifest = defineDomain({
  name: 'agentcash',
  operations: agentCashOperations,
  platform: agentCashPlatformOperations,
});
