import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** /usermanager screens of this part (see index.ts); each loads on first visit. Declarations in reports/. */
export const reportsScreens: ScreenMap = {
  '/usermanager/actives': lazy(() => import('./reports/actives')),
  '/usermanager/registers': lazy(() => import('./reports/registers')),
  '/usermanager/lostusers': lazy(() => import('./reports/lostusers')),
  '/usermanager/profitslogs': lazy(() => import('./reports/profitslogs')),
  '/usermanager/emoteStat': lazy(() => import('./reports/emoteStat')),
  '/usermanager/invite': lazy(() => import('./reports/invite')),
  '/usermanager/usertrace': lazy(() => import('./reports/usertrace')),
  '/usermanager/badgesearch': lazy(() => import('./reports/badgesearch')),
  '/usermanager/telephonecode': lazy(() => import('./reports/telephonecode')),
  '/usermanager/gamerecordlogs': lazy(() => import('./reports/gamerecordlogs')),
};
