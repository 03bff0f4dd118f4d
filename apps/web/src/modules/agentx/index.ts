import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** Screens of /agentx: the integration agents list. */
export const agentxScreens: ScreenMap = {
  '/agentx/list': lazy(() => import('./list')),
};
