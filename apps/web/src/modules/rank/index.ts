import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/**
 * Leaderboards (docs/api/rank.md, docs/decisions/032-rank.md): /activities/rank (standings and
 * settlements, the module's roles) and /activities/rankmanage (the boards, admin; hidden).
 */
export const rankScreens: ScreenMap = {
  '/activities/rank': lazy(() => import('./screens').then((m) => ({ default: m.RankScreen }))),
  '/activities/rankmanage': lazy(() => import('./screens').then((m) => ({ default: m.RankBoards }))),
};
