/**
 * The review screen's lists: cash-out orders (the queues are its status filter; the records
 * are the same list unfiltered, with the CSV export) and charisma cash-outs. Keyset paging
 * over cashout_order (it grows with every request: no count); page paging over the small
 * charisma table. Partner accounts see their partner's rows.
 */
import { CASHOUT_STATES, CHARISMA_STATES, cashoutOrderItem, charismaItem, queryBool } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { custom, dateRange, defineList, eqEnum, eqInt, eqText, intRange, sortBy } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';
import { DEFAULT_CASHOUT_RULES } from '../payment-config/withdrawal-rules';
import type { OrderRow } from './state';
import { toItem } from './state';

export const REVIEW_SCREEN = '/usermanager/cashoutreview';
const tags = ['cashout'];

export const cashoutOrders = defineList({
  url: '/api/cashout/orders',
  name: 'cashout.orders',
  screen: REVIEW_SCREEN,
  tags,
  summary:
    'Cash-out orders (the review queues by status, the records), newest first: filters status, uid, channel, orderId, claimedBy, late, from/to, amountMin/amountMax',
  paging: 'keyset',
  from: (db) =>
    db
      .selectFrom('cashout_order')
      .selectAll()
      .select(sql<number>`coalesce((SELECT four_eyes_amount FROM cashout_rules LIMIT 1), ${DEFAULT_CASHOUT_RULES.fourEyesAmount})`.as('four_eyes')),
  partner: 'partner',
  id: 'id',
  filters: {
    status: eqEnum('status', CASHOUT_STATES),
    uid: eqInt('uid', 1),
    channel: eqText('channel'),
    orderId: eqText('order_id', 32),
    claimedBy: eqText('claimed_by'),
    late: custom(queryBool, (v) => (v ? sql<SqlBool>`late_outcome IS NOT NULL` : sql<SqlBool>`late_outcome IS NULL`)),
    created: dateRange('created_at'),
    amount: intRange('amount', { lowest: 0, highest: 1_000_000_000_000 }),
  },
  sorts: { createdAt: sortBy.time('created_at'), amount: sortBy.int('amount') },
  defaultSort: { key: 'createdAt', order: 'descend' },
  item: cashoutOrderItem,
  row: (r) => toItem(r as unknown as OrderRow, r.four_eyes),
});

export const charismaCashouts = defineList({
  url: '/api/cashout/charisma',
  name: 'cashout.charisma',
  screen: REVIEW_SCREEN,
  tags,
  summary: 'Charisma cash-outs (issued / unissued), newest first: filters status, uid',
  paging: 'page',
  from: (db) => db.selectFrom('charisma_cashout').selectAll(),
  partner: 'partner',
  id: 'id',
  filters: { status: eqEnum('status', CHARISMA_STATES), uid: eqInt('uid', 1) },
  sorts: { requestedAt: sortBy.time('requested_at'), amount: sortBy.int('amount') },
  defaultSort: { key: 'requestedAt', order: 'descend' },
  item: charismaItem,
  row: (r) => ({
    id: r.id,
    uid: r.uid,
    partner: r.partner,
    charisma: r.charisma,
    amount: r.amount,
    status: r.status,
    requestedBy: r.requested_by,
    requestedAt: isoInConsoleZone(r.requested_at),
    issuedBy: r.issued_by ?? null,
    issuedAt: isoInConsoleZone(r.issued_at),
  }),
});
