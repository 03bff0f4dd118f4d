import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** Screens of /remoteconfig: payment and cash-out channels, packages, platform applications (sms and the other app settings are in modules/appsettings). */
export const remoteconfigScreens: ScreenMap = {
  '/remoteconfig/application': lazy(() => import('./application')),
  '/remoteconfig/payControl': lazy(() => import('./payControl')),
  '/remoteconfig/packageControl': lazy(() => import('./packageControl')),
  '/remoteconfig/cashOutEdter': lazy(() => import('./cashoutChannels')),
  '/remoteconfig/withdrawalconfigs': lazy(() => import('./withdrawalconfigs')),
  '/remoteconfig/payoutEndpoints': lazy(() => import('./payoutEndpoints')),
};
