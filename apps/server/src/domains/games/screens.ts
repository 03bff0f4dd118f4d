/**
 * The staff API of a game's screens, one generic set parameterized by the game (the games of
 * @console/games), each operation naming its own catalogue screen /tinygames/<game>/<screen>
 * (so each checks that screen's roles: business may read a dashboard, only admin the
 * configs). A screen the catalogue does not have for a game (tongits has no betlogs) gets no
 * operation. docs/api/games.md.
 *
 *   GET  /api/tinygames/<game>/dashboard            figures by day and over the range, RTP vs configured (band)
 *   GET  /api/tinygames/<game>/dashboard/days       the days as a table (+ /export)
 *   GET  /api/tinygames/<game>/players              per player over the range (+ /export)
 *   GET  /api/tinygames/<game>/ranking              top winners or losers over the range (+ /export)
 *   GET  /api/tinygames/<game>/betlogs              every bet, keyset (+ /export)
 *   GET  /api/tinygames/<game>/gamerounds           every round with its verification, keyset (+ /export)
 *   GET  /api/tinygames/<game>/gamerounds/detail    one round: seed, bets, result, settings, differences, expected
 *   GET  /api/tinygames/<game>/configs              settings in force, version, fields with bounds, RTP
 *   POST /api/tinygames/<game>/configs/update       overwrite the settings (400 naming the field); a version
 *   GET  /api/tinygames/<game>/configs/versions     history (+ /export); POST …/versions/restore
 */
import { findScreen } from '@console/catalog';
import { GAMES, verifyRound, type Game } from '@console/games';
import {
  gameBetRow,
  gameConfigAnswer,
  gameConfigUpdateBody,
  gameDashboard,
  gamePlayerRow,
  gameRankingRow,
  gameRoundDetail,
  gameRoundRow,
  queryInt,
  text,
  type GameBetRow,
  type GameDashboard,
  type GamePlayerRow,
  type GameRankingRow,
  type GameRoundRow,
} from '@console/schemas';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import type { QueryRow } from '../../db/schema';
import { ApiError, badInput, notFound } from '../../http/api-error';
import { custom, dateRange, defineList, eqBool, eqInt, eqText, listOperations, sortBy } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import { ownPartnerFilter, ownsPartner, type ScopedSubject } from '../../plugins/partner-scope';
import { pesos, summaryOperation, tableOperations } from '../../reports/summary';
import { spanCounts } from '../payment-reports/rollups';
import { saveItem, versionOperations } from '../../settings/versions';
import type { DayRange } from '../../http/range';
import { currentSettings, gameSettingsItems, settingsOfVersions } from './settings';
import { betsWithRounds, roundIdCondition, roundIdIs, rounds } from './round-lists';
import { isoInConsoleZone } from '../../http/time';

const tags = ['tinygames'];
/** Rows the players screen loads at most (the range's biggest turnovers first). */
export const MAX_PLAYER_ROWS = 5_000;
/** Rows of each side of a ranking. */
export const RANKING_SIZE = 100;

const rtpOf = (wins: number, turnover: number) => (turnover > 0 ? wins / turnover : null);

interface DayFigures {
  day: string;
  rounds: number;
  flagged: number;
  bets: number;
  players: number | null;
  turnover: number;
  wins: number;
  fees: number;
  jackpot: number;
}

async function dayFigures(db: Db, user: ScopedSubject, game: string, r: DayRange): Promise<Map<string, DayFigures>> {
  const rows = await db
    .selectFrom('game_day')
    .select([
      sql<string>`day::text`.as('day'),
      sql<number>`(sum(rounds))::bigint`.as('rounds'),
      sql<number>`(sum(flagged))::bigint`.as('flagged'),
      sql<number>`(sum(bets))::bigint`.as('bets'),
      sql<number>`(sum(players))::bigint`.as('players'),
      sql<number>`(sum(turnover))::bigint`.as('turnover'),
      sql<number>`(sum(wins))::bigint`.as('wins'),
      sql<number>`(sum(fees))::bigint`.as('fees'),
      sql<number>`(sum(jackpot))::bigint`.as('jackpot'),
    ])
    .where('game', '=', game)
    .where(sql<boolean>`day BETWEEN ${r.from}::date AND ${r.to}::date`)
    .where(ownPartnerFilter(user, 'partner'))
    .groupBy('day')
    .execute();
  return new Map(
    rows.map((x) => [
      x.day,
      {
        day: x.day,
        rounds: x.rounds,
        flagged: x.flagged,
        bets: x.bets,
        players: x.players,
        turnover: x.turnover,
        wins: x.wins,
        fees: x.fees,
        jackpot: x.jackpot,
      },
    ]),
  );
}

const figures = (f: Omit<DayFigures, 'day'>) => ({ ...f, houseTake: f.turnover - f.wins, rtp: rtpOf(f.wins, f.turnover) });
const EMPTY = { rounds: 0, flagged: 0, bets: 0, players: 0, turnover: 0, wins: 0, fees: 0, jackpot: 0 };

export async function dashboard(db: Db, user: ScopedSubject, game: Game, r: DayRange): Promise<GameDashboard> {
  // the range's distinct players from spans (migration 058), as /homepage counts its players
  const [byDay, span, current] = await Promise.all([dayFigures(db, user, game.id, r), spanCounts(db, user, r, `game:${game.id}`), currentSettings(db, game)]);
  const days = r.days.map((day) => {
    const { day: _day, ...f } = byDay.get(day) ?? { day, ...EMPTY };
    return { day, ...figures(f) };
  });
  const sum = (k: keyof typeof EMPTY) => days.reduce((s, d) => s + (d[k] ?? 0), 0);
  const totals = figures({
    rounds: sum('rounds'),
    flagged: sum('flagged'),
    bets: sum('bets'),
    players: span.range,
    turnover: sum('turnover'),
    wins: sum('wins'),
    fees: sum('fees'),
    jackpot: sum('jackpot'),
  });
  const parsed = game.parseSettings(current.settings);
  const settings = parsed.ok ? parsed.value : game.defaults;
  const figure = game.rtp(settings);
  const band = totals.bets > 0 ? game.band(settings, totals.bets) : null;
  return {
    game: game.id,
    kind: game.kind,
    totals,
    days,
    configured: {
      version: current.version,
      rtp: figure.rtp,
      reference: figure.reference,
      band,
      inBand: band && totals.rtp !== null ? totals.rtp >= band.low && totals.rtp <= band.high : null,
    },
    chart: days.map((d) => ({
      day: d.day,
      turnover: pesos(d.turnover),
      wins: pesos(d.wins),
      houseTake: pesos(d.houseTake),
      rtp: d.rtp === null ? null : Math.round(d.rtp * 10_000) / 100,
    })),
  };
}

/** Per player over the range (sums of game_player_day), biggest turnover first, at most `limit`. */
async function playerRows(
  db: Db,
  user: ScopedSubject,
  game: string,
  r: DayRange,
  o: { uid?: number; order?: 'turnover' | 'net-desc' | 'net-asc'; limit: number },
): Promise<GamePlayerRow[]> {
  const order =
    o.order === 'net-desc'
      ? sql`sum(g.wins) - sum(g.turnover) DESC, g.uid`
      : o.order === 'net-asc'
        ? sql`sum(g.wins) - sum(g.turnover) ASC, g.uid`
        : sql`sum(g.turnover) DESC, g.uid`;
  let q = db
    .selectFrom('game_player_day as g')
    .leftJoin('player as p', 'p.uid', 'g.uid')
    .select([
      sql<number>`g.uid`.as('uid'),
      sql<string>`coalesce(max(p.name), '')`.as('name'),
      sql<number>`max(g.partner)`.as('partner'),
      sql<number>`count(*)`.as('days'),
      sql<number>`(sum(g.rounds))::bigint`.as('rounds'),
      sql<number>`(sum(g.turnover))::bigint`.as('turnover'),
      sql<number>`(sum(g.wins))::bigint`.as('wins'),
      sql<number>`(sum(g.fees))::bigint`.as('fees'),
      sql<string>`max(g.day)::text`.as('lastDay'),
    ])
    .where('g.game', '=', game)
    .where(sql<boolean>`g.day BETWEEN ${r.from}::date AND ${r.to}::date`)
    .where(ownPartnerFilter(user, 'g.partner'));
  if (o.uid !== undefined) q = q.where('g.uid', '=', o.uid);
  const rows = await q.groupBy('g.uid').orderBy(order).limit(o.limit).execute();
  return rows.map((x) => {
    const turnover = x.turnover;
    const wins = x.wins;
    return {
      uid: x.uid,
      name: x.name,
      partner: x.partner,
      days: x.days,
      rounds: x.rounds,
      turnover,
      wins,
      fees: x.fees,
      net: wins - turnover,
      rtp: rtpOf(wins, turnover),
      lastDay: x.lastDay,
    };
  });
}

const betsFrom = (db: Db, game: string) => betsWithRounds(db).where('b.game', '=', game);

const roundsFrom = (db: Db, game: string) => rounds(db).where('game', '=', game);

const betRow = (x: QueryRow<typeof betsFrom>): GameBetRow => ({
  id: x.id,
  roundId: x.round_id,
  round: x.round,
  at: isoInConsoleZone(x.at),
  uid: x.uid,
  name: x.name,
  partner: x.partner,
  seat: x.seat,
  bot: x.bot,
  bet: x.bet,
  win: x.win,
  fee: x.fee,
  jackpot: x.jackpot,
  net: x.win - x.bet,
  server: x.server,
  table: x.table_id,
  verified: x.verified,
});

const roundRow = (x: QueryRow<typeof roundsFrom>): GameRoundRow => ({
  id: x.id,
  roundId: x.round_id,
  server: x.server,
  table: x.table_id,
  configVersion: x.config_version,
  startedAt: isoInConsoleZone(x.started_at),
  endedAt: isoInConsoleZone(x.ended_at),
  seats: x.seats,
  players: x.players,
  bet: x.bet,
  win: x.win,
  fee: x.fee,
  jackpot: x.jackpot,
  houseTake: x.bet - x.win,
  seedHash: x.seed_hash,
  seed: x.seed,
  verified: x.verified,
  why: x.why,
});

const uidParam = queryInt(1, 2_147_483_647);

/** The operations of one game, for each of its screens the catalogue has. */
export function gameScreenOperations(game: Game): Operation[] {
  const path = (screen: string) => `/tinygames/${game.id}/${screen}`;
  const has = (screen: string) => findScreen(path(screen)) !== undefined;
  const url = (screen: string) => `/api${path(screen)}`;
  const name = (screen: string) => `tinygames.${game.id}.${screen}`;
  const ops: Operation[] = [];

  if (has('dashboard')) {
    ops.push(
      summaryOperation({
        url: url('dashboard'),
        name: name('dashboard'),
        screen: path('dashboard'),
        response: gameDashboard,
        summary: `${game.name.en}: rounds, bets, players, turnover, wins, fees, house take, actual RTP by day and over the range, against the configured RTP and its band`,
        load: (db, user, r) => dashboard(db, user, game, r),
      }),
      ...tableOperations<GameDashboard['days'][number]>({
        url: `${url('dashboard')}/days`,
        name: `${name('dashboard')}.days`,
        screen: path('dashboard'),
        summary: `${game.name.en} by day`,
        item: gameDashboard.shape.days.element,
        id: 'day',
        defaultSort: { key: 'day', order: 'descend' },
        sorts: ['day', 'rounds', 'bets', 'players', 'turnover', 'wins', 'houseTake', 'rtp', 'flagged'],
        load: async (db, user, r) => (await dashboard(db, user, game, r)).days,
      }),
    );
  }
  if (has('players')) {
    ops.push(
      ...tableOperations<GamePlayerRow>({
        url: url('players'),
        name: name('players'),
        screen: path('players'),
        summary: `${game.name.en} per player over the range: days, rounds, turnover, wins, net (at most ${MAX_PLAYER_ROWS}, biggest turnover first); filter uid`,
        params: { uid: uidParam.optional() },
        item: gamePlayerRow,
        id: 'uid',
        defaultSort: { key: 'turnover', order: 'descend' },
        sorts: ['uid', 'days', 'rounds', 'turnover', 'wins', 'net', 'rtp', 'lastDay'],
        load: (db, user, r, q) => playerRows(db, user, game.id, r, { uid: q.uid as number | undefined, limit: MAX_PLAYER_ROWS }),
      }),
    );
  }
  if (has('ranking')) {
    ops.push(
      ...tableOperations<GameRankingRow>({
        url: url('ranking'),
        name: name('ranking'),
        screen: path('ranking'),
        summary: `${game.name.en}: the top ${RANKING_SIZE} winners (side=winners, default: biggest net win) or losers (side=losers: biggest net loss) over the range`,
        params: { side: z.enum(['winners', 'losers'], { message: 'Must be winners or losers' }).optional() },
        item: gameRankingRow,
        id: 'uid',
        defaultSort: { key: 'rank', order: 'ascend' },
        sorts: ['rank', 'net', 'turnover', 'rounds'],
        load: async (db, user, r, q) => {
          const side = (q.side as 'winners' | 'losers' | undefined) ?? 'winners';
          const rows = await playerRows(db, user, game.id, r, { order: side === 'winners' ? 'net-desc' : 'net-asc', limit: RANKING_SIZE });
          return rows.filter((x) => (side === 'winners' ? x.net > 0 : x.net < 0)).map((x, i) => ({ ...x, rank: i + 1, side }));
        },
      }),
    );
  }
  if (has('betlogs')) {
    ops.push(
      ...listOperations(
        defineList({
          url: url('betlogs'),
          name: name('betlogs'),
          screen: path('betlogs'),
          tags,
          paging: 'keyset',
          summary: `Every bet of ${game.name.en} (one row per seat payout), newest first: filters uid, roundId, from/to (round end), bot`,
          from: (db: Db) => betsFrom(db, game.id),
          partner: 'b.partner',
          id: 'b.id',
          filters: { uid: eqInt('b.uid', 1), roundId: roundIdIs('r'), time: dateRange('b.at'), bot: eqBool('b.bot') },
          sorts: { at: sortBy.time('b.at') },
          defaultSort: { key: 'at', order: 'descend' },
          item: gameBetRow,
          row: betRow,
        }),
      ),
    );
  }
  if (has('gamerounds')) {
    ops.push(
      ...listOperations(
        defineList({
          url: url('gamerounds'),
          name: name('gamerounds'),
          screen: path('gamerounds'),
          tags,
          paging: 'keyset',
          summary: `Every round of ${game.name.en} with its seed and verification, newest first: filters roundId, server, table, from/to (end), verified, uid (a seat's player)`,
          from: (db: Db) => roundsFrom(db, game.id),
          partner: 'partner',
          id: 'id',
          filters: {
            roundId: roundIdIs('game_round'),
            server: eqText('server', 64),
            table: eqText('table_id', 64),
            time: dateRange('ended_at'),
            verified: eqBool('verified'),
            uid: custom(
              uidParam,
              (v) => sql<boolean>`EXISTS (SELECT 1 FROM game_bet gb WHERE gb.round = game_round.id AND gb.at = game_round.ended_at AND gb.uid = ${v})`,
            ),
          },
          sorts: { endedAt: sortBy.time('ended_at') },
          defaultSort: { key: 'endedAt', order: 'descend' },
          item: gameRoundRow,
          row: roundRow,
        }),
      ),
      defineOperation({
        method: 'GET',
        url: `${url('gamerounds')}/detail`,
        name: `${name('gamerounds')}.detail`,
        screen: path('gamerounds'),
        tags,
        summary:
          "One round: its record, the settings of its version, the verification recomputed (differences, and what the seed gives); 404 unknown (or another partner's)",
        query: z.strictObject({ id: queryInt(1, Number.MAX_SAFE_INTEGER).optional(), roundId: text(64).min(1, { message: 'Required' }).optional() }),
        response: z.object({ code: z.literal(200), data: gameRoundDetail }),
        handler: async ({ db, user, query }) => {
          if (query.id === undefined && query.roundId === undefined) throw badInput('id', 'Required (or roundId)');
          let q = db.selectFrom('game_round').selectAll().where('game', '=', game.id);
          q = query.id !== undefined ? q.where('id', '=', query.id) : q.where(roundIdCondition('game_round', query.roundId!));
          const row = await q.executeTakeFirst();
          if (!row || !ownsPartner(user, row.partner)) throw notFound('Round not found');
          const seats = await db
            .selectFrom('game_bet')
            .select(['seat', 'uid', 'bot', 'bet', 'win', 'fee', 'jackpot'])
            .where('round', '=', row.id)
            .where('at', '=', row.ended_at)
            .orderBy('n')
            .execute();
          const settings = (await settingsOfVersions(db, [{ game: game.id, version: row.config_version }])).get(`${game.id}:${row.config_version}`) ?? null;
          const check =
            settings === null
              ? null
              : verifyRound({
                  game: game.id,
                  settings,
                  seedHash: row.seed_hash,
                  seed: row.seed,
                  bets: row.bets,
                  result: row.result,
                  payouts: seats.map((s) => ({ seat: s.seat, bet: s.bet, win: s.win, fee: s.fee, jackpot: s.jackpot })),
                });
          return {
            code: 200,
            data: {
              ...roundRow(row),
              game: game.id,
              appId: row.app_id,
              settings,
              bets: row.bets,
              result: row.result,
              differences: (row.differences ?? []) as Record<string, unknown>[],
              expected: check?.expected ?? null,
              seatRows: seats.map((s) => ({
                seat: s.seat,
                uid: s.uid === null ? null : s.uid,
                bot: s.bot,
                bet: s.bet,
                win: s.win,
                fee: s.fee,
                jackpot: s.jackpot,
              })),
            },
          };
        },
      }),
    );
  }
  if (has('configs')) ops.push(...gameSettingsOperations(game, { screen: path('configs'), url: url('configs'), name: name('configs') }));
  return ops;
}

/**
 * The settings operations of one game on the screen that edits them: GET <url>, POST <url>/update,
 * GET <url>/versions, POST <url>/versions/restore (the house games' configs; Tongits and Pusoy
 * from their own settings screens, domains/table-games).
 */
export function gameSettingsOperations(game: Game, at: { screen: string; url: string; name: string }): Operation[] {
  const items = gameSettingsItems(game, at.screen);
  const fieldsOf = () => {
    const schema = z.toJSONSchema(game.settings, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Record<string, unknown>> };
    return Object.entries(schema.properties ?? {}).map(([key, field]) => ({
      key,
      label: game.labels[key] ?? { en: key, zh: key },
      schema: field,
      default: (game.defaults as Record<string, unknown>)[key],
    }));
  };
  const answer = async (db: Db) => {
    const current = await currentSettings(db, game);
    const parsed = game.parseSettings(current.settings);
    return {
      game: game.id,
      name: game.name,
      kind: game.kind,
      rules: game.rules,
      version: current.version,
      settings: current.settings,
      defaults: game.defaults as Record<string, unknown>,
      fields: fieldsOf(),
      rtp: game.rtp(parsed.ok ? parsed.value : game.defaults),
    };
  };
  return [
    defineOperation({
      method: 'GET',
      url: at.url,
      name: at.name,
      screen: at.screen,
      tags,
      summary: `${game.name.en}'s settings in force (version 0: never saved, the defaults), each field with its JSON schema (bounds) and labels, and the RTP they give`,
      response: z.object({ code: z.literal(200), data: gameConfigAnswer }),
      handler: async ({ db }) => ({ code: 200, data: await answer(db) }),
    }),
    defineOperation({
      method: 'POST',
      url: `${at.url}/update`,
      name: `${at.name}.update`,
      screen: at.screen,
      tags,
      audit: true,
      summary: `Overwrites ${game.name.en}'s settings with the whole document sent (the screen confirms first); 400 naming the field (settings.maxBet: Must be at least minBet); a new version the game servers read back`,
      body: gameConfigUpdateBody,
      response: z.object({ code: z.literal(200), data: z.object({ version: z.number(), doc: z.unknown() }) }),
      handler: async ({ db, user, now, note, body }) => {
        const parsed = game.parseSettings(body.settings);
        if (!parsed.ok) throw new ApiError(400, `settings.${parsed.message}`);
        const saved = await saveItem({ db, user, now, note }, items, 'settings', 'update', () => parsed.value as Record<string, unknown>);
        return { code: 200, data: saved };
      },
    }),
    ...versionOperations(items, { base: `${at.url}/versions`, name: `${at.name}.versions`, tags }),
  ];
}

export const gameScreens: Operation[] = GAMES.flatMap(gameScreenOperations);
