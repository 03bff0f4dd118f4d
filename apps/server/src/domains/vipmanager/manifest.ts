/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { vipManagerOperations } from './routes';
import { seedVipSendActivity } from './demo';

export const manifest = defineDomain({
  name: 'vipmanager',
  operations: vipManagerOperations,
  demo: { steps: [staffDemoStep('vipsend', 2, seedVipSendActivity)] },
});
