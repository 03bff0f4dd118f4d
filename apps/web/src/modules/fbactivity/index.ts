import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/**
 * The Facebook share activity: its settings (/activities/fbactivity, admin) and the shares with
 * their review (/activities/fblogs: approve and reject for /activities/fbreview, pay for
 * /activities/fbpay; docs/decisions/029-fbactivity.md). One lazy chunk.
 */
export const fbactivityScreens: ScreenMap = {
  '/activities/fbactivity': lazy(() => import('./screens').then((m) => ({ default: m.FbActivitySettings }))),
  '/activities/fblogs': lazy(() => import('./screens').then((m) => ({ default: m.FbLogs }))),
};
