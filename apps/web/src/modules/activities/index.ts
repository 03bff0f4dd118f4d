import { lazy } from 'react';
import type { ScreenMap } from '../registry';
import { activityScreenEntries } from './common';

/**
 * Screens of /activities (issue 10): for every activity of @console/activities, each of its
 * screens the catalogue has. One lazy chunk (screens.tsx) serves them all; the component is
 * chosen by (activity, screen).
 */
export const activitiesScreens: ScreenMap = Object.fromEntries(
  activityScreenEntries().map(({ path, activity, screen }) => [
    path,
    lazy(() => import('./screens').then((m) => ({ default: m.screenFor(activity.id, screen) }))),
  ]),
);
