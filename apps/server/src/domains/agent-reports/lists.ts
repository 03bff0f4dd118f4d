/**
 * Lists of /agentcooperation beside the reports: the extra rebate configs, their paid lines, the
 * analysis of each window (cost against the extra turnover), and coindealerlogs (coin-dealer
 * account entries whose other side is an agent or an invitee of an agent).
 */
import { analyzeItem, coinDealerItem, EXTRA_REBATE_STATUSES, extraRebateItem, payoutItem, queryInt, type AnalyzeItem, requiredText } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { contains, custom, dateRange, defineList, eqEnum, eqInt, sortBy, type ListSpec } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import { EXTRA_ANALYZE_SCREEN, EXTRA_CONFIG_SCREEN, toItem } from './extra-rebate';

export const COIN_DEALER_SCREEN = '/agentcooperation/coindealerlogs';
const tags = ['agentcooperation'];
const num = (v: unknown) => Number(v ?? 0);
const dayText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export const extraRebateConfigList: ListSpec = defineList({
  url: '/api/agentcooperation/extrarebateconfigs',
  name: 'agentcooperation.extrarebateconfigs',
  screen: EXTRA_CONFIG_SCREEN,
  tags,
  summary: 'Extra rebate configs (window, rising tiers, per-agent cap, budget, status, paid, agents paid, version); filters id, partner, status, name',
  paging: 'page',
  from: (db: Db) => db.selectFrom('extra_rebate_config').selectAll(),
  partner: 'partner',
  id: 'id',
  filters: { id: eqInt('id', 1), partner: eqInt('partner'), status: eqEnum('status', EXTRA_REBATE_STATUSES), name: contains('name', 100) },
  sorts: { id: sortBy.int('id'), windowTo: sortBy.text('window_to'), paid: sortBy.int('paid') },
  defaultSort: { key: 'id', order: 'descend' },
  item: extraRebateItem,
  row: (r) => toItem(r),
});

export const payoutList: ListSpec = defineList({
  url: '/api/agentcooperation/extrarebateconfigs/payouts',
  name: 'agentcooperation.extrarebateconfigs.payouts',
  screen: EXTRA_CONFIG_SCREEN,
  tags,
  summary:
    'The paid lines of settled extra rebate configs: per agent its tier-1 rake and active invitees in the window, the tier, computed ' +
    'amount, the amount paid (capped, cut by the budget); filters config, agent',
  paging: 'page',
  from: (db: Db) =>
    db
      .selectFrom('extra_rebate_payout as p')
      .innerJoin('agent as a', 'a.uid', 'p.agent')
      .select([
        'p.config',
        'p.agent',
        'a.name',
        'p.partner',
        'p.t1_rake',
        'p.active',
        'p.excluded',
        'p.tier',
        'p.rate_bp',
        'p.computed',
        'p.amount',
        'p.capped',
        'p.budget_cut',
        'p.paid_at',
      ]),
  partner: 'p.partner',
  id: 'p.agent',
  filters: { config: eqInt('p.config', 1), agent: eqInt('p.agent', 1) },
  sorts: { amount: sortBy.int('p.amount'), t1Rake: sortBy.int('p.t1_rake'), config: sortBy.int('p.config') },
  defaultSort: { key: 'amount', order: 'descend' },
  item: payoutItem,
  row: (r) => ({
    config: r.config,
    agent: r.agent,
    name: r.name,
    partner: r.partner,
    t1Rake: r.t1_rake,
    active: r.active,
    excluded: r.excluded,
    tier: r.tier,
    rateBp: r.rate_bp,
    computed: r.computed,
    amount: r.amount,
    capped: Boolean(r.capped),
    budgetCut: Boolean(r.budget_cut),
    paidAt: isoInConsoleZone(r.paid_at),
  }),
});

/** extrarebateAnalyze: each config's window against the window of equal length before it (all of the partner's agents' tier-1 invitees). */
export async function analyzeConfigs(db: Db, user: ScopedSubject, q: Record<string, unknown>): Promise<AnalyzeItem[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT c.id, c.name, c.partner, c.window_from, c.window_to, c.status, c.budget, c.paid, c.agents,
      (SELECT coalesce(sum(d.turnover_t1), 0) FROM agent_report_day d JOIN agent a ON a.uid = d.agent
        WHERE d.partner = c.partner AND d.day BETWEEN c.window_from AND c.window_to) AS turnover,
      (SELECT coalesce(sum(d.rake_t1), 0) FROM agent_report_day d JOIN agent a ON a.uid = d.agent
        WHERE d.partner = c.partner AND d.day BETWEEN c.window_from AND c.window_to) AS rake,
      (SELECT coalesce(sum(d.turnover_t1), 0) FROM agent_report_day d JOIN agent a ON a.uid = d.agent
        WHERE d.partner = c.partner AND d.day BETWEEN c.window_from - (c.window_to - c.window_from + 1) AND c.window_from - 1) AS base_turnover,
      (SELECT coalesce(sum(d.rake_t1), 0) FROM agent_report_day d JOIN agent a ON a.uid = d.agent
        WHERE d.partner = c.partner AND d.day BETWEEN c.window_from - (c.window_to - c.window_from + 1) AND c.window_from - 1) AS base_rake
    FROM extra_rebate_config c
    WHERE c.status <> 'cancelled' AND ${ownPartnerFilter(user, 'c.partner')}
      AND ${q.status === undefined ? sql<SqlBool>`true` : sql<SqlBool>`c.status = ${q.status}`}
      AND ${q.partner === undefined ? sql<SqlBool>`true` : sql<SqlBool>`c.partner = ${q.partner}`}
    ORDER BY c.window_to DESC, c.id DESC LIMIT 1000`.execute(db);
  return rows.map((r) => {
    const cost = num(r.paid);
    const turnover = num(r.turnover);
    const baselineTurnover = num(r.base_turnover);
    const rake = num(r.rake);
    const baselineRake = num(r.base_rake);
    const extraTurnover = turnover - baselineTurnover;
    const extraRake = rake - baselineRake;
    return {
      id: num(r.id),
      name: String(r.name),
      partner: num(r.partner),
      windowFrom: dayText(r.window_from),
      windowTo: dayText(r.window_to),
      status: String(r.status),
      budget: num(r.budget),
      cost,
      agents: num(r.agents),
      turnover,
      baselineTurnover,
      extraTurnover,
      rake,
      baselineRake,
      extraRake,
      costPerExtraTurnover: cost > 0 && extraTurnover > 0 ? Math.round((cost / extraTurnover) * 10_000) / 10_000 : null,
      returnOnCost: cost > 0 ? Math.round((extraRake / cost) * 10_000) / 10_000 : null,
    };
  });
}
export const analyzeSchema = analyzeItem;
export const analyzeParams = {
  status: z.enum(EXTRA_REBATE_STATUSES, { message: `Must be one of ${EXTRA_REBATE_STATUSES.join(', ')}` }).optional(),
  partner: queryInt(0, 1_000_000).optional(),
};
export { EXTRA_ANALYZE_SCREEN };

const relationSql = sql<'agent' | 't1' | 't2'>`CASE WHEN ag0.uid IS NOT NULL THEN 'agent' WHEN ag1.uid IS NOT NULL THEN 't1' ELSE 't2' END`;

/**
 * coindealerlogs: entries of `dealer` accounts (account ledger, migration 033) whose other side
 * is a player who is an agent or an agent's tier-1 / tier-2 invitee. amount = chips the player
 * got (the dealer's entry negated: a sale is a negative dealer entry). Keyset by entry id.
 */
export const coinDealerLogList: ListSpec = defineList({
  url: '/api/agentcooperation/coindealerlogs',
  name: 'agentcooperation.coindealerlogs',
  screen: COIN_DEALER_SCREEN,
  tags,
  summary:
    'Coin-dealer sales (and reclaims) with agents and their invitees: time, dealer, player, relation (agent, t1, t2), the agent, chips ' +
    'to the player, reason; filters uid, agent, dealer, relation, from/to; keyset by entry',
  paging: 'keyset',
  from: (db: Db) =>
    db
      .selectFrom('account_entry as e')
      .innerJoin('player as p', (j) => j.on(sql<SqlBool>`e.counterparty ~ '^player:[0-9]{1,10}$' AND p.uid = substr(e.counterparty, 8)::bigint`))
      .leftJoin('agent as ag0', 'ag0.uid', 'p.uid')
      .leftJoin('agent as ag1', 'ag1.uid', 'p.inviter_uid')
      .leftJoin('player as pi', 'pi.uid', 'p.inviter_uid')
      .leftJoin('agent as ag2', 'ag2.uid', 'pi.inviter_uid')
      .select([
        'e.id',
        'e.at',
        'e.owner',
        'e.partner',
        'p.uid',
        'p.name',
        'e.delta',
        'e.reason',
        'e.ref',
        'e.balance_after',
        relationSql.as('relation'),
        sql<number>`coalesce(ag0.uid, ag1.uid, ag2.uid)`.as('agent'),
      ])
      .where('e.kind', '=', 'dealer')
      .where(sql<SqlBool>`(ag0.uid IS NOT NULL OR ag1.uid IS NOT NULL OR ag2.uid IS NOT NULL)`),
  partner: 'e.partner',
  id: 'e.id',
  filters: {
    uid: eqInt('p.uid', 1),
    dealer: custom(requiredText(128), (v) => sql<SqlBool>`e.owner = ${v}`),
    agent: custom(queryInt(1, 2_147_483_647), (v) => sql<SqlBool>`coalesce(ag0.uid, ag1.uid, ag2.uid) = ${v}`),
    relation: custom(z.enum(['agent', 't1', 't2'], { message: 'Must be one of agent, t1, t2' }), (v) => sql<SqlBool>`${relationSql} = ${v}`),
    at: dateRange('e.at'),
  },
  sorts: { at: sortBy.time('e.at'), id: sortBy.int('e.id') },
  defaultSort: { key: 'at', order: 'descend' },
  item: coinDealerItem,
  row: (r) => ({
    id: r.id,
    at: isoInConsoleZone(r.at),
    dealer: r.owner,
    partner: r.partner,
    uid: r.uid,
    name: r.name,
    relation: r.relation,
    agent: num(r.agent),
    amount: -r.delta,
    reason: r.reason,
    ref: r.ref,
    balanceAfter: r.balance_after,
  }),
});
