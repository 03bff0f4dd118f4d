/**
 * The partner game reports of /platmanager (docs/api/rooms.md):
 *   partnergamesum   per partner and game over a range: rounds, bets, players, turnover, wins,
 *                    rake (fees), house take and the partner's share of the rake by its game
 *                    store's revenue share. From the round roll-ups of migration 025: game_day
 *                    (rounds by the round's partner, money by the player's) and the game spans of
 *                    migration 058 (distinct players), never the rounds themselves.
 *   partnergamelogs  every round of the reported games by the round's partner, newest first,
 *                    keyset paged (index game_round (partner, ended_at, id), migration 036),
 *                    with its CSV export.
 * Both are /platmanager screens (admin, secadmin); the partner scope still applies to every
 * query (a partner account that were given the screen would see its own partner only).
 */
import { findGame, GAME_IDS } from '@console/games';
import { partnerGameLogRow, partnerGameSumRow, queryInt, type GameStoreEntry, type PartnerGameSumRow } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { dateRange, defineList, eqEnum, eqInt, eqText, listOperations, sortBy } from '../../http/list';
import type { Operation } from '../../http/operation';
import { ownPartnerFilter, partnerScope, type ScopedSubject } from '../../plugins/partner-scope';
import { rangeOf, rangeParams, rangeProblem, type DayRange } from '../../http/range';
import { reportOperations } from '../../reports/report';
import { gameSpanPlayers } from '../payment-reports/rollups';
import { listItems, SCREENS, storeKey } from './items';
import { roundIdIs, rounds } from '../games/round-lists';
import { isoInConsoleZone } from '../../http/time';

const tags = ['platmanager'];
const num = (v: unknown) => Number(v ?? 0);
/** The longest range of the summary, days. */
export const SUM_MAX_DAYS = 92;
const rule = { maxDays: SUM_MAX_DAYS };
const gameParam = z.enum(GAME_IDS, { message: `Must be one of ${GAME_IDS.join(', ')}` });

export async function partnerGameSum(db: Db, user: ScopedSubject, r: DayRange, f: { partner?: number; game?: string }): Promise<PartnerGameSumRow[]> {
  const inRange = sql<SqlBool>`day BETWEEN ${r.from}::date AND ${r.to}::date`;
  let sums = db
    .selectFrom('game_day')
    .select([
      'partner',
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
  if (f.game !== undefined) sums = sums.where('game', '=', f.game);
  // distinct players from the game spans (migration 058), not count(DISTINCT) over the player-days
  const [a, players, partners, store] = await Promise.all([
    sums.groupBy(['partner', 'game']).execute(),
    gameSpanPlayers(db, user, r, f),
    db.selectFrom('partner').select(['id', 'name']).execute(),
    listItems<GameStoreEntry>(db, 'gamestore', partnerScope(user)),
  ]);
  const distinct = new Map(players.map((x) => [storeKey(x.partner, x.game), x.players]));
  const names = new Map(partners.map((p) => [p.id, p.name]));
  const shares = new Map(store.map((e) => [storeKey(e.partner, e.game), e.revenueShareBps]));
  return a
    .map((x) => {
      const key = storeKey(x.partner, x.game);
      const turnover = num(x.turnover);
      const wins = num(x.wins);
      const rake = num(x.fees);
      const revenue = findGame(x.game)?.kind === 'house' ? turnover - wins : rake;
      return {
        key,
        partner: x.partner,
        partnerName: x.partner === 0 ? '' : (names.get(x.partner) ?? ''),
        game: x.game,
        rounds: num(x.rounds),
        bets: num(x.bets),
        players: distinct.get(key) ?? 0,
        turnover,
        wins,
        rake,
        houseTake: turnover - wins,
        revenue,
        partnerShare: x.partner === 0 ? 0 : Math.trunc((revenue * (shares.get(key) ?? 0)) / 10_000),
      };
    })
    .filter((x) => x.rounds > 0 || x.bets > 0);
}

export const partnerReportOperations: Operation[] = [
  ...reportOperations<PartnerGameSumRow>({
    url: '/api/platmanager/partnergamesum',
    name: 'platmanager.partnergamesum',
    screen: SCREENS.sum,
    summary:
      `Per partner and game over from/to (default the last 7 days, at most ${SUM_MAX_DAYS}): rounds, bets, players, turnover, wins, rake, house take, ` +
      "revenue (a table game's rake, a house game's house take) and the partner's share of it (its game store's revenue share); filters partner, game",
    params: { ...rangeParams, partner: queryInt(0, 2_147_483_647).optional(), game: gameParam.optional() },
    check: (q) => rangeProblem(q, rule),
    item: partnerGameSumRow,
    id: 'key',
    sorts: ['partner', 'game', 'rounds', 'bets', 'players', 'turnover', 'wins', 'rake', 'houseTake', 'revenue', 'partnerShare'],
    defaultSort: { key: 'turnover', order: 'descend' },
    load: (db, user, q, now) => partnerGameSum(db, user, rangeOf(q, now, 7), { partner: q.partner as number | undefined, game: q.game as string | undefined }),
  }).map((op) => ({ ...op, tags })),
  ...listOperations(
    defineList({
      url: '/api/platmanager/partnergamelogs',
      name: 'platmanager.partnergamelogs',
      screen: SCREENS.logs,
      tags,
      paging: 'keyset',
      summary:
        "Every reported round by the round's partner, newest first: game, server, table, seats, players, bet, win, fee, jackpot, verified; filters partner, game, table, roundId, from/to (round end)",
      from: rounds,
      partner: 'partner',
      id: 'id',
      filters: {
        partner: eqInt('partner'),
        game: eqEnum('game', GAME_IDS as unknown as [string, ...string[]]),
        table: eqText('table_id', 64),
        roundId: roundIdIs('game_round'),
        time: dateRange('ended_at'),
      },
      sorts: { endedAt: sortBy.time('ended_at') },
      defaultSort: { key: 'endedAt', order: 'descend' },
      item: partnerGameLogRow,
      row: (r) => ({
        id: r.id,
        roundId: r.round_id,
        game: r.game,
        partner: r.partner,
        server: r.server,
        table: r.table_id,
        startedAt: isoInConsoleZone(r.started_at),
        endedAt: isoInConsoleZone(r.ended_at),
        seats: r.seats,
        players: r.players,
        bet: r.bet,
        win: r.win,
        fee: r.fee,
        jackpot: r.jackpot,
        verified: Boolean(r.verified),
      }),
    }),
  ),
];
