import { lazy } from 'react';
import type { ScreenMap } from '../registry';
import { providerScreenEntries } from './common';

/**
 * Screens of /tinygames/jiligames and /tinygames/thirdgames: one shape (screens.tsx)
 * declared for each group and screen of the catalogue; one lazy chunk serves all eight.
 */
export const providersScreens: ScreenMap = Object.fromEntries(
  providerScreenEntries().map(({ path, group, screen }) => [path, lazy(() => import('./screens').then((m) => ({ default: m.screenFor(group, screen) })))]),
);
