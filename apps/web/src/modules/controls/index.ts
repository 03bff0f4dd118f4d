import { lazy } from 'react';
import type { ScreenMap } from '../registry';
import { BASE, SCREENS } from './common';

/**
 * Screens of /personalcontrol and /TPpersonalcontrol: the four screens both modules
 * share, declared once per scope, and payRank and wgconfigs of /personalcontrol. One lazy chunk.
 */
const PATHS = [...Object.values(BASE).flatMap((base) => SCREENS.map((s) => `${base}/${s}`)), '/personalcontrol/payRank', '/personalcontrol/wgconfigs'];

export const controlsScreens: ScreenMap = Object.fromEntries(
  PATHS.map((path) => [path, lazy(() => import('./screens').then((m) => ({ default: m.screenFor(path) })))]),
);
