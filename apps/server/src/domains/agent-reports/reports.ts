/**
 * The agent cooperation reports, read from the day roll-ups of migration 039 (never from rounds,
 * bets or orders): cooperData (by day, with the chart, and by agent), shareData (by week or
 * month), agentgamelogs (agent × day list, SQL paging and export), inviteeData (one agent's
 * invitees), cooperSearch (a player's chain up to its agent and its own invitees).
 * Rebates on these screens are the rates' estimate (rake × the rate version in effect at the
 * day's start, agent_rate of migration 037); the settled amounts are H3's rebate lines.
 */
import {
  cooperAgentItem,
  gameLogItem,
  agentInviteeItem,
  chainItem,
  shareItem,
  type ChainItem,
  type CooperAgentItem,
  type CooperSummary,
  type AgentInviteeItem,
  type ShareItem,
  queryInt,
} from '@console/schemas';
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { defineList, eqInt, sortBy, type ListSpec } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter, partnerScope, type ScopedSubject } from '../../plugins/partner-scope';
import { dayColumnRange, rangeProblem, type DayRange } from '../../http/range';
import { DAY_OFFSET } from '../../db/console-day';

export const COOPER_DATA_SCREEN = '/agentcooperation/cooperData';
export const COOPER_SEARCH_SCREEN = '/agentcooperation/cooperSearch';
export const INVITEE_DATA_SCREEN = '/agentcooperation/inviteeData';
export const SHARE_DATA_SCREEN = '/agentcooperation/shareData';
export const GAME_LOGS_SCREEN = '/partnermanager/agentgamelogs';

const num = (v: unknown) => Number(v ?? 0);
const dayText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** The rate version in effect at the start of d.day (GMT+08:00): t1 and t2 in basis points. */
const rateJoin = sql`LEFT JOIN LATERAL (
    SELECT r.t1, r.t2 FROM agent_rate r
    WHERE r.agent = d.agent AND r.effective_at <= ((d.day::timestamp - ${DAY_OFFSET}) AT TIME ZONE 'UTC')
    ORDER BY r.effective_at DESC LIMIT 1) rt ON true`;

const scope = (user: ScopedSubject, column: string) => ownPartnerFilter(user, column);

/** One agent, or any: `agent = n` when asked. */
const agentIs = (agent: unknown) => (agent === undefined ? sql`true` : sql`d.agent = ${agent}`);

/** cooperData's figures and rows by day over the range (agents only; partner scoped). */
export async function cooperSummary(db: Db, user: ScopedSubject, r: DayRange, q: Record<string, unknown>): Promise<CooperSummary> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT d.day, count(*) AS agents, sum(d.new_t1) AS new_invitees, sum(d.active_t1) AS active, sum(d.recharge_t1) AS recharge,
      sum(d.rake_t1) AS rake_t1, sum(d.rake_t2) AS rake_t2,
      sum(d.rake_t1 * coalesce(rt.t1, 0)) / 10000 AS rebate_t1, sum(d.rake_t2 * coalesce(rt.t2, 0)) / 10000 AS rebate_t2
    FROM agent_report_day d JOIN agent a ON a.uid = d.agent ${rateJoin}
    WHERE d.day BETWEEN ${r.from}::date AND ${r.to}::date AND ${scope(user, 'd.partner')} AND ${agentIs(q.agent)}
    GROUP BY d.day ORDER BY d.day`.execute(db);
  const byDay = new Map(rows.map((x) => [dayText(x.day), x]));
  const days = r.days.map((day) => {
    const x = byDay.get(day) ?? {};
    return {
      day,
      newInvitees: num(x.new_invitees),
      activeInvitees: num(x.active),
      recharge: num(x.recharge),
      rake: num(x.rake_t1) + num(x.rake_t2),
      rakeT1: num(x.rake_t1),
      rakeT2: num(x.rake_t2),
      rebateT1: Math.floor(num(x.rebate_t1)),
      rebateT2: Math.floor(num(x.rebate_t2)),
    };
  });
  const {
    rows: [agents],
  } = await sql<{ n: unknown }>`
    SELECT count(DISTINCT d.agent) AS n FROM agent_report_day d JOIN agent a ON a.uid = d.agent
    WHERE d.day BETWEEN ${r.from}::date AND ${r.to}::date AND ${scope(user, 'd.partner')} AND ${agentIs(q.agent)}`.execute(db);
  const sum = (k: keyof (typeof days)[number]) => days.reduce((s, d) => s + (d[k] as number), 0);
  return {
    totals: {
      agents: num(agents?.n),
      newInvitees: sum('newInvitees'),
      activeInvitees: sum('activeInvitees'),
      recharge: sum('recharge'),
      rake: sum('rake'),
      rebateT1: sum('rebateT1'),
      rebateT2: sum('rebateT2'),
    },
    days,
  };
}

/** cooperData's table: one row per agent over the range (every agent of the scope, bounded by the agents). */
export async function cooperByAgent(db: Db, user: ScopedSubject, r: DayRange, q: Record<string, unknown>): Promise<CooperAgentItem[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT d.agent, a.name, a.partner, sum(d.new_t1) AS new_t1, sum(d.new_t2) AS new_t2, sum(d.active_t1) AS active_t1,
      sum(d.active_t2) AS active_t2, sum(d.recharge_t1) AS recharge, sum(d.rake_t1) AS rake_t1, sum(d.rake_t2) AS rake_t2,
      sum(d.rake_t1 * coalesce(rt.t1, 0)) / 10000 AS rebate_t1, sum(d.rake_t2 * coalesce(rt.t2, 0)) / 10000 AS rebate_t2
    FROM agent_report_day d JOIN agent a ON a.uid = d.agent ${rateJoin}
    WHERE d.day BETWEEN ${r.from}::date AND ${r.to}::date AND ${scope(user, 'd.partner')} AND ${agentIs(q.agent)}
    GROUP BY d.agent, a.name, a.partner`.execute(db);
  return rows.map((x) => ({
    agent: num(x.agent),
    name: String(x.name),
    partner: num(x.partner),
    isAgent: true,
    newT1: num(x.new_t1),
    newT2: num(x.new_t2),
    activeT1: num(x.active_t1),
    activeT2: num(x.active_t2),
    recharge: num(x.recharge),
    rakeT1: num(x.rake_t1),
    rakeT2: num(x.rake_t2),
    rebateT1: Math.floor(num(x.rebate_t1)),
    rebateT2: Math.floor(num(x.rebate_t2)),
  }));
}
export const cooperAgentSchema = cooperAgentItem;

/** shareData: the range's totals by week (Monday, the settlement's week) or by month, with the extra rebate paid for windows ending in each. */
export async function shareByPeriod(db: Db, user: ScopedSubject, r: DayRange, q: Record<string, unknown>): Promise<ShareItem[]> {
  const unit = q.period === 'month' ? sql.raw(`'month'`) : q.period === 'day' ? sql.raw(`'day'`) : sql.raw(`'week'`);
  const period = (column: string): RawBuilder<unknown> => sql`to_char(date_trunc(${unit}, ${sql.ref(column)}::timestamp), 'YYYY-MM-DD')`;
  const { rows } = await sql<Record<string, unknown>>`
    SELECT ${period('d.day')} AS period, count(DISTINCT d.agent) AS agents, sum(d.new_t1) AS new_invitees, sum(d.active_t1) AS active,
      sum(d.recharge_t1) AS recharge, sum(d.rake_t1) AS rake_t1, sum(d.rake_t2) AS rake_t2,
      sum(d.rake_t1 * coalesce(rt.t1, 0)) / 10000 AS rebate_t1, sum(d.rake_t2 * coalesce(rt.t2, 0)) / 10000 AS rebate_t2
    FROM agent_report_day d JOIN agent a ON a.uid = d.agent ${rateJoin}
    WHERE d.day BETWEEN ${r.from}::date AND ${r.to}::date AND ${scope(user, 'd.partner')}
    GROUP BY 1`.execute(db);
  const { rows: extra } = await sql<Record<string, unknown>>`
    SELECT ${period('c.window_to')} AS period, sum(c.paid) AS paid FROM extra_rebate_config c
    WHERE c.status = 'settled' AND c.window_to BETWEEN ${r.from}::date AND ${r.to}::date AND ${scope(user, 'c.partner')}
    GROUP BY 1`.execute(db);
  const extraBy = new Map(extra.map((x) => [String(x.period), num(x.paid)]));
  const items = rows.map((x) => ({
    period: String(x.period),
    agents: num(x.agents),
    newInvitees: num(x.new_invitees),
    activeInviteeDays: num(x.active),
    recharge: num(x.recharge),
    rakeT1: num(x.rake_t1),
    rakeT2: num(x.rake_t2),
    rebateT1: Math.floor(num(x.rebate_t1)),
    rebateT2: Math.floor(num(x.rebate_t2)),
    extraRebate: extraBy.get(String(x.period)) ?? 0,
  }));
  for (const [p, paid] of extraBy) {
    if (!items.some((i) => i.period === p)) {
      items.push({
        period: p,
        agents: 0,
        newInvitees: 0,
        activeInviteeDays: 0,
        recharge: 0,
        rakeT1: 0,
        rakeT2: 0,
        rebateT1: 0,
        rebateT2: 0,
        extraRebate: paid,
      });
    }
  }
  return items;
}
export const shareSchema = shareItem;

/** Whether the agent may see this agent (it exists and is of the reader's partner). */
export async function visibleAgent(db: Db, user: ScopedSubject, agent: number): Promise<{ uid: number; name: string; partner: number } | undefined> {
  const row = await db
    .selectFrom('agent')
    .select(['uid', 'name', 'partner'])
    .where('uid', '=', agent)
    .where(ownPartnerFilter(user, 'partner'))
    .executeTakeFirst();
  return row && { uid: row.uid, name: row.name, partner: row.partner };
}

/** The SQL of "player x shares a device or an address with the agent". */
const sharesDevice = (agent: number, uid: string) => sql<boolean>`EXISTS (SELECT 1 FROM player_device ad JOIN player_device id2 ON id2.device_id = ad.device_id
    WHERE ad.uid = ${agent} AND id2.uid = ${sql.ref(uid)})`;
const sharesIp = () =>
  sql<boolean>`(ag.register_ip IN (p.register_ip, coalesce(p.login_ip, '')) OR coalesce(ag.login_ip, '-') IN (p.register_ip, coalesce(p.login_ip, '')))`;

/** inviteeData: every T1 and T2 invitee of one agent with its range's figures (bounded by the agent's invitees). */
export async function inviteesOf(db: Db, user: ScopedSubject, r: DayRange, q: Record<string, unknown>): Promise<AgentInviteeItem[]> {
  const agent = q.agent as number | undefined;
  if (agent === undefined || !(await visibleAgent(db, user, agent))) return [];
  const tier = q.tier as number | undefined;
  const { rows } = await sql<Record<string, unknown>>`
    WITH inv AS (
      SELECT p.uid, 1 AS tier, NULL::integer AS via FROM player p WHERE p.inviter_uid = ${agent} AND p.uid <> ${agent}
      UNION ALL
      SELECT p2.uid, 2, p2.inviter_uid FROM player p1 JOIN player p2 ON p2.inviter_uid = p1.uid
      WHERE p1.inviter_uid = ${agent} AND p2.uid <> ${agent}
    ), act AS (
      SELECT uid, sum(recharge) AS recharge, sum(rake) AS rake, sum(turnover) AS turnover, sum(rounds) AS rounds, count(*) FILTER (WHERE rounds > 0) AS active_days
      FROM agent_invitee_day
      WHERE (agent = ${agent} OR agent2 = ${agent}) AND day BETWEEN ${r.from}::date AND ${r.to}::date
      GROUP BY uid
    )
    SELECT inv.uid, inv.tier, inv.via, p.name, p.registered_at, coalesce(act.recharge, 0) AS recharge, coalesce(act.rake, 0) AS rake,
      coalesce(act.turnover, 0) AS turnover, coalesce(act.rounds, 0) AS rounds, coalesce(act.active_days, 0) AS active_days,
      ${sharesIp()} AS shares_ip, ${sharesDevice(agent, 'p.uid')} AS shares_device
    FROM inv JOIN player p ON p.uid = inv.uid JOIN player ag ON ag.uid = ${agent}
    LEFT JOIN act ON act.uid = inv.uid
    WHERE ${tier === undefined ? sql`true` : sql`inv.tier = ${tier}`}
    LIMIT 100000`.execute(db);
  const active = q.active as string | undefined;
  return rows
    .map((x) => ({
      uid: num(x.uid),
      name: String(x.name),
      tier: num(x.tier),
      via: x.via === null ? null : num(x.via),
      registeredAt: isoInConsoleZone(x.registered_at as Date),
      recharge: num(x.recharge),
      rake: num(x.rake),
      turnover: num(x.turnover),
      rounds: num(x.rounds),
      activeDays: num(x.active_days),
      active: num(x.active_days) > 0,
      sharesIp: Boolean(x.shares_ip),
      sharesDevice: Boolean(x.shares_device),
    }))
    .filter((i) => active === undefined || String(i.active) === active);
}
export const inviteeSchema = agentInviteeItem;

/**
 * cooperSearch: the player, then its inviters upwards until an agent (at most 10 levels), then
 * its own direct invitees (at most 200). Partner accounts: only players of their partner.
 */
export async function chainOf(db: Db, user: ScopedSubject, q: Record<string, unknown>): Promise<ChainItem[]> {
  const uid = q.uid as number | undefined;
  if (uid === undefined) return [];
  const partner = partnerScope(user);
  const { rows } = await sql<Record<string, unknown>>`
    WITH RECURSIVE up AS (
      SELECT p.uid, p.inviter_uid, p.name, p.partner, p.registered_at, 0 AS level, (a.uid IS NOT NULL) AS is_agent
      FROM player p LEFT JOIN agent a ON a.uid = p.uid WHERE p.uid = ${uid}
      UNION ALL
      SELECT p.uid, p.inviter_uid, p.name, p.partner, p.registered_at, up.level - 1, (a.uid IS NOT NULL)
      FROM up JOIN player p ON p.uid = up.inviter_uid LEFT JOIN agent a ON a.uid = p.uid
      WHERE up.level > -10 AND (up.level = 0 OR NOT up.is_agent)
    )
    SELECT up.*, (SELECT count(*) FROM player c WHERE c.inviter_uid = up.uid) AS invitees FROM up`.execute(db);
  const me = rows.find((x) => num(x.level) === 0);
  if (!me || (partner !== null && num(me.partner) !== partner)) return [];
  // the chain stops at the first agent above the player (the agent it counts for)
  const chain = rows.filter((x) => partner === null || num(x.partner) === partner);
  const { rows: below } = await sql<Record<string, unknown>>`
    SELECT p.uid, p.name, p.partner, p.registered_at, (a.uid IS NOT NULL) AS is_agent,
      (SELECT count(*) FROM player c WHERE c.inviter_uid = p.uid) AS invitees
    FROM player p LEFT JOIN agent a ON a.uid = p.uid WHERE p.inviter_uid = ${uid} ORDER BY p.uid LIMIT 200`.execute(db);
  const firstAgentLevel = Math.max(...chain.filter((x) => x.is_agent && num(x.level) < 0).map((x) => num(x.level)), -Infinity);
  const relation = (level: number, isAgent: boolean) => {
    if (level === 0) return 'player';
    if (level > 0) return 'invitee';
    if (isAgent && level === firstAgentLevel) return level === -1 ? 'agentT1' : level === -2 ? 'agentT2' : 'agentBeyond';
    return 'inviter';
  };
  const item = (x: Record<string, unknown>, level: number): ChainItem => ({
    level,
    uid: num(x.uid),
    name: String(x.name),
    partner: num(x.partner),
    isAgent: Boolean(x.is_agent),
    registeredAt: isoInConsoleZone(x.registered_at as Date),
    invitees: num(x.invitees),
    relation: relation(level, Boolean(x.is_agent)),
  });
  return [...chain.map((x) => item(x, num(x.level))), ...below.filter((x) => partner === null || num(x.partner) === partner).map((x) => item(x, 1))];
}
export const chainSchema = chainItem;

/** /partnermanager/agentgamelogs: the game activity of each agent's invitees (both tiers) by day. */
export const agentGameLogList: ListSpec = defineList({
  url: '/api/partnermanager/agentgamelogs',
  name: 'partnermanager.agentgamelogs',
  screen: GAME_LOGS_SCREEN,
  tags: ['partnermanager'],
  summary:
    'Per agent and GMT+08:00 day, the game activity of its tier-1 and tier-2 invitees: players who played, rounds, turnover, wins, ' +
    'rake, house net (turnover − wins); filters agent, from/to (days, at most 92)',
  paging: 'page',
  from: (db: Db) =>
    db
      .selectFrom('agent_report_day as d')
      .innerJoin('agent as a', 'a.uid', 'd.agent')
      .select(['d.id', 'd.day', 'd.agent', 'a.name', 'd.partner', 'd.players', 'd.rounds', 'd.turnover', 'd.wins', 'd.rake_t1', 'd.rake_t2'])
      .where('d.rounds', '>', 0),
  partner: 'd.partner',
  id: 'd.id',
  filters: { agent: eqInt('d.agent', 1), range: dayColumnRange('d.day', {}) },
  sorts: { day: sortBy.text('d.day'), turnover: sortBy.int('d.turnover'), rounds: sortBy.int('d.rounds'), players: sortBy.int('d.players') },
  defaultSort: { key: 'day', order: 'descend' },
  item: gameLogItem,
  row: (x) => ({
    id: x.id,
    day: dayText(x.day),
    agent: x.agent,
    name: x.name,
    partner: x.partner,
    players: x.players,
    rounds: x.rounds,
    turnover: x.turnover,
    wins: x.wins,
    rake: x.rake_t1 + x.rake_t2,
    houseNet: x.turnover - x.wins,
  }),
});

/** The parameters of the agent reports beyond the range. */
export const agentParam = { agent: queryInt(1, 2_147_483_647).optional() };
export const inviteeParams = {
  ...agentParam,
  tier: queryInt(1, 2).optional(),
  active: z.enum(['true', 'false'], { message: 'Must be true or false' }).optional(),
};
export const periodParam = { period: z.enum(['day', 'week', 'month'], { message: 'Must be day, week or month' }).optional() };
export const searchParams = { uid: queryInt(1, 2_147_483_647).optional() };
export const requireAgent = (q: Record<string, unknown>) => rangeProblem(q);
