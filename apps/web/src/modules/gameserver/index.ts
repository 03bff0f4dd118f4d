import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** Screens of /gameserver: status board, server list, server logs. */
export const gameserverScreens: ScreenMap = {
  '/gameserver/status': lazy(() => import('./status')),
  '/gameserver/list': lazy(() => import('./list')),
  '/gameserver/serverlogs': lazy(() => import('./serverlogs')),
};
