/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { activityPlatformOperations, activityStaffOperations } from './routes';

export const manifest = defineDomain({
  name: 'activities',
  operations: activityStaffOperations,
  platform: activityPlatformOperations,
});
