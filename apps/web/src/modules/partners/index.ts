import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** Screens built in this folder (partners, cloud chips, coin dealers, transfers, bills), by full catalogue path; one lazy chunk. */
const PATHS = [
  '/platmanager/partnerediter',
  '/platmanager/defalutediter',
  '/platmanager/coinediter',
  '/platmanager/coinlogs',
  '/partnermanager/partnerCoinLogs',
  '/partnermanager/coinbusiness',
  '/partnermanager/accounttransfer',
  '/partnermanager/partnersum',
];

export const partnersScreens: ScreenMap = Object.fromEntries(
  PATHS.map((path) => [path, lazy(() => import('./screens').then((m) => ({ default: m.SCREENS[path] })))]),
);
