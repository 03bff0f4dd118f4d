import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** Screens of cash-out review (its catalogue place: docs/decisions/006-cashout-review.md). */
export const cashoutScreens: ScreenMap = {
  '/usermanager/cashoutreview': lazy(() => import('./CashoutReview')),
};
