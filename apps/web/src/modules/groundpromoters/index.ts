import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/** Screens of /groundpromoters: settings (per province, with history) and promoters; records. */
export const groundpromotersScreens: ScreenMap = {
  '/groundpromoters/groundpromoterssetting': lazy(() => import('./settings')),
  '/groundpromoters/GroundpromotersRecords': lazy(() => import('./records')),
};
