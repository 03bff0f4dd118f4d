import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** /usermanager screens of this part (see index.ts); each loads on first visit. Declarations in records/. */
export const recordsScreens: ScreenMap = {
  '/usermanager/search': lazy(() => import('./records/search')),
  '/usermanager/searchsales': lazy(() => import('./records/searchsales')),
  '/usermanager/beanlogs': lazy(() => import('./records/beanlogs')),
  '/usermanager/bonuslogs': lazy(() => import('./records/bonuslogs')),
  '/usermanager/giftlogs': lazy(() => import('./records/giftlogs')),
  '/usermanager/playtokplayer': lazy(() => import('./records/playtokplayer')),
  '/usermanager/coindealerlogs': lazy(() => import('./records/coindealerlogs')),
  '/usermanager/banAccountlogs': lazy(() => import('./records/banAccountlogs')),
  '/usermanager/feedback': lazy(() => import('./records/feedback')),
  '/usermanager/tipoffs': lazy(() => import('./records/tipoffs')),
};
