/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { cdkcodeOperations, cdkcodePlatformOperations } from './routes';
import { seedCdkcodeActivity } from './demo';

export const manifest = defineDomain({
  name: 'cdkcode',
  operations: cdkcodeOperations,
  platform: cdkcodePlatformOperations,
  demo: { steps: [staffDemoStep('cdkcode', 3, seedCdkcodeActivity)] },
});
