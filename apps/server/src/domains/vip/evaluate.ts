/**
 * The daily VIP evaluation (docs/decisions/031-vip.md): for a GMT+08:00 day that has
 * ended, once whatever the number of server processes (the day's vip_evaluation row, under an
 * advisory lock, in the same transaction as everything it does):
 *   1. the day's valid bet (game_player_day) and paid recharges per player → vip_day (set-based);
 *   2. every player who played or paid that day, or whose maintain period ends, goes through
 *      the pure `vipDay` of @console/activities, in chunks of players by uid;
 *   3. the new states, the changes with their reasons and the payouts are written with one
 *      statement each per chunk; player.vip follows the level;
 *   4. the payouts are paid through the ledger in one statement (each row one ledger_post with
 *      its idempotency key `vip:<kind>:<period>:<uid>`: exactly once per player, kind and period);
 *   5. the loss rebate's day: its claimable players (domains/activities/daily.ts).
 */
import { dayStart } from '@console/activities';
import { newVipState, parseVipSettings, VIP_DEFAULTS, vipDay, type VipSettings, type VipState } from '@console/activities';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { registerRepeatingJob, type JobHost } from '../../http/repeating-job';
import { evaluateLossRebateDay } from '../activities/daily';
import { addDays, consoleDay } from '@console/time';

const DAY_MS = 86_400_000;
const CHUNK = 5_000;
const num = (v: unknown) => Number(v ?? 0);
const dayText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export interface VipConfig {
  settings: VipSettings;
  version: number;
}

/** The VIP settings in force (the defaults until first saved; stored settings that no longer fit: closed). */
export async function vipConfig(db: Db): Promise<VipConfig> {
  const r = (
    await sql<{ settings: unknown; version: string | number | null }>`
    SELECT (SELECT settings FROM vip_config WHERE id = 1) AS settings,
      (SELECT max(id) FROM config_version WHERE kind = 'vip' AND key = 'settings') AS version`.execute(db)
  ).rows[0];
  if (!r?.settings) return { settings: VIP_DEFAULTS, version: num(r?.version) };
  const parsed = parseVipSettings(r.settings);
  return { settings: parsed.ok ? parsed.value : { ...VIP_DEFAULTS, open: false }, version: num(r.version) };
}

export interface VipEvaluation {
  day: string;
  players: number;
  ups: number;
  maintains: number;
  downs: number;
  restores: number;
  paid: number;
  lossRebates: number;
  vipMs: number;
  ms: number;
}

interface Row {
  uid: number;
  partner: number;
  bet: number;
  recharge: number;
  state: VipState | null;
}

const toState = (r: Record<string, unknown>): VipState | null =>
  r.level === null || r.level === undefined
    ? null
    : {
        level: num(r.level),
        exp: num(r.exp),
        periodExp: num(r.period_exp),
        periodStart: dayText(r.period_start),
        periodEnd: dayText(r.period_end),
        droppedFrom: r.dropped_from === null ? null : num(r.dropped_from),
        droppedOn: r.dropped_on ? dayText(r.dropped_on) : null,
        topLevel: num(r.top_level),
      };

/** Evaluates one ended day; null when it was evaluated already (here or by another process). */
export async function evaluateVipDay(db: Db, day: string, now: Date): Promise<VipEvaluation | null> {
  const started = Date.now();
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('vip:evaluate'))`.execute(trx);
    if (await trx.selectFrom('vip_evaluation').select('day').where('day', '=', day).executeTakeFirst()) return null;
    const cfg = await vipConfig(trx);
    const s = cfg.settings;
    const counts = { players: 0, ups: 0, maintains: 0, downs: 0, restores: 0 };
    if (s.open) {
      const from = dayStart(day);
      const to = new Date(from.getTime() + DAY_MS);
      await sql`
        INSERT INTO vip_day (day, uid, bet, recharge)
        SELECT ${day}::date, uid, sum(bet), sum(recharge) FROM (
          SELECT uid, sum(turnover) AS bet, 0 AS recharge FROM game_player_day WHERE day = ${day}::date GROUP BY uid
          UNION ALL
          SELECT uid, 0, sum(coalesce(paid_amount, price)) FROM recharge_order WHERE status = 'paid' AND paid_at >= ${from} AND paid_at < ${to} GROUP BY uid
        ) x GROUP BY uid
        ON CONFLICT DO NOTHING`.execute(trx);
      // who: played or paid that day; or a period ends that day (and nothing was played)
      for (const pass of ['active', 'period'] as const) {
        let after = 0;
        for (;;) {
          const rows =
            pass === 'active'
              ? (
                  await sql<Record<string, unknown>>`
                SELECT d.uid, pl.partner, d.bet, d.recharge, v.level, v.exp, v.period_exp, v.period_start, v.period_end, v.dropped_from, v.dropped_on, v.top_level
                FROM vip_day d JOIN player pl ON pl.uid = d.uid LEFT JOIN vip_player v ON v.uid = d.uid
                WHERE d.day = ${day}::date AND d.uid > ${after} ORDER BY d.uid LIMIT ${CHUNK}`.execute(trx)
                ).rows
              : (
                  await sql<Record<string, unknown>>`
                SELECT v.uid, v.partner, 0 AS bet, 0 AS recharge, v.level, v.exp, v.period_exp, v.period_start, v.period_end, v.dropped_from, v.dropped_on, v.top_level
                FROM vip_player v
                WHERE v.period_start <= ${addDays(day, -(s.periodDays - 1))}::date AND v.uid > ${after}
                  AND NOT EXISTS (SELECT 1 FROM vip_day d WHERE d.day = ${day}::date AND d.uid = v.uid)
                ORDER BY v.uid LIMIT ${CHUNK}`.execute(trx)
                ).rows;
          if (rows.length === 0) break;
          after = num(rows.at(-1)!.uid);
          const chunk: Row[] = rows.map((r) => ({ uid: num(r.uid), partner: num(r.partner), bet: num(r.bet), recharge: num(r.recharge), state: toState(r) }));
          const c = await applyChunk(trx, s, cfg.version, day, now, chunk);
          counts.players += chunk.length;
          counts.ups += c.up;
          counts.maintains += c.maintain;
          counts.downs += c.down;
          counts.restores += c.restore;
          if (rows.length < CHUNK) break;
        }
      }
    }
    const paid = await payDue(trx, now);
    const vipMs = Date.now() - started;
    // the loss rebate's day, in the same evaluation (domains/activities/daily.ts)
    const lossRebates = await evaluateLossRebateDay(trx, day, now);
    await trx
      .insertInto('vip_evaluation')
      .values({
        day,
        config_version: cfg.version,
        started_at: new Date(started),
        finished_at: new Date(),
        ...counts,
        paid,
        loss_rebates: lossRebates,
      })
      .execute();
    return { day, ...counts, paid, lossRebates, vipMs, ms: Date.now() - started };
  });
}

async function applyChunk(trx: Db, s: VipSettings, version: number, day: string, now: Date, chunk: Row[]) {
  const counts = { up: 0, maintain: 0, down: 0, restore: 0 };
  const st = {
    uid: [] as number[],
    partner: [] as number[],
    level: [] as number[],
    exp: [] as number[],
    periodExp: [] as number[],
    periodStart: [] as string[],
    periodEnd: [] as string[],
    droppedFrom: [] as (number | null)[],
    droppedOn: [] as (string | null)[],
    topLevel: [] as number[],
  };
  const ch = {
    uid: [] as number[],
    partner: [] as number[],
    kind: [] as string[],
    from: [] as number[],
    to: [] as number[],
    reason: [] as string[],
    exp: [] as number[],
    periodExp: [] as number[],
  };
  const po = {
    uid: [] as number[],
    partner: [] as number[],
    kind: [] as string[],
    period: [] as string[],
    level: [] as number[],
    base: [] as number[],
    amount: [] as number[],
  };
  const moved: { uid: number[]; level: number[] } = { uid: [], level: [] };
  for (const r of chunk) {
    const before = r.state ?? newVipState(day, s);
    const out = vipDay(s, before, day, r.bet, r.recharge);
    const a = out.state;
    st.uid.push(r.uid);
    st.partner.push(r.partner);
    st.level.push(a.level);
    st.exp.push(a.exp);
    st.periodExp.push(a.periodExp);
    st.periodStart.push(a.periodStart);
    st.periodEnd.push(a.periodEnd);
    st.droppedFrom.push(a.droppedFrom);
    st.droppedOn.push(a.droppedOn);
    st.topLevel.push(a.topLevel);
    for (const c of out.changes) {
      counts[c.kind] += 1;
      ch.uid.push(r.uid);
      ch.partner.push(r.partner);
      ch.kind.push(c.kind);
      ch.from.push(c.from);
      ch.to.push(c.to);
      ch.reason.push(c.reason);
      ch.exp.push(a.exp);
      ch.periodExp.push(a.periodExp);
    }
    for (const p of out.payouts) {
      po.uid.push(r.uid);
      po.partner.push(r.partner);
      po.kind.push(p.kind);
      po.period.push(p.period);
      po.level.push(p.level);
      po.base.push(p.base);
      po.amount.push(p.amount);
    }
    if (a.level !== before.level) {
      moved.uid.push(r.uid);
      moved.level.push(a.level);
    }
  }
  await sql`
    INSERT INTO vip_player (uid, partner, level, exp, period_exp, period_start, period_end, dropped_from, dropped_on, top_level, last_day, updated_at)
    SELECT u.*, ${day}::date, ${now} FROM unnest(${st.uid}::int[], ${st.partner}::int[], ${st.level}::int[], ${st.exp}::bigint[], ${st.periodExp}::bigint[],
      ${st.periodStart}::date[], ${st.periodEnd}::date[], ${st.droppedFrom}::int[], ${st.droppedOn}::date[], ${st.topLevel}::int[]) AS u
    ON CONFLICT (uid) DO UPDATE SET level = excluded.level, exp = excluded.exp, period_exp = excluded.period_exp, period_start = excluded.period_start,
      period_end = excluded.period_end, dropped_from = excluded.dropped_from, dropped_on = excluded.dropped_on, top_level = excluded.top_level,
      partner = excluded.partner, last_day = excluded.last_day, updated_at = excluded.updated_at`.execute(trx);
  if (ch.uid.length > 0) {
    await sql`
      INSERT INTO vip_change (uid, partner, day, at, kind, from_level, to_level, reason, exp, period_exp, config_version)
      SELECT u.uid, u.partner, ${day}::date, ${now}, u.kind, u.f, u.t, u.reason, u.exp, u.pexp, ${version}
      FROM unnest(${ch.uid}::int[], ${ch.partner}::int[], ${ch.kind}::text[], ${ch.from}::int[], ${ch.to}::int[], ${ch.reason}::text[], ${ch.exp}::bigint[], ${ch.periodExp}::bigint[])
        AS u(uid, partner, kind, f, t, reason, exp, pexp)`.execute(trx);
  }
  if (po.uid.length > 0) {
    await sql`
      INSERT INTO vip_payout (uid, partner, kind, period, level, base, amount, day)
      SELECT u.*, ${day}::date FROM unnest(${po.uid}::int[], ${po.partner}::int[], ${po.kind}::text[], ${po.period}::text[], ${po.level}::int[], ${po.base}::bigint[], ${po.amount}::bigint[]) AS u
      ON CONFLICT ON CONSTRAINT vip_payout_once DO NOTHING`.execute(trx);
  }
  if (moved.uid.length > 0) {
    await sql`UPDATE player p SET vip = u.level FROM unnest(${moved.uid}::int[], ${moved.level}::int[]) AS u(uid, level) WHERE p.uid = u.uid`.execute(trx);
  }
  return counts;
}

/** Pays every unpaid payout through the ledger, one ledger_post each with its idempotency key; answers the amount paid. */
async function payDue(trx: Db, now: Date): Promise<number> {
  const r = await sql<{ n: unknown }>`
    WITH paid AS (
      UPDATE vip_payout v SET entry_id = (ledger_post(v.uid, 'chip', v.amount, 'vip.' || v.kind, 'vip:' || v.kind || ':' || v.period, 'system:vip',
        'vip:' || v.kind || ':' || v.period || ':' || v.uid, ${now}::timestamptz)).entry_id
      WHERE v.entry_id IS NULL RETURNING v.amount)
    SELECT coalesce(sum(amount), 0) AS n FROM paid`.execute(trx);
  return num(r.rows[0]?.n);
}

/**
 * Evaluates every ended day not evaluated yet, oldest first: from the day after the last one
 * evaluated (on a new system: yesterday only, the history before VIP existed is not replayed)
 * to yesterday. `since` starts earlier (the demo seed replays its history).
 */
export async function evaluateDueVipDays(db: Db, now: Date, since?: string): Promise<VipEvaluation[]> {
  const yesterday = addDays(consoleDay(now.getTime()), -1);
  const last = await db
    .selectFrom('vip_evaluation')
    .select(sql<string>`max(day)::text`.as('d'))
    .executeTakeFirst();
  let day = last?.d ? addDays(last.d, 1) : (since ?? yesterday);
  if (since && since < day && !last?.d) day = since;
  const out: VipEvaluation[] = [];
  for (; day <= yesterday; day = addDays(day, 1)) {
    const r = await evaluateVipDay(db, day, now);
    if (r) out.push(r);
  }
  return out;
}

/** 00:05 GMT+08:00 after `ms`. */
function nextRunAt(ms: number): number {
  const next = dayStart(addDays(consoleDay(ms), 1)).getTime() + 5 * 60_000;
  return next - ms > DAY_MS ? next - DAY_MS : next;
}

/**
 * The job in every server process (VIP_EVALUATION_JOB=0 turns it off): at 00:05 GMT+08:00 (and
 * at most every 6 hours), the days that ended since the last one evaluated. A database that was
 * never evaluated starts with the first day that ends after the server started (yesterday's
 * history is not replayed, and a test server's data is left alone); the demo seed evaluates its
 * own history (demo.ts).
 */
export function registerVipEvaluation(app: JobHost & { log: { info(obj: object, msg: string): void } }, db: Db, now: () => number): void {
  let armedAt: number | null = null;
  registerRepeatingJob(app, {
    name: 'vip evaluation',
    firstAfterMs: 2_000,
    everyMs: 30 * 60_000,
    retryMs: 10 * 60_000,
    run: async () => {
      const t = now();
      const started = await db.selectFrom('vip_evaluation').select('day').limit(1).executeTakeFirst();
      armedAt ??= nextRunAt(t);
      if (started || t >= armedAt) {
        const done = await evaluateDueVipDays(db, new Date(t));
        if (done.length > 0) app.log.info({ days: done.map((d) => d.day), players: done.reduce((n, d) => n + d.players, 0) }, 'vip evaluation');
      }
      return Math.max(1_000, Math.min(nextRunAt(t) - t, 6 * 3_600_000));
    },
  });
}
