/**
 * The one shape of a house game's screens. Which screens exist is read from two
 * declarations, never written per game: the games of @console/games (GAMES) and the route
 * catalogue's /tinygames/<game>/<screen> entries. A thirteenth game is its defineGame entry
 * (and its catalogue group): nothing here changes.
 */
import { GAMES, type Game } from '@console/games';
import { listScreens } from '@console/catalog';

export const L = 'tinygames.';
export const MODULE = '/tinygames';

/** The six screens of a house game, in menu order; each is one function of the game (screens.tsx). */
export const HOUSE_SCREENS = ['dashboard', 'players', 'ranking', 'betlogs', 'configs', 'gamerounds'] as const;
export type HouseScreen = (typeof HOUSE_SCREENS)[number];

/** The staff API of one game (docs/api/games.md), without the API base. */
export const api = (game: string) => `/tinygames/${game}`;

export interface GameScreenEntry {
  path: string;
  game: Game;
  screen: HouseScreen;
}

/** Every (game, screen) the catalogue has and the games API serves: the registry's entries. */
export function gameScreenEntries(): GameScreenEntry[] {
  const paths = new Set(listScreens().map((s) => s.fullPath));
  const out: GameScreenEntry[] = [];
  for (const game of GAMES) {
    for (const screen of HOUSE_SCREENS) {
      const path = `${MODULE}/${game.id}/${screen}`;
      if (paths.has(path)) out.push({ path, game, screen });
    }
  }
  return out;
}

/** i18n key of a game's name (built from @console/games, which carries the catalogue's titles). */
export const gameName = (game: string) => `${L}game.${game}`;

export const VERIFIED_OPTIONS = [
  { value: 'true', label: `${L}verifiedYes` },
  { value: 'false', label: `${L}verifiedNo` },
];
export const BOT_OPTIONS = [
  { value: 'false', label: `${L}botNo` },
  { value: 'true', label: `${L}botYes` },
];
