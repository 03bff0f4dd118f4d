/**
 * The Tongits arena (docs/api/tongitsarena.md, docs/decisions/033-tongits-arena.md). Staff, under
 * /api/activities/tongitsarena (each call names its catalogue screen: its roles are checked
 * before the body or query is read):
 *
 *   GET  /tables (+ /export)                    the tables with their defender            arenatable (the module's roles)
 *   GET  /tables/versions (+ /export)           every change of a table (read-only)       arenatable
 *   POST /tables/create, /tables/update          declare / change a table (whole table)    arenamanage (admin)
 *   POST /tables/status                          open or close (closing ends the reign)    arenamanage
 *   GET  /logs (+ /export)                      every challenge                           logs
 *   GET  /defenders (+ /export)                 the defenders now                         defendersmgr
 *   POST /defenders/remove                       end a reign, with a reason                defendersremove (admin, business)
 *   GET  /reigns (+ /export)                    every reign and how it ended              defenderslogs
 *   GET  /ticketrank (+ /export)                a season's ticket ranking, top N          ticketrank
 *   GET  /configs                               season settings in force                  rankmgr
 *   POST /configs/update, GET|POST /configs/versions…   overwrite (new version), history   arenamanage
 *   GET  /seasons (+ /export)                   who got what in settled seasons           rankmgr
 *   POST /settle                                 settle the ended seasons now              arenamanage
 *
 * Platform (signed, the game server and the app): POST /api/platform/tongitsarena/ticket,
 * POST …/result, GET …/tables, GET …/ranking.
 */
import {
  ARENA_STATES,
  arenaChallengeRow,
  arenaConfigAnswer,
  arenaConfigUpdateBody,
  arenaRankAnswer,
  arenaRankQuery,
  arenaReignRow,
  arenaRemoveBody,
  arenaResultAnswer,
  arenaResultBody,
  arenaSeasonLineRow,
  arenaSettings,
  arenaSettleAnswer,
  arenaSettleBody,
  arenaTable,
  arenaTableRow,
  arenaTableStatusBody,
  arenaTicketAnswer,
  arenaTicketBody,
  platformArenaRankingAnswer,
  platformArenaRankingQuery,
  platformArenaTablesAnswer,
  platformArenaTablesQuery,
  type ArenaReignRow,
} from '@console/schemas';
import { z } from 'zod';
import type { Db } from '../../db/open';
import type { QueryRow } from '../../db/schema';
import { badInput } from '../../http/api-error';
import { columnsParam, csvFileName, csvHeader, csvLine } from '../../http/list/csv';
import { dateRange, defineList, eqBool, eqEnum, eqInt, eqText, listOperations, sortBy } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import { registerRepeatingJob, type JobHost } from '../../http/repeating-job';
import { isoInConsoleZone } from '../../http/time';
import { configOperations } from '../activities/document';
import { absent, existing, saveItem, versionOperations } from '../../settings/versions';
import {
  arenaConfig,
  arenaDocument,
  buyTicket,
  endReign,
  nextSeasonAt,
  ownTicketRank,
  removeDefender,
  reportResult,
  SCREENS,
  seasonOf,
  seasonSettled,
  settleDue,
  tableItems,
  ticketError,
  ticketRanking,
  type Season,
} from './arena';
import {
  challengerOrDefenderFilter,
  challengesWithNames,
  openTablesWithDefenders,
  playerArenaState,
  reignEndedFilter,
  reignsWithNames,
  seasonFilter,
  seasonLinesWithNames,
  seasonRankSort,
  tablesWithDefenders,
} from './screens';

const tags = ['activities'];
const ok = <T>(data: T) => ({ code: 200 as const, data });
export const BASE = '/api/activities/tongitsarena';
const num = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => isoInConsoleZone(v as Date);
const isoOrNull = (v: unknown) => (v === null || v === undefined ? null : iso(v));
const steps = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as { streak: number; bonus: number }[];

/** The season a query names (400 naming `field`: not a Monday), or the current one. */
function seasonFrom(key: string | undefined, now: Date, field = 'season'): Season {
  const s = seasonOf(now, key || undefined);
  if (!s) throw badInput(field, 'Must be the Monday (YYYY-MM-DD) of a season');
  return s;
}

// ------------------------------------------------------------------------------ lists

export const tablesList = defineList({
  url: `${BASE}/tables`,
  name: 'activities.tongitsarena.tables',
  screen: SCREENS.tables,
  tags,
  paging: 'page',
  summary:
    'The arena tables in creation order, each with its defender now (reign, since, defences, earned), pending challenges and challenges in all: filters id, open',
  from: tablesWithDefenders,
  partner: null,
  id: 't.seq',
  filters: { id: eqText('t.id', 32), open: eqBool('t.open') },
  sorts: { seq: sortBy.int('t.seq'), name: sortBy.text('t.name') },
  defaultSort: { key: 'seq', order: 'ascend' },
  item: arenaTableRow,
  row: (r) => ({
    id: r.id,
    name: r.name,
    stake: r.stake,
    defenceReward: r.defence_reward,
    streakSteps: steps(r.streak_steps),
    open: r.open,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    defenderUid: r.defender_uid === null ? null : r.defender_uid,
    defenderName: r.defender_name ?? '',
    reignId: r.reign_id === null ? null : r.reign_id,
    since: isoOrNull(r.started_at),
    defences: num(r.defences),
    earned: num(r.earned),
    pending: r.pending,
    challenges: r.challenges,
  }),
});

export const logsList = defineList({
  url: `${BASE}/logs`,
  name: 'activities.tongitsarena.logs',
  screen: SCREENS.logs,
  tags,
  paging: 'keyset',
  summary:
    'Every challenge (a ticket and how it ended), newest first: filters table, uid (the challenger or the defender), state (pending, defended, won, seated, void), from/to (bought)',
  from: challengesWithNames,
  partner: 'c.partner',
  id: 'c.id',
  filters: {
    table: eqText('c.arena', 32),
    uid: challengerOrDefenderFilter,
    state: eqEnum('c.state', ARENA_STATES),
    time: dateRange('c.bought_at'),
  },
  sorts: { boughtAt: sortBy.time('c.bought_at') },
  defaultSort: { key: 'boughtAt', order: 'descend' },
  item: arenaChallengeRow,
  row: (r) => ({
    id: r.id,
    table: r.arena,
    tableName: r.table_name ?? '',
    uid: r.uid,
    name: r.name ?? '',
    partner: r.partner,
    free: r.free,
    price: r.price,
    boughtAt: iso(r.bought_at),
    state: r.state,
    defenderUid: r.defender_uid === null ? null : r.defender_uid,
    defenderName: r.defender_name ?? '',
    streak: r.streak === null ? null : r.streak,
    reward: r.reward,
    bonus: r.bonus,
    paid: r.paid,
    note: r.note ?? '',
    refunded: r.refund_entry !== null,
    resultAt: isoOrNull(r.result_at),
    matchId: r.match_id ?? '',
  }),
});

const reignRow = (r: QueryRow<typeof reignsWithNames>): ArenaReignRow => ({
  id: r.id,
  table: r.arena,
  tableName: r.table_name,
  uid: r.uid,
  name: r.name ?? '',
  partner: r.partner,
  startedAt: isoInConsoleZone(r.started_at),
  endedAt: isoInConsoleZone(r.ended_at),
  defences: r.defences,
  earned: r.earned,
  ended: r.ended_how ?? 'holding',
  endedBy: r.ended_by ?? '',
  reason: r.end_reason ?? '',
  open: r.open,
  pending: r.pending,
});

export const defendersList = defineList({
  url: `${BASE}/defenders`,
  name: 'activities.tongitsarena.defenders',
  screen: SCREENS.defenders,
  tags,
  paging: 'keyset',
  summary:
    "The defenders now, one per table with a seat taken (the reign: since, defences, earned; the table's pending challenges), longest-held first: filters table, uid",
  from: (db: Db) => reignsWithNames(db).where('r.ended_at', 'is', null),
  partner: 'r.partner',
  id: 'r.id',
  filters: { table: eqText('r.arena', 32), uid: eqInt('r.uid', 1) },
  sorts: { startedAt: sortBy.time('r.started_at'), defences: sortBy.int('r.defences'), earned: sortBy.int('r.earned') },
  defaultSort: { key: 'startedAt', order: 'ascend' },
  item: arenaReignRow,
  row: reignRow,
});

export const reignsList = defineList({
  url: `${BASE}/reigns`,
  name: 'activities.tongitsarena.reigns',
  screen: SCREENS.reigns,
  tags,
  paging: 'keyset',
  summary:
    'Every reign (defender, table, from, to, defences, earned, how it ended: holding, beaten, removed, closed; by whom and why), newest first: ' +
    'filters table, uid, ended, from/to (started)',
  from: reignsWithNames,
  partner: 'r.partner',
  id: 'r.id',
  filters: {
    table: eqText('r.arena', 32),
    uid: eqInt('r.uid', 1),
    ended: reignEndedFilter,
    time: dateRange('r.started_at'),
  },
  sorts: { startedAt: sortBy.time('r.started_at'), defences: sortBy.int('r.defences'), earned: sortBy.int('r.earned') },
  defaultSort: { key: 'startedAt', order: 'descend' },
  item: arenaReignRow,
  row: reignRow,
});

export const seasonsList = defineList({
  url: `${BASE}/seasons`,
  name: 'activities.tongitsarena.seasons',
  screen: SCREENS.rankmgr,
  tags,
  paging: 'keyset',
  summary:
    'Who got what in the settled seasons: each rewarded rank (paid with the ledger entry, or skipped with the reason), newest season first and its ranks in order: filters season, uid, state',
  from: seasonLinesWithNames,
  partner: 'l.partner',
  id: 'l.id',
  filters: {
    season: seasonFilter,
    uid: eqInt('l.uid', 1),
    state: eqEnum('l.state', ['paid', 'skipped']),
  },
  sorts: { season: seasonRankSort, at: sortBy.time('l.at') },
  defaultSort: { key: 'season', order: 'descend' },
  item: arenaSeasonLineRow,
  row: (r) => ({
    id: r.id,
    season: r.season_key,
    rank: r.rank,
    uid: r.uid,
    name: r.name ?? '',
    partner: r.partner,
    tickets: r.tickets,
    tier: r.tier,
    amount: r.amount,
    state: r.state,
    reason: r.reason ?? '',
    entryId: r.entry_id === null ? null : r.entry_id,
    at: iso(r.at),
  }),
});

// ------------------------------------------------------------------------------ ticket ranking

async function rankAnswer(db: Db, query: { season?: string; top?: number }, now: Date) {
  let season = seasonFrom(query.season, now);
  const cfg = await arenaConfig(db);
  let items = await ticketRanking(db, season, query.top ?? 50, cfg.settings, now);
  // no season asked for and none of this week's tickets used yet (a Monday morning): the season that just ended
  if (!query.season && items.length === 0) {
    season = seasonFrom(undefined, new Date(season.start.getTime() - 1));
    items = await ticketRanking(db, season, query.top ?? 50, cfg.settings, now);
  }
  const settled = await seasonSettled(db, season.key);
  return {
    season: { key: season.key, start: iso(season.start), end: iso(season.end), ended: season.end.getTime() <= now.getTime(), settled },
    items,
    nextCursor: null,
  };
}
const RANK_COLUMNS = ['rank', 'uid', 'name', 'partner', 'tickets', 'free', 'spent', 'reachedAt', 'tier', 'reward'] as const;

// ------------------------------------------------------------------------------ staff operations

const tableChange = (action: 'create' | 'update') =>
  defineOperation({
    method: 'POST',
    url: `${BASE}/tables/${action}`,
    name: `activities.tongitsarena.tables.${action}`,
    screen: SCREENS.manage,
    tags,
    audit: true,
    summary:
      action === 'create'
        ? 'Declares a table (the whole table: id, name, stake, defenceReward, streakSteps, open); 409 when the id exists; 400 naming the field'
        : 'Changes a table (the whole table; later defences pay the new reward and steps); closing it ends the current reign (closed); 404 unknown table; 400 naming the field',
    body: arenaTable,
    response: z.object({ code: z.literal(200), data: z.object({ version: z.number(), ended: z.number().nullable() }) }),
    handler: async ({ db, user, now, note, body }) => {
      let wasOpen = false;
      const saved = await saveItem({ db, user, now, note }, tableItems, body.id, action, (before) => {
        if (action === 'create') absent(tableItems, body.id, before);
        else wasOpen = existing(tableItems, body.id)(before).open;
        return body;
      });
      const ended = wasOpen && !body.open ? await endReign(db, body.id, 'closed', `staff:${user.username}`, 'Table closed', now) : null;
      if (ended) note.after = { ...(note.after as object), endedReign: ended.id };
      return ok({ version: saved.version, ended: ended ? ended.id : null });
    },
  });

export const arenaOperations: Operation[] = [
  ...listOperations(tablesList),
  ...versionOperations(tableItems, { base: `${BASE}/tables/versions`, name: 'activities.tongitsarena.tables.versions', tags }).filter(
    (op) => !op.url.endsWith('/restore'),
  ),
  tableChange('create'),
  tableChange('update'),
  defineOperation({
    method: 'POST',
    url: `${BASE}/tables/status`,
    name: 'activities.tongitsarena.tables.status',
    screen: SCREENS.manage,
    tags,
    audit: true,
    summary:
      'Opens or closes a table; closing ends the current reign (closed, with the reason) and refuses its tickets and results (the game server voids its pending challenges)',
    body: arenaTableStatusBody,
    response: z.object({ code: z.literal(200), data: z.object({ version: z.number(), ended: z.number().nullable() }) }),
    handler: async ({ db, user, now, note, body }) => {
      let wasOpen = false;
      const saved = await saveItem({ db, user, now, note }, tableItems, body.id, body.open ? 'open' : 'close', (before) => {
        const t = existing(tableItems, body.id)(before);
        wasOpen = t.open;
        return { ...t, open: body.open };
      });
      const ended = wasOpen && !body.open ? await endReign(db, body.id, 'closed', `staff:${user.username}`, body.reason?.trim() || 'Table closed', now) : null;
      if (ended) note.after = { ...(note.after as object), endedReign: ended.id };
      return ok({ version: saved.version, ended: ended ? ended.id : null });
    },
  }),
  ...listOperations(logsList),
  ...listOperations(defendersList),
  defineOperation({
    method: 'POST',
    url: `${BASE}/defenders/remove`,
    name: 'activities.tongitsarena.defenders.remove',
    screen: SCREENS.remove,
    tags,
    audit: true,
    summary:
      'Removes a defender: ends the reign (removed, by the staff account, with the reason ≤ 200); the seat is empty until the next challenger. ' +
      '404 unknown reign, 409 already ended',
    body: arenaRemoveBody,
    response: z.object({ code: z.literal(200), data: z.object({ reignId: z.number(), table: z.string(), uid: z.number() }) }),
    handler: async ({ db, user, now, note, body }) => {
      const reason = body.reason.trim();
      const before = await removeDefender(db, { reignId: body.reignId, reason, actor: `staff:${user.username}`, now });
      note.target = `tongitsarena:${before.table}:${before.uid}`;
      note.before = before;
      note.after = { removed: true, reason };
      return ok({ reignId: before.reignId, table: before.table, uid: before.uid });
    },
  }),
  ...listOperations(reignsList),
  defineOperation({
    method: 'GET',
    url: `${BASE}/ticketrank`,
    name: 'activities.tongitsarena.ticketrank',
    screen: SCREENS.ticketrank,
    tags,
    summary:
      "A season's ticket ranking (season: its Monday, default the current one, or the one just ended while no ticket of this one is used; top 1–100, default 50): rank, tickets used, free ones, chips spent, " +
      'reachedAt (ties: earlier first), the tier and its reward; whether the season ended and was settled. 400 season',
    query: arenaRankQuery,
    response: arenaRankAnswer,
    handler: async ({ db, query, now }) => ok(await rankAnswer(db, query, now)),
  }),
  defineOperation({
    method: 'GET',
    url: `${BASE}/ticketrank/export`,
    name: 'activities.tongitsarena.ticketrank.export',
    screen: SCREENS.ticketrank,
    tags,
    summary: 'CSV of the ticket ranking (same season and top; columns: JSON [{key, title, format?, labels?}]), UTF-8 with BOM',
    query: arenaRankQuery.extend({ columns: columnsParam(RANK_COLUMNS as unknown as [string, ...string[]]).optional() }),
    handler: async ({ db, query, now, reply }) => {
      const answer = await rankAnswer(db, query, now);
      const columns = query.columns ?? RANK_COLUMNS.map((key) => ({ key, title: key }));
      const body = csvHeader(columns) + answer.items.map((r) => csvLine(columns, r as unknown as Record<string, unknown>)).join('');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(`ticketrank-${answer.season.key}`, now)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  }),
  ...configOperations(arenaDocument, {
    base: `${BASE}/configs`,
    name: 'activities.tongitsarena.configs',
    tags,
    schema: arenaSettings,
    answer: arenaConfigAnswer,
    updateBody: arenaConfigUpdateBody,
    readScreen: SCREENS.rankmgr,
    summaries: {
      read: 'The season settings in force: ticket price, reward tiers of the ticket ranking, budgets (version 0: never saved, the defaults)',
      update:
        'Overwrites the season settings with the whole document (the screen confirms first); 400 naming the field ' +
        '(settings.tiers.1.from: Must be after the tier before (more than 1)); a new version. A season is settled under the settings in force then',
    },
    recordVersion: (db, version, now) => arenaDocument.recordVersion(db, version, now),
  }),
  ...listOperations(seasonsList),
  defineOperation({
    method: 'POST',
    url: `${BASE}/settle`,
    name: 'activities.tongitsarena.settle',
    screen: SCREENS.manage,
    tags,
    audit: true,
    summary:
      "Settles every ended, unsettled season now (what the server's job does after Monday 00:00 GMT+08:00): each once, whoever runs it; " +
      'answers what this call settled (nothing when all were)',
    body: arenaSettleBody,
    response: arenaSettleAnswer,
    handler: async ({ db, user, now, note }) => {
      note.target = 'tongitsarena';
      const settled = await settleDue(db, now, `staff:${user.username}`);
      note.after = { settled };
      return ok({ settled });
    },
  }),
];

// ------------------------------------------------------------------------------ platform

export const arenaPlatformOperations: PlatformOperation[] = [
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/tongitsarena/ticket',
    name: 'platform.tongitsarena.ticket',
    scope: 'rounds',
    summary:
      "A challenger's ticket for an arena table: the first of the player's GMT+08:00 day is free, then the ticket price is debited through the ledger " +
      '(fee.arena.ticket). An empty seat is taken at once (state seated); otherwise the challenge is pending until its result. The same requestId again answers ' +
      'the first ticket (repeated). 404 unknown player or table; 409 Insufficient balance, Table is closed, Player defends table <id>, Player has a challenge pending, ' +
      'Player is banned / suspended / self-excluded',
    body: arenaTicketBody,
    response: z.object({ code: z.literal(200), data: arenaTicketAnswer }),
    handler: async ({ db, app, body, now }) => {
      try {
        return ok(
          await db.transaction().execute((trx) => buyTicket(trx, { appId: app.appId, requestId: body.requestId, uid: body.uid, table: body.table, now })),
        );
      } catch (error) {
        throw ticketError(error);
      }
    },
  }),
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/tongitsarena/result',
    name: 'platform.tongitsarena.result',
    scope: 'rounds',
    summary:
      'How a pending challenge ended, from the game server: defended (the defender is paid the defence reward plus the streak bonus through the ledger, ' +
      'once), beaten (the challenger takes the seat, the reign ends), void (not played: a paid ticket refunded, a free one given back). A seat found empty goes ' +
      'to the challenger. The same outcome again answers the first (repeated); another is a 409. 404 unknown challenge; 409 Table is closed',
    body: arenaResultBody,
    response: z.object({ code: z.literal(200), data: arenaResultAnswer }),
    handler: async ({ db, app, body, now }) =>
      ok(
        await db.transaction().execute((trx) =>
          reportResult(trx, {
            appId: app.appId,
            challengeId: body.challengeId,
            outcome: body.outcome,
            matchId: body.matchId,
            now,
          }),
        ),
      ),
  }),
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/tongitsarena/tables',
    name: 'platform.tongitsarena.tables',
    scope: 'config.read',
    summary:
      "The open arena tables with their defender (uid, name, since, defences, earned), the ticket price, and with uid the player's free ticket of today, " +
      'pending challenge and the table it defends',
    query: platformArenaTablesQuery,
    response: platformArenaTablesAnswer,
    handler: async ({ db, query, now }) => {
      const [rows, cfg] = await Promise.all([openTablesWithDefenders(db), arenaConfig(db)]);
      let me = null;
      if (query.uid !== undefined) me = await playerArenaState(db, query.uid, now);
      return ok({
        ticketPrice: cfg.settings.ticketPrice,
        tables: rows.map((r) => ({
          id: r.id,
          name: r.name,
          stake: r.stake,
          defenceReward: r.defence_reward,
          streakSteps: steps(r.streak_steps),
          defender:
            r.defender_uid === null
              ? null
              : { uid: r.defender_uid, name: r.defender_name ?? '', since: iso(r.started_at), defences: num(r.defences), earned: num(r.earned) },
        })),
        me,
      });
    },
  }),
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/tongitsarena/ranking',
    name: 'platform.tongitsarena.ranking',
    scope: 'config.read',
    summary:
      "A season's ticket ranking (default the current season) with each rank's reward, and with uid the player's own rank (null: no ticket used). 400 season",
    query: platformArenaRankingQuery,
    response: platformArenaRankingAnswer,
    handler: async ({ db, query, now }) => {
      const season = seasonFrom(query.season, now);
      const cfg = await arenaConfig(db);
      const top = Math.max(10, ...cfg.settings.tiers.map((t) => t.to));
      const [items, me] = await Promise.all([
        ticketRanking(db, season, top, cfg.settings, now),
        query.uid === undefined ? null : ownTicketRank(db, season, query.uid, cfg.settings, now),
      ]);
      return ok({
        season: { key: season.key, start: iso(season.start), end: iso(season.end), ended: season.end.getTime() <= now.getTime() },
        top: items.map((s) => ({ rank: s.rank, uid: s.uid, name: s.name, tickets: s.tickets, reward: s.reward })),
        me,
      });
    },
  }),
];

// ------------------------------------------------------------------------------ the settlement job

/**
 * The season settlement: wakes after each Monday 00:00 GMT+08:00 (at most 6 hours apart: timers
 * of days drift with a changed clock) and settles the ended seasons not yet settled (once across
 * processes: arena_season_settlement's key). TONGITS_ARENA_SETTLEMENT_JOB=0 turns it off.
 */
export function registerArenaSettlement(app: JobHost, db: Db, now: () => number): void {
  registerRepeatingJob(app, {
    name: 'tongits arena settlement',
    firstAfterMs: 9_000,
    everyMs: 6 * 3_600_000,
    retryMs: 15 * 60_000,
    run: async () => {
      await settleDue(db, new Date(now()), 'system:tongitsarena');
      return Math.max(1_000, Math.min(nextSeasonAt(now()).getTime() - now() + 1_000, 6 * 3_600_000));
    },
  });
}
