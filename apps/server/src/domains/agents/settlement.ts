/**
 * The weekly settlement (docs/decisions/021-agents.md "Settlement: exactly once, set-based"):
 * every week that ended (Monday 00:00 GMT+8) and is still open is claimed by one process
 * (`FOR UPDATE SKIP LOCKED` on its agent_week row), computed with a handful of set-based
 * statements (lines, statements, carries) and closed in that one transaction; its statements
 * are then paid through the account ledger in chunks that any process may take (row locks,
 * SKIP LOCKED), each credit keyed `agent-rebate:<week>:<uid>` so it happens at most once.
 */
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { issuanceAccount } from '../ledger/accounts';
import { ensureWeeks, weekEnd, weekKey, weekOf, weekStart, nextSettlementAt } from './weeks';
import { registerRepeatingJob, type JobHost } from '../../http/repeating-job';
import { dayOfColumn, dayStartOfExpr } from '../../db/console-day';

export const SETTLEMENT_ACTOR = `system:agent-settlement@${hostname()}:${process.pid}`;
export const REBATE_REASON = 'agent.rebate';
/** Statements paid per transaction (AGENT_SETTLEMENT_CHUNK overrides it: the concurrency test makes chunks small). */
export const DEFAULT_PAY_CHUNK =
  /^\d{1,6}$/.test(process.env.AGENT_SETTLEMENT_CHUNK ?? '') && Number(process.env.AGENT_SETTLEMENT_CHUNK) > 0
    ? Number(process.env.AGENT_SETTLEMENT_CHUNK)
    : 2_000;

export interface WeekResult {
  week: string;
  run: number;
  agents: number;
  lines: number;
  pending: number;
}
export interface SettleResult {
  computed: WeekResult[];
  paid: number;
  paidAmount: number;
}

/** AGENT_SETTLEMENT_TIMING=1: each compute step's time on stderr (the bench reads it). */
const timing = process.env.AGENT_SETTLEMENT_TIMING === '1';
async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  if (!timing) return run();
  const t0 = performance.now();
  try {
    return await run();
  } finally {
    process.stderr.write(`agent-settlement ${name} ${Math.round(performance.now() - t0)} ms\n`);
  }
}

const dayStartSql = (day: string) => dayStartOfExpr(sql.raw(day));
const sameDevice = sql`EXISTS (SELECT 1 FROM player_device da JOIN player_device di ON di.device_id = da.device_id WHERE da.uid = g.agent AND di.uid = g.invitee)`;
const sameIp = sql`EXISTS (SELECT 1 FROM player_ip ia JOIN player_ip ii ON ii.ip = ia.ip WHERE ia.uid = g.agent AND ii.uid = g.invitee)`;

/**
 * Computes one week (already claimed: its agent_week row is locked by `trx`) and closes it.
 * Lines of invitees' rake and recharge, the agents' statements, their carries; the run row.
 */
export async function computeWeek(trx: Db, week: string, now: Date, actor: string): Promise<WeekResult> {
  const S = weekStart(week);
  const E = weekEnd(week);
  const W = sql`${week}::date`;
  const settings = await trx.selectFrom('agent_settings').select('min_active_invitees').where('id', '=', 1).executeTakeFirst();
  const minActive = settings?.min_active_invitees ?? 5;
  const run = await trx
    .insertInto('agent_settlement_run')
    .values({ week, status: 'paying', claimed_by: actor, started_at: now, computed_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const runId = Number(run.id);
  const rates = sql`SELECT agent, effective_at, lead(effective_at) OVER (PARTITION BY agent ORDER BY effective_at) AS until, t1, t2, recharge
    FROM agent_rate WHERE effective_at < ${E}`;
  const reasonOf = sql`CASE WHEN g.kind = 'own' THEN 'own play' WHEN ag.status = 'suspended' THEN 'agent suspended'
    WHEN NOT g.rated THEN 'no rate' WHEN ${sameDevice} THEN 'shared device' WHEN ${sameIp} THEN 'shared ip' ELSE '' END`;

  // 1. rake lines: every player with rake in the week, to itself (own), its inviter (t1) and its inviter's inviter (t2) when agents
  await step('rake-lines', () =>
    sql`
    WITH r AS (
      SELECT g.uid, g.day, sum(g.fees)::bigint AS fees FROM game_player_day g
      WHERE g.day >= ${W} AND g.day < ${W} + 7 GROUP BY g.uid, g.day HAVING sum(g.fees) > 0
    ),
    x AS (
      SELECT r.uid AS agent, r.uid AS invitee, 'own'::text AS kind, r.day, r.fees FROM r JOIN agent ag0 ON ag0.uid = r.uid AND ag0.created_at < ${E}
      UNION ALL
      SELECT p.inviter_uid, r.uid, 't1', r.day, r.fees FROM r JOIN player p ON p.uid = r.uid JOIN agent ag0 ON ag0.uid = p.inviter_uid AND ag0.created_at < ${E}
      UNION ALL
      SELECT p1.inviter_uid, r.uid, 't2', r.day, r.fees FROM r JOIN player p ON p.uid = r.uid JOIN player p1 ON p1.uid = p.inviter_uid
        JOIN agent ag0 ON ag0.uid = p1.inviter_uid AND ag0.created_at < ${E}
    ), rt AS (${rates}),
    xr AS (
      SELECT x.agent, x.invitee, x.kind, x.day, x.fees, rt.agent IS NOT NULL AS rated,
        coalesce(CASE x.kind WHEN 't1' THEN rt.t1 WHEN 't2' THEN rt.t2 ELSE 0 END, 0) AS bps
      FROM x LEFT JOIN rt ON rt.agent = x.agent AND rt.effective_at <= ${dayStartSql('x.day')}
        AND (rt.until IS NULL OR rt.until > ${dayStartSql('x.day')})
    ), g AS (
      SELECT agent, invitee, kind, sum(fees)::bigint AS base, floor(sum(fees::numeric * bps) / 10000)::bigint AS amount,
        (array_agg(bps ORDER BY day DESC))[1] AS bps, bool_or(rated) AS rated
      FROM xr GROUP BY agent, invitee, kind
    ), v AS (
      SELECT g.*, ag.partner, ${reasonOf} AS reason FROM g JOIN agent ag ON ag.uid = g.agent
    )
    INSERT INTO agent_rebate_line (week, agent, partner, invitee, kind, base, bps, amount, status, reason, created_at, created_by)
    SELECT ${W}, agent, partner, invitee, kind, base, bps, CASE WHEN reason = '' THEN amount ELSE 0 END,
      CASE WHEN reason = '' THEN 'pending' ELSE 'voided' END, reason, ${now}, ${actor}
    FROM v`.execute(trx),
  );

  // 2. recharge lines, where configured (recharge > 0 on the day the order was paid): T1 invitees' paid recharges
  await step('recharge-lines', () =>
    sql`
    WITH o AS (
      SELECT o.uid, ${dayOfColumn('o.paid_at')} AS day, sum(coalesce(o.paid_amount, o.price))::bigint AS paid
      FROM recharge_order o WHERE o.status = 'paid' AND o.paid_at >= ${S} AND o.paid_at < ${E} GROUP BY 1, 2
    ), x AS (
      SELECT p.inviter_uid AS agent, o.uid AS invitee, o.day, o.paid FROM o JOIN player p ON p.uid = o.uid
        JOIN agent a ON a.uid = p.inviter_uid AND a.created_at < ${E}
    ), rt AS (${rates}),
    g AS (
      SELECT x.agent, x.invitee, 'recharge'::text AS kind, sum(x.paid)::bigint AS base,
        floor(sum(x.paid::numeric * rt.recharge) / 10000)::bigint AS amount, (array_agg(rt.recharge ORDER BY x.day DESC))[1] AS bps, true AS rated
      FROM x JOIN rt ON rt.agent = x.agent AND rt.effective_at <= ${dayStartSql('x.day')}
        AND (rt.until IS NULL OR rt.until > ${dayStartSql('x.day')}) AND rt.recharge > 0
      GROUP BY x.agent, x.invitee
    ), v AS (
      SELECT g.*, ag.partner, ${reasonOf} AS reason FROM g JOIN agent ag ON ag.uid = g.agent
    )
    INSERT INTO agent_rebate_line (week, agent, partner, invitee, kind, base, bps, amount, status, reason, created_at, created_by)
    SELECT ${W}, agent, partner, invitee, kind, base, bps, CASE WHEN reason = '' THEN amount ELSE 0 END,
      CASE WHEN reason = '' THEN 'pending' ELSE 'voided' END, reason, ${now}, ${actor}
    FROM v`.execute(trx),
  );

  // 3. a suspended agent's pending adjustments are voided with its week
  await step('suspended', () =>
    sql`UPDATE agent_rebate_line l SET status = 'voided', reason = left('agent suspended: ' || l.reason, 200)
    FROM agent a WHERE a.uid = l.agent AND a.status = 'suspended' AND l.week = ${W} AND l.kind = 'adjustment' AND l.status = 'pending'`.execute(trx),
  );

  // 4. one statement per agent that existed before the week ended
  await step('statements', () =>
    sql`
    WITH ag AS (SELECT uid, partner, status, carry FROM agent WHERE created_at < ${E}),
    l AS (
      SELECT agent,
        sum(base) FILTER (WHERE kind = 't1' AND reason NOT IN ('shared device', 'shared ip')) AS t1_rake, sum(amount) FILTER (WHERE kind = 't1') AS t1_amount,
        sum(base) FILTER (WHERE kind = 't2' AND reason NOT IN ('shared device', 'shared ip')) AS t2_rake, sum(amount) FILTER (WHERE kind = 't2') AS t2_amount,
        sum(base) FILTER (WHERE kind = 'recharge') AS recharge_base, sum(amount) FILTER (WHERE kind = 'recharge') AS recharge_amount,
        sum(base) FILTER (WHERE kind = 'own') AS own_rake,
        sum(base) FILTER (WHERE kind IN ('t1', 't2') AND reason IN ('shared device', 'shared ip')) AS excluded_rake,
        sum(amount) FILTER (WHERE kind = 'adjustment' AND status = 'pending') AS adjustments,
        count(*) FILTER (WHERE kind IN ('t1', 't2')) AS rake_lines
      FROM agent_rebate_line WHERE week = ${W} GROUP BY agent
    ), act AS (
      SELECT g.agent, count(*) AS n FROM (
        SELECT DISTINCT p.inviter_uid AS agent, gp.uid AS invitee FROM game_player_day gp JOIN player p ON p.uid = gp.uid
        JOIN agent a1 ON a1.uid = p.inviter_uid AND a1.created_at < ${E} WHERE gp.day >= ${W} AND gp.day < ${W} + 7 AND gp.rounds > 0
      ) g WHERE NOT ${sameDevice} AND NOT ${sameIp} GROUP BY g.agent
    ), c1 AS (
      SELECT p.inviter_uid AS agent, count(*) AS n FROM player p JOIN agent a1 ON a1.uid = p.inviter_uid AND a1.created_at < ${E} GROUP BY 1
    ), c2 AS (
      SELECT p1.inviter_uid AS agent, count(*) AS n FROM player p2 JOIN player p1 ON p1.uid = p2.inviter_uid
        JOIN agent a1 ON a1.uid = p1.inviter_uid AND a1.created_at < ${E} GROUP BY 1
    ), re AS (
      SELECT DISTINCT ON (agent) agent, currency, currency_ratio FROM agent_rate WHERE effective_at < ${E} ORDER BY agent, effective_at DESC
    ), s AS (
      SELECT ag.uid AS agent, ag.partner, ag.status = 'suspended' AS suspended, coalesce(c1.n, 0) AS t1_invitees, coalesce(c2.n, 0) AS t2_invitees,
        coalesce(act.n, 0) AS active_invitees,
        coalesce(l.t1_rake, 0) AS t1_rake, coalesce(l.t1_amount, 0) AS t1_amount, coalesce(l.t2_rake, 0) AS t2_rake, coalesce(l.t2_amount, 0) AS t2_amount,
        coalesce(l.recharge_base, 0) AS recharge_base, coalesce(l.recharge_amount, 0) AS recharge_amount, coalesce(l.own_rake, 0) AS own_rake,
        coalesce(l.excluded_rake, 0) AS excluded_rake, coalesce(l.adjustments, 0) AS adjustments, ag.carry AS carried_in,
        coalesce(l.rake_lines, 0) AS rake_lines, coalesce(re.currency, 'PHP') AS currency, coalesce(re.currency_ratio, 100) AS currency_ratio
      FROM ag LEFT JOIN l ON l.agent = ag.uid LEFT JOIN act ON act.agent = ag.uid LEFT JOIN c1 ON c1.agent = ag.uid
        LEFT JOIN c2 ON c2.agent = ag.uid LEFT JOIN re ON re.agent = ag.uid
    ), t AS (
      SELECT s.*, (t1_amount + t2_amount + recharge_amount + adjustments + carried_in)::bigint AS total FROM s
    ), p AS (
      SELECT t.*, CASE WHEN suspended OR total <= 0 THEN 0 ELSE total END AS paid_chips,
        CASE WHEN suspended THEN least(total, 0) WHEN total > 0 THEN 0 ELSE total END AS carry_out
      FROM t
    ), q AS (
      SELECT p.*, (p.paid_chips * 100 / p.currency_ratio)::bigint AS amount FROM p
    )
    INSERT INTO agent_rebate (week, agent, partner, t1_invitees, t2_invitees, active_invitees, t1_rake, t1_amount, t2_rake, t2_amount,
      recharge_base, recharge_amount, own_rake, excluded_rake, adjustments, carried_in, total, paid_chips, carry_out, currency, currency_ratio,
      amount, withdrawable, status, reason, run, settled_at)
    SELECT ${W}, agent, partner, t1_invitees, t2_invitees, active_invitees, t1_rake, t1_amount, t2_rake, t2_amount,
      recharge_base, recharge_amount, own_rake, excluded_rake, adjustments, carried_in, total, paid_chips, carry_out, currency, currency_ratio,
      amount, active_invitees >= ${minActive},
      CASE WHEN suspended THEN 'voided' WHEN amount > 0 THEN 'pending' ELSE 'settled' END,
      CASE WHEN suspended THEN 'agent suspended'
        WHEN total < 0 THEN 'negative result carried forward'
        WHEN total = 0 AND rake_lines = 0 AND adjustments = 0 THEN 'no rake from invitees'
        WHEN total = 0 THEN 'nothing earned'
        WHEN amount = 0 THEN 'below one currency unit'
        ELSE '' END,
      ${runId}, CASE WHEN suspended OR amount = 0 THEN ${now}::timestamptz END
    FROM q`.execute(trx),
  );

  // 5. lines of statements that pay nothing are settled now (those voided stay voided); the agents keep their carry
  await step('settle-unpaid-lines', () =>
    sql`UPDATE agent_rebate_line l SET status = 'settled', settled_at = ${now}
    FROM agent_rebate s WHERE s.week = ${W} AND s.agent = l.agent AND s.status <> 'pending' AND l.week = ${W} AND l.status = 'pending'`.execute(trx),
  );
  await step('agents', () =>
    sql`UPDATE agent a SET carry = s.carry_out, active_invitees = s.active_invitees, withdrawable = s.withdrawable, settled_week = s.week
    FROM agent_rebate s WHERE s.week = ${W} AND s.agent = a.uid`.execute(trx),
  );

  const counts = await sql<{ agents: number; pending: number; lines: number }>`
    SELECT (SELECT count(*) FROM agent_rebate WHERE week = ${W})::int AS agents,
      (SELECT count(*) FROM agent_rebate WHERE week = ${W} AND status = 'pending')::int AS pending,
      (SELECT count(*) FROM agent_rebate_line WHERE week = ${W})::int AS lines`.execute(trx);
  const c = counts.rows[0];
  await trx
    .updateTable('agent_settlement_run')
    .set({ agents: c.agents, lines: c.lines, computed_at: now, ...(c.pending === 0 ? { status: 'done', finished_at: now } : {}) })
    .where('id', '=', runId)
    .execute();
  await trx.updateTable('agent_week').set({ status: 'closed', closed_at: now }).where('week', '=', week).execute();
  return { week, run: runId, agents: Number(c.agents), lines: Number(c.lines), pending: Number(c.pending) };
}

/**
 * Pays up to `chunk` pending statements of a run in one transaction: locks them (SKIP LOCKED:
 * another process pays other ones), makes the agents' accounts, credits each from the issuance
 * account of its currency (account_post, both sides keyed), and marks them and their lines
 * settled. Answers how many it paid (0: none left that nobody else holds).
 */
export async function payChunk(db: Db, runId: number, now: Date, actor: string, chunk = DEFAULT_PAY_CHUNK): Promise<{ paid: number; amount: number }> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ agent: number; week: Date | string; currency: string }>`
      SELECT agent, week, currency FROM agent_rebate WHERE run = ${runId} AND status = 'pending'
      ORDER BY agent LIMIT ${chunk} FOR UPDATE SKIP LOCKED`.execute(trx);
    if (rows.length === 0) return { paid: 0, amount: 0 };
    const week = weekKey(rows[0].week);
    const agents = rows.map((r) => Number(r.agent));
    // the issuance accounts of the currencies (a handful), then every agent's account at once
    for (const currency of new Set(rows.map((r) => r.currency.toLowerCase()))) await issuanceAccount(trx, currency);
    await sql`INSERT INTO ledger_account (kind, owner, partner, currency, created_at)
      SELECT 'agent', s.agent::text, s.partner, lower(s.currency), ${now} FROM agent_rebate s
      WHERE s.week = ${week}::date AND s.agent = ANY(${agents}::int[])
      ON CONFLICT (kind, owner, currency) DO NOTHING`.execute(trx);
    const posted = await sql<{ agent: number; entry: number; amount: number }>`
      WITH s AS (
        SELECT s.agent, s.amount, a.id AS account, i.id AS issuance FROM agent_rebate s
        JOIN ledger_account a ON a.kind = 'agent' AND a.owner = s.agent::text AND a.currency = lower(s.currency)
        JOIN ledger_account i ON i.kind = 'issuance' AND i.owner = 'platform' AND i.currency = lower(s.currency)
        WHERE s.week = ${week}::date AND s.agent = ANY(${agents}::int[]) AND s.status = 'pending' AND s.amount > 0
      ), out AS (
        SELECT s.agent, s.amount, s.account,
          (account_post(s.issuance, -s.amount, ${REBATE_REASON}::text, ${`agent-rebate:${week}`}::text, 'account:' || s.account::text, ${actor}::text,
            ${`agent-rebate:${week}:`}::text || s.agent::text || ':out', ${now}::timestamptz)).entry_id AS out_entry,
          s.issuance
        FROM s
      )
      SELECT agent, amount, (account_post(account, amount, ${REBATE_REASON}::text, ${`agent-rebate:${week}`}::text, 'account:' || issuance::text,
        ${actor}::text, ${`agent-rebate:${week}:`}::text || agent::text || ':in', ${now}::timestamptz)).entry_id AS entry
      FROM out WHERE out_entry IS NOT NULL`.execute(trx);
    const paid = posted.rows;
    await sql`UPDATE agent_rebate s SET status = 'settled', settled_at = ${now}, entry = p.entry
      FROM unnest(${paid.map((p) => Number(p.agent))}::int[], ${paid.map((p) => Number(p.entry))}::bigint[]) AS p(agent, entry)
      WHERE s.week = ${week}::date AND s.agent = p.agent`.execute(trx);
    await sql`UPDATE agent_rebate_line SET status = 'settled', settled_at = ${now}
      WHERE week = ${week}::date AND agent = ANY(${agents}::int[]) AND status = 'pending'`.execute(trx);
    return { paid: paid.length, amount: paid.reduce((a, p) => a + Number(p.amount), 0) };
  });
}

/** Marks a run done once nothing is pending, with its totals. */
async function finishRun(db: Db, runId: number, now: Date): Promise<void> {
  await sql`UPDATE agent_settlement_run r SET status = 'done', finished_at = ${now},
      paid = t.paid, paid_chips = t.chips, paid_amount = t.amount
    FROM (SELECT count(*) FILTER (WHERE entry IS NOT NULL)::int AS paid, coalesce(sum(paid_chips) FILTER (WHERE entry IS NOT NULL), 0) AS chips,
      coalesce(sum(amount) FILTER (WHERE entry IS NOT NULL), 0) AS amount FROM agent_rebate WHERE run = ${runId}) t
    WHERE r.id = ${runId} AND r.status = 'paying'
      AND NOT EXISTS (SELECT 1 FROM agent_rebate WHERE run = ${runId} AND status = 'pending')`.execute(db);
}

/** Pays every run still paying (its pending statements, chunk by chunk); answers the statements paid here. */
export async function payRuns(db: Db, now: Date, actor: string, chunk = DEFAULT_PAY_CHUNK): Promise<{ paid: number; amount: number }> {
  const runs = await db.selectFrom('agent_settlement_run').select('id').where('status', '=', 'paying').orderBy('id').execute();
  let paid = 0;
  let amount = 0;
  for (const { id } of runs) {
    for (;;) {
      const done = await step('pay-chunk', () => payChunk(db, Number(id), now, actor, chunk));
      paid += done.paid;
      amount += done.amount;
      if (done.paid === 0) break;
    }
    await finishRun(db, Number(id), now);
  }
  return { paid, amount };
}

/**
 * Settles every week that ended by `now` and is still open (oldest first: a week's carry needs
 * the one before), then pays what is pending. Safe to call from any number of processes at
 * once: a week another process holds is left to it (and so are the weeks after it).
 */
export async function settleDue(db: Db, now: Date, actor = SETTLEMENT_ACTOR, chunk = DEFAULT_PAY_CHUNK): Promise<SettleResult> {
  const computed: WeekResult[] = [];
  const first = await db
    .selectFrom('agent')
    .select(sql<Date | null>`min(created_at)`.as('at'))
    .executeTakeFirst();
  if (first?.at) {
    await ensureWeeks(db, weekOf(new Date(first.at)), weekOf(now));
    for (;;) {
      const next = await db
        .selectFrom('agent_week')
        .select('week')
        .where('status', '=', 'open')
        .where('ends_at', '<=', now)
        .orderBy('week')
        .limit(1)
        .executeTakeFirst();
      if (!next) break;
      const week = weekKey(next.week);
      const done = await db.transaction().execute(async (trx) => {
        const claimed = await sql`SELECT week FROM agent_week WHERE week = ${week}::date AND status = 'open' FOR UPDATE SKIP LOCKED`.execute(trx);
        if (claimed.rows.length === 0) return null;
        return computeWeek(trx, week, now, actor);
      });
      if (!done) break;
      computed.push(done);
    }
  }
  const paid = await payRuns(db, now, actor, chunk);
  return { computed, paid: paid.paid, paidAmount: paid.amount };
}

interface Hooks extends JobHost {
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/**
 * The job in every server process (AGENT_SETTLEMENT_JOB=0 turns it off): when the server is ready (a week missed while it was down
 * is caught up) and at each Monday 00:00 GMT+8, plus a retry an hour later after a failure.
 */
export function registerAgentSettlement(app: Hooks, db: Db, now: () => number): void {
  // tests that drive the settlement themselves turn the job off
  registerRepeatingJob(app, {
    name: 'agent settlement',
    firstAfterMs: 1_000,
    everyMs: 6 * 3_600_000,
    retryMs: 3_600_000,
    run: async () => {
      const r = await settleDue(db, new Date(now()));
      if (r.computed.length > 0 || r.paid > 0) app.log.info({ weeks: r.computed.map((w) => w.week), paid: r.paid }, 'agent settlement');
      // woken at most every 6 hours (timers of days drift with a changed clock); runs when a week has ended
      return Math.max(1_000, Math.min(nextSettlementAt(now()).getTime() - now() + 1_000, 6 * 3_600_000));
    },
  });
}
