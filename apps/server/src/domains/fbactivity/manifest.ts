/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { fbActivityOperations, fbActivityPlatformOperations } from './routes';
import { seedFbActivity } from './demo';

export const manifest = defineDomain({
  name: 'fbactivity',
  operations: fbActivityOperations,
  platform: fbActivityPlatformOperations,
  demo: { steps: [staffDemoStep('fbactivity', 2, seedFbActivity)] },
});
