import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** Screens of /vipmanager built here: vipsend (batch VIP chips) and vipservice (hosts, contact log). vipdashboard lives with the VIP levels. */
export const vipmanagerScreens: ScreenMap = {
  '/vipmanager/vipsend': lazy(() => import('./vipsend')),
  '/vipmanager/vipservice': lazy(() => import('./vipservice')),
};
