/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { messageOperations, messagePlatformOperations } from './routes';

export const manifest = defineDomain({
  name: 'messages',
  operations: messageOperations,
  platform: messagePlatformOperations,
});
