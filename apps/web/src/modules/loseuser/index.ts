import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** Screens of /loseuser, lost-player retrieval: the campaigns and their players, and the dashboard. */
export const loseuserScreens: ScreenMap = {
  '/loseuser/send': lazy(() => import('./send')),
  '/loseuser/dashboard': lazy(() => import('./dashboard')),
};
