import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** /adminmanager screens built with the screen kit; each loads on first visit. */
export const adminmanagerScreens: ScreenMap = {
  '/adminmanager/editer': lazy(() => import('./accounts')),
  '/adminmanager/adminlogs': lazy(() => import('./adminlogs')),
  '/adminmanager/twofactor': lazy(() => import('./twofactor')),
};
