import { lazy } from 'react';
import type { ScreenMap } from '../registry';

/**
 * The Tongits arena (docs/api/tongitsarena.md, docs/decisions/033-tongits-arena.md): the six
 * screens of /activities/tongitsarena, one lazy chunk (screens.tsx).
 */
const screen = (name: 'ArenaLogs' | 'ArenaTables' | 'ArenaRankings' | 'ArenaDefenders' | 'ArenaReigns' | 'TicketRank') =>
  lazy(() => import('./screens').then((m) => ({ default: m[name] })));

export const tongitsarenaScreens: ScreenMap = {
  '/activities/tongitsarena/logs': screen('ArenaLogs'),
  '/activities/tongitsarena/arenatable': screen('ArenaTables'),
  '/activities/tongitsarena/rankmgr': screen('ArenaRankings'),
  '/activities/tongitsarena/defendersmgr': screen('ArenaDefenders'),
  '/activities/tongitsarena/defenderslogs': screen('ArenaReigns'),
  '/activities/tongitsarena/ticketrank': screen('TicketRank'),
};
