import { lazy } from 'react';
import type { ScreenMap } from '../registry';
import { gameScreenEntries } from './common';

/**
 * Screens of /tinygames: for every game of @console/games, each of the six house-game
 * screens its catalogue group has (tongits, pusoy, luckytree, hightexas: the dashboard). One
 * lazy chunk (screens.tsx) serves them all; the component is chosen by (game, screen).
 */
export const tinygamesScreens: ScreenMap = Object.fromEntries(
  gameScreenEntries().map(({ path, game, screen }) => [path, lazy(() => import('./screens').then((m) => ({ default: m.screenFor(game.id, screen) })))]),
);
