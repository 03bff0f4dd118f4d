/**
 * The staff API of the third-party game screens, one shape declared for each group
 * (PROVIDER_GROUPS): jiligames = provider JILI, thirdgames = every other provider with a
 * `provider` filter. Each operation names its catalogue screen /tinygames/<group>/<screen> and
 * checks its roles (admin, business, secadmin; ban_partner keeps partner accounts out); every
 * query is filtered by the account's partner scope as well. docs/api/providers.md.
 *
 *   GET /api/tinygames/<group>/providers          the group's providers (the filter's choices)
 *   GET /api/tinygames/<group>/datareport         per day, provider and game (+ /export)
 *   GET /api/tinygames/<group>/dashboard          totals, days, chart, top games over the range
 *   GET /api/tinygames/<group>/dashboard/days     the days as a table (+ /export)
 *   GET /api/tinygames/<group>/userreport         per player over the range (+ /export)
 *   GET /api/tinygames/<group>/logs               every provider round with its wallet reconciliation, keyset (+ /export)
 */
import {
  providerCode,
  providerDashboard,
  providerDataRow,
  providerInfo,
  providerLogRow,
  providerPlayerRow,
  PROVIDER_GROUPS,
  queryInt,
  groupHasProviderFilter,
  type ProviderDashboard,
  type ProviderDataRow,
  type ProviderFigures,
  type ProviderGroup,
  type ProviderLogRow,
  type ProviderPlayerRow,
  requiredText,
} from '@console/schemas';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import type { QueryRow } from '../../db/schema';
import { custom, dateRange, defineList, eqBool, eqInt, eqText, listOperations, sortBy } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import { pesos, summaryOperation, tableOperations } from '../../reports/summary';
import type { DayRange } from '../../http/range';
import { groupFilter, inGroup, listProviders } from './providers';
import { isoInConsoleZone } from '../../http/time';

const tags = ['tinygames'];
/** Rows the player report loads at most (the range's biggest turnovers first). */
export const MAX_PLAYER_ROWS = 5_000;
/** Games the dashboard lists. */
export const TOP_GAMES = 10;

const num = (v: unknown) => Number(v ?? 0);
const rtpOf = (wins: number, turnover: number) => (turnover > 0 ? wins / turnover : null);
const figures = (f: { rounds: number; players: number; turnover: number; wins: number; bigWins: number }): ProviderFigures => ({
  ...f,
  houseTake: f.turnover - f.wins,
  rtp: rtpOf(f.wins, f.turnover),
});

export interface Filter {
  group: ProviderGroup;
  provider?: string;
  game?: string;
}
type Query = Record<string, unknown>;
const filterOf = (group: ProviderGroup, q: Query): Filter => ({ group, provider: q.provider as string | undefined, game: q.game as string | undefined });
const inRange = (column: string, r: DayRange) => sql<boolean>`${sql.ref(column)} BETWEEN ${r.from}::date AND ${r.to}::date`;

/** The roll-up rows of a filter and range (provider_day or provider_player_day, aliased `d`). */
function scoped(db: Db, table: 'provider_day', user: ScopedSubject, f: Filter, r: DayRange): ReturnType<typeof dayRows>;
function scoped(db: Db, table: 'provider_player_day', user: ScopedSubject, f: Filter, r: DayRange): ReturnType<typeof playerDayRows>;
function scoped(db: Db, table: 'provider_day' | 'provider_player_day', user: ScopedSubject, f: Filter, r: DayRange) {
  let q = table === 'provider_day' ? dayRows(db) : playerDayRows(db);
  q = q
    .where(groupFilter(f.group, 'd.provider', f.provider))
    .where(inRange('d.day', r))
    .where(ownPartnerFilter(user, 'd.partner'));
  if (f.game !== undefined) q = q.where('d.game', '=', f.game);
  return q;
}
const dayRows = (db: Db) => db.selectFrom('provider_day as d');
const playerDayRows = (db: Db) => db.selectFrom('provider_player_day as d');

/** Per day, provider and game (datareport): the day roll-up, players of that game that day. */
export async function dataReport(db: Db, user: ScopedSubject, f: Filter, r: DayRange): Promise<ProviderDataRow[]> {
  const rows = await scoped(db, 'provider_day', user, f, r)
    .leftJoin('provider_game as g', (j) => j.onRef('g.provider', '=', 'd.provider').onRef('g.game', '=', 'd.game'))
    .select([
      sql<string>`d.day::text`.as('day'),
      'd.provider',
      'd.game',
      sql<string>`coalesce(max(g.name), d.game)`.as('name'),
      sql<number>`(sum(d.rounds))::bigint`.as('rounds'),
      sql<number>`(sum(d.players))::bigint`.as('players'),
      sql<number>`(sum(d.turnover))::bigint`.as('turnover'),
      sql<number>`(sum(d.wins))::bigint`.as('wins'),
      sql<number>`(sum(d.big_wins))::bigint`.as('big_wins'),
    ])
    .groupBy(['d.day', 'd.provider', 'd.game'])
    .execute();
  return rows.map((x) => ({
    key: `${x.day}|${x.provider}|${x.game}`,
    day: x.day,
    provider: x.provider,
    game: x.game,
    gameName: x.name,
    ...figures({ rounds: x.rounds, players: x.players, turnover: x.turnover, wins: x.wins, bigWins: x.big_wins }),
  }));
}

export async function dashboard(db: Db, user: ScopedSubject, f: Filter, r: DayRange): Promise<ProviderDashboard> {
  const sums = [
    sql<number>`(sum(d.rounds))::bigint`.as('rounds'),
    sql<number>`(sum(d.turnover))::bigint`.as('turnover'),
    sql<number>`(sum(d.wins))::bigint`.as('wins'),
    sql<number>`(sum(d.big_wins))::bigint`.as('big_wins'),
  ] as const;
  const [byDay, playersByDay, distinct, byGame, gamePlayers] = await Promise.all([
    scoped(db, 'provider_day', user, f, r)
      .select([sql<string>`d.day::text`.as('day'), ...sums])
      .groupBy('d.day')
      .execute(),
    scoped(db, 'provider_player_day', user, f, r)
      .select([sql<string>`d.day::text`.as('day'), sql<number>`count(DISTINCT d.uid)`.as('n')])
      .groupBy('d.day')
      .execute(),
    scoped(db, 'provider_player_day', user, f, r)
      .select(sql<number>`count(DISTINCT d.uid)`.as('n'))
      .executeTakeFirstOrThrow(),
    scoped(db, 'provider_day', user, f, r)
      .leftJoin('provider_game as g', (j) => j.onRef('g.provider', '=', 'd.provider').onRef('g.game', '=', 'd.game'))
      .select(['d.provider', 'd.game', sql<string>`coalesce(max(g.name), d.game)`.as('name'), ...sums])
      .groupBy(['d.provider', 'd.game'])
      .orderBy(sql`sum(d.turnover) DESC`)
      .orderBy('d.provider')
      .orderBy('d.game')
      .limit(TOP_GAMES)
      .execute(),
    scoped(db, 'provider_player_day', user, f, r)
      .select(['d.provider', 'd.game', sql<number>`count(DISTINCT d.uid)`.as('n')])
      .groupBy(['d.provider', 'd.game'])
      .execute(),
  ]);
  const dayMap = new Map(byDay.map((x) => [x.day, x]));
  const playersMap = new Map(playersByDay.map((x) => [x.day, x.n]));
  const gamePlayersMap = new Map(gamePlayers.map((x) => [`${x.provider}|${x.game}`, x.n]));
  const days = r.days.map((day) => {
    const x = dayMap.get(day);
    return {
      day,
      ...figures({ rounds: num(x?.rounds), players: playersMap.get(day) ?? 0, turnover: num(x?.turnover), wins: num(x?.wins), bigWins: num(x?.big_wins) }),
    };
  });
  const sum = (k: 'rounds' | 'turnover' | 'wins' | 'bigWins') => days.reduce((s, d) => s + d[k], 0);
  return {
    group: f.group,
    provider: f.provider ?? null,
    totals: figures({ rounds: sum('rounds'), players: distinct.n, turnover: sum('turnover'), wins: sum('wins'), bigWins: sum('bigWins') }),
    days,
    chart: days.map((d) => ({ day: d.day, turnover: pesos(d.turnover), wins: pesos(d.wins), houseTake: pesos(d.houseTake) })),
    games: byGame.map((x) => ({
      provider: x.provider,
      game: x.game,
      gameName: x.name,
      ...figures({
        rounds: x.rounds,
        players: gamePlayersMap.get(`${x.provider}|${x.game}`) ?? 0,
        turnover: x.turnover,
        wins: x.wins,
        bigWins: x.big_wins,
      }),
    })),
  };
}

/** Per player over the range (userreport), biggest turnover first, at most MAX_PLAYER_ROWS. */
export async function playerReport(db: Db, user: ScopedSubject, f: Filter, r: DayRange, uid?: number): Promise<ProviderPlayerRow[]> {
  let q = scoped(db, 'provider_player_day', user, f, r)
    .leftJoin('player as p', 'p.uid', 'd.uid')
    .select([
      sql<number>`d.uid`.as('uid'),
      sql<string>`coalesce(max(p.name), '')`.as('name'),
      sql<number>`max(d.partner)`.as('partner'),
      sql<number>`count(DISTINCT d.day)`.as('days'),
      sql<number>`count(DISTINCT d.provider || ':' || d.game)`.as('games'),
      sql<number>`(sum(d.rounds))::bigint`.as('rounds'),
      sql<number>`(sum(d.turnover))::bigint`.as('turnover'),
      sql<number>`(sum(d.wins))::bigint`.as('wins'),
      sql<number>`(sum(d.big_wins))::bigint`.as('big_wins'),
      sql<string>`max(d.day)::text`.as('last_day'),
    ]);
  if (uid !== undefined) q = q.where('d.uid', '=', uid);
  const rows = await q
    .groupBy('d.uid')
    .orderBy(sql`sum(d.turnover) DESC`)
    .orderBy('d.uid')
    .limit(MAX_PLAYER_ROWS)
    .execute();
  return rows.map((x) => {
    const turnover = x.turnover;
    const wins = x.wins;
    return {
      uid: x.uid,
      name: x.name,
      partner: x.partner,
      days: x.days,
      games: x.games,
      rounds: x.rounds,
      turnover,
      wins,
      net: wins - turnover,
      rtp: rtpOf(wins, turnover),
      bigWins: x.big_wins,
      lastDay: x.last_day,
    };
  });
}

/**
 * The wallet side of a log row: what the round's txIds moved, from their ledger entries (the
 * unique key `app:<app>:tx:<txId>` in ledger_key, and for a settle its win leg's `…:win` too,
 * decision 058), less those rolled back; a few index lookups a row.
 */
const moved = (sign: '<' | '>') => sql<number>`(
  SELECT coalesce(sum(abs(l.delta)), 0)::bigint FROM unnest(r.tx_ids) AS t(tx)
  JOIN wallet_tx w ON w.app_id = r.app_id AND w.tx_id = t.tx
  CROSS JOIN LATERAL (VALUES ('app:' || r.app_id || ':tx:' || t.tx), (CASE WHEN w.kind = 'settle' THEN 'app:' || r.app_id || ':tx:' || t.tx || ':win' END)) AS leg(key)
  JOIN ledger_key k ON k.key = leg.key
  JOIN ledger_entry l ON l.id = k.entry_id AND l.at = k.at
  WHERE l.delta ${sql.raw(sign)} 0 AND NOT w.rolled_back)`;

const roundsFrom = (db: Db, group: ProviderGroup) =>
  db
    .selectFrom('provider_round as r')
    .leftJoin('player as p', 'p.uid', 'r.uid')
    .leftJoin('provider_game as g', (j) => j.onRef('g.provider', '=', 'r.provider').onRef('g.game', '=', 'r.game'))
    .select([
      'r.id',
      'r.app_id',
      'r.provider',
      'r.round_id',
      'r.game',
      'g.name as game_name',
      'r.uid',
      'p.name',
      'r.partner',
      'r.bet',
      'r.win',
      'r.big_win',
      'r.tx_ids',
      'r.started_at',
      'r.ended_at',
      moved('<').as('debited'),
      moved('>').as('credited'),
    ])
    .where(groupFilter(group, 'r.provider'));

const logRow = (x: QueryRow<typeof roundsFrom>): ProviderLogRow => {
  const { bet, win, debited, credited } = x;
  const txIds = x.tx_ids;
  return {
    id: x.id,
    at: isoInConsoleZone(x.ended_at),
    startedAt: isoInConsoleZone(x.started_at),
    provider: x.provider,
    game: x.game,
    gameName: x.game_name ?? x.game,
    roundId: x.round_id,
    uid: x.uid,
    name: x.name ?? '',
    partner: x.partner,
    bet,
    win,
    net: win - bet,
    bigWin: x.big_win,
    appId: x.app_id,
    txIds,
    debited,
    credited,
    wallet: txIds.length === 0 ? 'unreported' : debited === bet && credited === win ? 'matched' : 'differs',
  };
};

const providerParam = () => ({ provider: providerCode.optional() });
const uidParam = queryInt(1, 2_147_483_647);

/** The operations of one group's four screens. */
export function providerGroupOperations(group: ProviderGroup): Operation[] {
  const path = (screen: string) => `/tinygames/${group}/${screen}`;
  const url = (screen: string) => `/api${path(screen)}`;
  const name = (screen: string) => `tinygames.${group}.${screen}`;
  const filtered = groupHasProviderFilter(group);
  const params = (extra: Record<string, z.ZodType> = {}) => ({ ...(filtered ? providerParam() : {}), ...extra });
  const who = group === 'jiligames' ? 'JILI' : 'every provider but JILI (filter provider)';

  return [
    defineOperation({
      method: 'GET',
      url: url('providers'),
      name: name('providers'),
      screen: path('datareport'),
      tags,
      summary: `The providers of ${group} (${who}): code, name, application`,
      response: z.object({ code: z.literal(200), data: z.object({ items: z.array(providerInfo) }) }),
      handler: async ({ db }) => ({ code: 200, data: { items: (await listProviders(db)).filter((p) => inGroup(group, p.code)) } }),
    }),
    ...tableOperations<ProviderDataRow>({
      url: url('datareport'),
      name: name('datareport'),
      screen: path('datareport'),
      summary: `${who}: rounds, players, turnover, wins, house take, RTP and big wins per day, provider and game; filters game${filtered ? ', provider' : ''}`,
      params: params({ game: eqTextParam }),
      item: providerDataRow,
      id: 'key',
      defaultSort: { key: 'day', order: 'descend' },
      sorts: ['day', 'provider', 'game', 'rounds', 'players', 'turnover', 'wins', 'houseTake', 'rtp', 'bigWins'],
      load: (db, user, r, q) => dataReport(db, user, filterOf(group, q), r),
    }),
    summaryOperation({
      url: url('dashboard'),
      name: name('dashboard'),
      screen: path('dashboard'),
      response: providerDashboard,
      params: params(),
      summary: `${who}: totals (distinct players), figures by day, the chart and the top ${TOP_GAMES} games by turnover`,
      load: (db, user, r, q) => dashboard(db, user, filterOf(group, q), r),
    }),
    ...tableOperations<ProviderDashboard['days'][number]>({
      url: `${url('dashboard')}/days`,
      name: `${name('dashboard')}.days`,
      screen: path('dashboard'),
      summary: `${who} by day`,
      params: params(),
      item: providerDashboard.shape.days.element,
      id: 'day',
      defaultSort: { key: 'day', order: 'descend' },
      sorts: ['day', 'rounds', 'players', 'turnover', 'wins', 'houseTake', 'rtp', 'bigWins'],
      load: async (db, user, r, q) => (await dashboard(db, user, filterOf(group, q), r)).days,
    }),
    ...tableOperations<ProviderPlayerRow>({
      url: url('userreport'),
      name: name('userreport'),
      screen: path('userreport'),
      summary: `${who} per player over the range: days, games, rounds, turnover, wins, net, big wins (at most ${MAX_PLAYER_ROWS}, biggest turnover first); filters uid, game${filtered ? ', provider' : ''}`,
      params: params({ uid: uidParam.optional(), game: eqTextParam }),
      item: providerPlayerRow,
      id: 'uid',
      defaultSort: { key: 'turnover', order: 'descend' },
      sorts: ['uid', 'days', 'games', 'rounds', 'turnover', 'wins', 'net', 'rtp', 'bigWins', 'lastDay'],
      load: (db, user, r, q) => playerReport(db, user, filterOf(group, q), r, q.uid as number | undefined),
    }),
    ...listOperations(
      defineList({
        url: url('logs'),
        name: name('logs'),
        screen: path('logs'),
        tags,
        paging: 'keyset',
        summary: `Every round ${who} reported, newest first, with what its wallet txIds moved (matched / differs / unreported): filters ${filtered ? 'provider, ' : ''}game, uid, roundId, from/to (end), bigWin`,
        from: (db: Db) => roundsFrom(db, group),
        partner: 'r.partner',
        id: 'r.id',
        filters: {
          ...(filtered ? { provider: custom(providerCode, (v) => sql<boolean>`r.provider = ${v}`) } : {}),
          game: eqText('r.game', 64),
          uid: eqInt('r.uid', 1),
          roundId: eqText('r.round_id', 64),
          time: dateRange('r.ended_at'),
          bigWin: eqBool('r.big_win'),
        },
        sorts: { at: sortBy.time('r.ended_at') },
        defaultSort: { key: 'at', order: 'descend' },
        item: providerLogRow,
        row: logRow,
      }),
    ),
  ];
}

const eqTextParam = requiredText(64).optional();

export const providerScreens: Operation[] = PROVIDER_GROUPS.flatMap(providerGroupOperations);
