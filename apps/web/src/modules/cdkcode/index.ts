import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** /activities/cdkcode: redemption-code batches, their codes and the redemptions. */
export const cdkcodeScreens: ScreenMap = {
  '/activities/cdkcode': lazy(() => import('./cdkcode')),
};
