/**
 * The campaigns side by side (page: a few a week) and one campaign's players (keyset by uid,
 * or by return / recharge, for campaigns of hundreds of thousands), both with CSV export; and
 * the dashboard's figures over a range of send days, with the days' reached, returned and
 * paid players. Each read refreshes the outcomes first (refresh.ts).
 */
import { CAMPAIGN_OUTCOMES, campaignItem, campaignPlayerItem, queryInt, type CampaignItem, type LostDashboard } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import type { QueryRow } from '../../db/schema';
import { contains, dateRange, defineList, eqInt, eqText, sortBy, type ListSpec } from '../../http/list';
import type { FilterBuilder } from '../../http/list/filters';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import { previousRange } from '../../reports/summary';
import { dayRange, type DayRange } from '../../http/range';
import { dayOfColumn } from '../../db/console-day';

export const SEND_SCREEN = '/loseuser/send';
export const DASHBOARD_SCREEN = '/loseuser/dashboard';
/** Where the roles to send come from: a hidden catalogue route (business, partner). */
export const SEND_CAMPAIGN_SCREEN = '/loseuser/sendcampaign';
const tags = ['loseuser'];

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);

function segmentText(filters: unknown): string {
  const s = (typeof filters === 'string' ? JSON.parse(filters) : (filters ?? {})) as Record<string, unknown>;
  return Object.entries(s)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
}

const campaignsFrom = (db: Db) =>
  db
    .selectFrom('lost_campaign as c')
    .innerJoin('message_send as s', 's.id', 'c.send_id')
    .select([
      'c.id',
      'c.name',
      'c.partner',
      'c.send_id',
      'c.inactive_days',
      'c.filters',
      'c.reward',
      'c.planned',
      'c.reached',
      'c.claimed',
      'c.returned',
      'c.paid',
      'c.recharge',
      'c.created_by',
      'c.created_at',
      'c.refreshed_at',
      's.status',
      's.title_en',
    ]);

export function toCampaignItem(r: QueryRow<typeof campaignsFrom>): CampaignItem {
  const rewardCost = r.reward * r.claimed;
  return {
    id: r.id,
    name: r.name,
    partner: r.partner,
    sendId: r.send_id,
    inactiveDays: r.inactive_days,
    segment: segmentText(r.filters),
    titleEn: r.title_en,
    reward: r.reward,
    planned: r.planned,
    reached: r.reached,
    claimed: r.claimed,
    returned: r.returned,
    paid: r.paid,
    rewardCost,
    recharge: r.recharge,
    returnOnCost: ratio(r.recharge, rewardCost),
    returnRate: ratio(r.returned, r.reached),
    status: r.status,
    createdBy: r.created_by,
    createdAt: isoInConsoleZone(r.created_at),
    refreshedAt: isoInConsoleZone(r.refreshed_at),
  };
}

export const campaignList: ListSpec = defineList({
  url: '/api/loseuser/campaigns',
  name: 'loseuser.campaigns',
  screen: SEND_SCREEN,
  tags,
  summary:
    'Retrieval campaigns with their outcomes (reached, claimed, returned, paid, reward cost, recharge after return, return on cost); ' +
    'filters id, name (substring), createdBy, from/to (sent); outcomes refreshed first',
  paging: 'page',
  from: campaignsFrom,
  partner: 'c.partner',
  id: 'c.id',
  filters: { id: eqInt('c.id', 1), name: contains('c.name', 100), createdBy: eqText('c.created_by', 64), createdAt: dateRange('c.created_at') },
  sorts: {
    createdAt: sortBy.time('c.created_at'),
    planned: sortBy.int('c.planned'),
    returned: sortBy.int('c.returned'),
    paid: sortBy.int('c.paid'),
    recharge: sortBy.int('c.recharge'),
  },
  defaultSort: { key: 'createdAt', order: 'descend' },
  item: campaignItem,
  row: toCampaignItem,
});

/** `campaign` (required: a campaign's players are keyed by uid). */
const campaignFilter: FilterBuilder = (name) => ({
  params: { [name]: queryInt(1, 2_147_483_647).optional() },
  where: (v) => (v[name] === undefined ? undefined : sql<SqlBool>`lp.campaign_id = ${v[name]}`),
  check: (v) => (v[name] === undefined ? { param: name, message: 'Required' } : undefined),
});

const OUTCOME_CONDITION: Record<(typeof CAMPAIGN_OUTCOMES)[number], ReturnType<typeof sql<SqlBool>>> = {
  reached: sql<SqlBool>`lp.returned_at IS NULL`,
  returned: sql<SqlBool>`lp.returned_at IS NOT NULL AND lp.paid_at IS NULL`,
  paid: sql<SqlBool>`lp.paid_at IS NOT NULL`,
};
const outcomeFilter: FilterBuilder = (name) => ({
  params: { [name]: z.enum(CAMPAIGN_OUTCOMES, { message: 'Must be reached, returned or paid' }).optional() },
  where: (v) => (v[name] === undefined ? undefined : OUTCOME_CONDITION[v[name] as keyof typeof OUTCOME_CONDITION]),
});

export const campaignPlayerList: ListSpec = defineList({
  url: '/api/loseuser/campaigns/players',
  name: 'loseuser.campaigns.players',
  screen: SEND_SCREEN,
  tags,
  summary:
    "One campaign's players (campaign required) and their outcome: reached (no login since), returned (logged in after the send), " +
    'paid (a paid recharge after returning, within the window); filters uid, outcome (reached, returned, paid), vip, partner',
  paging: 'keyset',
  from: (db: Db) =>
    db
      .selectFrom('lost_campaign_player as lp')
      .innerJoin('lost_campaign as c', 'c.id', 'lp.campaign_id')
      .select([
        'lp.campaign_id',
        'lp.uid',
        'lp.partner',
        'lp.vip',
        'lp.last_login_at',
        'lp.reached_at',
        'lp.claimed_at',
        'lp.returned_at',
        'lp.paid_at',
        'lp.recharge',
        'lp.recharges',
      ]),
  partner: 'c.partner',
  id: 'lp.uid',
  filters: { campaign: campaignFilter, uid: eqInt('lp.uid', 1), outcome: outcomeFilter, vip: eqInt('lp.vip'), partner: eqInt('lp.partner') },
  sorts: {
    uid: sortBy.int('lp.uid'),
    returnedAt: sortBy.time('lp.returned_at', { nullable: true }),
    recharge: sortBy.int('lp.recharge'),
    lastLoginAt: sortBy.time('lp.last_login_at', { nullable: true }),
  },
  defaultSort: { key: 'uid', order: 'ascend' },
  item: campaignPlayerItem,
  row: (r) => ({
    campaignId: r.campaign_id,
    uid: r.uid,
    partner: r.partner,
    vip: r.vip,
    lastLoginAt: isoInConsoleZone(r.last_login_at),
    reachedAt: isoInConsoleZone(r.reached_at),
    claimedAt: isoInConsoleZone(r.claimed_at),
    returnedAt: isoInConsoleZone(r.returned_at),
    paidAt: isoInConsoleZone(r.paid_at),
    recharge: r.recharge,
    recharges: r.recharges,
    outcome: r.paid_at ? ('paid' as const) : r.returned_at ? ('returned' as const) : ('reached' as const),
  }),
});

type Totals = LostDashboard['totals'];

async function totalsOf(db: Db, user: ScopedSubject, r: { start: Date; end: Date }): Promise<Totals> {
  const row = await db
    .selectFrom('lost_campaign')
    .where(ownPartnerFilter(user, 'partner'))
    .where('created_at', '>=', r.start)
    .where('created_at', '<', r.end)
    .select([
      sql<number>`count(*)`.as('campaigns'),
      sql<number>`(coalesce(sum(planned), 0))::bigint`.as('planned'),
      sql<number>`(coalesce(sum(reached), 0))::bigint`.as('reached'),
      sql<number>`(coalesce(sum(returned), 0))::bigint`.as('returned'),
      sql<number>`(coalesce(sum(paid), 0))::bigint`.as('paid'),
      sql<number>`(coalesce(sum(claimed), 0))::bigint`.as('claimed'),
      sql<number>`(coalesce(sum(claimed * reward), 0))::bigint`.as('cost'),
      sql<number>`(coalesce(sum(recharge), 0))::bigint`.as('recharge'),
    ])
    .executeTakeFirstOrThrow();
  const t = { reached: row.reached, returned: row.returned, cost: row.cost, recharge: row.recharge };
  return {
    campaigns: row.campaigns,
    planned: row.planned,
    reached: t.reached,
    returned: t.returned,
    paid: row.paid,
    claimed: row.claimed,
    rewardCost: t.cost,
    recharge: t.recharge,
    returnOnCost: ratio(t.recharge, t.cost),
    returnRate: ratio(t.returned, t.reached),
  };
}

/** Campaigns sent in the range (totals, and the same length before), and by day: reached, returned, paid (any campaign of the reader's). */
export async function lostDashboard(db: Db, user: ScopedSubject, r: DayRange): Promise<LostDashboard> {
  const before = previousRange(r);
  const prev = dayRange(before.from, before.to);
  const scoped = sql<SqlBool>`EXISTS (SELECT 1 FROM lost_campaign c WHERE c.id = lp.campaign_id AND ${ownPartnerFilter(user, 'c.partner')})`;
  const byDay = (column: 'reached_at' | 'returned_at' | 'paid_at') =>
    db
      .selectFrom('lost_campaign_player as lp')
      .select([sql<string>`${dayOfColumn(`lp.${column}`)}::text`.as('day'), sql<number>`count(*)`.as('n')])
      .where(`lp.${column}`, '>=', r.start)
      .where(`lp.${column}`, '<', r.end)
      .where(scoped)
      .groupBy(sql`1`)
      .execute();
  const [totals, previous, reached, returned, paid, costs] = await Promise.all([
    totalsOf(db, user, r),
    totalsOf(db, user, prev),
    byDay('reached_at'),
    byDay('returned_at'),
    byDay('paid_at'),
    db
      .selectFrom('lost_campaign as c')
      .select([sql<string>`${dayOfColumn('c.created_at')}::text`.as('day'), sql<number>`(sum(c.claimed * c.reward))::bigint`.as('n')])
      .where('c.created_at', '>=', r.start)
      .where('c.created_at', '<', r.end)
      .where(ownPartnerFilter(user, 'c.partner'))
      .groupBy(sql`1`)
      .execute(),
  ]);
  const map = (rows: { day: string; n: number }[]) => new Map(rows.map((x) => [x.day, x.n]));
  const [a, b, c, d] = [map(reached), map(returned), map(paid), map(costs)];
  return {
    totals,
    previous,
    days: r.days.map((day) => ({ day, reached: a.get(day) ?? 0, returned: b.get(day) ?? 0, paid: c.get(day) ?? 0, rewardCost: d.get(day) ?? 0 })),
  };
}
