/**
 * Leaderboards (docs/api/rank.md, docs/decisions/032-rank.md):
 *
 *   GET  /api/activities/rank/configs              the boards in force and version          /activities/rank (the module's roles)
 *   POST /api/activities/rank/configs/update       overwrite (400 naming the field); a new version   /activities/rankmanage (admin)
 *   GET  /api/activities/rank/configs/versions     history (+ /export); POST …/versions/restore     /activities/rankmanage
 *   GET  /api/activities/rank/standings            a board's top 50 of a period (+ /export)  /activities/rank
 *   GET  /api/activities/rank/settlements          who got what (+ /export)                  /activities/rank
 *   POST /api/activities/rank/settle               settle the ended periods now (the job does it anyway)   /activities/rankmanage
 *   GET  /api/platform/activities/rank             a board's top 50 and the player's own rank
 */
import {
  platformRankAnswer,
  platformRankQuery,
  rankConfigAnswer,
  rankConfigUpdateBody,
  rankSettings,
  rankSettleAnswer,
  rankSettleBody,
  rankSettlementRow,
  rankStandingsAnswer,
  rankStandingsQuery,
  type RankBoard,
} from '@console/schemas';
import type { Db } from '../../db/open';
import { badInput, notFound } from '../../http/api-error';
import { columnsParam, csvFileName, csvHeader, csvLine } from '../../http/list/csv';
import { defineList, eqEnum, eqInt, eqText, listOperations, sortBy } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import { isoInConsoleZone } from '../../http/time';
import { registerRepeatingJob, type JobHost } from '../../http/repeating-job';
import { configOperations } from '../activities/document';
import {
  MANAGE_SCREEN,
  ownRank,
  periodOf,
  periodSettled,
  settlementLinesWithNames,
  RANK_SCREEN,
  rankConfig,
  rankDocument,
  recordVersion,
  settleDue,
  standings,
  type RankPeriod,
} from './rank';

const tags = ['activities'];
const ok = <T>(data: T) => ({ code: 200 as const, data });
const BASE = '/api/activities/rank';

/** The board a query names (404) and the period (400 naming period: not a period of this board). */
async function boardAndPeriod(db: Db, id: string, key: string | undefined, now: Date): Promise<{ board: RankBoard; period: RankPeriod }> {
  const { settings } = await rankConfig(db);
  const board = settings.boards.find((b) => b.id === id);
  if (!board) throw notFound(`Board ${id} not found`);
  const period = periodOf(board, now, key);
  if (!period) throw badInput('period', board.period === 'week' ? 'Must be the Monday (YYYY-MM-DD) of a week' : 'Must be a day (YYYY-MM-DD)');
  return { board, period };
}

const boardView = (b: RankBoard) => ({ id: b.id, game: b.game, metric: b.metric, period: b.period, open: b.open });

async function standingsAnswer(db: Db, query: { board?: string; period?: string }, now: Date) {
  let id = query.board;
  if (!id) {
    const first = (await rankConfig(db)).settings.boards[0];
    if (!first) return { board: null, period: null, items: [], nextCursor: null };
    id = first.id;
  }
  const { board, period } = await boardAndPeriod(db, id, query.period || undefined, now);
  const [items, settled] = await Promise.all([standings(db, board, period, now), periodSettled(db, board.id, period.key)]);
  return {
    board: boardView(board),
    period: {
      key: period.key,
      start: isoInConsoleZone(period.start),
      end: isoInConsoleZone(period.end),
      ended: period.end.getTime() <= now.getTime(),
      settled: !!settled,
    },
    items,
    nextCursor: null,
  };
}

const STANDING_COLUMNS = ['rank', 'uid', 'name', 'partner', 'value', 'reachedAt', 'tier', 'reward'] as const;

export const rankSettlements = defineList({
  url: `${BASE}/settlements`,
  name: 'activities.rank.settlements',
  screen: RANK_SCREEN,
  tags,
  paging: 'keyset',
  summary:
    'Who got what: each ranked player of each settled period (paid with the ledger entry, or skipped with the reason), newest first; ' +
    'filters board, period, uid, state',
  from: settlementLinesWithNames,
  partner: 'l.partner',
  id: 'l.id',
  filters: { board: eqText('l.board', 32), period: eqText('l.period', 10), uid: eqInt('l.uid', 1), state: eqEnum('l.state', ['paid', 'skipped']) },
  sorts: { at: sortBy.time('l.at') },
  defaultSort: { key: 'at', order: 'descend' },
  item: rankSettlementRow,
  row: (r) => ({
    id: r.id,
    board: r.board,
    period: r.period,
    rank: r.rank,
    uid: r.uid,
    name: r.name ?? '',
    partner: r.partner,
    value: r.value,
    tier: r.tier,
    amount: r.amount,
    state: r.state,
    reason: r.reason ?? '',
    entryId: r.entry_id === null ? null : r.entry_id,
    at: isoInConsoleZone(r.at),
  }),
});

export const rankOperations: Operation[] = [
  ...configOperations(rankDocument, {
    base: `${BASE}/configs`,
    name: 'activities.rank.configs',
    tags,
    schema: rankSettings,
    answer: rankConfigAnswer,
    updateBody: rankConfigUpdateBody,
    readScreen: RANK_SCREEN,
    summaries: {
      read: 'The boards in force (version 0: never saved, no boards)',
      update:
        'Overwrites the boards and budgets with the whole document (the screen confirms first); 400 naming the field ' +
        '(settings.boards.0.rewards.1: Must be more than 0, settings.boards.1.id: Must not repeat board x); a new version',
    },
    recordVersion,
  }),
  defineOperation({
    method: 'GET',
    url: `${BASE}/standings`,
    name: 'activities.rank.standings',
    screen: RANK_SCREEN,
    tags,
    summary:
      "A board's top 50 (default the first board) of a period (default the current one; a week board's period is its Monday): rank, value, reachedAt (ties: earlier first), " +
      'the tier and its reward; whether the period ended and was settled. 404 unknown board; 400 period',
    query: rankStandingsQuery,
    response: rankStandingsAnswer,
    handler: async ({ db, query, now }) => ok(await standingsAnswer(db, query, now)),
  }),
  defineOperation({
    method: 'GET',
    url: `${BASE}/standings/export`,
    name: 'activities.rank.standings.export',
    screen: RANK_SCREEN,
    tags,
    summary: 'CSV of the standings (same board and period; columns: JSON [{key, title, format?, labels?}]), UTF-8 with BOM',
    query: rankStandingsQuery.extend({ columns: columnsParam(STANDING_COLUMNS as unknown as [string, ...string[]]).optional() }),
    handler: async ({ db, query, now, reply }) => {
      const answer = await standingsAnswer(db, query, now);
      const columns = query.columns ?? STANDING_COLUMNS.map((key) => ({ key, title: key }));
      const body = csvHeader(columns) + answer.items.map((r) => csvLine(columns, r)).join('');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(answer.board ? `rank-${answer.board.id}-${answer.period.key}` : 'rank', now)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  }),
  ...listOperations(rankSettlements),
  defineOperation({
    method: 'POST',
    url: `${BASE}/settle`,
    name: 'activities.rank.settle',
    screen: MANAGE_SCREEN,
    tags,
    audit: true,
    summary:
      "Settles every ended, unsettled period of the open boards now (what the server's job does every 5 minutes): each once, " +
      'whoever runs it; answers what this call settled (nothing when all were)',
    body: rankSettleBody,
    response: rankSettleAnswer,
    handler: async ({ db, user, now, note }) => {
      note.target = 'rank';
      const settled = await settleDue(db, now, `staff:${user.username}`);
      note.after = { settled };
      return ok({ settled });
    },
  }),
];

export const rankPlatformOperations: PlatformOperation[] = [
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/activities/rank',
    name: 'platform.activities.rank',
    scope: 'config.read',
    summary:
      "A board's top 50 of a period (default the current one) with each rank's reward, and with uid the player's own rank (null: not ranked), " +
      'value and reward. 404 unknown or closed board; 400 period',
    query: platformRankQuery,
    response: platformRankAnswer,
    handler: async ({ db, query, now }) => {
      const { board, period } = await boardAndPeriod(db, query.board, query.period, now);
      if (!board.open) throw notFound(`Board ${board.id} not found`);
      const [top, me] = await Promise.all([standings(db, board, period, now), query.uid === undefined ? null : ownRank(db, board, period, query.uid, now)]);
      return ok({
        board: { id: board.id, game: board.game, metric: board.metric, period: board.period, rewards: board.rewards },
        period: { key: period.key, start: isoInConsoleZone(period.start), end: isoInConsoleZone(period.end), ended: period.end.getTime() <= now.getTime() },
        top: top.map((s) => ({ rank: s.rank, uid: s.uid, name: s.name, value: s.value, reward: s.reward })),
        me,
      });
    },
  }),
];

export const RANK_SETTLE_EVERY_MS = 5 * 60_000;

/** The settlement job: every 5 minutes, the ended periods not yet settled (once across processes: rank_settlement's key). */
export function registerRankSettlement(app: JobHost, db: Db, now: () => number): void {
  registerRepeatingJob(app, {
    name: 'rank settlement',
    firstAfterMs: 7_000,
    everyMs: RANK_SETTLE_EVERY_MS,
    run: async () => {
      await settleDue(db, new Date(now()), 'system:rank');
    },
  });
}
