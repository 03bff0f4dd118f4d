import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/**
 * Screens of Tongits and Pusoy beyond the house shape (docs/api/tablegames.md): the 1v1
 * and AI dashboards with the jackpot pool, the settings of each table game (one shape), the AI
 * seats, the anti-cheat thresholds, permanent flags and reported players.
 */
export const tablegamesScreens: ScreenMap = {
  '/tinygames/tongits/dashboard1v1': lazy(() => import('./dashboards').then((m) => ({ default: m.Dashboard1v1 }))),
  '/tinygames/tongits/aidashboard': lazy(() => import('./dashboards').then((m) => ({ default: m.AiDashboard }))),
  '/tinygames/tongits/tongitsconfig': lazy(() => import('./settings').then((m) => ({ default: m.TongitsConfig }))),
  '/tinygames/pusoy/pusoyconfig': lazy(() => import('./settings').then((m) => ({ default: m.PusoyConfig }))),
  '/tinygames/tongits/aiconfig': lazy(() => import('./documents').then((m) => ({ default: m.AiConfig }))),
  '/tinygames/tongitscheat/cheatconfig': lazy(() => import('./documents').then((m) => ({ default: m.CheatConfig }))),
  '/tinygames/tongitscheat/permanentcheat': lazy(() => import('./cheat').then((m) => ({ default: m.PermanentCheat }))),
  '/tinygames/tongitscheat/reportedlogs': lazy(() => import('./cheat').then((m) => ({ default: m.ReportedLogs }))),
};
