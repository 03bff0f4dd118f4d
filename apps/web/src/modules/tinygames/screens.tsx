/**
 * The one shape: a house game's six screens as functions of its id. index.ts registers
 * `screenFor(game, screen)` for every catalogue path; nothing here names a game.
 */
import type { ComponentType } from 'react';
import { ListScreen } from '../../kit';
import type { HouseScreen } from './common';
import { GameConfigs } from './configs';
import { GameDashboard } from './dashboard';
import { betlogsList, gameroundsList, playersList, rankingList } from './lists';

const SHAPE: Record<HouseScreen, (game: string) => ComponentType> = {
  dashboard: (game) => () => <GameDashboard game={game} />,
  players: (game) => {
    const decl = playersList(game);
    return () => <ListScreen decl={decl} />;
  },
  ranking: (game) => {
    const decl = rankingList(game);
    return () => <ListScreen decl={decl} />;
  },
  betlogs: (game) => {
    const decl = betlogsList(game);
    return () => <ListScreen decl={decl} />;
  },
  configs: (game) => () => <GameConfigs game={game} />,
  gamerounds: (game) => {
    const decl = gameroundsList(game);
    return () => <ListScreen decl={decl} />;
  },
};

const made = new Map<string, ComponentType>();

/** The component of one game's screen (the same one each time it is asked for). */
export function screenFor(game: string, screen: HouseScreen): ComponentType {
  const key = `${game}/${screen}`;
  let c = made.get(key);
  if (!c) {
    c = SHAPE[screen](game);
    c.displayName = `TinyGame(${key})`;
    made.set(key, c);
  }
  return c;
}
