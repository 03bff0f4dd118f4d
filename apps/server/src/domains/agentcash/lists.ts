/**
 * /agentcash lists: the agents' cash-out orders (the review queues are its status filter;
 * keyset paging, export) and the figures by day, by month and by agent (bounded reports with
 * export). Partner accounts see their partner's rows only.
 */
import {
  agentCashDayRow,
  agentCashMonthRow,
  agentCashoutItem,
  agentCashUserRow,
  CASHOUT_STATES,
  queryBool,
  queryInt,
  type AgentCashDayRow,
  type AgentCashMonthRow,
  type AgentCashUserRow,
} from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/open';
import { custom, dateRange, defineList, eqEnum, eqInt, eqText, intRange, sortBy } from '../../http/list';
import type { Operation } from '../../http/operation';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import { tableOperations } from '../../reports/summary';
import { dayOfColumn } from '../../db/console-day';
import { reportOperations } from '../../reports/report';
import { DEFAULT_AGENT_CASH_CONFIG } from './config';
import { toAgentItem, type AgentOrderRow } from './orders';
import { consoleDay, monthStart } from '@console/time';

export const REVIEW_SCREEN = '/agentcash/agent_peoplecheck';
const tags = ['agentcash'];

export const agentOrders = defineList({
  url: '/api/agentcash/orders',
  name: 'agentcash.orders',
  screen: REVIEW_SCREEN,
  tags,
  summary:
    'Agent cash-out orders (the review queues by status, the records), newest first: filters status, uid, orderId, claimedBy, auto, from/to, amountMin/amountMax',
  paging: 'keyset',
  from: (db) =>
    db
      .selectFrom('agent_cashout_order as o')
      .leftJoin('agent as a', 'a.uid', 'o.uid')
      .selectAll('o')
      .select('a.name')
      .select(
        sql<number>`coalesce((SELECT c.four_eyes_amount FROM agent_cash_config c WHERE c.partner IN (0, o.partner) ORDER BY c.partner DESC LIMIT 1), ${DEFAULT_AGENT_CASH_CONFIG.fourEyesAmount})`.as(
          'four_eyes',
        ),
      ),
  partner: 'o.partner',
  id: 'o.id',
  filters: {
    status: eqEnum('o.status', CASHOUT_STATES),
    uid: eqInt('o.uid', 1),
    orderId: eqText('o.order_id', 32),
    claimedBy: eqText('o.claimed_by'),
    auto: custom(queryBool, (v) => (v ? sql<SqlBool>`o.auto` : sql<SqlBool>`NOT o.auto`)),
    created: dateRange('o.created_at'),
    amount: intRange('o.amount', { lowest: 0, highest: 1_000_000_000_000 }),
  },
  sorts: { createdAt: sortBy.time('o.created_at'), amount: sortBy.int('o.amount') },
  defaultSort: { key: 'createdAt', order: 'descend' },
  item: agentCashoutItem,
  row: (r) => toAgentItem({ ...(r as unknown as AgentOrderRow), amount: r.amount, fee: r.fee, name: r.name }, r.four_eyes),
});

// ---------------------------------------------------------------- figures

const FIGURES = sql`
  count(*)::int AS requests,
  coalesce(sum(amount), 0)::bigint AS requested,
  (count(*) FILTER (WHERE status IN ('succeed', 'set_success')))::int AS "paidCount",
  coalesce(sum(amount) FILTER (WHERE status IN ('succeed', 'set_success')), 0)::bigint AS paid,
  coalesce(sum(fee) FILTER (WHERE status IN ('succeed', 'set_success')), 0)::bigint AS fee,
  (count(*) FILTER (WHERE status IN ('denied', 'fail')))::int AS "returnedCount",
  coalesce(sum(amount) FILTER (WHERE status IN ('denied', 'fail')), 0)::bigint AS returned,
  (count(*) FILTER (WHERE status IN ('not_reviewed', 'in_review', 'approved', 'undetermined')))::int AS "openCount",
  coalesce(sum(amount) FILTER (WHERE status IN ('not_reviewed', 'in_review', 'approved', 'undetermined')), 0)::bigint AS open,
  (count(*) FILTER (WHERE auto))::int AS auto`;

const NUMBERS = ['requests', 'requested', 'paidCount', 'paid', 'fee', 'returnedCount', 'returned', 'openCount', 'open', 'auto'] as const;
const numbers = (r: Record<string, unknown>) => Object.fromEntries(NUMBERS.map((k) => [k, Number(r[k] ?? 0)])) as Record<(typeof NUMBERS)[number], number>;
const ZERO = numbers({});
const scope = (user: ScopedSubject) => ownPartnerFilter(user, 'partner');
const SORTS = ['requests', 'requested', 'paid', 'fee', 'returned', 'open'] as const;

async function byDay(db: Db, user: ScopedSubject, start: Date, end: Date, days: string[], uid?: number): Promise<AgentCashDayRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT ${dayOfColumn('created_at')}::text AS day, ${FIGURES} FROM agent_cashout_order
    WHERE created_at >= ${start} AND created_at < ${end} AND ${scope(user)} ${uid ? sql`AND uid = ${uid}` : sql``}
    GROUP BY 1`.execute(db);
  const found = new Map(rows.map((r) => [String(r.day).slice(0, 10), numbers(r)]));
  return days.map((day) => ({ day, ...(found.get(day) ?? ZERO) }));
}

async function byMonth(db: Db, user: ScopedSubject, year: number, uid?: number): Promise<AgentCashMonthRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT to_char(${dayOfColumn('created_at')}, 'YYYY-MM') AS month, ${FIGURES} FROM agent_cashout_order
    WHERE created_at >= ${monthStart(year, 1)} AND created_at < ${monthStart(year + 1, 1)} AND ${scope(user)} ${uid ? sql`AND uid = ${uid}` : sql``}
    GROUP BY 1`.execute(db);
  const found = new Map(rows.map((r) => [String(r.month), numbers(r)]));
  return Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`).map((month) => ({ month, ...(found.get(month) ?? ZERO) }));
}

/** Agents with requests in the range (at most 5,000: the busiest by requested amount). */
async function byAgent(db: Db, user: ScopedSubject, start: Date, end: Date, uid?: number): Promise<AgentCashUserRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT f.*, coalesce(a.name, '') AS name FROM (
      SELECT uid, max(partner) AS partner, ${FIGURES} FROM agent_cashout_order
      WHERE created_at >= ${start} AND created_at < ${end} AND ${scope(user)} ${uid ? sql`AND uid = ${uid}` : sql``}
      GROUP BY uid ORDER BY requested DESC LIMIT 5000) f LEFT JOIN agent a ON a.uid = f.uid`.execute(db);
  return rows.map((r) => ({ uid: Number(r.uid), name: String(r.name), partner: Number(r.partner), ...numbers(r) }));
}

const uidParam = { uid: queryInt(1, 2_147_483_647).optional() };

export const figureOperations: Operation[] = [
  ...tableOperations<AgentCashDayRow>({
    url: '/api/agentcash/figures/date',
    name: 'agentcash.figures.date',
    screen: '/agentcash/agent_search_date',
    summary: 'Agent cash-outs by GMT+08:00 day: requests and amount, paid (amount, fee), returned (denied or failed), still open, auto-approved; filter uid',
    params: uidParam,
    item: agentCashDayRow,
    id: 'day',
    defaultSort: { key: 'day', order: 'descend' },
    sorts: ['day', ...SORTS],
    load: (db, user, r, q) => byDay(db, user, r.start, r.end, r.days, q.uid as number | undefined),
  }),
  ...reportOperations<AgentCashMonthRow>({
    url: '/api/agentcash/figures/month',
    name: 'agentcash.figures.month',
    screen: '/agentcash/agent_search_month',
    summary: 'Agent cash-outs by month of a year (default this year, GMT+08:00): the figures of the daily report; filter uid',
    params: { year: queryInt(2000, 2100).optional(), ...uidParam },
    item: agentCashMonthRow,
    id: 'month',
    defaultSort: { key: 'month', order: 'descend' },
    sorts: ['month', ...SORTS],
    load: (db, user, q, now) => byMonth(db, user, (q.year as number | undefined) ?? Number(consoleDay(now).slice(0, 4)), q.uid as number | undefined),
  }),
  ...tableOperations<AgentCashUserRow>({
    url: '/api/agentcash/figures/user',
    name: 'agentcash.figures.user',
    screen: '/agentcash/agent_search_user',
    summary: 'Agent cash-outs by agent over the range (agents with requests, at most 5,000): the figures of the daily report; filter uid',
    params: uidParam,
    item: agentCashUserRow,
    id: 'uid',
    defaultSort: { key: 'requested', order: 'descend' },
    sorts: ['uid', ...SORTS],
    load: (db, user, r, q) => byAgent(db, user, r.start, r.end, q.uid as number | undefined),
  }),
];
