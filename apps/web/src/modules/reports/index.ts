import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** Screens of the data reports under / (keyed by full catalogue path); each loads on first visit. */
export const reportsScreens: ScreenMap = {
  '/homepage': lazy(() => import('./homepage')),
  '/payReport': lazy(() => import('./payReport')),
  '/iosReport': lazy(() => import('./iosReport')),
  '/userReport': lazy(() => import('./userReport')),
  '/paystat': lazy(() => import('./paystat')),
  '/paychannel': lazy(() => import('./paychannel')),
  '/payoutChannel': lazy(() => import('./payoutChannel')),
  '/freegive': lazy(() => import('./freegive')),
  '/recycle': lazy(() => import('./recycle')),
};
