/**
 * The Tongits arena (docs/decisions/033-tongits-arena.md): king of the hill on arena tables.
 *
 * A challenger's app buys a ticket for a table (the first of the player's GMT+08:00 day free,
 * then the settings' price, debited through the ledger; idempotent by the application's request
 * id). An empty seat is taken at once by the ticket; otherwise the challenge is pending until the
 * game server reports how it ended:
 *   defended  the defender's reign counts one more defence; the defender is paid the table's
 *             defence reward plus the streak bonus of the highest step the reign has reached,
 *             through the ledger once (key activity:tongitsarena:defence:<challenge>);
 *   beaten    the reign ends (beaten) and the challenger starts one;
 *   void      the match was not played: a paid ticket is refunded, a free one given back.
 * A seat found empty at the result (the defender removed by staff) goes to the challenger.
 * Staff remove a defender (reason, operation log) and close tables (the reign ends, closed).
 *
 * Seasons run Monday 00:00 to Monday 00:00 GMT+08:00; the ticket ranking counts the tickets a
 * player used (void ones not), ties to who got there first. Once a season has ended, the reward
 * tiers are paid once (arena_season_settlement's key claimed in the paying transaction), by the
 * server's job after Monday 00:00 and by the admin's "settle now".
 *
 * Locks: a ticket takes the player's advisory lock, then the table's; a result, a removal and a
 * table's change take the table's. Every money movement is a ledger entry in the same transaction
 * as the row that records it.
 */
import { dayOf } from '@console/activities';
import { ARENA_DEFAULTS, arenaSettings, type ArenaSettings, type ArenaState, type ArenaStreakStep, type ArenaTable } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { RowOf } from '../../db/schema';
import { ApiError, conflict, notFound } from '../../http/api-error';
import { isoInConsoleZone } from '../../http/time';
import { parseWith, settingsDocument, type DocumentConfig } from '../activities/document';
import { alreadyRewarded, ineligible, playerFacts, type PlayerFacts } from '../activities/engine';
import { post } from '../ledger/ledger';
import type { VersionedItems } from '../../settings/versions';
import { periodOf as rankPeriodOf } from '../rank/rank';
import { spendBudget } from '../activities/budget';

export const ARENA = 'tongitsarena';
const BASE_SCREEN = '/activities/tongitsarena';
export const SCREENS = {
  logs: `${BASE_SCREEN}/logs`,
  tables: `${BASE_SCREEN}/arenatable`,
  rankmgr: `${BASE_SCREEN}/rankmgr`,
  defenders: `${BASE_SCREEN}/defendersmgr`,
  reigns: `${BASE_SCREEN}/defenderslogs`,
  ticketrank: `${BASE_SCREEN}/ticketrank`,
  /** Hidden, admin: tables, season settings, settle now. */
  manage: `${BASE_SCREEN}/arenamanage`,
  /** Hidden, admin and business: remove a defender. */
  remove: `${BASE_SCREEN}/defendersremove`,
} as const;
export const CONFIG_KIND = `activities.${ARENA}`;
export const TABLES_KIND = `activities.${ARENA}.tables`;
/** A pending challenge older than this is void at the player's next ticket (the game server never reported it). */
export const PENDING_MS = 30 * 60_000;
/** How many ended seasons back the settlement looks. */
const LOOKBACK_WEEKS = 4;
export const REASONS = { ticket: 'fee.arena.ticket', refund: 'fee.arena.refund', reward: `activity.${ARENA}` } as const;

const num = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => isoInConsoleZone(v as Date);

// ------------------------------------------------------------------------------ settings

export type ArenaConfig = DocumentConfig<ArenaSettings>;

export const arenaDocument = settingsDocument<ArenaSettings>({
  key: ARENA,
  parse: parseWith(arenaSettings),
  defaults: ARENA_DEFAULTS,
  // stored settings that no longer fit: the default price and budgets, no season rewards
  closed: (d) => ({ ...d, tiers: [] }),
  screen: SCREENS.manage,
  kind: CONFIG_KIND,
  noun: 'Arena settings',
  restorable: arenaSettings,
  historyReads: 'parsed',
  removed: 'delete',
});

export const arenaConfig = (db: Db): Promise<ArenaConfig> => arenaDocument.read(db);

// ------------------------------------------------------------------------------ tables

export const toTable = (r: RowOf<'arena_table'>): ArenaTable => ({
  id: r.id,
  name: r.name,
  stake: r.stake,
  defenceReward: r.defence_reward,
  streakSteps: (typeof r.streak_steps === 'string' ? JSON.parse(r.streak_steps) : (r.streak_steps ?? [])) as ArenaStreakStep[],
  open: r.open,
});

/** The tables as versioned items (key: the table id; history read-only: a table is changed, never restored). */
export const tableItems: VersionedItems<ArenaTable> = {
  screen: SCREENS.tables,
  kind: TABLES_KIND,
  noun: 'Table',
  async read(db, key) {
    const r = await db.selectFrom('arena_table').selectAll().where('id', '=', key).forUpdate().executeTakeFirst();
    return r ? toTable(r) : null;
  },
  async write(db, key, doc, now) {
    if (!doc) throw conflict('A table is never removed: close it');
    const values = {
      name: doc.name,
      stake: doc.stake,
      defence_reward: doc.defenceReward,
      streak_steps: JSON.stringify(doc.streakSteps),
      open: doc.open,
      updated_at: now,
    };
    await db
      .insertInto('arena_table')
      .values({ id: key, ...values, created_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  },
};

/** The bonus of a defence: the highest step the reign's streak (its defences, this one included) has reached; 0 below the first. */
export function bonusFor(steps: readonly ArenaStreakStep[], streak: number): number {
  let bonus = 0;
  for (const s of steps) if (streak >= s.streak) bonus = s.bonus;
  return bonus;
}

const lockTable = (trx: Db, table: string) => sql`SELECT pg_advisory_xact_lock(hashtext(${`arena:table:${table}`}))`.execute(trx);
const lockPlayer = (trx: Db, uid: number) => sql`SELECT pg_advisory_xact_lock(hashtext(${`arena:player:${uid}`}))`.execute(trx);

const currentReign = (trx: Db, table: string) =>
  trx.selectFrom('arena_reign').selectAll().where('arena', '=', table).where('ended_at', 'is', null).forUpdate().executeTakeFirst();

/** Ends the table's current reign (closed or removed); answers the reign ended, or null when the seat was empty. */
export async function endReign(trx: Db, table: string, how: 'removed' | 'closed', by: string, reason: string, now: Date) {
  const reign = await currentReign(trx, table);
  if (!reign) return null;
  await trx.updateTable('arena_reign').set({ ended_at: now, ended_how: how, ended_by: by, end_reason: reason }).where('id', '=', reign.id).execute();
  return reign;
}

// ------------------------------------------------------------------------------ seasons

export interface Season {
  key: string;
  start: Date;
  end: Date;
}

/** The season holding `at` (GMT+08:00, from Monday), or the one a key names (null: not a Monday). */
export const seasonOf = (at: Date, key?: string): Season | null => rankPeriodOf({ period: 'week' }, at, key);
export const previousSeason = (s: Season): Season => seasonOf(new Date(s.start.getTime() - 1))!;

// ------------------------------------------------------------------------------ budgets

/** Pays a reward (a defence, a season rank) through the ledger with its activity_reward row; answers the ledger entry. */
async function payReward(
  trx: Db,
  p: PlayerFacts,
  o: { amount: number; period: string; tier: string; key: string; ref: string; actor: string; version: number; appId: string; now: Date },
) {
  const posted = await post(trx, { uid: p.uid, currency: 'chip', delta: o.amount, reason: REASONS.reward, ref: o.ref, actor: o.actor, key: o.key, at: o.now });
  await trx
    .insertInto('activity_reward')
    .values({
      activity: ARENA,
      period: o.period,
      tier: o.tier,
      uid: p.uid,
      partner: p.partner,
      currency: 'chip',
      amount: o.amount,
      config_version: o.version,
      device: p.device,
      phone: p.phone,
      gcash: p.gcash,
      entry_id: posted.entryId,
      app_id: o.appId,
      at: o.now,
      day: dayOf(o.now),
    })
    .execute();
  return posted.entryId;
}

// ------------------------------------------------------------------------------ tickets

type ChallengeRow = RowOf<'arena_challenge'>;

export interface TicketAnswer {
  challengeId: number;
  table: string;
  uid: number;
  free: boolean;
  price: number;
  balance: number | null;
  season: string;
  /** pending or seated when bought; a repeated request answers the challenge's state now. */
  state: ArenaState;
  defender: { uid: number; name: string } | null;
  repeated: boolean;
}

async function nameOf(db: Db, uid: number | null | undefined): Promise<string> {
  if (uid === null || uid === undefined) return '';
  const r = await db.selectFrom('player').select('name').where('uid', '=', uid).executeTakeFirst();
  return r?.name ?? '';
}

async function ticketAnswer(db: Db, c: ChallengeRow, balance: number | null, repeated: boolean): Promise<TicketAnswer> {
  const defenderUid =
    c.reign_id === null ? null : (await db.selectFrom('arena_reign').select('uid').where('id', '=', c.reign_id).executeTakeFirst())?.uid || null;
  return {
    challengeId: c.id,
    table: c.arena,
    uid: c.uid,
    free: c.free,
    price: c.price,
    balance,
    season: seasonOf(c.bought_at)!.key,
    state: c.state,
    defender: defenderUid ? { uid: defenderUid, name: await nameOf(db, defenderUid) } : null,
    repeated,
  };
}

/** Voids a pending challenge: refunds a paid ticket (a free one is given back by the state). */
async function voidChallenge(trx: Db, c: ChallengeRow, now: Date, actor: string, note: string, matchId?: string) {
  let refund: number | null = null;
  if (c.price > 0) {
    refund = (
      await post(trx, {
        uid: c.uid,
        currency: 'chip',
        delta: c.price,
        reason: REASONS.refund,
        ref: `arena:${c.id}`,
        actor,
        key: `arena:refund:${c.id}`,
        at: now,
      })
    ).entryId;
  }
  await trx
    .updateTable('arena_challenge')
    .set({ state: 'void', outcome: 'void', refund_entry: refund, note, result_at: now, ...(matchId ? { match_id: matchId } : {}) })
    .where('id', '=', c.id)
    .execute();
}

/**
 * A challenger's ticket for a table (in the caller's transaction). The same request id again
 * answers the first ticket (repeated); 404 unknown player or table; 409 Table is closed, the
 * player's ineligibility, Player defends table <id>, Player has a challenge pending, Insufficient
 * balance (nothing is written then).
 */
export async function buyTicket(trx: Db, input: { appId: string; requestId: string; uid: number; table: string; now: Date }): Promise<TicketAnswer> {
  const { appId, requestId, uid, table, now } = input;
  await lockPlayer(trx, uid);
  const seen = await trx.selectFrom('arena_challenge').selectAll().where('app_id', '=', appId).where('request_id', '=', requestId).executeTakeFirst();
  if (seen) {
    if (seen.uid !== uid || seen.arena !== table) throw conflict(`Request ${requestId} was a ticket of another player or table`);
    return ticketAnswer(trx, seen, null, true);
  }
  const player = await playerFacts(trx, uid);
  if (!player) throw notFound(`Player ${uid} not found`);
  const why = ineligible(player, now);
  if (why) throw conflict(why);
  const t = await trx.selectFrom('arena_table').select(['id', 'open']).where('id', '=', table).executeTakeFirst();
  if (!t) throw notFound(`Table ${table} not found`);
  if (!t.open) throw conflict('Table is closed');
  const seat = await trx.selectFrom('arena_reign').select('arena').where('uid', '=', uid).where('ended_at', 'is', null).executeTakeFirst();
  if (seat) throw conflict(`Player defends table ${seat.arena}`);
  const pending = await trx.selectFrom('arena_challenge').selectAll().where('uid', '=', uid).where('state', '=', 'pending').executeTakeFirst();
  if (pending) {
    if (pending.bought_at.getTime() > now.getTime() - PENDING_MS) throw conflict('Player has a challenge pending');
    await voidChallenge(trx, pending, now, 'system:arena', 'Expired: no result within 30 minutes');
  }
  const day = dayOf(now);
  const usedFree = await trx
    .selectFrom('arena_challenge')
    .select('id')
    .where('uid', '=', uid)
    .where('day', '=', day)
    .where('free', '=', true)
    .where('state', '<>', 'void')
    .executeTakeFirst();
  const cfg = await arenaConfig(trx);
  const free = !usedFree;
  const price = free ? 0 : cfg.settings.ticketPrice;
  await lockTable(trx, table);
  const reign = await currentReign(trx, table);
  const c = await trx
    .insertInto('arena_challenge')
    .values({
      app_id: appId,
      request_id: requestId,
      arena: table,
      uid,
      partner: player.partner,
      day,
      season: seasonOf(now)!.key,
      free,
      price,
      bought_at: now,
      state: 'pending',
      reign_id: reign ? reign.id : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  let balance: number;
  if (price > 0) {
    const posted = await post(trx, {
      uid,
      currency: 'chip',
      delta: -price,
      reason: REASONS.ticket,
      ref: `arena:${c.id}`,
      actor: `app:${appId}`,
      key: `arena:ticket:${appId}:${requestId}`,
      at: now,
    });
    balance = posted.balanceAfter;
    await trx.updateTable('arena_challenge').set({ ticket_entry: posted.entryId }).where('id', '=', c.id).execute();
  } else {
    balance = (await trx.selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirst())?.chip ?? 0;
  }
  if (!reign) {
    // the empty seat: the ticket takes it
    const started = await trx
      .insertInto('arena_reign')
      .values({ arena: table, uid, partner: player.partner, started_at: now, challenge_id: c.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('arena_challenge').set({ state: 'seated', new_reign_id: started.id, result_at: now }).where('id', '=', c.id).execute();
    c.state = 'seated';
  }
  return ticketAnswer(trx, c, balance, false);
}

/** Unique keys a concurrent twin could hit first → the same 409s. */
export function ticketError(error: unknown): unknown {
  const c = String((error as { constraint?: string }).constraint ?? (error as Error)?.message ?? '');
  if (c.includes('arena_challenge_app_id_request_id')) return new ApiError(409, 'Request id already used');
  if (c.includes('arena_reign_player')) return new ApiError(409, 'Player defends a table');
  return error;
}

// ------------------------------------------------------------------------------ results

export interface ResultAnswer {
  challengeId: number;
  table: string;
  uid: number;
  state: string;
  defenderUid: number | null;
  streak: number | null;
  reward: number;
  bonus: number;
  paid: number;
  note: string;
  refunded: boolean;
  seat: { uid: number; since: string } | null;
  repeated: boolean;
}

async function resultAnswer(db: Db, c: ChallengeRow, repeated: boolean): Promise<ResultAnswer> {
  const seatReign = await db
    .selectFrom('arena_reign')
    .select(['uid', 'started_at'])
    .where('arena', '=', c.arena)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return {
    challengeId: c.id,
    table: c.arena,
    uid: c.uid,
    state: c.state,
    defenderUid: c.defender_uid,
    streak: c.streak,
    reward: c.reward,
    bonus: c.bonus,
    paid: c.paid,
    note: c.note,
    refunded: c.refund_entry !== null,
    seat: seatReign ? { uid: seatReign.uid, since: isoInConsoleZone(seatReign.started_at) } : null,
    repeated,
  };
}

/**
 * How a challenge ended, reported once by the game server (in the caller's transaction). The
 * same outcome again answers the first (repeated); another one is a 409. 404 unknown challenge;
 * 409 a seat taken at the ticket (nothing to report), Table is closed (report void).
 */
export async function reportResult(
  trx: Db,
  input: { appId: string; challengeId: number; outcome: 'defended' | 'beaten' | 'void'; matchId?: string; now: Date },
): Promise<ResultAnswer> {
  const { appId, challengeId, outcome, now } = input;
  const first = await trx.selectFrom('arena_challenge').select(['id', 'arena']).where('id', '=', challengeId).executeTakeFirst();
  if (!first) throw notFound(`Challenge ${challengeId} not found`);
  await lockTable(trx, first.arena);
  const c = await trx.selectFrom('arena_challenge').selectAll().where('id', '=', challengeId).forUpdate().executeTakeFirstOrThrow();
  if (c.state !== 'pending') {
    if (c.outcome === outcome) return resultAnswer(trx, c, true);
    if (c.outcome === null) throw conflict(`Challenge ${challengeId} took an empty seat at its ticket: there is no result to report`);
    throw conflict(`Challenge ${challengeId} already ended: ${c.outcome}`);
  }
  const actor = `app:${appId}`;
  const matchId = input.matchId ?? '';
  if (outcome === 'void') {
    await voidChallenge(trx, c, now, actor, 'Void: not played', matchId);
    return resultAnswer(trx, await reread(trx, challengeId), false);
  }
  const table = await trx.selectFrom('arena_table').selectAll().where('id', '=', c.arena).executeTakeFirstOrThrow();
  if (!table.open) throw conflict('Table is closed');
  const reign = await currentReign(trx, c.arena);
  const challenger = await playerFacts(trx, c.uid);
  const startReign = async () =>
    (
      await trx
        .insertInto('arena_reign')
        .values({
          arena: c.arena,
          uid: c.uid,
          partner: challenger?.partner ?? c.partner,
          started_at: now,
          challenge_id: c.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const done = { outcome, match_id: matchId, result_at: now };
  if (!reign) {
    // the seat was emptied (a defender removed) while the challenge waited: the challenger takes it
    const id = await startReign();
    await trx
      .updateTable('arena_challenge')
      .set({ ...done, state: 'seated', new_reign_id: id, note: 'Seat was empty' })
      .where('id', '=', challengeId)
      .execute();
  } else if (reign.uid === c.uid) {
    throw conflict('Challenger holds the seat');
  } else if (outcome === 'beaten') {
    await trx
      .updateTable('arena_reign')
      .set({ ended_at: now, ended_how: 'beaten', ended_by: `uid:${c.uid}` })
      .where('id', '=', reign.id)
      .execute();
    const id = await startReign();
    await trx
      .updateTable('arena_challenge')
      .set({ ...done, state: 'won', reign_id: reign.id, defender_uid: reign.uid, new_reign_id: id })
      .where('id', '=', challengeId)
      .execute();
  } else {
    const streak = reign.defences + 1;
    const reward = table.defence_reward;
    const bonus = bonusFor(toTable(table).streakSteps, streak);
    const defender = await playerFacts(trx, reign.uid);
    const cfg = await arenaConfig(trx);
    let note = defender ? ineligible(defender, now) : `Player ${reign.uid} not found`;
    note ??= await spendBudget(trx, ARENA, cfg.settings, reward + bonus, dayOf(now));
    let entry: number | null = null;
    if (!note) {
      entry = await payReward(trx, defender!, {
        amount: reward + bonus,
        period: `defence:${challengeId}`,
        tier: 'defence',
        key: `activity:${ARENA}:defence:${challengeId}`,
        ref: `arena:${challengeId}`,
        actor,
        version: cfg.version,
        appId,
        now,
      });
    }
    const paid = note ? 0 : reward + bonus;
    await trx
      .updateTable('arena_reign')
      .set({ defences: sql`defences + 1`, earned: sql`earned + ${paid}` })
      .where('id', '=', reign.id)
      .execute();
    await trx
      .updateTable('arena_challenge')
      .set({
        ...done,
        state: 'defended',
        reign_id: reign.id,
        defender_uid: reign.uid,
        streak,
        reward,
        bonus,
        paid,
        note: note ?? '',
        reward_entry: entry,
      })
      .where('id', '=', challengeId)
      .execute();
  }
  return resultAnswer(trx, await reread(trx, challengeId), false);
}

const reread = (trx: Db, id: number) => trx.selectFrom('arena_challenge').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

// ------------------------------------------------------------------------------ staff: remove a defender

/** Ends a reign by staff (in the staff call's transaction): 404 unknown, 409 already ended. Answers the reign before. */
export async function removeDefender(trx: Db, input: { reignId: number; reason: string; actor: string; now: Date }) {
  const r = await trx.selectFrom('arena_reign').select(['id', 'arena']).where('id', '=', input.reignId).executeTakeFirst();
  if (!r) throw notFound(`Reign ${input.reignId} not found`);
  await lockTable(trx, r.arena);
  const reign = await trx.selectFrom('arena_reign').selectAll().where('id', '=', input.reignId).forUpdate().executeTakeFirstOrThrow();
  if (reign.ended_at !== null) throw conflict(`Reign ${input.reignId} already ended (${String(reign.ended_how)})`);
  await trx
    .updateTable('arena_reign')
    .set({ ended_at: input.now, ended_how: 'removed', ended_by: input.actor, end_reason: input.reason })
    .where('id', '=', reign.id)
    .execute();
  return {
    reignId: reign.id,
    table: reign.arena,
    uid: reign.uid,
    since: isoInConsoleZone(reign.started_at),
    defences: reign.defences,
    earned: reign.earned,
  };
}

// ------------------------------------------------------------------------------ ticket ranking

export interface ArenaStanding {
  rank: number;
  uid: number;
  name: string;
  partner: number;
  tickets: number;
  free: number;
  spent: number;
  reachedAt: string | null;
  tier: string | null;
  reward: number;
}

export const tierKey = (t: { from: number; to: number }) => (t.from === t.to ? String(t.from) : `${t.from}-${t.to}`);
export function rewardOfRank(s: Pick<ArenaSettings, 'tiers'>, rank: number) {
  const t = s.tiers.find((x) => rank >= x.from && rank <= x.to);
  return { tier: t ? tierKey(t) : null, reward: t?.reward ?? 0 };
}

/**
 * Players counted in a season: the tickets they used (void ones not), of players whose account
 * is active (banned, and suspended until later, left out); ties to who got there first (the
 * earlier last ticket), then the lower uid.
 */
const counted = (season: string, now: Date) => sql`
  SELECT t.uid, t.tickets, t.free, t.spent, t.reached_at FROM (
    SELECT uid, count(*) AS tickets, count(*) FILTER (WHERE free) AS free, sum(price) AS spent, max(bought_at) AS reached_at
    FROM arena_challenge WHERE season = ${season}::date AND state <> 'void' GROUP BY uid) t
  JOIN player pl ON pl.uid = t.uid
  WHERE pl.status = 'active' OR (pl.status = 'suspended' AND pl.suspended_until IS NOT NULL AND pl.suspended_until <= ${now})`;

/** The top `top` of a season's ticket ranking with each rank's tier and reward under `settings`. */
export async function ticketRanking(db: Db, season: Season, top: number, settings: Pick<ArenaSettings, 'tiers'>, now: Date): Promise<ArenaStanding[]> {
  const { rows } = await sql<Record<string, unknown>>`
    WITH c AS (${counted(season.key, now)})
    SELECT c.*, pl.name, pl.partner FROM c JOIN player pl ON pl.uid = c.uid
    ORDER BY c.tickets DESC, c.reached_at ASC, c.uid ASC LIMIT ${top}`.execute(db);
  return rows.map((r, i) => ({
    rank: i + 1,
    uid: num(r.uid),
    name: String(r.name ?? ''),
    partner: num(r.partner),
    tickets: num(r.tickets),
    free: num(r.free),
    spent: num(r.spent),
    reachedAt: r.reached_at ? iso(r.reached_at) : null,
    ...rewardOfRank(settings, i + 1),
  }));
}

/** A player's own place in a season (rank null: no ticket used, or not ranked). */
export async function ownTicketRank(db: Db, season: Season, uid: number, settings: Pick<ArenaSettings, 'tiers'>, now: Date) {
  const { rows } = await sql<Record<string, unknown>>`
    WITH c AS (${counted(season.key, now)}), me AS (SELECT * FROM c WHERE uid = ${uid})
    SELECT me.tickets, 1 + (SELECT count(*) FROM c WHERE c.tickets > me.tickets
      OR (c.tickets = me.tickets AND (c.reached_at < me.reached_at OR (c.reached_at = me.reached_at AND c.uid < me.uid)))) AS rank
    FROM me`.execute(db);
  const r = rows[0];
  if (!r) return { uid, rank: null, tickets: 0, reward: 0 };
  const rank = num(r.rank);
  return { uid, rank, tickets: num(r.tickets), reward: rewardOfRank(settings, rank).reward };
}

// ------------------------------------------------------------------------------ season settlement

export interface SeasonSettled {
  season: string;
  paid: number;
  skipped: number;
  amount: number;
}

/**
 * Settles one ended season once: claims arena_season_settlement (season) and pays in the same
 * transaction (a concurrent run waits on the key, then finds it: null). Each rank of a tier gets
 * its reward through the ledger (key activity:tongitsarena:season:<season>:<uid>) with an
 * activity_reward row, or a skipped line with the reason (ineligible, device / phone / GCash
 * already rewarded this season, a budget spent); a skipped reward is not handed down.
 */
export async function settleSeason(db: Db, season: Season, cfg: ArenaConfig, now: Date, actor: string): Promise<SeasonSettled | null> {
  const inTransaction = <T>(fn: (trx: Db) => Promise<T>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  return inTransaction(async (trx) => {
    const claimed = await trx
      .insertInto('arena_season_settlement')
      .values({ season: season.key, config_version: cfg.version, settled_at: now, settled_by: actor })
      .onConflict((oc) => oc.column('season').doNothing())
      .returning('season')
      .executeTakeFirst();
    if (!claimed) return null;
    const out: SeasonSettled = { season: season.key, paid: 0, skipped: 0, amount: 0 };
    const top = Math.max(0, ...cfg.settings.tiers.map((t) => t.to));
    if (top === 0) return out;
    const period = `season:${season.key}`;
    for (const s of await ticketRanking(trx, season, top, cfg.settings, now)) {
      if (!s.tier || s.reward <= 0) continue;
      const player = await playerFacts(trx, s.uid);
      let reason = player ? ineligible(player, now) : `Player ${s.uid} not found`;
      if (player) reason ??= await alreadyRewarded(trx, player, { activity: ARENA, period, except: s.uid });
      reason ??= await spendBudget(trx, ARENA, cfg.settings, s.reward, dayOf(now));
      let entryId: number | null = null;
      if (!reason) {
        entryId = await payReward(trx, player!, {
          amount: s.reward,
          period,
          tier: s.tier,
          key: `activity:${ARENA}:season:${season.key}:${s.uid}`,
          ref: `arena:season:${season.key}:${s.rank}`,
          actor,
          version: cfg.version,
          appId: 'console',
          now,
        });
        out.paid += 1;
        out.amount += s.reward;
      } else {
        out.skipped += 1;
      }
      await trx
        .insertInto('arena_season_line')
        .values({
          season: season.key,
          rank: s.rank,
          uid: s.uid,
          partner: s.partner,
          tickets: s.tickets,
          reached_at: s.reachedAt,
          tier: s.tier,
          amount: s.reward,
          state: reason ? 'skipped' : 'paid',
          reason: reason ?? '',
          entry_id: entryId,
          at: now,
        })
        .execute();
    }
    return out;
  });
}

/** Whether a season was settled (arena_season_settlement holds its key). */
export async function seasonSettled(db: Db, season: string): Promise<boolean> {
  return (await db.selectFrom('arena_season_settlement').select('settled_at').where('season', '=', season).executeTakeFirst()) !== undefined;
}

/**
 * Every ended, unsettled season since the arena opened (the season its first table was created
 * in; at most 4 back), oldest first. Run by the server's job and by the admin's "settle now".
 */
export async function settleDue(db: Db, now: Date, actor: string): Promise<SeasonSettled[]> {
  const first = await db
    .selectFrom('arena_table')
    .select(sql<Date | string | null>`min(created_at)`.as('at'))
    .executeTakeFirst();
  if (!first?.at) return [];
  const since = new Date(first.at);
  const due: Season[] = [];
  let s = previousSeason(seasonOf(now)!);
  for (let i = 0; i < LOOKBACK_WEEKS && s.end > since; i += 1, s = previousSeason(s)) due.unshift(s);
  if (due.length === 0) return [];
  const settled = new Set(
    (
      await db
        .selectFrom('arena_season_settlement')
        .select(sql<string>`season::text`.as('season'))
        .where(
          'season',
          'in',
          due.map((d) => d.key),
        )
        .execute()
    ).map((r) => r.season),
  );
  const cfg = await arenaConfig(db);
  const done: SeasonSettled[] = [];
  for (const season of due) {
    if (settled.has(season.key)) continue;
    const r = await settleSeason(db, season, cfg, now, actor);
    if (r) done.push(r);
  }
  return done;
}

/** When the next season starts (the job wakes then). */
export const nextSeasonAt = (now: number) => seasonOf(new Date(now))!.end;
