import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** /usermanager screens of this part (see index.ts); each loads on first visit. Declarations in lists/. */
export const listsScreens: ScreenMap = {
  '/usermanager/userlist': lazy(() => import('./lists/userlist')),
  '/usermanager/goldlogs': lazy(() => import('./lists/goldlogs')),
  '/usermanager/moneylogs': lazy(() => import('./lists/moneylogs')),
};
