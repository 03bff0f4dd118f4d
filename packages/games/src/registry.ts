/**
 * Every game, by id. Adding a game: write `games/<id>.ts` (one `defineGame` call) and add it
 * to this list (and its id to GAME_IDS); the registry test fails until both agree with the
 * route catalogue's /tinygames.
 */
import { GAME_IDS, type Game, type GameId } from './define';
import { bingo } from './games/bingo';
import { colorgame } from './games/colorgame';
import { fruitfever } from './games/fruitfever';
import { hightexas } from './games/hightexas';
import { hilo } from './games/hilo';
import { horse } from './games/horse';
import { lucky9 } from './games/lucky9';
import { luckyjoker } from './games/luckyjoker';
import { luckytree } from './games/luckytree';
import { mines } from './games/mines';
import { mines1v1 } from './games/mines1v1';
import { pusoy } from './games/pusoy';
import { rocket } from './games/rocket';
import { scratch } from './games/scratch';
import { tasty } from './games/tasty';
import { tongits } from './games/tongits';

export const GAMES: readonly Game[] = [
  luckyjoker,
  tasty,
  colorgame,
  rocket,
  fruitfever,
  bingo,
  scratch,
  horse,
  mines,
  mines1v1,
  lucky9,
  hilo,
  tongits,
  pusoy,
  luckytree,
  hightexas,
];

const byId = new Map<string, Game>(GAMES.map((g) => [g.id, g]));

export function findGame(id: string): Game | undefined {
  return byId.get(id);
}

export function getGame(id: GameId): Game {
  const g = byId.get(id);
  if (!g) throw new Error(`No game ${id}`);
  return g;
}

export const gameIds = (): GameId[] => GAMES.map((g) => g.id);
export { GAME_IDS };
