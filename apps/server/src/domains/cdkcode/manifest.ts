/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { cdkcodeOperations, cdkcodePlatformOperations } from './routes';

export const manifest = defineDomain({
  name: 'cdkcode',
  operations: cdkcodeOperations,
  platform: cdkcodePlatformOperations,
});
