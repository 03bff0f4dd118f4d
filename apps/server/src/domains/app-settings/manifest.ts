/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { appSettingOperations, appSettingPlatformOperations } from './routes';
import { seedAppSettings } from './demo';

export const manifest = defineDomain({
  name: 'app-settings',
  operations: appSettingOperations,
  platform: appSettingPlatformOperations,
  demo: { configure: (db) => seedAppSettings(db) },
});
