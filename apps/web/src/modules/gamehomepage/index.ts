import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** Screens of /gamehomepage: the lobby's games, categories and each package's lobby. */
export const gamehomepageScreens: ScreenMap = {
  '/gamehomepage/configs': lazy(() => import('./configs')),
  '/gamehomepage/category': lazy(() => import('./category')),
  '/gamehomepage/packagename': lazy(() => import('./packagename')),
};
