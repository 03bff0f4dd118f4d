/**
 * The activity engine: runs every activity of @console/activities from its
 * declaration. For one player it reads the facts the activity listens to (bets, recharges,
 * logins, phone, balance) over the period, asks the declaration's pure `evaluate`, and pays
 * a reached tier through the ledger:
 *   - keyed by player + activity + period + tier (activity_reward's unique key and the ledger
 *     entry's idempotency key), with the config version it was earned under; a repeated claim
 *     answers what the first one paid and pays nothing;
 *   - under the total, daily and per-player budgets (conditional UPDATEs of one row each, so
 *     concurrent claims on any number of server processes never overspend);
 *   - one reward per device, phone and GCash account per activity, period and tier;
 *   - never to a banned, suspended or self-excluded (cooling-off) player.
 * docs/decisions/027-activities.md.
 */
import {
  COMEBACK_DAYS,
  dayOf,
  dayStart,
  findActivity,
  INVITEE_ROUNDS_CAP,
  periodOf,
  type Activity,
  type BaseSettings,
  type Evaluation,
  type Facts,
  type Invitee,
  type Period,
} from '@console/activities';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { ApiError, conflict, notFound } from '../../http/api-error';
import { ledgerError, post } from '../ledger/ledger';
import { settingsDocument, storedRows, type DocumentConfig, type SettingsDocument } from './document';
import { pwaLoginOf, recallsOf } from './recall';
import { DAY_OFFSET } from '../../db/console-day';
import { spendBudget } from './budget';

const DAY_MS = 86_400_000;
const num = (v: unknown) => Number(v ?? 0);

export type ActivityConfig = DocumentConfig<BaseSettings>;

/**
 * The versioned settings of one activity (one document, key 'settings'; `screen`: the configs
 * screen whose roles read and restore its history). Stored settings that no longer fit the
 * rules (a field removed, a bound tightened) close the activity rather than open it on the
 * defaults with no budget; the configs screen shows them.
 */
export function activityDocument(a: Activity, screen = `/activities/${a.id}`): SettingsDocument<BaseSettings> {
  return settingsDocument<BaseSettings>({
    key: a.id,
    parse: (raw) => {
      const parsed = a.parseSettings(raw);
      return parsed.ok ? parsed.value : null;
    },
    defaults: a.defaults,
    closed: (d) => ({ ...d, open: false }),
    screen,
    kind: `activities.${a.id}`,
    noun: 'Activity settings',
    restorable: z.custom<BaseSettings>((v) => a.parseSettings(v).ok, { message: "does not fit the activity's settings" }),
    historyReads: 'stored',
    removed: 'defaults',
  });
}

/** The settings in force (the defaults until first saved), their version (0: never saved) and when they were saved. */
export const activityConfig = (db: Db, a: Activity): Promise<ActivityConfig> => activityDocument(a).read(db);

/** Rows not in a final state (`state <> ALL(final)`: also right when an activity has no final state). */
const notFinal = (a: Activity) => sql<boolean>`state <> ALL(${sql.val([...a.final])}::text[])`;

/** How many participants of a period are not in a final state: those a save of the settings would reset. */
export async function unfinishedParticipants(db: Db, a: Activity, period: string): Promise<number> {
  return (
    await db
      .selectFrom('activity_player')
      .select(sql<number>`count(*)`.as('n'))
      .where('activity', '=', a.id)
      .where('period', '=', period)
      .where(notFinal(a))
      .executeTakeFirstOrThrow()
  ).n;
}

/**
 * After a save (or a restore): the new version counts from now, and the participants of the
 * current period whose state is not final start again (progress 0, the first state); rewards
 * already paid stay. Answers how many were reset.
 */
export async function applyNewVersion(db: Db, a: Activity, version: number, now: Date): Promise<number> {
  await activityDocument(a).recordVersion(db, version, now);
  const cfg = await activityConfig(db, a);
  const current = periodOf(a, cfg.settings, now);
  if (!current) return 0;
  const reset = await db
    .updateTable('activity_player')
    .set({ state: a.states[0], progress: 0, reset_at: now, config_version: version, updated_at: now })
    .where('activity', '=', a.id)
    .where('period', '=', current.key)
    .where(notFinal(a))
    .executeTakeFirst();
  return Number(reset.numUpdatedRows ?? 0);
}

export interface PlayerFacts {
  uid: number;
  partner: number;
  status: string;
  suspended_until: Date | null;
  cool_until: Date | null;
  phone: string | null;
  phone_bound_at: Date | null;
  vip: number;
  device: string | null;
  gcash: string | null;
  balance: number;
}

/** A player's account facts the eligibility rules read (null: no such player). */
export async function playerFacts(db: Db, uid: number): Promise<PlayerFacts | null> {
  const r = (
    await sql<Record<string, unknown>>`
    SELECT p.uid, p.partner, p.status, p.suspended_until, p.phone_country, p.phone_number, p.phone_bound_at, p.vip,
      coalesce(p.login_device, p.register_device) AS device, p.gcash, b.chip + b.safe AS balance,
      (SELECT max(cool_until) FROM player_control c WHERE c.uid = p.uid) AS cool_until
    FROM player p JOIN player_balance b ON b.uid = p.uid WHERE p.uid = ${uid}`.execute(db)
  ).rows[0];
  if (!r) return null;
  const phone = r.phone_country && r.phone_number ? `+${r.phone_country} ${r.phone_number}` : null;
  return {
    uid,
    partner: num(r.partner),
    status: String(r.status),
    suspended_until: r.suspended_until ? new Date(r.suspended_until as string) : null,
    cool_until: r.cool_until ? new Date(r.cool_until as string) : null,
    phone,
    phone_bound_at: r.phone_bound_at ? new Date(r.phone_bound_at as string) : null,
    vip: num(r.vip),
    device: (r.device as string | null) || null,
    gcash: (r.gcash as string | null) || null,
    balance: num(r.balance),
  };
}

/** Why a player may not take part, or null (banned, suspended, cooling off). */
export function ineligible(p: PlayerFacts, now: Date): string | null {
  if (p.status === 'banned') return 'Player is banned';
  if (p.status === 'suspended' && (!p.suspended_until || p.suspended_until > now)) return 'Player is suspended';
  if (p.cool_until && p.cool_until > now) return 'Player is self-excluded';
  return null;
}

/**
 * One reward per person: which of a player's device, phone and GCash account (in that order)
 * already took a reward of the activity in the period, as the refusal ('Device already rewarded');
 * null when none did. `tier` counts only that tier's rewards; `except` leaves out that player's own.
 */
export async function alreadyRewarded(
  db: Db,
  p: Pick<PlayerFacts, 'device' | 'phone' | 'gcash'>,
  at: { activity: string; period: string; tier?: string; except?: number },
): Promise<string | null> {
  for (const [column, value, what] of [
    ['device', p.device, 'Device'],
    ['phone', p.phone, 'Phone'],
    ['gcash', p.gcash, 'GCash account'],
  ] as const) {
    if (!value) continue;
    let q = db.selectFrom('activity_reward').select('uid').where('activity', '=', at.activity).where('period', '=', at.period);
    if (at.tier !== undefined) q = q.where('tier', '=', at.tier);
    q = q.where(column, '=', value);
    if (at.except !== undefined) q = q.where('uid', '<>', at.except);
    if (await q.executeTakeFirst()) return `${what} already rewarded`;
  }
  return null;
}

/** Where the counted facts of a period begin: its start, or the last config save inside it (the reset rule). */
export const countedFrom = (period: Period, savedAt: Date | null) => (savedAt && savedAt > period.start && savedAt < period.end ? savedAt : period.start);

async function factsOf(
  db: Db,
  a: Activity,
  s: BaseSettings,
  p: PlayerFacts,
  period: Period,
  cfg: ActivityConfig,
  now: Date,
  rewards?: RewardRow[],
): Promise<Facts> {
  const from = countedFrom(period, cfg.savedAt);
  const to = new Date(Math.min(period.end.getTime(), now.getTime() + 1));
  const listens = new Set(a.listens);
  const needBets = listens.has('bets');
  const [bets, recharges, logins, claims] = await Promise.all([
    needBets
      ? sql<{ bet: unknown; win: unknown; rounds: unknown }>`SELECT coalesce(sum(bet), 0) AS bet, coalesce(sum(win), 0) AS win, count(*) AS rounds
          FROM game_bet WHERE uid = ${p.uid} AND at >= ${from} AND at < ${to}`.execute(db)
      : null,
    listens.has('recharges')
      ? db
          .selectFrom('recharge_order')
          .select(['paid_at', sql<number>`coalesce(paid_amount, price)`.as('amount')])
          .where('uid', '=', p.uid)
          .where('status', '=', 'paid')
          .where('paid_at', '>=', from)
          .where('paid_at', '<', to)
          .orderBy('paid_at')
          .limit(200)
          .execute()
      : [],
    listens.has('logins')
      ? sql<{ day: string }>`SELECT DISTINCT ((at AT TIME ZONE 'UTC') + ${DAY_OFFSET})::date::text AS day FROM player_login
          WHERE uid = ${p.uid} AND at >= ${from} AND at < ${to} ORDER BY 1`.execute(db)
      : null,
    rewards ??
      db
        .selectFrom('activity_reward')
        .select(['period', 'tier', 'at', 'amount'])
        .where('uid', '=', p.uid)
        .where('activity', '=', a.id)
        .orderBy('at')
        .orderBy('id')
        .execute(),
  ]);
  const b = bets?.rows[0];
  const rechargeList = recharges.map((r) => ({ at: new Date(r.paid_at as unknown as string), amount: num(r.amount) }));
  let rush: Facts['rush'] = null;
  if (a.rush) {
    const { minDeposit, minutes } = a.rush(s);
    const first = rechargeList.find((r) => r.amount >= minDeposit);
    if (first) {
      const end = new Date(Math.min(first.at.getTime() + minutes * 60_000, to.getTime()));
      const bet = (
        await sql<{ bet: unknown }>`SELECT coalesce(sum(bet), 0) AS bet FROM game_bet WHERE uid = ${p.uid} AND at >= ${first.at} AND at < ${end}`.execute(db)
      ).rows[0];
      rush = { startedAt: first.at, deposit: first.amount, bet: num(bet?.bet) };
    }
  }
  const [comeback, cardGames, invitees, recalls, pwaLogin] = await Promise.all([
    a.comeback && listens.has('comeback') ? comebackOf(db, p.uid, a.comeback(s as never).absentDays, period, now, to) : null,
    a.cardGames && listens.has('cardgames') ? cardGamesOf(db, p.uid, a.cardGames(s as never), from, to) : {},
    listens.has('invitees') ? inviteesOf(db, p.uid, from, to) : [],
    listens.has('recalls') ? recallsOf(db, p.uid, from, to) : { recalls: [], recalled: [] },
    listens.has('pwa') ? pwaLoginOf(db, p.uid, from, to) : null,
  ]);
  return {
    now,
    uid: p.uid,
    from,
    to: period.end,
    validBet: num(b?.bet),
    wins: num(b?.win),
    rounds: num(b?.rounds),
    recharges: rechargeList,
    balance: p.balance,
    phone: p.phone,
    phoneBoundAt: p.phone_bound_at,
    vip: p.vip,
    loginDays: logins?.rows.map((r) => r.day) ?? [],
    claims: claims.map((c) => ({ period: c.period, tier: c.tier, at: new Date(c.at as string), amount: num(c.amount) })),
    rush,
    comeback,
    cardGames,
    invitees,
    ...recalls,
    pwaLogin,
  };
}

/**
 * The 'comeback' fact (rebacklogin): the player's logins since the start of the oldest calendar
 * still running (COMEBACK_DAYS GMT+08:00 days, today included, and not before the period), each
 * with the login before it: one query on player_login_uid_idx (uid, at, id), a seek per login for
 * the one before. The return is the latest login whose login before it is absentDays or more
 * earlier; its login days are the distinct days of the logins from it on.
 */
async function comebackOf(db: Db, uid: number, absentDays: number, period: Period, now: Date, to: Date): Promise<Facts['comeback']> {
  const since = new Date(Math.max(period.start.getTime(), dayStart(dayOf(now)).getTime() - (COMEBACK_DAYS - 1) * DAY_MS));
  const rows = (
    await sql<{ at: Date | string; prev: Date | string | null }>`
    SELECT l.at, (SELECT max(b.at) FROM player_login b WHERE b.uid = l.uid AND b.at < l.at) AS prev
    FROM player_login l WHERE l.uid = ${uid} AND l.at >= ${since} AND l.at < ${to} ORDER BY l.at DESC, l.id DESC LIMIT 1000`.execute(db)
  ).rows
    .reverse()
    .map((r) => ({ at: new Date(r.at), prev: r.prev === null ? null : new Date(r.prev) }));
  let i = rows.length - 1;
  while (i >= 0 && !(rows[i].prev && rows[i].at.getTime() - rows[i].prev!.getTime() >= absentDays * DAY_MS)) i -= 1;
  if (i < 0) return null;
  const back = rows[i];
  return { lastBefore: back.prev!, returnedAt: back.at, loginDays: [...new Set(rows.slice(i).map((r) => dayOf(r.at)))] };
}

/**
 * The invitee columns of `player i` (the 'invitees' fact and the invitedetail list read the same
 * SQL): a bound phone; a new phone (no other player bound it before: player_phone_idx); a new
 * device (no other player seen on the registration device before: player_device's key); rounds
 * since registration counted up to INVITEE_ROUNDS_CAP (game_bet_uid_idx); the first paid recharge
 * and when (recharge_order_uid_idx).
 */
export const inviteeColumns = sql`i.registered_at, i.phone_number IS NOT NULL AS phone_bound,
  (i.phone_number IS NOT NULL AND NOT EXISTS (SELECT 1 FROM player o WHERE o.phone_number = i.phone_number AND o.phone_country IS NOT DISTINCT FROM i.phone_country
    AND o.uid <> i.uid AND o.phone_bound_at < coalesce(i.phone_bound_at, i.registered_at))) AS new_phone,
  NOT EXISTS (SELECT 1 FROM player_device d WHERE d.device_id = i.register_device AND d.uid <> i.uid AND d.first_at < i.registered_at) AS new_device,
  (SELECT count(*) FROM (SELECT 1 FROM game_bet g WHERE g.uid = i.uid LIMIT ${INVITEE_ROUNDS_CAP}) c) AS rounds,
  fr.amount AS first_deposit, fr.paid_at AS first_deposit_at`;
/** The lateral join giving `fr` (the first paid recharge) to inviteeColumns. */
export const firstRecharge = sql`LEFT JOIN LATERAL (SELECT coalesce(r.paid_amount, r.price) AS amount, r.paid_at FROM recharge_order r
  WHERE r.uid = i.uid AND r.status = 'paid' ORDER BY r.paid_at, r.id LIMIT 1) fr ON true`;

/** The columns of inviteeColumns as the driver reads them (a count and an int8 are numbers). */
export interface InviteeColumns {
  registered_at: Date;
  phone_bound: boolean;
  new_phone: boolean;
  new_device: boolean;
  rounds: number;
  first_deposit: number | null;
  first_deposit_at: Date | null;
}

/** A row of inviteeColumns → the fact's invitee (validBet given). */
export const inviteeOf = (r: InviteeColumns & { uid: number }, validBet: number): Invitee => ({
  uid: r.uid,
  registeredAt: r.registered_at,
  phoneBound: r.phone_bound,
  newPhone: r.new_phone,
  newDevice: r.new_device,
  rounds: r.rounds,
  firstDeposit: r.first_deposit,
  validBet,
});

/**
 * The 'invitees' fact (newearnmoney, redfission): the players the player invited
 * (player_inviter_idx), each with inviteeColumns and its valid bet in [from, to) (game_bet_uid_idx): one query.
 */
async function inviteesOf(db: Db, uid: number, from: Date, to: Date): Promise<Facts['invitees']> {
  const rows = (
    await sql<InviteeColumns & { uid: number; bet: number }>`
    SELECT i.uid, ${inviteeColumns},
      (SELECT coalesce(sum(g.bet), 0)::bigint FROM game_bet g WHERE g.uid = i.uid AND g.at >= ${from} AND g.at < ${to}) AS bet
    FROM player i ${firstRecharge} WHERE i.inviter_uid = ${uid} ORDER BY i.uid LIMIT 500`.execute(db)
  ).rows;
  return rows.map((r) => inviteeOf(r, r.bet));
}

/** The 'cardgames' fact (cardstask): rounds and wins (win > bet) per game in [from, to): one query on game_bet_uid_game_idx (uid, game, at, id). */
async function cardGamesOf(db: Db, uid: number, games: readonly string[], from: Date, to: Date): Promise<Facts['cardGames']> {
  if (games.length === 0) return {};
  const rows = (
    await sql<{ game: string; rounds: unknown; wins: unknown }>`
    SELECT game, count(*) AS rounds, count(*) FILTER (WHERE win > bet) AS wins FROM game_bet
    WHERE uid = ${uid} AND game = ANY(${sql.val([...games])}::text[]) AND at >= ${from} AND at < ${to} GROUP BY game`.execute(db)
  ).rows;
  return Object.fromEntries(rows.map((r) => [r.game, { rounds: num(r.rounds), wins: num(r.wins) }]));
}

export interface Evaluated {
  activity: Activity;
  config: ActivityConfig;
  period: Period;
  player: PlayerFacts;
  facts: Facts;
  evaluation: Evaluation;
  blocked: string | null;
}

/** The periods a player may still claim from besides the current one (ladderloserebate: the last `claimDays` days). */
function openPeriods(a: Activity, s: BaseSettings, now: Date): Period[] {
  const current = periodOf(a, s, now);
  const out = current ? [current] : [];
  for (let back = 1; back <= (a.claimDays ?? 0); back += 1) {
    const p = periodOf(a, s, new Date(now.getTime() - back * DAY_MS));
    if (p && p.end.getTime() + (a.claimDays ?? 0) * DAY_MS > now.getTime()) out.push(p);
  }
  return out;
}

/** A period a claim may name: the current one, or an ended one still within the activity's claim days. */
function claimablePeriod(a: Activity, s: BaseSettings, now: Date, key: string | undefined): Period {
  if (key === undefined) {
    const current = periodOf(a, s, now);
    if (!current) throw conflict('Activity is not running');
    return current;
  }
  const p = openPeriods(a, s, now).find((x) => x.key === key);
  if (!p) throw conflict(`Period ${key} is not open for claims`);
  return p;
}

/** What a read of every activity for one player loads once instead of once per activity (the live list). */
export interface Preloaded {
  player: PlayerFacts;
  configs: Map<string, ActivityConfig>;
  rewards: RewardRow[];
}
type RewardRow = { activity: string; period: string; tier: string; at: unknown; amount: unknown };

/** The player, every activity's settings and the player's rewards, in three queries. */
export async function preload(db: Db, activities: readonly Activity[], uid: number): Promise<Preloaded> {
  const [player, rows, rewards] = await Promise.all([
    playerFacts(db, uid),
    storedRows(
      db,
      activities.map((a) => a.id),
    ),
    db.selectFrom('activity_reward').select(['activity', 'period', 'tier', 'at', 'amount']).where('uid', '=', uid).orderBy('at').orderBy('id').execute(),
  ]);
  if (!player) throw notFound(`Player ${uid} not found`);
  return { player, configs: new Map(activities.map((a) => [a.id, activityDocument(a).fromRow(rows.get(a.id))])), rewards };
}

export async function evaluateFor(db: Db, a: Activity, uid: number, now: Date, periodKey?: string, pre?: Preloaded): Promise<Evaluated[]> {
  const [config, player] = await Promise.all([pre?.configs.get(a.id) ?? activityConfig(db, a), pre?.player ?? playerFacts(db, uid)]);
  if (!player) throw notFound(`Player ${uid} not found`);
  if (!config.settings.open) return [];
  const periods = periodKey === undefined ? openPeriods(a, config.settings, now) : [claimablePeriod(a, config.settings, now, periodKey)];
  const blocked = ineligible(player, now);
  const out: Evaluated[] = [];
  for (const period of periods) {
    const facts = await factsOf(
      db,
      a,
      config.settings,
      player,
      period,
      config,
      now,
      pre?.rewards.filter((r) => r.activity === a.id),
    );
    out.push({ activity: a, config, period, player, facts, evaluation: a.evaluate(config.settings, facts, period), blocked });
  }
  return out;
}

/**
 * Records (or refreshes) a participant row from an evaluation: only when there is something to
 * show (progress, a reward, a state past the first). A read (no payment) never moves a row out of
 * a final state: it may have evaluated just before a claim committed.
 */
export async function recordParticipant(db: Db, e: Evaluated, now: Date, paid?: number): Promise<void> {
  const ev = e.evaluation;
  const initial = e.activity.states[0];
  if (paid === undefined && ev.progress <= 0 && ev.state === initial && !ev.tiers.some((t) => t.reached)) return;
  await db
    .insertInto('activity_player')
    .values({
      activity: e.activity.id,
      period: e.period.key,
      uid: e.player.uid,
      partner: e.player.partner,
      config_version: e.config.version,
      state: ev.state,
      progress: ev.progress,
      target: ev.target,
      rewards: paid === undefined ? 0 : 1,
      rewarded: paid ?? 0,
      first_at: now,
      first_day: dayOf(now),
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['activity', 'period', 'uid'])
        .doUpdateSet({
          state: ev.state,
          progress: ev.progress,
          target: ev.target,
          config_version: e.config.version,
          updated_at: now,
          rewards: paid === undefined ? sql`activity_player.rewards` : sql`activity_player.rewards + 1`,
          rewarded: paid === undefined ? sql`activity_player.rewarded` : sql`activity_player.rewarded + ${paid}`,
        })
        .where(sql<boolean>`(${paid !== undefined} OR activity_player.state <> ALL(${sql.val([...e.activity.final])}::text[]))`),
    )
    .execute();
}

export interface ClaimAnswer {
  activity: string;
  period: string;
  tier: string;
  currency: 'chip' | 'bean' | 'diamond';
  amount: number;
  balance: number | null;
  state: string;
  configVersion: number;
  repeated: boolean;
}

/**
 * One claim: pays the tier once, or answers what the first claim paid (repeated). 409 with the
 * reason for everything the rules, the budgets or the anti-abuse rules refuse; nothing changes then.
 */
export async function claim(trx: Db, input: { appId: string; uid: number; activity: string; tier: string; period?: string; now: Date }): Promise<ClaimAnswer> {
  const a = findActivity(input.activity);
  if (!a) throw notFound(`Activity ${input.activity} not found`);
  const { uid, now } = input;
  // one claim of a player in an activity at a time (every server process: a database lock)
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`activity:${a.id}:${uid}`}))`.execute(trx);
  const config = await activityConfig(trx, a);
  const periodKey = input.period ?? periodOf(a, config.settings, now)?.key;
  if (periodKey !== undefined) {
    const done = await trx
      .selectFrom('activity_reward')
      .selectAll()
      .where('activity', '=', a.id)
      .where('period', '=', periodKey)
      .where('uid', '=', uid)
      .where('tier', '=', input.tier)
      .executeTakeFirst();
    if (done) {
      return {
        activity: a.id,
        period: done.period,
        tier: done.tier,
        currency: done.currency,
        amount: num(done.amount),
        balance: null,
        state: 'claimed',
        configVersion: num(done.config_version),
        repeated: true,
      };
    }
  }
  if (!config.settings.open) throw conflict('Activity is closed');
  const [e] = await evaluateFor(trx, a, uid, now, input.period ?? claimablePeriod(a, config.settings, now, undefined).key);
  if (e.blocked) throw conflict(e.blocked);
  const t = e.evaluation.tiers.find((x) => x.tier === input.tier);
  if (!t) throw conflict(`Nothing to claim for tier ${input.tier}`);
  if (!t.reached) throw conflict(t.why ?? 'Not reached');
  if (t.amount <= 0) throw conflict('Nothing to pay');
  const s = config.settings;
  const p = e.player;
  const period = e.period.key;
  const taken = await alreadyRewarded(trx, p, { activity: a.id, period, tier: t.tier });
  if (taken) throw conflict(taken);
  if (s.playerCap > 0) {
    const had = await trx
      .selectFrom('activity_reward')
      .select(sql<number>`coalesce(sum(amount), 0)`.as('n'))
      .where('uid', '=', uid)
      .where('activity', '=', a.id)
      .executeTakeFirstOrThrow();
    if (num(had.n) + t.amount > s.playerCap) throw conflict('Player cap reached');
  }
  const day = dayOf(now);
  const overBudget = await spendBudget(trx, a.id, s, t.amount, day);
  if (overBudget) throw conflict(overBudget);
  let posted;
  try {
    posted = await post(trx, {
      uid,
      currency: t.currency,
      delta: t.amount,
      reason: `activity.${a.id}`,
      ref: `activity:${a.id}:${period}:${t.tier}`,
      actor: `app:${input.appId}`,
      key: `activity:${a.id}:${period}:${uid}:${t.tier}`,
      at: now,
    });
  } catch (error) {
    throw ledgerError(error, uid);
  }
  await trx
    .insertInto('activity_reward')
    .values({
      activity: a.id,
      period,
      tier: t.tier,
      uid,
      partner: p.partner,
      currency: t.currency,
      amount: t.amount,
      config_version: config.version,
      device: p.device,
      phone: p.phone,
      gcash: p.gcash,
      entry_id: posted.entryId,
      app_id: input.appId,
      at: now,
      day,
    })
    .execute();
  const after = a.evaluate(s, { ...e.facts, claims: [...e.facts.claims, { period, tier: t.tier, at: now, amount: t.amount }] }, e.period);
  await recordParticipant(trx, { ...e, evaluation: after }, now, t.amount);
  return {
    activity: a.id,
    period,
    tier: t.tier,
    currency: t.currency,
    amount: t.amount,
    balance: posted.balanceAfter,
    state: after.state,
    configVersion: config.version,
    repeated: false,
  };
}

/** Turns a unique-key race the checks above could not see (two processes) into the same 409s. */
export function claimError(error: unknown): unknown {
  const c = String((error as { constraint?: string }).constraint ?? (error as Error)?.message ?? '');
  if (c.includes('activity_reward_device_uq')) return new ApiError(409, 'Device already rewarded');
  if (c.includes('activity_reward_phone_uq')) return new ApiError(409, 'Phone already rewarded');
  if (c.includes('activity_reward_gcash_uq')) return new ApiError(409, 'GCash account already rewarded');
  return error;
}
