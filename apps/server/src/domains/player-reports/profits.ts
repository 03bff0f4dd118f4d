/**
 * /usermanager/profitslogs: game chips per day and player — bets, wins and net win — from
 * the daily rollup player_day_game (migration 012, filled from the ledger in the same
 * transaction as each entry). The range is required and at most PROFIT_MAX_DAYS days.
 * The list is keyset paged by net win (index (net, id)); the day totals come from one
 * grouped query over the rollup rows of the range.
 *
 * The per-game breakdown (GET /api/usermanager/profitslogs/games) comes from the round records'
 * roll-ups instead (migration 025: game_day per game and day, game_player_day per game, player
 * and day): the ledger knows the chips, not the game. Its figures are the house and table games
 * whose rounds were reported; the ledger totals also hold third-party games' chips.
 */
import { GAME_IDS } from '@console/games';
import { profitGameItem, profitItem, profitsSummary, queryInt, type ProfitGameItem } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import { defineList, eqInt, sortBy } from '../../http/list';
import { defineOperation } from '../../http/operation';
import type { Db } from '../../db/open';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import { dayColumnRange, rangeOf, rangeParams, rangeProblem, type DayRange } from '../../http/range';
import { reportOperations } from '../../reports/report';
import { gameSpanPlayers } from '../payment-reports/rollups';

export const PROFIT_MAX_DAYS = 31;
const rule = { required: true, maxDays: PROFIT_MAX_DAYS };

export const profitslogs = defineList({
  url: '/api/usermanager/profitslogs',
  name: 'usermanager.profitslogs',
  screen: '/usermanager/profitslogs',
  tags: ['player reports'],
  summary: `Game chips per day and player (bets, wins, net win): from/to required (at most ${PROFIT_MAX_DAYS} days), filters uid, partner`,
  paging: 'keyset',
  from: (db) =>
    db
      .selectFrom('player_day_game as g')
      .innerJoin('player as p', 'p.uid', 'g.uid')
      .select(['g.id', sql<string>`g.day::text`.as('day'), 'g.uid', 'p.name', 'g.partner', 'g.bets', 'g.wins', 'g.net', 'g.bet_count']),
  partner: 'g.partner',
  id: 'g.id',
  filters: { range: dayColumnRange('g.day', rule), uid: eqInt('g.uid', 1), partner: eqInt('g.partner') },
  sorts: { net: sortBy.int('g.net') },
  defaultSort: { key: 'net', order: 'descend' },
  item: profitItem,
  row: (r) => ({
    id: r.id,
    day: r.day,
    uid: r.uid,
    name: r.name,
    partner: r.partner,
    bets: r.bets,
    wins: r.wins,
    net: r.net,
    betCount: r.bet_count,
  }),
});

const daysQuery = z
  .strictObject({ ...rangeParams, uid: queryInt(1, 2_147_483_647).optional(), partner: queryInt(0, 2_147_483_647).optional() })
  .superRefine((q, ctx) => {
    const problem = rangeProblem(q, rule);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.param] });
  });

/** GET /api/usermanager/profitslogs/days: the totals of each day of the range (and of the range). */
export const profitDaysOperation = defineOperation({
  method: 'GET',
  url: '/api/usermanager/profitslogs/days',
  name: 'usermanager.profitslogs.days',
  screen: '/usermanager/profitslogs',
  tags: ['player reports'],
  summary: `Game chips by day over from/to (required, at most ${PROFIT_MAX_DAYS} days): players, bets, wins, net; filters uid, partner`,
  query: daysQuery,
  response: z.object({ code: z.literal(200), data: profitsSummary }),
  handler: async ({ db, user, query, now }) => {
    const r = rangeOf(query, now, 1);
    let qb = db
      .selectFrom('player_day_game')
      .select([
        sql<string>`day::text`.as('day'),
        sql<number>`count(*)::int`.as('players'),
        sql<number>`coalesce(sum(bets), 0)::bigint`.as('bets'),
        sql<number>`coalesce(sum(wins), 0)::bigint`.as('wins'),
      ])
      .where(sql<SqlBool>`day BETWEEN ${r.from}::date AND ${r.to}::date`)
      .where(ownPartnerFilter(user, 'partner'));
    if (query.uid !== undefined) qb = qb.where('uid', '=', query.uid);
    if (query.partner !== undefined) qb = qb.where('partner', '=', query.partner);
    const rows = new Map((await qb.groupBy('day').execute()).map((row) => [row.day, row]));
    const days = r.days.map((day) => {
      const row = rows.get(day);
      const bets = Number(row?.bets ?? 0);
      const wins = Number(row?.wins ?? 0);
      return { day, players: row?.players ?? 0, bets, wins, net: wins - bets };
    });
    const bets = days.reduce((s, d) => s + d.bets, 0);
    const wins = days.reduce((s, d) => s + d.wins, 0);
    return { code: 200, data: { totals: { bets, wins, net: wins - bets, houseNet: bets - wins }, days } };
  },
});

const num = (v: unknown) => Number(v ?? 0);
const gameIds = sql.join(GAME_IDS.map((g) => sql`${g}`));

interface GameFilters {
  uid?: number;
  partner?: number;
}

/**
 * Each game's figures over the range. Without a player: sums of game_day (rounds by the round's
 * partner, money by the player's) and distinct players from the game spans. For one player:
 * their game_player_day rows, sought by key (every game × every day of the range × the uid).
 */
export async function profitGames(db: Db, user: ScopedSubject, r: DayRange, f: GameFilters): Promise<ProfitGameItem[]> {
  type Sums = { game: string; rounds: unknown; bets: unknown; players: unknown; turnover: unknown; wins: unknown; fees: unknown };
  let rows: Sums[];
  if (f.uid !== undefined) {
    const days = sql.join(r.days.map((d) => sql`${d}::date`));
    let q = db
      .selectFrom('game_player_day')
      .select([
        'game',
        sql<number>`sum(rounds)`.as('rounds'),
        sql<number>`sum(bets)`.as('bets'),
        sql<number>`1`.as('players'),
        sql<number>`sum(turnover)`.as('turnover'),
        sql<number>`sum(wins)`.as('wins'),
        sql<number>`sum(fees)`.as('fees'),
      ])
      .where(sql<SqlBool>`game IN (${gameIds}) AND day IN (${days})`)
      .where('uid', '=', f.uid)
      .where(ownPartnerFilter(user, 'partner'));
    if (f.partner !== undefined) q = q.where('partner', '=', f.partner);
    rows = await q.groupBy('game').execute();
  } else {
    const inRange = sql<SqlBool>`day BETWEEN ${r.from}::date AND ${r.to}::date`;
    let sums = db
      .selectFrom('game_day')
      .select([
        'game',
        sql<number>`sum(rounds)`.as('rounds'),
        sql<number>`sum(bets)`.as('bets'),
        sql<number>`sum(turnover)`.as('turnover'),
        sql<number>`sum(wins)`.as('wins'),
        sql<number>`sum(fees)`.as('fees'),
      ])
      .where(inRange)
      .where(ownPartnerFilter(user, 'partner'));
    if (f.partner !== undefined) sums = sums.where('partner', '=', f.partner);
    // distinct players from the game spans (migration 058); a player has one partner, so a game's players are the sum over partners
    const [a, players] = await Promise.all([sums.groupBy('game').execute(), gameSpanPlayers(db, user, r, { partner: f.partner })]);
    const distinct = new Map<string, number>();
    for (const x of players) distinct.set(x.game, (distinct.get(x.game) ?? 0) + x.players);
    rows = a.map((x) => ({ ...x, players: distinct.get(x.game) ?? 0 }));
  }
  return rows
    .map((x) => {
      const turnover = num(x.turnover);
      const wins = num(x.wins);
      return {
        game: x.game,
        rounds: num(x.rounds),
        bets: num(x.bets),
        players: num(x.players),
        turnover,
        wins,
        fees: num(x.fees),
        net: wins - turnover,
        houseTake: turnover - wins,
        rtp: turnover > 0 ? wins / turnover : null,
      };
    })
    .filter((x) => x.rounds > 0 || x.bets > 0);
}

/** GET /api/usermanager/profitslogs/games (+ /export): the range's figures per game, from the round roll-ups. */
export const profitGamesOperations = reportOperations<ProfitGameItem>({
  url: '/api/usermanager/profitslogs/games',
  name: 'usermanager.profitslogs.games',
  screen: '/usermanager/profitslogs',
  summary: `Game chips per game over from/to (required, at most ${PROFIT_MAX_DAYS} days), from the reported rounds: rounds, bets, players, turnover, wins, fees, net, house take, RTP; filters uid, partner`,
  params: { ...rangeParams, uid: queryInt(1, 2_147_483_647).optional(), partner: queryInt(0, 2_147_483_647).optional() },
  check: (q) => rangeProblem(q, rule),
  item: profitGameItem,
  sorts: ['game', 'rounds', 'bets', 'players', 'turnover', 'wins', 'net', 'houseTake', 'rtp'],
  defaultSort: { key: 'turnover', order: 'descend' },
  id: 'game',
  load: (db, user, q, now) => profitGames(db, user, rangeOf(q, now, 1), { uid: q.uid as number | undefined, partner: q.partner as number | undefined }),
});
