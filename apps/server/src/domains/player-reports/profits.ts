/**
 * /usermanager/profitslogs: game chips per day and player — bets, wins and net win — from
 * the daily rollup player_day_game (migration 012, filled from the ledger in the same
 * transaction as each entry). The range is required and at most PROFIT_MAX_DAYS days.
 * The list is keyset paged by net win (index (net, id)); the day totals come from one
 * grouped query over the rollup rows of the range.
 */
import { profitItem, profitsSummary, queryInt, type ProfitItem } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import { defineList, eqInt, sortBy } from '../../http/list';
import { defineOperation } from '../../http/operation';
import { ownPartnerFilter } from '../../plugins/partner-scope';
import { dayColumnRange, rangeOf, rangeParams, rangeProblem } from './range';

export const PROFIT_MAX_DAYS = 31;
const rule = { required: true, maxDays: PROFIT_MAX_DAYS };

export const profitslogs = defineList<ProfitItem>({
  url: '/api/usermanager/profitslogs', name: 'usermanager.profitslogs', screen: '/usermanager/profitslogs', tags: ['player reports'],
  summary: `Game chips per day and player (bets, wins, net win): from/to required (at most ${PROFIT_MAX_DAYS} days), filters uid, partner`,
  paging: 'keyset',
  from: (db) => db.selectFrom('player_day_game as g').innerJoin('player as p', 'p.uid', 'g.uid').select([
    'g.id', sql<string>`g.day::text`.as('day'), 'g.uid', 'p.name', 'g.partner', 'g.bets', 'g.wins', 'g.net', 'g.bet_count',
  ]),
  partner: 'g.partner',
  id: 'g.id',
  filters: { range: dayColumnRange('g.day', rule), uid: eqInt('g.uid', 1), partner: eqInt('g.partner') },
  sorts: { net: sortBy.int('g.net') },
  defaultSort: { key: 'net', order: 'descend' },
  item: profitItem,
  row: (r) => ({
    id: r.id as number, day: r.day as string, uid: r.uid as number, name: r.name as string, partner: r.partner as number,
    bets: r.bets as number, wins: r.wins as number, net: r.net as number, betCount: r.bet_count as number,
  }),
});

const daysQuery = z.strictObject({ ...rangeParams, uid: queryInt(1, 2_147_483_647).optional(), partner: queryInt(0, 2_147_483_647).optional() })
  .superRefine((q, ctx) => {
    const problem = rangeProblem(q, rule);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.param] });
  });

/** GET /api/usermanager/profitslogs/days: the totals of each day of the range (and of the range). */
export const profitDaysOperation = defineOperation({
  method: 'GET', url: '/api/usermanager/profitslogs/days', name: 'usermanager.profitslogs.days', screen: '/usermanager/profitslogs', tags: ['player reports'],
  summary: `Game chips by day over from/to (required, at most ${PROFIT_MAX_DAYS} days): players, bets, wins, net; filters uid, partner`,
  query: daysQuery, response: z.object({ code: z.literal(200), data: profitsSummary }),
  handler: async ({ db, user, query, now }) => {
    const r = rangeOf(query, now, 1);
    let qb = db.selectFrom('player_day_game').select([
      sql<string>`day::text`.as('day'),
      sql<number>`count(*)::int`.as('players'),
      sql<number>`coalesce(sum(bets), 0)::bigint`.as('bets'),
      sql<number>`coalesce(sum(wins), 0)::bigint`.as('wins'),
    ]).where(sql<SqlBool>`day BETWEEN ${r.from}::date AND ${r.to}::date`).where(ownPartnerFilter(user, 'partner'));
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
