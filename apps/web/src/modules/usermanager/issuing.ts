import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** /usermanager screens of this part (see index.ts): batch send of chips and cash and their logs; each loads on first visit. */
export const issuingScreens: ScreenMap = {
  '/usermanager/batchsendgold/sendgold': lazy(() => import('./issuing/sendgold')),
  '/usermanager/batchsendgold/sendlogs': lazy(() => import('./issuing/sendlogs')),
  '/usermanager/batchsendcash/sendcash': lazy(() => import('./issuing/sendcash')),
  '/usermanager/batchsendcash/sendcashlogs': lazy(() => import('./issuing/sendcashlogs')),
};
