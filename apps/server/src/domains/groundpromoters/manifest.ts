/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { groundPromoterOperations, groundPromoterPlatformOperations } from './routes';
import { seedGroundPromoterActivity } from './demo';

export const manifest = defineDomain({
  name: 'groundpromoters',
  operations: groundPromoterOperations,
  platform: groundPromoterPlatformOperations,
  demo: { steps: [staffDemoStep('groundpromoters', 4, seedGroundPromoterActivity)] },
});
