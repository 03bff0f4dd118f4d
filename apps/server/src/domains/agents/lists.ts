/**
 * The lists of /agentcooperation (decision 021), each declared once with its CSV export:
 * agents (agentediter), an agent's rate versions, rebate lines (rebateLogs), T1 lines with the
 * invitees (shareT1Detail), statements per agent and week (shareRebate), settlement runs
 * (sharePay). Partner accounts see their own partner's rows only (the rows' partner column).
 */
import {
  AGENT_STATUSES,
  agentItem,
  agentRateItem,
  REBATE_LINE_KINDS,
  REBATE_STATUSES,
  rebateItem,
  rebateLineItem,
  settlementRunItem,
  type AgentRateItem,
  type RebateLineItem,
} from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import type { QueryRow } from '../../db/schema';
import { contains, custom, dateRange, defineList, eqEnum, eqInt, sortBy, type ListSpec } from '../../http/list';
import type { FilterBuilder } from '../../http/list/filters';
import { isoInConsoleZone } from '../../http/time';
import { weekKey } from './weeks';

export const SCREENS = {
  agents: '/agentcooperation/agentediter',
  lines: '/agentcooperation/rebateLogs',
  t1: '/agentcooperation/shareT1Detail',
  rebates: '/agentcooperation/shareRebate',
  runs: '/agentcooperation/sharePay',
  edit: '/agentcooperation/agentedit',
  adjust: '/agentcooperation/rebateadjust',
} as const;
const tags = ['agentcooperation'];
const num = (v: unknown) => Number(v ?? 0);

const dateParam = () =>
  z
    .string()
    .regex(/^\d{4}-\d\d-\d\d$/, { message: 'Must be a date YYYY-MM-DD' })
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
      message: 'Must be a date YYYY-MM-DD',
    });
/** `week=YYYY-MM-DD` (a Monday) on a date column. */
const weekFilter = (column: string): FilterBuilder => custom(dateParam(), (v) => sql<SqlBool>`${sql.ref(column)} = ${v}::date`);
const weekRange =
  (column: string): FilterBuilder =>
  (name) => {
    const date = dateParam().optional();
    const from = `${name}From`;
    const to = `${name}To`;
    return {
      params: { [from]: date, [to]: date },
      where: (v) => {
        const parts = [
          v[from] ? sql<SqlBool>`${sql.ref(column)} >= ${v[from] as string}::date` : null,
          v[to] ? sql<SqlBool>`${sql.ref(column)} <= ${v[to] as string}::date` : null,
        ].filter((x): x is ReturnType<typeof sql<SqlBool>> => x !== null);
        if (parts.length === 0) return undefined;
        return parts.length === 1 ? parts[0] : sql<SqlBool>`${parts[0]} and ${parts[1]}`;
      },
      check: (v) => (v[from] && v[to] && (v[to] as string) < (v[from] as string) ? { param: to, message: `Must not be before ${from}` } : undefined),
    };
  };

export const agentList: ListSpec = defineList({
  url: '/api/agentcooperation/agents',
  name: 'agentcooperation.agents',
  screen: SCREENS.agents,
  tags,
  summary:
    'Agents with their latest rate version, T1 invitees, active invitees and carry as of the last settled week, and the commission ' +
    'account balance; filters uid, name (substring), partner, status',
  paging: 'page',
  // the commission account of the latest rate version's currency (an agent paid in two currencies over time has
  // an account in each: a join would list it twice); select-list subqueries run for the page's rows only
  from: (db: Db) =>
    db
      .selectFrom('agent as a')
      .innerJoin('player as p', 'p.uid', 'a.uid')
      .select([
        'a.uid',
        'a.name',
        'p.name as player_name',
        'a.partner',
        'a.status',
        'a.note',
        'a.active_invitees',
        'a.withdrawable',
        'a.carry',
        'a.settled_week',
        'a.created_at',
        'a.created_by',
        sql<number>`coalesce((SELECT acc.balance FROM ledger_account acc WHERE acc.kind = 'agent' AND acc.owner = a.uid::text
        AND acc.currency = lower(coalesce((SELECT currency FROM agent_rate WHERE agent = a.uid ORDER BY effective_at DESC LIMIT 1), 'PHP'))), 0)`.as('balance'),
        sql<number>`(SELECT count(*) FROM player i WHERE i.inviter_uid = a.uid)`.as('t1_invitees'),
        sql<Record<string, unknown> | null>`(SELECT row_to_json(r) FROM (SELECT rate, t1, t2, recharge, currency, currency_ratio, effective_at
        FROM agent_rate WHERE agent = a.uid ORDER BY effective_at DESC LIMIT 1) r)`.as('latest'),
      ]),
  // the player join only adds a column (the agent's own player row: never none, never two)
  countFrom: (db: Db) => db.selectFrom('agent as a'),
  partner: 'a.partner',
  id: 'a.uid',
  filters: { uid: eqInt('a.uid', 1), name: contains('a.name', 64), partner: eqInt('a.partner'), status: eqEnum('a.status', AGENT_STATUSES) },
  sorts: { uid: sortBy.int('a.uid'), createdAt: sortBy.time('a.created_at'), activeInvitees: sortBy.int('a.active_invitees'), carry: sortBy.int('a.carry') },
  defaultSort: { key: 'createdAt', order: 'descend' },
  item: agentItem,
  row: (r) => {
    const l = (typeof r.latest === 'string' ? JSON.parse(r.latest) : (r.latest ?? {})) as Record<string, unknown>;
    return {
      uid: r.uid,
      name: r.name,
      playerName: r.player_name,
      partner: r.partner,
      status: r.status,
      note: r.note,
      rate: num(l.rate),
      t1: num(l.t1),
      t2: num(l.t2),
      recharge: num(l.recharge),
      currency: typeof l.currency === 'string' ? l.currency : 'PHP',
      currencyRatio: num(l.currency_ratio ?? 100),
      effectiveAt: l.effective_at ? isoInConsoleZone(l.effective_at as string) : null,
      t1Invitees: r.t1_invitees,
      activeInvitees: r.active_invitees,
      withdrawable: r.withdrawable,
      carry: r.carry,
      settledWeek: r.settled_week ? weekKey(r.settled_week) : null,
      balance: r.balance,
      createdAt: isoInConsoleZone(r.created_at),
      createdBy: r.created_by,
    };
  },
});

/** Whether a version starting at `at` and replaced at `until` is past, current or scheduled at `t` (ms). */
export const rateState = (at: number, until: number | null, t: number): AgentRateItem['state'] =>
  at > t ? 'scheduled' : until !== null && until <= t ? 'past' : 'current';

/** The rate versions of one agent (uid required), newest first; `now` marks which is in effect. */
export const rateList: ListSpec = defineList({
  url: '/api/agentcooperation/agents/rates',
  name: 'agentcooperation.agents.rates',
  screen: SCREENS.agents,
  tags,
  summary: 'The rate versions of one agent (uid required): past, current, scheduled; a version is never changed',
  paging: 'page',
  from: (db: Db) =>
    db
      .selectFrom('agent_rate as r')
      .innerJoin('agent as a', 'a.uid', 'r.agent')
      .select([
        'r.id',
        'r.agent',
        'r.effective_at',
        'r.rate',
        'r.t1',
        'r.t2',
        'r.recharge',
        'r.currency',
        'r.currency_ratio',
        'r.note',
        'r.created_by',
        'r.created_at',
        sql<Date | null>`lead(r.effective_at) OVER (PARTITION BY r.agent ORDER BY r.effective_at)`.as('until'),
      ]),
  partner: 'a.partner',
  id: 'r.id',
  filters: {
    uid: (name) => ({
      params: {
        [name]: z
          .string()
          .regex(/^\d{1,10}$/, { message: 'Must be an integer' })
          .transform(Number)
          .optional(),
      },
      where: (v) => (v[name] === undefined ? undefined : sql<SqlBool>`r.agent = ${v[name]}`),
      check: (v) => (v[name] === undefined ? { param: name, message: 'Required' } : undefined),
    }),
  },
  sorts: { effectiveAt: sortBy.time('r.effective_at') },
  defaultSort: { key: 'effectiveAt', order: 'descend' },
  item: agentRateItem,
  row: (r) => {
    const at = new Date(r.effective_at).getTime();
    const until = r.until ? new Date(r.until).getTime() : null;
    const t = Date.now();
    return {
      id: r.id,
      uid: r.agent,
      effectiveAt: isoInConsoleZone(r.effective_at),
      rate: r.rate,
      t1: r.t1,
      t2: r.t2,
      recharge: r.recharge,
      currency: r.currency,
      currencyRatio: r.currency_ratio,
      note: r.note,
      createdBy: r.created_by,
      createdAt: isoInConsoleZone(r.created_at),
      until: isoInConsoleZone(r.until),
      state: rateState(at, until, t),
    };
  },
});

const lineFrom = (db: Db) =>
  db
    .selectFrom('agent_rebate_line as l')
    .innerJoin('agent as a', 'a.uid', 'l.agent')
    .leftJoin('player as i', 'i.uid', 'l.invitee')
    .select([
      'l.id',
      'l.week',
      'l.agent',
      'a.name as agent_name',
      'l.partner',
      'l.invitee',
      'i.name as invitee_name',
      'l.kind',
      'l.base',
      'l.bps',
      'l.amount',
      'l.status',
      'l.reason',
      'l.created_at',
      'l.created_by',
      'l.settled_at',
    ]);

const lineRow = (r: QueryRow<typeof lineFrom>): RebateLineItem => ({
  id: r.id,
  week: weekKey(r.week),
  agent: r.agent,
  agentName: r.agent_name,
  partner: r.partner,
  invitee: r.invitee,
  inviteeName: r.invitee_name ?? '',
  kind: r.kind,
  base: r.base,
  bps: r.bps,
  amount: r.amount,
  status: r.status,
  reason: r.reason,
  createdAt: isoInConsoleZone(r.created_at),
  createdBy: r.created_by,
  settledAt: isoInConsoleZone(r.settled_at),
});

export const lineList: ListSpec = defineList({
  url: '/api/agentcooperation/rebates/lines',
  name: 'agentcooperation.rebates.lines',
  screen: SCREENS.lines,
  tags,
  summary:
    'Rebate lines: one per week, agent, invitee and kind (t1, t2, recharge, own, adjustment), pending → settled | voided, with the ' +
    'reason a line earns nothing; filters week, weekFrom/weekTo, agent, invitee, kind, status, partner, createdAt from/to',
  paging: 'keyset',
  from: lineFrom,
  partner: 'l.partner',
  id: 'l.id',
  filters: {
    week: weekFilter('l.week'),
    weeks: weekRange('l.week'),
    agent: eqInt('l.agent', 1),
    invitee: eqInt('l.invitee', 1),
    kind: eqEnum('l.kind', REBATE_LINE_KINDS),
    status: eqEnum('l.status', REBATE_STATUSES),
    partner: eqInt('l.partner'),
    createdAt: dateRange('l.created_at'),
  },
  sorts: { id: sortBy.int('l.id'), amount: sortBy.int('l.amount'), base: sortBy.int('l.base') },
  defaultSort: { key: 'id', order: 'descend' },
  item: rebateLineItem,
  row: lineRow,
});

export const t1List: ListSpec = defineList({
  url: '/api/agentcooperation/rebates/t1',
  name: 'agentcooperation.rebates.t1',
  screen: SCREENS.t1,
  tags,
  summary:
    "Tier-1 share details: per agent and week, each direct invitee's rake and the rebate it earned (t1 lines; voided ones say why); " +
    'filters agent, week, weekFrom/weekTo, invitee, status, partner',
  paging: 'keyset',
  from: (db: Db) => lineFrom(db).where('l.kind', '=', 't1'),
  partner: 'l.partner',
  id: 'l.id',
  filters: {
    agent: eqInt('l.agent', 1),
    week: weekFilter('l.week'),
    weeks: weekRange('l.week'),
    invitee: eqInt('l.invitee', 1),
    status: eqEnum('l.status', REBATE_STATUSES),
    partner: eqInt('l.partner'),
  },
  sorts: { id: sortBy.int('l.id'), base: sortBy.int('l.base'), amount: sortBy.int('l.amount') },
  defaultSort: { key: 'base', order: 'descend' },
  item: rebateLineItem,
  row: lineRow,
});

export const rebateList: ListSpec = defineList({
  url: '/api/agentcooperation/rebates',
  name: 'agentcooperation.rebates',
  screen: SCREENS.rebates,
  tags,
  summary:
    'Statements: per agent and settled week, T1/T2 rake and rebate, recharge share, adjustments, carried in, total, paid (chips and ' +
    'currency), carried out, active invitees, withdrawable, status and why nothing was paid; filters week, weekFrom/weekTo, agent, run, status, partner',
  paging: 'keyset',
  from: (db: Db) =>
    db
      .selectFrom('agent_rebate as s')
      .innerJoin('agent as a', 'a.uid', 's.agent')
      .select([
        's.id',
        's.week',
        's.agent',
        'a.name as agent_name',
        's.partner',
        's.t1_invitees',
        's.t2_invitees',
        's.active_invitees',
        's.t1_rake',
        's.t1_amount',
        's.t2_rake',
        's.t2_amount',
        's.recharge_base',
        's.recharge_amount',
        's.own_rake',
        's.excluded_rake',
        's.adjustments',
        's.carried_in',
        's.total',
        's.paid_chips',
        's.carry_out',
        's.currency',
        's.currency_ratio',
        's.amount',
        's.withdrawable',
        's.status',
        's.reason',
        's.run',
        's.settled_at',
      ]),
  partner: 's.partner',
  id: 's.id',
  filters: {
    week: weekFilter('s.week'),
    weeks: weekRange('s.week'),
    agent: eqInt('s.agent', 1),
    run: eqInt('s.run', 1),
    status: eqEnum('s.status', REBATE_STATUSES),
    partner: eqInt('s.partner'),
  },
  sorts: { id: sortBy.int('s.id'), total: sortBy.int('s.total'), amount: sortBy.int('s.amount'), t1Amount: sortBy.int('s.t1_amount') },
  defaultSort: { key: 'id', order: 'descend' },
  item: rebateItem,
  row: (r) => ({
    id: r.id,
    week: weekKey(r.week),
    agent: r.agent,
    agentName: r.agent_name,
    partner: r.partner,
    t1Invitees: r.t1_invitees,
    t2Invitees: r.t2_invitees,
    activeInvitees: r.active_invitees,
    t1Rake: r.t1_rake,
    t1Amount: r.t1_amount,
    t2Rake: r.t2_rake,
    t2Amount: r.t2_amount,
    rechargeBase: r.recharge_base,
    rechargeAmount: r.recharge_amount,
    ownRake: r.own_rake,
    excludedRake: r.excluded_rake,
    adjustments: r.adjustments,
    carriedIn: r.carried_in,
    total: r.total,
    paidChips: r.paid_chips,
    carryOut: r.carry_out,
    currency: r.currency,
    currencyRatio: r.currency_ratio,
    amount: r.amount,
    withdrawable: r.withdrawable,
    status: r.status,
    reason: r.reason,
    run: r.run,
    settledAt: isoInConsoleZone(r.settled_at),
  }),
});

/**
 * Settlement runs (payout batches). A run covers every partner's agents: a partner account sees
 * its own figures (agents, lines, paid of its agents), computed from the statements.
 */
export const runList: ListSpec = defineList({
  url: '/api/agentcooperation/settlements',
  name: 'agentcooperation.settlements',
  screen: SCREENS.runs,
  tags,
  summary:
    'Payout batches: one settlement run per week (claimed by one server process), with its agents, lines and what it paid ' +
    "(statements, chips, currency); per partner (partner=, or a partner account's own) the figures of that partner's agents; filters week, status, partner",
  paging: 'page',
  from: (db: Db) =>
    db
      .selectFrom(
        db
          .selectFrom('agent_settlement_run as r')
          .innerJoin(
            (eb) =>
              eb
                .selectFrom('agent_rebate')
                .select([
                  'run',
                  'partner',
                  sql<number>`count(*)`.as('agents'),
                  sql<number>`count(*) FILTER (WHERE entry IS NOT NULL)`.as('paid'),
                  sql<number>`(coalesce(sum(paid_chips) FILTER (WHERE entry IS NOT NULL), 0))::bigint`.as('paid_chips'),
                  sql<number>`(coalesce(sum(amount) FILTER (WHERE entry IS NOT NULL), 0))::bigint`.as('paid_amount'),
                ])
                .groupBy(['run', 'partner'])
                .as('s'),
            (j) => j.onRef('s.run', '=', 'r.id'),
          )
          .select([
            'r.id',
            'r.week',
            'r.status',
            'r.claimed_by',
            'r.started_at',
            'r.computed_at',
            'r.finished_at',
            's.partner',
            's.agents',
            's.paid',
            's.paid_chips',
            's.paid_amount',
            sql<number>`r.id::bigint * 1000000 + s.partner`.as('bid'),
            sql<number>`(SELECT count(*) FROM agent_rebate_line l WHERE l.week = r.week AND l.partner = s.partner)`.as('lines'),
          ])
          .as('b'),
      )
      .selectAll('b'),
  partner: 'b.partner',
  id: 'b.bid',
  filters: { week: weekFilter('b.week'), status: eqEnum('b.status', ['paying', 'done']), partner: eqInt('b.partner') },
  sorts: { id: sortBy.int('b.bid') },
  defaultSort: { key: 'id', order: 'descend' },
  item: settlementRunItem.extend({ partner: z.number(), batch: z.string() }),
  row: (r) => ({
    id: r.id,
    week: weekKey(r.week),
    status: r.status,
    claimedBy: r.claimed_by,
    startedAt: isoInConsoleZone(r.started_at),
    computedAt: isoInConsoleZone(r.computed_at),
    finishedAt: isoInConsoleZone(r.finished_at),
    agents: r.agents,
    lines: r.lines,
    paid: r.paid,
    paidChips: r.paid_chips,
    paidAmount: r.paid_amount,
    partner: r.partner,
    batch: `${r.id}-${r.partner}`,
  }),
});
