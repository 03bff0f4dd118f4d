/**
 * The /usermanager recharge lists, keyset paged (an order table grows by the million) and
 * partner scoped through recharge_order.partner:
 *   paymentlogs         paid orders, newest payment first (by paid_at)
 *   createdPaymentLogs  orders still `created`: no callback has paid, failed or held them
 *   payorder            every order with its lifecycle; `attention=true` for the held and
 *                       flagged ones a finance person must look at
 * Filters a finance person reconciles with: time range, channel, product, os, uid, order
 * id, channel order id, amount range (whole pesos). Indexes: migration 017.
 */
import { queryBool, queryInt, RECHARGE_FLAGS, RECHARGE_OS, RECHARGE_STATUSES, rechargeOrderItem, type RechargeOrderItem } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { custom, dateRange, defineList, eqEnum, eqInt, eqText, sortBy, type FilterBuilder, type ListSpec } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';
import type { RowOf } from '../../db/schema';

export const toOrderItem = (r: Pick<RowOf<'recharge_order'>, (typeof COLUMNS)[number]>): RechargeOrderItem => ({
  id: r.id,
  orderId: r.order_id,
  uid: r.uid,
  partner: r.partner,
  productId: r.product_id,
  channel: r.channel,
  os: r.os,
  price: r.price,
  status: r.status,
  channelOrderId: r.channel_order_id,
  paidAmount: r.paid_amount,
  chips: r.chips,
  bonusChips: r.bonus_chips,
  createdAt: isoInConsoleZone(r.created_at),
  paidAt: isoInConsoleZone(r.paid_at),
  callbackAt: isoInConsoleZone(r.callback_at),
  callbacks: r.callbacks,
  heldReason: r.held_reason,
  flag: r.flag,
  resolution: r.resolution,
  resolvedBy: r.resolved_by,
  resolvedAt: isoInConsoleZone(r.resolved_at),
  resolutionNote: r.resolution_note,
});

const COLUMNS = [
  'id',
  'order_id',
  'uid',
  'partner',
  'product_id',
  'channel',
  'os',
  'price',
  'status',
  'channel_order_id',
  'paid_amount',
  'chips',
  'bonus_chips',
  'created_at',
  'paid_at',
  'callback_at',
  'callbacks',
  'held_reason',
  'flag',
  'resolution',
  'resolved_by',
  'resolved_at',
  'resolution_note',
] as const;

/**
 * Price range in whole pesos (`pesosMin`, `pesosMax`, inclusive): what a finance person types
 * ("orders of ₱500 and more"); the column holds centavos.
 */
const pesoRange: FilterBuilder = () => {
  const schema = queryInt(0, 10_000_000_000).optional();
  const has = (v: unknown) => v !== undefined;
  return {
    params: { pesosMin: schema, pesosMax: schema },
    where: (v) => {
      const parts = [
        has(v.pesosMin) ? sql<SqlBool>`price >= ${(v.pesosMin as number) * 100}` : undefined,
        has(v.pesosMax) ? sql<SqlBool>`price <= ${(v.pesosMax as number) * 100}` : undefined,
      ].filter((c) => c !== undefined);
      return parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : sql<SqlBool>`${parts[0]} and ${parts[1]}`;
    },
    check: (v) =>
      has(v.pesosMin) && has(v.pesosMax) && (v.pesosMax as number) < (v.pesosMin as number)
        ? { param: 'pesosMax', message: 'Must not be less than pesosMin' }
        : undefined,
  };
};

/** The filters every recharge list has; `timeColumn` is what the date range reads. */
function commonFilters(timeColumn: 'created_at' | 'paid_at'): Record<string, FilterBuilder> {
  return {
    uid: eqInt('uid', 1),
    orderId: eqText('order_id', 32),
    channelOrderId: eqText('channel_order_id', 128),
    channel: eqText('channel'),
    productId: eqText('product_id'),
    os: eqEnum('os', RECHARGE_OS),
    amount: pesoRange,
    at: dateRange(timeColumn),
  };
}

interface OrderListOptions {
  screen: string;
  summary: string;
  status?: 'paid' | 'created';
  timeColumn: 'created_at' | 'paid_at';
  extraFilters?: Record<string, FilterBuilder>;
}

function orderList(o: OrderListOptions): ListSpec {
  const name = o.screen.split('/').pop()!;
  const timeKey = o.timeColumn === 'paid_at' ? 'paidAt' : 'createdAt';
  const filters = { ...commonFilters(o.timeColumn), ...o.extraFilters };
  return defineList({
    url: `/api/usermanager/${name}`,
    name: `usermanager.${name}`,
    screen: o.screen,
    tags: ['recharge'],
    summary: `${o.summary}: filters ${Object.keys(filters)
      .map((f) => (f === 'amount' ? 'pesosMin/pesosMax' : f === 'at' ? 'from/to' : f))
      .join(', ')}`,
    paging: 'keyset',
    from: (db) => {
      const all = db.selectFrom('recharge_order').select([...COLUMNS]);
      return o.status ? all.where('status', '=', o.status) : all;
    },
    partner: 'partner',
    id: 'id',
    filters,
    sorts: { [timeKey]: sortBy.time(o.timeColumn), price: sortBy.int('price') },
    defaultSort: { key: timeKey, order: 'descend' },
    item: rechargeOrderItem,
    row: toOrderItem,
  });
}

export const paymentlogs = orderList({
  screen: '/usermanager/paymentlogs',
  summary: 'Paid recharge orders, newest payment first (the date range reads the payment time)',
  status: 'paid',
  timeColumn: 'paid_at',
});

export const createdPaymentLogs = orderList({
  screen: '/usermanager/createdPaymentLogs',
  summary: 'Recharge orders created and not (yet) paid, newest first',
  status: 'created',
  timeColumn: 'created_at',
});

export const payorder = orderList({
  screen: '/usermanager/payorder',
  summary: 'Every recharge order with its lifecycle, newest first',
  timeColumn: 'created_at',
  extraFilters: {
    status: eqEnum('status', RECHARGE_STATUSES),
    flag: eqEnum('flag', RECHARGE_FLAGS),
    // held orders and flagged ones: what finance must look at (a partial index of migration 017)
    attention: custom(queryBool, (v) => (v ? sql<SqlBool>`(status = 'held' or flag is not null)` : sql<SqlBool>`(status <> 'held' and flag is null)`)),
  },
});
