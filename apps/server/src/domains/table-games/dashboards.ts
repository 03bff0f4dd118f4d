/**
 * The Tongits 1v1 dashboard and the AI dashboard: one shape over the roll-up table_game_day
 * (migration 026), declared twice. `1v1` reads the rounds of tables in 1v1 rooms (tables, rounds,
 * player turnover, rake, jackpot contributions, with the jackpot pool); `ai` reads the rounds
 * with an AI seat (the AI seats' stakes, wins, net and win rate beside the players' figures).
 * Each has its figures by day (GET …?from&to), the days as a table (…/days + export), the rooms
 * (…/rooms + export) and the pool's recent wins (…/jackpots, keyset + export).
 */
import {
  jackpotPool,
  tableDashboard,
  tableDayFigures,
  tableRoomFigures,
  jackpotWinRow,
  type TableDashboard,
  type TableDayFigures,
  type TableGame,
  type TableRoomFigures,
} from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { dateRange, defineList, eqInt, listOperations, sortBy } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import { z } from 'zod';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import { pesos, summaryOperation, tableOperations } from '../../reports/summary';
import type { DayRange } from '../../http/range';
import { listRooms } from './config';
import { readPool } from './jackpot';
import { isoInConsoleZone } from '../../http/time';

type Scope = '1v1' | 'ai';
type Figures = Omit<TableDayFigures, 'day'>;

const num = (v: unknown) => Number(v ?? 0);
const SUMS = ['rounds', 'tables', 'seats', 'turnover', 'wins', 'rake', 'jackpot', 'ai_rounds', 'ai_seats', 'ai_won', 'ai_bet', 'ai_win'] as const;

function figures(x: Record<string, unknown> | undefined): Figures {
  const v = (k: string) => num(x?.[k]);
  const aiSeats = v('ai_seats');
  return {
    rounds: v('rounds'),
    tables: v('tables'),
    seats: v('seats'),
    turnover: v('turnover'),
    wins: v('wins'),
    rake: v('rake'),
    jackpot: v('jackpot'),
    aiRounds: v('ai_rounds'),
    aiSeats,
    aiWon: v('ai_won'),
    aiBet: v('ai_bet'),
    aiWin: v('ai_win'),
    aiNet: v('ai_win') - v('ai_bet'),
    aiWinRate: aiSeats > 0 ? v('ai_won') / aiSeats : null,
    houseTake: v('turnover') - v('wins'),
  };
}

/** Rows of the scope over the range, grouped by `by` (day or room). */
async function grouped(db: Db, user: ScopedSubject, game: TableGame, scope: Scope, r: DayRange, by: 'day' | 'room') {
  let q = db
    .selectFrom('table_game_day')
    .select([by === 'day' ? sql<string>`day::text`.as('k') : sql<string>`room`.as('k'), ...SUMS.map((c) => sql<number>`sum(${sql.ref(c)})`.as(c))])
    .where('game', '=', game)
    .where(sql<boolean>`day BETWEEN ${r.from}::date AND ${r.to}::date`)
    .where(ownPartnerFilter(user, 'partner'));
  if (scope === '1v1') q = q.where('mode', '=', '1v1');
  const rows = await q.groupBy('k').execute();
  return new Map(rows.map((x) => [String(x.k), x as unknown as Record<string, unknown>]));
}

export async function tableDashboardData(db: Db, user: ScopedSubject, game: TableGame, scope: Scope, r: DayRange): Promise<TableDashboard> {
  const [byDay, pool] = await Promise.all([grouped(db, user, game, scope, r, 'day'), readPool(db, game)]);
  const days = r.days.map((day) => ({ day, ...figures(byDay.get(day)) }));
  const total: Record<string, unknown> = {};
  for (const c of SUMS) total[c] = [...byDay.values()].reduce((s, x) => s + num(x[c]), 0);
  const chart = days.map((d): Record<string, string | number> =>
    scope === '1v1'
      ? { day: d.day, turnover: pesos(d.turnover), rake: pesos(d.rake), jackpot: pesos(d.jackpot), rounds: d.rounds }
      : { day: d.day, aiBet: pesos(d.aiBet), aiWin: pesos(d.aiWin), aiNet: pesos(d.aiNet), aiRounds: d.aiRounds },
  );
  return { game, scope, totals: figures(total), days, chart, pool };
}

async function roomFigures(db: Db, user: ScopedSubject, game: TableGame, scope: Scope, r: DayRange): Promise<TableRoomFigures[]> {
  const [byRoom, rooms] = await Promise.all([grouped(db, user, game, scope, r, 'room'), listRooms(db, game)]);
  return [...byRoom.entries()].map(([room, x]) => {
    const known = rooms.find((k) => k.room === room);
    return { room, name: known?.name ?? '', mode: known?.mode ?? (scope === '1v1' ? '1v1' : 'table'), ...figures(x) };
  });
}

const DAY_SORTS = ['day', 'rounds', 'tables', 'turnover', 'rake', 'jackpot', 'aiRounds', 'aiBet', 'aiWin', 'aiNet', 'aiWinRate'] as const;

/** The operations of one dashboard (screen /tinygames/<game>/<screen>). */
export function tableDashboardOperations(game: TableGame, screen: string, scope: Scope, what: string): Operation[] {
  const path = `/tinygames/${game}/${screen}`;
  const url = `/api${path}`;
  const name = `tinygames.${game}.${screen}`;
  return [
    summaryOperation({
      url,
      name,
      screen: path,
      response: tableDashboard,
      summary: `${what} by day and over the range, with the ${game} jackpot pool`,
      load: (db, user, r) => tableDashboardData(db, user, game, scope, r),
    }),
    ...tableOperations<TableDayFigures>({
      url: `${url}/days`,
      name: `${name}.days`,
      screen: path,
      summary: `${what} by day`,
      item: tableDayFigures,
      id: 'day',
      defaultSort: { key: 'day', order: 'descend' },
      sorts: [...DAY_SORTS],
      load: async (db, user, r) => (await tableDashboardData(db, user, game, scope, r)).days,
    }),
    ...tableOperations<TableRoomFigures>({
      url: `${url}/rooms`,
      name: `${name}.rooms`,
      screen: path,
      summary: `${what} by room over the range`,
      item: tableRoomFigures,
      id: 'room',
      defaultSort: { key: 'rounds', order: 'descend' },
      sorts: ['room', 'rounds', 'tables', 'turnover', 'rake', 'jackpot', 'aiRounds', 'aiBet', 'aiWin', 'aiNet'],
      load: (db, user, r) => roomFigures(db, user, game, scope, r),
    }),
  ];
}

/** The jackpot wins of a game, newest first (keyset): the pool's way out. */
export function jackpotWinOperations(game: TableGame, screen: string): Operation[] {
  const path = `/tinygames/${game}/${screen}`;
  return listOperations(
    defineList({
      url: `/api${path}/jackpots`,
      name: `tinygames.${game}.${screen}.jackpots`,
      screen: path,
      tags: ['tinygames'],
      paging: 'keyset',
      summary: `Jackpot wins of ${game} (paid through the ledger, reason jackpot.win), newest first: filters uid, from/to`,
      from: (db: Db) =>
        db
          .selectFrom('jackpot_win as j')
          .leftJoin('player as p', 'p.uid', 'j.uid')
          .select(['j.id', 'j.at', 'j.game', 'j.round_id', 'j.uid', 'p.name', 'j.partner', 'j.amount', 'j.pool_before'])
          .where('j.game', '=', game),
      partner: 'j.partner',
      id: 'j.id',
      filters: { uid: eqInt('j.uid', 1), time: dateRange('j.at') },
      sorts: { at: sortBy.time('j.at') },
      defaultSort: { key: 'at', order: 'descend' },
      item: jackpotWinRow,
      row: (x) => ({
        id: x.id,
        at: isoInConsoleZone(x.at),
        game: x.game,
        roundId: x.round_id,
        uid: x.uid,
        name: x.name ?? '',
        partner: x.partner,
        amount: x.amount,
        poolBefore: x.pool_before,
      }),
    }),
  );
}

/** The pool on a game's own dashboard (/tinygames/<game>/dashboard, modules/tinygames). */
export const poolOperation = (game: TableGame): Operation =>
  defineOperation({
    method: 'GET',
    url: `/api/tinygames/${game}/dashboard/pool`,
    name: `tinygames.${game}.dashboard.pool`,
    screen: `/tinygames/${game}/dashboard`,
    tags: ['tinygames'],
    summary: `The ${game} jackpot pool: contributions in, jackpots paid, balance, rules, what a hit pays now`,
    response: z.object({ code: z.literal(200), data: jackpotPool }),
    handler: async ({ db }) => ({ code: 200, data: await readPool(db, game) }),
  });

export const dashboardOperations: Operation[] = [
  poolOperation('tongits'),
  ...tableDashboardOperations('tongits', 'dashboard1v1', '1v1', 'Tongits 1v1 tables: tables, rounds, player turnover, rake, jackpot contributions'),
  ...jackpotWinOperations('tongits', 'dashboard1v1'),
  ...tableDashboardOperations('tongits', 'aidashboard', 'ai', "Tongits AI seats: rounds with an AI seat, the AI seats' stakes, wins, net and win rate"),
];
