import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** Screens of SMS routing and logs, game store, award tables, regional blocking and allow lists (docs/api/appsettings.md). */
export const appsettingsScreens: ScreenMap = {
  '/remoteconfig/sms/smslogs': lazy(() => import('./smslogs')),
  '/remoteconfig/sms/smsconfig': lazy(() => import('./smsconfig')),
  '/remoteconfig/sms/localconfig': lazy(() => import('./localconfig')),
  '/remoteconfig/sms/globalconfig': lazy(() => import('./globalconfig')),
  '/remoteconfig/gamestore': lazy(() => import('./gamestore')),
  '/remoteconfig/awardconfigs': lazy(() => import('./awardconfigs')),
  '/remoteconfig/shielddomesticconfigs': lazy(() => import('./shielddomesticconfigs')),
  '/remoteconfig/whiteconfigs': lazy(() => import('./whiteconfigs')),
};
