/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { fbActivityOperations, fbActivityPlatformOperations } from './routes';

export const manifest = defineDomain({
  name: 'fbactivity',
  operations: fbActivityOperations,
  platform: fbActivityPlatformOperations,
});
