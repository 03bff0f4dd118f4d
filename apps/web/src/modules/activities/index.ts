import { lazy } from 'react';
import type { ScreenMap } from '../registry';
import { activityScreenEntries } from './common';

/**
 * Screens of /activities: for every activity of @console/activities, each of its
 * screens the catalogue has. One lazy chunk (screens.tsx) serves them all; the component is
 * chosen by (activity, screen).
 */
export const activitiesScreens: ScreenMap = {
  ...Object.fromEntries(
    activityScreenEntries().map(({ path, activity, screen }) => [
      path,
      lazy(() => import('./screens').then((m) => ({ default: m.screenFor(activity.id, screen) }))),
    ]),
  ),
  '/activities/activityzone': lazy(() => import('./screens').then((m) => ({ default: m.ActivityZone }))),
  // VIP: its settings and dashboard under newvip, and the VIP search of /vipmanager (one chunk)
  '/activities/newvip/vipconfig': lazy(() => import('./vip').then((m) => ({ default: m.VipConfig }))),
  '/activities/newvip/vipdashboard': lazy(() => import('./vip').then((m) => ({ default: m.VipDashboard }))),
  '/vipmanager/vipdashboard': lazy(() => import('./vip').then((m) => ({ default: m.VipSearch }))),
};
