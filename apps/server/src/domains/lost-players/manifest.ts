/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { lostPlayerOperations, lostPlayerPlatformOperations } from './routes';
import { seedLostPlayerCampaigns } from './demo';

export const manifest = defineDomain({
  name: 'lost-players',
  operations: lostPlayerOperations,
  platform: lostPlayerPlatformOperations,
  demo: { steps: [staffDemoStep('retrieval campaigns', 6, seedLostPlayerCampaigns)] },
});
