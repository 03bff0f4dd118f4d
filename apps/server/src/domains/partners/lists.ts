/** The lists of partners, cloud chips, coin dealers, transfers and bills (defineList: paging, filters, sort, CSV export, partner scope). */
import {
  billItem,
  cloudOrderItem,
  coinMovementItem,
  dealerItem,
  partnerItem,
  saleDayItem,
  saleItem,
  stockLoadItem,
  partnerTransferItem,
} from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { QueryRow } from '../../db/schema';
import { dateRange, defineList, eqEnum, eqInt, eqText, sortBy, type ListSpec } from '../../http/list';
import { DEFAULTS, type Profile } from './service';
import { dayOfExpr } from '../../db/console-day';
import { consoleDay } from '@console/time';
import { isoInConsoleZone } from '../../http/time';

/** A partner's profile, or the defaults for a partner that has none yet (created_at is then null). */
type ProfileOrDefaults = Omit<Profile, 'name' | 'created_at'> & { created_at: Date | null; updated_at: Date | null; pending: number };

const tags = ['partners'];

export const partnersList: ListSpec = defineList({
  url: '/api/platmanager/partnerediter',
  name: 'platmanager.partnerediter',
  screen: '/platmanager/partnerediter',
  tags,
  paging: 'page',
  summary: 'Partners: status (and why), cloud-chip balance, deposit and open losses (the stop-loss), settings, dealers and their stock, pending orders',
  // a partner without its profile yet (made before it; it gets one at its first operation) shows the defaults
  from: (db) =>
    db
      .selectFrom('partner as p')
      .leftJoin(
        sql<ProfileOrDefaults>`(SELECT f.*, 0 AS pending FROM partner_profile f UNION ALL
      SELECT p2.id, 'active', '', (d.doc->>'deposit')::bigint, round((d.doc->>'rakeSharePct')::numeric * 100)::int, (d.doc->>'cloudPriceBp')::int,
        (d.doc->>'transferThreshold')::bigint, (d.doc->>'dealerDailyLimit')::bigint, (d.doc->>'dealerPriceBp')::int, NULL, NULL, 1
      FROM partner p2 CROSS JOIN (SELECT coalesce((SELECT doc FROM partner_default WHERE id = 1), ${JSON.stringify(DEFAULTS)}::jsonb) AS doc) d
      WHERE NOT EXISTS (SELECT 1 FROM partner_profile x WHERE x.partner = p2.id))`.as('f'),
        'f.partner',
        'p.id',
      )
      .leftJoin('ledger_account as a', (j) => j.on(sql<boolean>`a.kind = 'partner' AND a.owner = p.id::text AND a.currency = 'chip'`))
      .select([
        'p.id',
        'p.name',
        'f.status',
        'f.status_reason',
        'f.deposit',
        'f.rake_share_bp',
        'f.cloud_price_bp',
        'f.transfer_threshold',
        'f.dealer_daily_limit',
        'f.dealer_price_bp',
        'f.created_at',
      ])
      .select(sql<number>`coalesce(a.balance, 0)`.as('balance'))
      .select(sql<number>`(SELECT count(*) FROM coin_dealer d WHERE d.partner = p.id)`.as('dealers'))
      .select(sql<number>`(SELECT coalesce(sum(b.balance), 0)::bigint FROM ledger_account b WHERE b.kind = 'dealer' AND b.partner = p.id)`.as('dealer_stock'))
      .select(sql<number>`(SELECT count(*) FROM cloud_order o WHERE o.partner = p.id AND o.status = 'pending')`.as('pending_orders'))
      .select(
        sql<number>`greatest(0, -trunc((SELECT coalesce(sum(g.turnover - g.wins), 0) FROM game_day g WHERE g.partner = p.id
        AND g.day >= ${dayOfExpr(sql`coalesce((SELECT max(s.period_to) FROM partner_bill s WHERE s.partner = p.id AND s.status = 'settled'), f.created_at, now())`)})
        * f.rake_share_bp / 10000))::bigint`.as('loss'),
      ),
  partner: 'p.id',
  id: 'p.id',
  filters: { status: eqEnum('f.status', ['active', 'suspended']), name: eqText('p.name', 64) },
  sorts: { id: sortBy.int('p.id'), balance: sortBy.int('a.balance') },
  defaultSort: { key: 'id', order: 'ascend' },
  item: partnerItem,
  row: (r) => ({
    id: r.id,
    name: r.name,
    status: r.status ?? 'active',
    statusReason: r.status_reason ?? '',
    balance: r.balance,
    deposit: r.deposit ?? 0,
    rakeSharePct: (r.rake_share_bp ?? 0) / 100,
    cloudPriceBp: r.cloud_price_bp ?? 0,
    transferThreshold: r.transfer_threshold ?? 0,
    dealerDailyLimit: r.dealer_daily_limit ?? 0,
    dealerPriceBp: r.dealer_price_bp ?? 0,
    dealers: r.dealers,
    dealerStock: r.dealer_stock,
    pendingOrders: r.pending_orders,
    loss: r.loss,
    createdAt: isoInConsoleZone(r.created_at ?? null),
  }),
});

/** Cloud-chip orders, for the platform (partnerediter) and for the partner (partnerCoinLogs). */
export function ordersList(screen: string, url: string): ListSpec {
  return defineList({
    url,
    name: `${url.slice(5).replace(/\//g, '.')}`,
    screen,
    tags,
    paging: 'page',
    summary: 'Cloud-chip orders (pending → paid | cancelled): amount, price (basis points), cost (centavos), who asked and who decided',
    from: (db) => db.selectFrom('cloud_order').selectAll(),
    partner: 'partner',
    id: 'id',
    filters: { partner: eqInt('partner', 1), status: eqEnum('status', ['pending', 'paid', 'cancelled']), at: dateRange('requested_at') },
    sorts: { id: sortBy.int('id'), amount: sortBy.int('amount') },
    defaultSort: { key: 'id', order: 'descend' },
    item: cloudOrderItem,
    row: (r) => ({
      id: r.id,
      partner: r.partner,
      amount: r.amount,
      priceBp: r.price_bp,
      cost: r.cost,
      status: r.status,
      note: r.note,
      requestedBy: r.requested_by,
      requestedAt: isoInConsoleZone(r.requested_at),
      decidedBy: r.decided_by ?? null,
      decidedAt: isoInConsoleZone(r.decided_at),
    }),
  });
}

export const movementsList: ListSpec = defineList({
  url: '/api/partnermanager/partnerCoinLogs',
  name: 'partnermanager.partnerCoinLogs',
  screen: '/partnermanager/partnerCoinLogs',
  tags,
  paging: 'keyset',
  summary: "Every cloud-chip movement of partners' accounts (the partner's own and its dealers' stock): bought, handed out, reclaimed, sold, adjusted",
  from: (db) => db.selectFrom('account_entry').selectAll().where('kind', 'in', ['partner', 'dealer']).where('partner', '>', 0),
  partner: 'partner',
  id: 'id',
  filters: {
    partner: eqInt('partner', 1),
    kind: eqEnum('kind', ['partner', 'dealer']),
    reason: eqText('reason', 64),
    account: eqInt('account', 1),
    at: dateRange('at'),
  },
  sorts: { id: sortBy.int('id'), at: sortBy.time('at'), delta: sortBy.int('delta') },
  defaultSort: { key: 'id', order: 'descend' },
  item: coinMovementItem,
  row: (r) => ({
    id: r.id,
    at: isoInConsoleZone(r.at),
    partner: r.partner,
    account: r.account,
    kind: r.kind,
    owner: r.owner,
    delta: r.delta,
    balanceAfter: r.balance_after,
    reason: r.reason,
    ref: r.ref,
    counterparty: r.counterparty,
    actor: r.actor,
  }),
});

export function dealersList(platform: boolean): ListSpec {
  const base = platform ? '/platmanager/coinediter' : '/partnermanager/coinbusiness';
  return defineList({
    url: `/api${base}`,
    name: base.slice(1).replace('/', '.'),
    screen: base,
    tags,
    paging: 'page',
    summary: `${platform ? "The platform's" : "Partners'"} coin dealers: stock (their account), price, daily sell limit and what they sold today (GMT+08:00), status`,
    from: (db) =>
      db
        .selectFrom('coin_dealer as d')
        .leftJoin('ledger_account as a', (j) => j.on(sql<boolean>`a.kind = 'dealer' AND a.owner = d.id::text AND a.currency = 'chip'`))
        .leftJoin('coin_dealer_day as t', (j) => j.on(sql<boolean>`t.dealer = d.id AND t.day = ${dayOfExpr(sql`now()`)}`))
        .select(['d.id', 'd.partner', 'd.name', 'd.uid', 'd.price_bp', 'd.daily_limit', 'd.status', 'd.created_by', 'd.created_at'])
        .select([sql<number>`coalesce(a.balance, 0)`.as('stock'), sql<number>`coalesce(t.sold, 0)`.as('sold_today')])
        .where('d.partner', platform ? '=' : '>', 0),
    partner: 'd.partner',
    id: 'd.id',
    filters: { partner: eqInt('d.partner', 0), status: eqEnum('d.status', ['active', 'frozen']), name: eqText('d.name', 64) },
    sorts: { id: sortBy.int('d.id'), stock: sortBy.int('a.balance') },
    defaultSort: { key: 'id', order: 'ascend' },
    item: dealerItem,
    row: (r) => ({
      id: r.id,
      partner: r.partner,
      name: r.name,
      uid: r.uid === null ? null : r.uid,
      priceBp: r.price_bp,
      dailyLimit: r.daily_limit,
      status: r.status,
      stock: r.stock,
      soldToday: r.sold_today,
      createdBy: r.created_by,
      createdAt: isoInConsoleZone(r.created_at),
    }),
  });
}

const salesFrom = (db: Db) =>
  db
    .selectFrom('coin_sale as s')
    .innerJoin('coin_dealer as d', 'd.id', 's.dealer')
    .select([
      's.id',
      's.at',
      sql<string>`s.day::text`.as('day'),
      's.dealer',
      'd.name as dealer_name',
      's.partner',
      's.uid',
      's.amount',
      's.price_bp',
      's.paid',
      's.actor',
    ])
    .where('s.partner', '=', 0);

const saleRow = (r: QueryRow<typeof salesFrom>) => ({
  id: r.id,
  at: isoInConsoleZone(r.at),
  day: r.day.slice(0, 10),
  dealer: r.dealer,
  dealerName: r.dealer_name,
  partner: r.partner,
  uid: r.uid,
  amount: r.amount,
  priceBp: r.price_bp,
  paid: r.paid,
  actor: r.actor,
});

export const salesList: ListSpec = defineList({
  url: '/api/platmanager/coinlogs',
  name: 'platmanager.coinlogs',
  screen: '/platmanager/coinlogs',
  tags,
  paging: 'keyset',
  summary: "Every sale of the platform's coin dealers: dealer, player, chips, price and what the player paid (centavos)",
  from: salesFrom,
  partner: 's.partner',
  id: 's.id',
  filters: { dealer: eqInt('s.dealer', 1), uid: eqInt('s.uid', 1), at: dateRange('s.at') },
  sorts: { id: sortBy.int('s.id'), at: sortBy.time('s.at'), amount: sortBy.int('s.amount') },
  defaultSort: { key: 'id', order: 'descend' },
  item: saleItem,
  row: saleRow,
});

/**
 * The daily reconciliation of the platform's dealers: per dealer and GMT+08:00 day, the sales
 * recorded (coin_sale) against the stock that left the dealer's account for sales (account_entry
 * 'dealer.sold') and the day's counter (coin_dealer_day); `differs` when any disagree.
 */
export const saleDaysList: ListSpec = defineList({
  url: '/api/platmanager/coinlogs/days',
  name: 'platmanager.coinlogs.days',
  screen: '/platmanager/coinlogs',
  tags,
  paging: 'page',
  summary: "A day's sales of each platform dealer against its stock movement: sales, chips sold, paid, stock out for sales, stock loaded, differs",
  from: (db) =>
    db
      .selectFrom(
        sql<{
          id: number;
          day: string;
          dealer: number;
          dealer_name: string;
          partner: number;
          sales: number;
          sold: number;
          paid: number;
          stock_out: number;
          stock_in: number;
          differs: boolean;
        }>`(
      WITH days AS (
        SELECT dealer, day FROM coin_sale WHERE partner = 0
        UNION SELECT dealer, day FROM coin_dealer_day c WHERE EXISTS (SELECT 1 FROM coin_dealer d WHERE d.id = c.dealer AND d.partner = 0)
      ), moves AS (
        SELECT d.id AS dealer, ${dayOfExpr(sql`e.at`)} AS day,
          coalesce(-sum(e.delta) FILTER (WHERE e.reason = 'dealer.sold'), 0) AS stock_out,
          coalesce(sum(e.delta) FILTER (WHERE e.delta > 0), 0) AS stock_in
        FROM account_entry e JOIN coin_dealer d ON e.kind = 'dealer' AND e.owner = d.id::text AND d.partner = 0
        GROUP BY 1, 2
      )
      SELECT (x.dealer::bigint * 100000 + (x.day - date '2000-01-01')) AS id, x.day::text AS day, x.dealer, d.name AS dealer_name, d.partner,
        coalesce(s.sales, 0) AS sales, coalesce(s.sold, 0)::bigint AS sold, coalesce(s.paid, 0)::bigint AS paid,
        coalesce(m.stock_out, 0)::bigint AS stock_out, coalesce(m.stock_in, 0)::bigint AS stock_in,
        (coalesce(s.sold, 0) <> coalesce(m.stock_out, 0) OR coalesce(c.sold, 0) <> coalesce(s.sold, 0)) AS differs
      FROM (SELECT dealer, day FROM days UNION SELECT dealer, day FROM moves) x
      JOIN coin_dealer d ON d.id = x.dealer
      LEFT JOIN (SELECT dealer, day, count(*) AS sales, sum(amount) AS sold, sum(paid) AS paid FROM coin_sale GROUP BY 1, 2) s ON s.dealer = x.dealer AND s.day = x.day
      LEFT JOIN moves m ON m.dealer = x.dealer AND m.day = x.day
      LEFT JOIN coin_dealer_day c ON c.dealer = x.dealer AND c.day = x.day
    )`.as('r'),
      )
      .selectAll(),
  partner: 'r.partner',
  id: 'r.id',
  filters: { dealer: eqInt('r.dealer', 1), differs: eqEnum('r.differs', ['true', 'false']) },
  sorts: { id: sortBy.int('r.id'), day: sortBy.text('r.day') },
  defaultSort: { key: 'day', order: 'descend' },
  item: saleDayItem,
  row: (r) => ({
    id: r.id,
    day: r.day,
    dealer: r.dealer,
    dealerName: r.dealer_name,
    partner: r.partner,
    sales: r.sales,
    sold: r.sold,
    paid: r.paid,
    stockOut: r.stock_out,
    stockIn: r.stock_in,
    differs: r.differs,
  }),
});

export const loadsList: ListSpec = defineList({
  url: '/api/platmanager/coinediter/loads',
  name: 'platmanager.coinediter.loads',
  screen: '/platmanager/coinediter',
  tags,
  paging: 'page',
  summary: "Stock loads of the platform's dealers: requested → approved (by another account: the chips move from issuance) | rejected",
  from: (db) =>
    db
      .selectFrom('coin_stock_load as l')
      .innerJoin('coin_dealer as d', 'd.id', 'l.dealer')
      .select([
        'l.id',
        'l.dealer',
        'd.name as dealer_name',
        'd.partner',
        'l.amount',
        'l.note',
        'l.status',
        'l.requested_by',
        'l.requested_at',
        'l.decided_by',
        'l.decided_at',
      ]),
  partner: 'd.partner',
  id: 'l.id',
  filters: { status: eqEnum('l.status', ['requested', 'approved', 'rejected']), dealer: eqInt('l.dealer', 1) },
  sorts: { id: sortBy.int('l.id') },
  defaultSort: { key: 'id', order: 'descend' },
  item: stockLoadItem,
  row: (r) => ({
    id: r.id,
    dealer: r.dealer,
    dealerName: r.dealer_name,
    amount: r.amount,
    note: r.note,
    status: r.status,
    requestedBy: r.requested_by,
    requestedAt: isoInConsoleZone(r.requested_at),
    decidedBy: r.decided_by ?? null,
    decidedAt: isoInConsoleZone(r.decided_at),
  }),
});

export const transfersList: ListSpec = defineList({
  url: '/api/partnermanager/accounttransfer',
  name: 'partnermanager.accounttransfer',
  screen: '/partnermanager/accounttransfer',
  tags,
  paging: 'page',
  summary: "Transfers between a partner's accounts and moves of players or agents to another partner: pending (awaiting a second approver) → done | rejected",
  from: (db) => db.selectFrom('partner_transfer').selectAll(),
  partner: 'partner',
  id: 'id',
  filters: { partner: eqInt('partner', 1), kind: eqEnum('kind', ['account', 'player', 'agent']), status: eqEnum('status', ['pending', 'done', 'rejected']) },
  sorts: { id: sortBy.int('id'), amount: sortBy.int('amount') },
  defaultSort: { key: 'id', order: 'descend' },
  item: partnerTransferItem,
  row: (r) => ({
    id: r.id,
    partner: r.partner,
    kind: r.kind,
    fromAccount: r.from_account === null ? null : r.from_account,
    toAccount: r.to_account === null ? null : r.to_account,
    uid: r.uid === null ? null : r.uid,
    toPartner: r.to_partner === null ? null : r.to_partner,
    amount: r.amount,
    reason: r.reason,
    status: r.status,
    requestedBy: r.requested_by,
    requestedAt: isoInConsoleZone(r.requested_at),
    decidedBy: r.decided_by ?? null,
    decidedAt: isoInConsoleZone(r.decided_at),
    decisionNote: r.decision_note,
  }),
});

export const billsList: ListSpec = defineList({
  url: '/api/partnermanager/partnersum',
  name: 'partnermanager.partnersum',
  screen: '/partnermanager/partnersum',
  tags,
  paging: 'page',
  summary: 'Distribution bills: opening, bought, distributed, reclaimed, adjusted (with reasons), rake share, closing; draft → confirmed → settled | disputed',
  from: (db) =>
    db
      .selectFrom('partner_bill as b')
      .selectAll('b')
      .select(
        sql<unknown>`(SELECT coalesce(json_agg(json_build_object('amount', a.amount, 'reason', a.reason, 'actor', a.actor, 'at', a.at) ORDER BY a.id), '[]'::json)
      FROM partner_adjustment a WHERE a.bill = b.id)`.as('adjustments'),
      ),
  partner: 'b.partner',
  id: 'b.id',
  filters: { partner: eqInt('b.partner', 1), status: eqEnum('b.status', ['draft', 'confirmed', 'settled', 'disputed']) },
  sorts: { id: sortBy.int('b.id'), periodFrom: sortBy.time('b.period_from'), fromDay: sortBy.time('b.period_from') },
  defaultSort: { key: 'periodFrom', order: 'descend' },
  item: billItem,
  row: (r) => ({
    id: r.id,
    partner: r.partner,
    periodFrom: isoInConsoleZone(r.period_from),
    periodTo: isoInConsoleZone(r.period_to),
    // the days as the bill was asked for: period_to is the start of the day after the last one
    fromDay: consoleDay(r.period_from),
    toDay: consoleDay(new Date(r.period_to.getTime() - 1)),
    opening: r.opening,
    bought: r.bought,
    distributed: r.distributed,
    reclaimed: r.reclaimed,
    adjusted: r.adjusted,
    rakeBase: r.rake_base,
    rakeSharePct: r.rake_share_bp / 100,
    rakeShare: r.rake_share,
    closing: r.closing,
    status: r.status,
    note: r.note,
    createdBy: r.created_by,
    createdAt: isoInConsoleZone(r.created_at),
    confirmedBy: r.confirmed_by ?? null,
    closedBy: r.closed_by ?? null,
    adjustments: (
      (typeof r.adjustments === 'string' ? JSON.parse(r.adjustments) : r.adjustments) as Array<{ amount: number; reason: string; actor: string; at: string }>
    ).map((a) => ({ amount: a.amount, reason: a.reason, actor: a.actor, at: isoInConsoleZone(a.at) })),
  }),
});
