/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { activityPlatformOperations, activityStaffOperations } from './routes';
import { seedActivityTraffic } from './demo';

export const manifest = defineDomain({
  name: 'activities',
  operations: activityStaffOperations,
  platform: activityPlatformOperations,
  demo: { steps: [staffDemoStep('activities', 41, seedActivityTraffic)] },
});
