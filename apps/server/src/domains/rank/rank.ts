/**
 * Leaderboards (rank, docs/decisions/032-rank.md): boards declared in one versioned settings
 * document, standings computed from the facts, and the settlement of ended periods.
 *
 * Standings: a board's value of a player in a period is
 *   validBet  sum(turnover) of game_player_day (the board's game, or every game for 'all')
 *   wins      sum(wins − turnover) of game_player_day: the net win; only players above 0 rank
 *   deposits  sum(coalesce(paid_amount, price)) of the paid recharge_order paid in the period
 * over the players whose account is active (banned, and suspended until later, are left out).
 * Ties go to who got there first: the earlier `reachedAt`, the time of the player's last fact
 * of the period that counts (the last bet of the board's game, from game_bet; the last paid
 * deposit). For deposits and valid bet (totals that only grow) that is exactly the moment the
 * total reached its value; for the net win it is the last bet, whatever its outcome. Still
 * equal: the lower uid.
 *
 * Settlement: once a period has ended, each ranked player (top 50) of each open board is paid
 * the tier's reward through the ledger once, in one transaction that first claims
 * rank_settlement (board, period): a second run, or a concurrent one in another process,
 * finds the claim and does nothing.
 */
import { dayOf, dayStart } from '@console/activities';
import { RANK_DEFAULTS, rankSettings, tierOfRank, type RankBoard, type RankSettings, type RankStanding } from '@console/schemas';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/open';
import { isoInConsoleZone } from '../../http/time';
import { settingsDocument, parseWith, type DocumentConfig } from '../activities/document';
import { alreadyRewarded, ineligible, playerFacts } from '../activities/engine';
import { post } from '../ledger/ledger';
import { addDays } from '@console/time';
import { spendBudget } from '../activities/budget';

export const RANK = 'rank';
/** The standings and settlements (the module's roles). */
export const RANK_SCREEN = '/activities/rank';
/** Edit the boards, settle now (hidden catalogue route: admin). */
export const MANAGE_SCREEN = '/activities/rankmanage';
export const CONFIG_KIND = `activities.${RANK}`;
export const TOP = 50;
const DAY_MS = 86_400_000;
/** How far back the settlement looks for an unsettled period (a server down for longer does not pay very old periods). */
const LOOKBACK = { day: 14, week: 4 } as const;

const num = (v: unknown) => Number(v ?? 0);

// ------------------------------------------------------------------------------ settings

export type RankConfig = DocumentConfig<RankSettings>;

export const rankDocument = settingsDocument<RankSettings>({
  key: RANK,
  parse: parseWith(rankSettings),
  defaults: RANK_DEFAULTS,
  // stored settings that no longer fit: every board closed (nothing is shown or paid)
  closed: (d) => ({ ...d, boards: [] }),
  screen: MANAGE_SCREEN,
  kind: CONFIG_KIND,
  noun: 'Leaderboards',
  restorable: rankSettings,
  historyReads: 'parsed',
  removed: 'delete',
});

export const rankConfig = (db: Db): Promise<RankConfig> => rankDocument.read(db);

export const rankItems = rankDocument.items;

/** After a save or a restore: the version in force, and when each board first appeared. */
export async function recordVersion(db: Db, version: number, now: Date): Promise<void> {
  await rankDocument.recordVersion(db, version, now);
  const { settings } = await rankConfig(db);
  if (settings.boards.length === 0) return;
  await db
    .insertInto('rank_board')
    .values(settings.boards.map((b) => ({ id: b.id, created_at: now })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

// ------------------------------------------------------------------------------ periods

export interface RankPeriod {
  key: string;
  start: Date;
  end: Date;
}

/** The period of a board holding `at` (GMT+08:00; a week from Monday), or the one a key names (null: not a key of this board). */
export function periodOf(board: Pick<RankBoard, 'period'>, at: Date, key?: string): RankPeriod | null {
  let day = key ?? dayOf(at);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || addDays(day, 0) !== day) return null;
  if (board.period === 'week') {
    const monday = addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
    if (key !== undefined && monday !== key) return null;
    day = monday;
  }
  const start = dayStart(day);
  return { key: day, start, end: new Date(start.getTime() + (board.period === 'week' ? 7 : 1) * DAY_MS) };
}

export const previousPeriod = (board: Pick<RankBoard, 'period'>, p: RankPeriod) => periodOf(board, new Date(p.start.getTime() - 1))!;

// ------------------------------------------------------------------------------ standings

/** Each player's total of the board in the period (uid, value), players above 0 only. */
function totals(board: RankBoard, p: RankPeriod): RawBuilder<unknown> {
  if (board.metric === 'deposits') {
    return sql`SELECT uid, sum(coalesce(paid_amount, price)) AS value FROM recharge_order
      WHERE status = 'paid' AND paid_at >= ${p.start} AND paid_at < ${p.end} GROUP BY uid HAVING sum(coalesce(paid_amount, price)) > 0`;
  }
  const value = board.metric === 'wins' ? sql`sum(wins - turnover)` : sql`sum(turnover)`;
  const game = board.game === 'all' ? sql`` : sql`AND game = ${board.game}`;
  const last = dayOf(new Date(p.end.getTime() - 1));
  return sql`SELECT uid, ${value} AS value FROM game_player_day
    WHERE day >= ${dayOf(p.start)}::date AND day <= ${last}::date ${game} GROUP BY uid HAVING ${value} > 0`;
}

/** When the player's total got its value: the last counted fact of the period (see the header). */
function reached(board: RankBoard, p: RankPeriod, uid: RawBuilder<unknown>): RawBuilder<unknown> {
  if (board.metric === 'deposits') {
    return sql`(SELECT max(r.paid_at) FROM recharge_order r WHERE r.uid = ${uid} AND r.status = 'paid' AND r.paid_at >= ${p.start} AND r.paid_at < ${p.end})`;
  }
  const game = board.game === 'all' ? sql`` : sql`AND b.game = ${board.game}`;
  return sql`(SELECT max(b.at) FROM game_bet b WHERE b.uid = ${uid} AND NOT b.bot AND b.at >= ${p.start} AND b.at < ${p.end} ${game})`;
}

/** The ranked (eligible by account status) totals, as a CTE body. */
function eligible(board: RankBoard, p: RankPeriod, now: Date): RawBuilder<unknown> {
  return sql`SELECT t.uid, t.value FROM (${totals(board, p)}) t JOIN player pl ON pl.uid = t.uid
    WHERE pl.status = 'active' OR (pl.status = 'suspended' AND pl.suspended_until IS NOT NULL AND pl.suspended_until <= ${now})`;
}

interface StandingRow {
  uid: number;
  value: unknown;
  reached_at: Date | string | null;
  name: string | null;
  partner: unknown;
}

export const rewardOf = (board: RankBoard, rank: number) => {
  const tier = tierOfRank(rank);
  return { tier: tier?.key ?? null, reward: tier ? board.rewards[tier.key] : 0 };
};

/** The top 50 of a board in a period: rank, value, when reached, the tier and its reward. */
export async function standings(db: Db, board: RankBoard, p: RankPeriod, now: Date): Promise<RankStanding[]> {
  const { rows } = await sql<StandingRow>`
    WITH e AS (${eligible(board, p, now)}),
      cut AS (SELECT value FROM e ORDER BY value DESC OFFSET ${TOP - 1} LIMIT 1),
      c AS (SELECT e.uid, e.value, ${reached(board, p, sql`e.uid`)} AS reached_at FROM e WHERE e.value >= coalesce((SELECT value FROM cut), 0))
    SELECT c.uid, c.value, c.reached_at, pl.name, pl.partner FROM c JOIN player pl ON pl.uid = c.uid
    ORDER BY c.value DESC, c.reached_at ASC NULLS LAST, c.uid ASC LIMIT ${TOP}`.execute(db);
  return rows.map((r, i) => ({
    rank: i + 1,
    uid: num(r.uid),
    name: String(r.name ?? ''),
    partner: num(r.partner),
    value: num(r.value),
    reachedAt: isoInConsoleZone(r.reached_at),
    ...rewardOf(board, i + 1),
  }));
}

/** A player's own place: rank (null when not ranked), value and reward. */
export async function ownRank(db: Db, board: RankBoard, p: RankPeriod, uid: number, now: Date) {
  const { rows } = await sql<{ value: unknown; rank: unknown }>`
    WITH e AS (${eligible(board, p, now)}),
      me AS (SELECT e.uid, e.value, ${reached(board, p, sql`e.uid`)} AS reached_at FROM e WHERE e.uid = ${uid})
    SELECT me.value, 1 + (SELECT count(*) FROM e WHERE e.value > me.value)
      + (SELECT count(*) FROM e WHERE e.value = me.value AND e.uid <> me.uid AND (
          coalesce(${reached(board, p, sql`e.uid`)}, 'infinity'::timestamptz) < coalesce(me.reached_at, 'infinity'::timestamptz)
          OR (coalesce(${reached(board, p, sql`e.uid`)}, 'infinity'::timestamptz) = coalesce(me.reached_at, 'infinity'::timestamptz) AND e.uid < me.uid))) AS rank
    FROM me`.execute(db);
  const r = rows[0];
  if (!r) return { uid, rank: null, value: 0, reward: 0 };
  const rank = num(r.rank);
  return { uid, rank, value: num(r.value), reward: rewardOf(board, rank).reward };
}

// ------------------------------------------------------------------------------ settlement

export interface Settled {
  board: string;
  period: string;
  paid: number;
  skipped: number;
  amount: number;
}

/**
 * Settles one ended period of a board, once: claims rank_settlement (board, period) and pays
 * in the same transaction (a concurrent run waits on the claim's key, then finds it and does
 * nothing: null). Each of the top 50 gets the tier's reward through the ledger (reason
 * activity.rank, key activity:rank:<board>:<period>:<uid>) and an activity_reward row, or a
 * skipped line with the reason (ineligible player, device / phone / GCash already rewarded in
 * this board's period, a budget spent). A skipped reward is not handed down to the next rank.
 */
export async function settlePeriod(db: Db, board: RankBoard, p: RankPeriod, cfg: RankConfig, now: Date, actor: string): Promise<Settled | null> {
  // in the caller's transaction (the staff call's, with its operation log), or its own
  const inTransaction = <T>(fn: (trx: Db) => Promise<T>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  return inTransaction(async (trx) => {
    const claimed = await trx
      .insertInto('rank_settlement')
      .values({
        board: board.id,
        period: p.key,
        metric: board.metric,
        game: board.game,
        config_version: cfg.version,
        settled_at: now,
        settled_by: actor,
      })
      .onConflict((oc) => oc.columns(['board', 'period']).doNothing())
      .returning('board')
      .executeTakeFirst();
    if (!claimed) return null;
    const out: Settled = { board: board.id, period: p.key, paid: 0, skipped: 0, amount: 0 };
    const rewardPeriod = `${board.id}:${p.key}`;
    const day = dayOf(now);
    for (const s of await standings(trx, board, p, now)) {
      if (!s.tier || s.reward <= 0) continue;
      const player = await playerFacts(trx, s.uid);
      let reason = player ? ineligible(player, now) : `Player ${s.uid} not found`;
      if (player) reason ??= await alreadyRewarded(trx, player, { activity: RANK, period: rewardPeriod, except: s.uid });
      reason ??= await spendBudget(trx, RANK, cfg.settings, s.reward, day);
      let entryId: number | null = null;
      if (!reason) {
        const posted = await post(trx, {
          uid: s.uid,
          currency: 'chip',
          delta: s.reward,
          reason: `activity.${RANK}`,
          ref: `activity:${RANK}:${rewardPeriod}:${s.rank}`,
          actor,
          key: `activity:${RANK}:${board.id}:${p.key}:${s.uid}`,
          at: now,
        });
        entryId = posted.entryId;
        await trx
          .insertInto('activity_reward')
          .values({
            activity: RANK,
            period: rewardPeriod,
            tier: s.tier,
            uid: s.uid,
            partner: player!.partner,
            currency: 'chip',
            amount: s.reward,
            config_version: cfg.version,
            device: player!.device,
            phone: player!.phone,
            gcash: player!.gcash,
            entry_id: entryId,
            app_id: 'console',
            at: now,
            day,
          })
          .execute();
        out.paid += 1;
        out.amount += s.reward;
      } else {
        out.skipped += 1;
      }
      await trx
        .insertInto('rank_settlement_line')
        .values({
          board: board.id,
          period: p.key,
          rank: s.rank,
          uid: s.uid,
          partner: s.partner,
          value: s.value,
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

/**
 * Every ended, unsettled period of every open board since the board appeared (at most 14 days
 * or 4 weeks back), oldest first. Run by the server's job and by the staff "settle now".
 */
export async function settleDue(db: Db, now: Date, actor: string): Promise<Settled[]> {
  const cfg = await rankConfig(db);
  const boards = cfg.settings.boards.filter((b) => b.open);
  if (boards.length === 0) return [];
  const created = new Map((await db.selectFrom('rank_board').select(['id', 'created_at']).execute()).map((r) => [r.id, new Date(r.created_at)]));
  const done: Settled[] = [];
  for (const board of boards) {
    const since = created.get(board.id);
    if (!since) continue;
    const due: RankPeriod[] = [];
    let p = previousPeriod(board, periodOf(board, now)!);
    for (let i = 0; i < LOOKBACK[board.period] && p.end > since; i += 1, p = previousPeriod(board, p)) due.unshift(p);
    if (due.length === 0) continue;
    const settled = new Set(
      (
        await db
          .selectFrom('rank_settlement')
          .select('period')
          .where('board', '=', board.id)
          .where(
            'period',
            'in',
            due.map((d) => d.key),
          )
          .execute()
      ).map((r) => r.period),
    );
    for (const period of due) {
      if (settled.has(period.key)) continue;
      const r = await settlePeriod(db, board, period, cfg, now, actor);
      if (r) done.push(r);
    }
  }
  return done;
}

/** Whether a board's period was settled (its lines paid or skipped). */
export async function periodSettled(db: Db, board: string, period: string): Promise<boolean> {
  return (await db.selectFrom('rank_settlement').select('board').where('board', '=', board).where('period', '=', period).executeTakeFirst()) !== undefined;
}

/** The settled lines with each player's name: what the settlement log lists. */
export const settlementLinesWithNames = (db: Db) =>
  db.selectFrom('rank_settlement_line as l').leftJoin('player as p', 'p.uid', 'l.uid').selectAll('l').select('p.name');
