/**
 * One agent over a period (report) and every agent's month (hostreport).
 *
 * report: the agent's settled weeks (agent_rebate of H3's settlement, migration 037) whose
 * Monday falls in the range: invitees, rake, rebate, paid, carry, with the chips it handed out
 * as a wholesaler in that week.
 *
 * hostreport: per agent made before the month's end and calendar month (GMT+08:00): T1/T2 invitees registered before the
 * month's end, new T1 in the month, the rake, rebate and paid of the settled weeks whose Monday
 * is in the month, and its hand-outs. An open month is computed when asked (a page of agents at
 * a time); closing a month (staff, once the month is over and none of its weeks is still open)
 * writes every agent's row once, in the transaction of the operation log; from then on the
 * month is read from those rows, which nothing changes (migration 042 revokes it).
 */
import type { AgentWeekRow, HostReportRow } from '@console/schemas';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/open';
import { conflict, notFound } from '../../http/api-error';
import type { OperationNote } from '../../http/operation';
import type { DayRange } from '../../http/range';
import type { Page } from './tree';
import { consoleDay, dayStart, recentMonths } from '@console/time';
import { isoInConsoleZone } from '../../http/time';

const WEEK_MS = 7 * 86_400_000;

export async function agentWeeks(db: Db, uid: number, r: DayRange): Promise<AgentWeekRow[]> {
  if (!(await db.selectFrom('agent').select('uid').where('uid', '=', uid).executeTakeFirst())) throw notFound(`Agent ${uid} not found`);
  const { rows } = await sql<Record<string, unknown>>`
    SELECT to_char(r.week, 'YYYY-MM-DD') AS week, r.t1_invitees, r.t2_invitees, r.active_invitees, r.t1_rake, r.t2_rake,
      r.t1_amount + r.t2_amount + r.recharge_amount + r.adjustments AS rebate, r.paid_chips, r.carry_out, r.status
    FROM agent_rebate r WHERE r.agent = ${uid} AND r.week BETWEEN ${r.from}::date AND ${r.to}::date`.execute(db);
  const out: AgentWeekRow[] = [];
  for (const x of rows) {
    const start = dayStart(String(x.week));
    const d = await db
      .selectFrom('agentmanager_distribution')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('n'))
      .where('wholesaler', '=', uid)
      .where('kind', '=', 'distribute')
      .where('at', '>=', start)
      .where('at', '<', new Date(start.getTime() + WEEK_MS))
      .executeTakeFirstOrThrow();
    out.push({
      week: String(x.week),
      t1Invitees: Number(x.t1_invitees),
      t2Invitees: Number(x.t2_invitees),
      activeInvitees: Number(x.active_invitees),
      t1Rake: Number(x.t1_rake),
      t2Rake: Number(x.t2_rake),
      rebate: Number(x.rebate),
      paid: Number(x.paid_chips),
      carry: Number(x.carry_out),
      status: String(x.status),
      distributed: Number(d.n),
    });
  }
  return out;
}

/** 'YYYY-MM' → its first day, the next month's first day, and their GMT+08:00 instants. */
export function monthBounds(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = `${month}-01`;
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { first, next, start: dayStart(first), end: dayStart(next) };
}

/** The month's figures of the agents `agents` selects (uid, partner, name), ordered by uid. */
function monthFigures(month: string, agents: RawBuilder<unknown>) {
  const b = monthBounds(month);
  return sql<Record<string, unknown>>`
    WITH a AS (${agents}),
    t1 AS (
      SELECT c.inviter_uid AS agent, count(*) AS n, count(*) FILTER (WHERE c.registered_at >= ${b.start}) AS fresh
      FROM player c WHERE c.inviter_uid IN (SELECT uid FROM a) AND c.registered_at < ${b.end} GROUP BY c.inviter_uid
    ), t2 AS (
      SELECT c.inviter_uid AS agent, count(*) AS n
      FROM player c JOIN player g ON g.inviter_uid = c.uid
      WHERE c.inviter_uid IN (SELECT uid FROM a) AND g.registered_at < ${b.end} GROUP BY c.inviter_uid
    ), rb AS (
      SELECT agent, sum(t1_rake) AS t1_rake, sum(t2_rake) AS t2_rake, sum(t1_amount + t2_amount + recharge_amount + adjustments) AS rebate,
        sum(paid_chips) AS paid
      FROM agent_rebate WHERE agent IN (SELECT uid FROM a) AND week >= ${b.first}::date AND week < ${b.next}::date GROUP BY agent
    ), d AS (
      SELECT wholesaler AS agent, sum(amount) AS n FROM agentmanager_distribution
      WHERE kind = 'distribute' AND wholesaler IN (SELECT uid FROM a) AND at >= ${b.start} AND at < ${b.end} GROUP BY wholesaler
    )
    SELECT ${b.first}::date AS month, a.uid AS agent, a.partner, a.name, coalesce(t1.n, 0)::integer AS t1_invitees, coalesce(t2.n, 0)::integer AS t2_invitees,
      coalesce(t1.fresh, 0)::integer AS new_invitees, coalesce(rb.t1_rake, 0)::bigint AS t1_rake, coalesce(rb.t2_rake, 0)::bigint AS t2_rake,
      coalesce(rb.rebate, 0)::bigint AS rebate, coalesce(rb.paid, 0)::bigint AS paid, coalesce(d.n, 0)::bigint AS distributed
    FROM a LEFT JOIN t1 ON t1.agent = a.uid LEFT JOIN t2 ON t2.agent = a.uid LEFT JOIN rb ON rb.agent = a.uid LEFT JOIN d ON d.agent = a.uid
    ORDER BY a.uid`;
}

const hostRow = (x: Record<string, unknown>, month: string, closed: boolean): HostReportRow => ({
  month,
  agent: Number(x.agent),
  partner: Number(x.partner),
  name: String(x.name),
  t1Invitees: Number(x.t1_invitees),
  t2Invitees: Number(x.t2_invitees),
  newInvitees: Number(x.new_invitees),
  t1Rake: Number(x.t1_rake),
  t2Rake: Number(x.t2_rake),
  rebate: Number(x.rebate),
  paid: Number(x.paid),
  distributed: Number(x.distributed),
  closed,
});

export interface HostFilter {
  partner?: number;
  agent?: number;
}

export async function hostReport(db: Db, month: string, f: HostFilter, cursor: string | undefined, size: number): Promise<Page<HostReportRow>> {
  const after = cursor ? Number(cursor) : 0;
  const closed = await db.selectFrom('agentmanager_month').select('month').where('month', '=', `${month}-01`).executeTakeFirst();
  let rows: Record<string, unknown>[];
  if (closed) {
    ({ rows } = await sql<Record<string, unknown>>`
      SELECT * FROM agentmanager_host_report
      WHERE month = ${`${month}-01`}::date AND agent > ${after}
        AND (${f.partner ?? null}::integer IS NULL OR partner = ${f.partner ?? null}) AND (${f.agent ?? null}::integer IS NULL OR agent = ${f.agent ?? null})
      ORDER BY agent LIMIT ${size + 1}`.execute(db));
  } else {
    ({ rows } = await monthFigures(
      month,
      sql`
      SELECT uid, partner, name FROM agent WHERE created_at < ${monthBounds(month).end} AND uid > ${after}
        AND (${f.partner ?? null}::integer IS NULL OR partner = ${f.partner ?? null}) AND (${f.agent ?? null}::integer IS NULL OR uid = ${f.agent ?? null})
      ORDER BY uid LIMIT ${size + 1}`,
    ).execute(db));
  }
  const items = rows.slice(0, size).map((x) => hostRow(x, month, closed !== undefined));
  return { items, nextCursor: rows.length > size ? String(items[items.length - 1].agent) : null };
}

export interface MonthState {
  month: string;
  closed: boolean;
  closedAt: string | null;
  closedBy: string | null;
  agents: number | null;
  note: string;
}

/** The last 12 months up to the current one, newest first, with whether each is closed. */
export async function months(db: Db, now: Date): Promise<MonthState[]> {
  const closed = await db
    .selectFrom('agentmanager_month')
    .select([sql<string>`to_char(month, 'YYYY-MM')`.as('m'), 'closed_at', 'closed_by', 'agents', 'note'])
    .execute();
  const byMonth = new Map(closed.map((c) => [c.m, c]));
  const out: MonthState[] = [];
  for (const month of recentMonths(now, 12)) {
    const c = byMonth.get(month);
    out.push({
      month,
      closed: c !== undefined,
      closedAt: c ? isoInConsoleZone(new Date(c.closed_at)) : null,
      closedBy: c?.closed_by ?? null,
      agents: c?.agents ?? null,
      note: c?.note ?? '',
    });
  }
  return out;
}

export interface Change {
  db: Db;
  user: { username: string };
  now: Date;
  note: OperationNote;
}

/** Closes a month: every agent's row written once; 409 when not over yet, already closed, or a week of it is still open. */
export async function closeMonth(ctx: Change, month: string, note: string): Promise<{ month: string; agents: number }> {
  const b = monthBounds(month);
  if (ctx.now < b.end) throw conflict(`Month ${month} is not over yet`);
  // one closing of a month at a time: a second waits here, then finds it closed
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`agentmanager.month:${month}`}))`.execute(ctx.db);
  if (await ctx.db.selectFrom('agentmanager_month').select('month').where('month', '=', b.first).executeTakeFirst())
    throw conflict(`Month ${month} is closed already`);
  const open = await ctx.db
    .selectFrom('agent_week')
    .select('week')
    .where('status', '=', 'open')
    .where('week', '>=', b.first)
    .where('week', '<', b.next)
    .orderBy('week')
    .executeTakeFirst();
  if (open) throw conflict(`Week ${consoleDay(new Date(open.week))} of ${month} is not settled yet`);
  // the month row and every agent's row in one statement (one snapshot: the count is the rows')
  const figures = monthFigures(month, sql`SELECT uid, partner, name FROM agent WHERE created_at < ${b.end}`);
  const { rows } = await sql<{ agents: number; rebate: string; paid: string }>`
    WITH f AS (${figures}),
    m AS (
      INSERT INTO agentmanager_month (month, closed_at, closed_by, agents, note)
      SELECT ${b.first}::date, ${ctx.now}::timestamptz, ${ctx.user.username}, count(*), ${note} FROM f
      RETURNING month
    ), ins AS (
      INSERT INTO agentmanager_host_report (month, agent, partner, name, t1_invitees, t2_invitees, new_invitees, t1_rake, t2_rake, rebate, paid, distributed)
      SELECT f.month, agent, partner, name, t1_invitees, t2_invitees, new_invitees, t1_rake, t2_rake, rebate, paid, distributed FROM f, m
      RETURNING rebate, paid
    )
    SELECT count(*)::integer AS agents, coalesce(sum(rebate), 0) AS rebate, coalesce(sum(paid), 0) AS paid FROM ins`.execute(ctx.db);
  const total = rows[0];
  Object.assign(ctx.note, {
    target: `hostreport:${month}`,
    before: null,
    after: { month, agents: total.agents, rebate: Number(total.rebate), paid: Number(total.paid), note },
  });
  return { month, agents: total.agents };
}
