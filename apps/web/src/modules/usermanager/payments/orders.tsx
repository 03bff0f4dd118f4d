/**
 * The recharge order screens (GET /api/usermanager/<screen>, keyset newest first, server CSV
 * export; docs/api/recharge.md): paymentlogs (paid orders, by payment time),
 * createdPaymentLogs (created, not yet paid) and payorder (every order, its lifecycle, and
 * the held ones to credit or refuse). Prices are centavos, shown in pesos; chips are whole.
 */
import { screenRoles } from '@console/catalog';
import { RECHARGE_FLAGS, RECHARGE_HELD_REASONS, RECHARGE_OS, RECHARGE_RESOLUTIONS, RECHARGE_STATUSES, type RechargeOrderItem } from '@console/schemas';
import { type ColumnDeclaration, type FilterDeclaration, type ListDeclaration } from '../../../kit';
import { reasonRules } from '../../../lib/validators';
import { UID } from '../uid';

export const L = 'usermanager.payments.';
const labelsOf = (group: string, values: readonly string[]) => Object.fromEntries(values.map((v) => [v, `${L}${group}.${v}`]));
export const STATUS_LABELS = labelsOf('statuses', RECHARGE_STATUSES);
export const HELD_LABELS = labelsOf('heldReasons', RECHARGE_HELD_REASONS);
export const FLAG_LABELS = labelsOf('flags', RECHARGE_FLAGS);
export const RESOLUTION_LABELS = labelsOf('resolutions', RECHARGE_RESOLUTIONS);
const OS_LABELS = labelsOf('oses', RECHARGE_OS);

/** Order ids: first 4 … last 4 on screen, the full id on hover and copy, and whole in the CSV (the kit's 'orderId'). */
const orderIdColumn = (title: string): ColumnDeclaration<RechargeOrderItem> => ({ key: 'orderId', title, format: 'orderId' });

/** The filters of every order screen: what a finance person reconciles with. */
function filters(timeLabel: string, extra: FilterDeclaration[]): FilterDeclaration[] {
  return [
    { kind: 'dateRange', name: 'at', label: timeLabel },
    ...extra,
    { kind: 'text', name: 'channel', label: `${L}channel` },
    { kind: 'select', name: 'os', label: `${L}os`, options: RECHARGE_OS.map((value) => ({ value, label: OS_LABELS[value] })) },
    { kind: 'number', name: 'uid', label: UID },
    { kind: 'text', name: 'orderId', label: `${L}orderId` },
    { kind: 'text', name: 'channelOrderId', label: `${L}channelOrderId` },
    { kind: 'text', name: 'productId', label: `${L}productId` },
    { kind: 'number', name: 'pesosMin', label: `${L}pesosMin` },
    { kind: 'number', name: 'pesosMax', label: `${L}pesosMax` },
  ];
}

const C = {
  createdAt: { key: 'createdAt', title: `${L}createdAt`, format: 'datetime', sortable: true },
  paidAt: { key: 'paidAt', title: `${L}paidAt`, format: 'datetime', sortable: true },
  orderId: orderIdColumn(`${L}orderId`),
  uid: { key: 'uid', title: UID, format: 'uid' },
  productId: { key: 'productId', title: `${L}productId` },
  channel: { key: 'channel', title: `${L}channel` },
  os: { key: 'os', title: `${L}os`, labels: OS_LABELS },
  price: { key: 'price', title: `${L}price`, format: 'money', sortable: true },
  paidAmount: { key: 'paidAmount', title: `${L}paidAmount`, format: 'money' },
  chips: { key: 'chips', title: `${L}chips`, format: 'int' },
  bonusChips: { key: 'bonusChips', title: `${L}bonusChips`, format: 'int' },
  status: { key: 'status', title: `${L}status`, labels: STATUS_LABELS },
  // the channel's own reference, whole: finance reads it against the channel's statement
  channelOrderId: { key: 'channelOrderId', title: `${L}channelOrderId` },
  heldReason: { key: 'heldReason', title: `${L}heldReason`, labels: HELD_LABELS },
  flag: { key: 'flag', title: `${L}flag`, labels: FLAG_LABELS },
  resolution: { key: 'resolution', title: `${L}resolution`, labels: RESOLUTION_LABELS },
  resolvedBy: { key: 'resolvedBy', title: `${L}resolvedBy` },
  resolvedAt: { key: 'resolvedAt', title: `${L}resolvedAt`, format: 'datetime' },
  resolutionNote: { key: 'resolutionNote', title: `${L}resolutionNote` },
  callbacks: { key: 'callbacks', title: `${L}callbacks`, format: 'int' },
  callbackAt: { key: 'callbackAt', title: `${L}callbackAt`, format: 'datetime' },
  partner: { key: 'partner', title: `${L}partner` },
} satisfies Record<string, ColumnDeclaration<RechargeOrderItem>>;

/** The whole order in the detail drawer (every screen). */
const detail = {
  title: `${L}detailTitle`,
  items: [
    C.orderId,
    C.uid,
    C.partner,
    C.productId,
    C.channel,
    C.os,
    C.price,
    C.paidAmount,
    C.status,
    C.channelOrderId,
    C.chips,
    C.bonusChips,
    C.createdAt,
    C.paidAt,
    C.callbackAt,
    C.callbacks,
    C.heldReason,
    C.flag,
    C.resolution,
    C.resolvedBy,
    C.resolvedAt,
    C.resolutionNote,
  ],
};

function orderScreen(name: string, parts: Pick<ListDeclaration<RechargeOrderItem>, 'filters' | 'columns' | 'actions'>): ListDeclaration<RechargeOrderItem> {
  return { name, title: `usermanager.${name}.title`, api: { url: `/usermanager/${name}`, mode: 'cursor', export: true }, rowKey: 'id', detail, ...parts };
}

export const paymentlogsScreen = orderScreen('paymentlogs', {
  filters: filters(`${L}paidAt`, []),
  columns: [C.paidAt, C.orderId, C.uid, C.productId, C.channel, C.os, C.price, C.chips, C.bonusChips, C.channelOrderId, C.createdAt, C.resolution],
});

export const createdPaymentLogsScreen = orderScreen('createdPaymentLogs', {
  filters: filters(`${L}createdAt`, []),
  columns: [C.createdAt, C.orderId, C.uid, C.productId, C.channel, C.os, C.price],
});

/** Who may credit or refuse a held order: the hidden catalogue route /usermanager/payorderdecide. */
const DECIDE_ROLES = screenRoles('/usermanager/payorderdecide');

const decision = (key: 'credit' | 'refuse'): NonNullable<ListDeclaration<RechargeOrderItem>['actions']>[number] => ({
  key,
  label: `${L}${key}`,
  danger: key === 'refuse',
  form: {
    title: `${L}${key}Title`,
    fields: [{ name: 'reason', label: `${L}reason`, kind: 'textarea', help: `${L}reasonHelp`, rules: (tr) => reasonRules(tr) }],
  },
  confirm: `${L}${key}Confirm`,
  call: { method: 'POST', url: `/usermanager/payorder/${key}`, body: (row, values) => ({ orderId: row!.orderId, reason: values.reason }) },
  visible: (row) => row.status === 'held',
  // finance leaders only (the hidden catalogue route), not every role that reads payorder
  roles: DECIDE_ROLES,
});

export const payorderScreen = orderScreen('payorder', {
  filters: filters(`${L}createdAt`, [
    { kind: 'select', name: 'status', label: `${L}status`, options: RECHARGE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })) },
    {
      kind: 'select',
      name: 'attention',
      label: `${L}attention`,
      options: [
        { value: 'true', label: `${L}attentionYes` },
        { value: 'false', label: `${L}attentionNo` },
      ],
    },
    { kind: 'select', name: 'flag', label: `${L}flag`, options: RECHARGE_FLAGS.map((value) => ({ value, label: FLAG_LABELS[value] })) },
  ]),
  columns: [
    C.createdAt,
    C.orderId,
    C.uid,
    C.productId,
    C.channel,
    C.os,
    C.price,
    C.status,
    C.paidAmount,
    C.heldReason,
    C.flag,
    C.channelOrderId,
    C.paidAt,
    C.chips,
    C.bonusChips,
    C.resolution,
    C.resolvedBy,
    C.callbacks,
  ],
  actions: [decision('credit'), decision('refuse')],
});
