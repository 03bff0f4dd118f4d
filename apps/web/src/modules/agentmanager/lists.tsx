/**
 * The list screens of /agentmanager as kit declarations: wholesalers (distribution: add, edit,
 * freeze, buy stock, hand out, return; every change confirmed), the distribution log, and one
 * agent's report (its settled weeks). Amounts in pesos (chips / 100).
 */
import { Tag } from 'antd';
import i18next from 'i18next';
import type { AgentWeekRow, DistributionItem, WholesalerItem } from '@console/schemas';
import { ListScreen, type FieldDeclaration, type ListDeclaration, columnMaker } from '../../kit';
import { API, KIND_LABELS, L, STATUS_LABELS, TIER_LABELS, newRequestId, options, pesosRule, toChips } from './common';

const col = columnMaker(`${L}f.`);
const reasonField: FieldDeclaration = { name: 'reason', label: `${L}f.reason`, kind: 'textarea', required: true, rules: [{ max: 200 }, { whitespace: true }] };
const amountField: FieldDeclaration = { name: 'amount', label: `${L}f.amountPesos`, kind: 'number', required: true, rules: [pesosRule] };
const termsFields = (editing: boolean): FieldDeclaration[] => [
  {
    name: 'uid',
    label: `${L}f.agentUid`,
    kind: 'number',
    required: true,
    readOnly: editing,
    min: 1,
    max: 2_147_483_647,
    help: editing ? undefined : `${L}help.agentUid`,
  },
  { name: 'price', label: `${L}f.price`, kind: 'number', required: true, min: 1, max: 100, help: `${L}help.price` },
  { name: 'dailyLimit', label: `${L}f.dailyLimitPesos`, kind: 'number', required: true, min: 0, help: `${L}help.dailyLimit` },
  { name: 'note', label: `${L}f.note`, kind: 'text', rules: [{ max: 200 }] },
];
const W = `${API}/distribution`;

export const distributionList: ListDeclaration<WholesalerItem> = {
  name: 'agentmanager-wholesalers',
  title: `${L}title.distribution`,
  api: { url: W, mode: 'page', export: true },
  rowKey: 'uid',
  filters: [
    { kind: 'text', name: 'uid', label: `${L}f.uid` },
    { kind: 'text', name: 'partner', label: `${L}f.partner` },
    { kind: 'select', name: 'status', label: `${L}f.status`, options: options(STATUS_LABELS) },
    { kind: 'dateRange', name: 'range', label: `${L}f.range` },
  ],
  columns: [
    col('uid', 'uid', true),
    col('name'),
    col('partner', 'int'),
    {
      key: 'status',
      title: `${L}f.status`,
      labels: STATUS_LABELS,
      render: (v) => <Tag color={v === 'active' ? 'green' : 'blue'}>{i18next.t(STATUS_LABELS[String(v)] ?? String(v))}</Tag>,
    },
    col('price', 'int'),
    col('stock', 'money', true),
    col('today', 'money', true),
    col('dailyLimit', 'money'),
    col('stocked', 'money'),
    col('distributed', 'money', true),
    col('returned', 'money'),
    col('players', 'int', true),
    col('note'),
  ],
  toolbar: [
    {
      key: 'create',
      label: `${L}action.create`,
      form: { title: `${L}action.create`, fields: termsFields(false), initialValues: () => ({ price: 90, dailyLimit: 0, note: '' }) },
      call: {
        method: 'POST',
        url: `${W}/create`,
        body: (_row, v) => ({ uid: Number(v.uid), price: Number(v.price), dailyLimit: toChips(v.dailyLimit), note: String(v.note ?? '').trim() }),
      },
    },
  ],
  actions: [
    {
      key: 'stock',
      label: `${L}action.stock`,
      confirm: `${L}action.confirmStock`,
      form: { title: `${L}action.stock`, fields: [amountField, reasonField] },
      call: {
        method: 'POST',
        url: `${W}/stock`,
        body: (row, v) => ({ uid: row!.uid, amount: toChips(v.amount), requestId: newRequestId(), reason: String(v.reason ?? '').trim() }),
      },
      visible: (row) => row.status === 'active',
    },
    {
      key: 'distribute',
      label: `${L}action.distribute`,
      confirm: `${L}action.confirmDistribute`,
      form: {
        title: `${L}action.distribute`,
        fields: [{ name: 'player', label: `${L}f.player`, kind: 'number', required: true, min: 1, max: 2_147_483_647 }, amountField, reasonField],
      },
      call: {
        method: 'POST',
        url: `${W}/distribute`,
        body: (row, v) => ({
          uid: row!.uid,
          player: Number(v.player),
          amount: toChips(v.amount),
          requestId: newRequestId(),
          reason: String(v.reason ?? '').trim(),
        }),
      },
      visible: (row) => row.status === 'active',
    },
    {
      key: 'return',
      label: `${L}action.return`,
      confirm: `${L}action.confirmReturn`,
      form: { title: `${L}action.return`, fields: [amountField, reasonField] },
      call: {
        method: 'POST',
        url: `${W}/return`,
        body: (row, v) => ({ uid: row!.uid, amount: toChips(v.amount), requestId: newRequestId(), reason: String(v.reason ?? '').trim() }),
      },
      visible: (row) => row.status === 'active' && row.stock > 0,
    },
    {
      key: 'edit',
      label: `${L}action.edit`,
      confirm: `${L}action.confirmEdit`,
      form: {
        title: `${L}action.edit`,
        fields: [...termsFields(true), reasonField],
        initialValues: (row) => ({ uid: row!.uid, price: row!.price, dailyLimit: row!.dailyLimit / 100, note: row!.note }),
      },
      call: {
        method: 'POST',
        url: `${W}/update`,
        body: (row, v) => ({
          uid: row!.uid,
          price: Number(v.price),
          dailyLimit: toChips(v.dailyLimit),
          note: String(v.note ?? '').trim(),
          reason: String(v.reason ?? '').trim(),
        }),
      },
    },
    {
      key: 'status',
      danger: true,
      label: (row) => (row?.status === 'active' ? `${L}action.freeze` : `${L}action.unfreeze`),
      confirm: (row) => (row?.status === 'active' ? `${L}action.confirmFreeze` : `${L}action.confirmUnfreeze`),
      form: { fields: [reasonField] },
      call: {
        method: 'POST',
        url: `${W}/status`,
        body: (row, v) => ({ uid: row!.uid, status: row!.status === 'active' ? 'frozen' : 'active', reason: String(v.reason ?? '').trim() }),
      },
    },
  ],
  emptyHint: `${L}empty.distribution`,
};

export const distributionLogList: ListDeclaration<DistributionItem> = {
  name: 'agentmanager-distributionlogs',
  title: `${L}title.distributionlogs`,
  api: { url: `${API}/distributionlogs`, mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'text', name: 'wholesaler', label: `${L}f.wholesaler` },
    { kind: 'text', name: 'uid', label: `${L}f.player` },
    { kind: 'select', name: 'kind', label: `${L}f.kind`, options: options(KIND_LABELS) },
    { kind: 'text', name: 'partner', label: `${L}f.partner` },
    { kind: 'dateRange', name: 'at', label: `${L}f.at` },
  ],
  columns: [
    col('at', 'datetime', true),
    col('wholesaler', 'uid'),
    col('partner', 'int'),
    {
      key: 'kind',
      title: `${L}f.kind`,
      labels: KIND_LABELS,
      render: (v) => <Tag color={v === 'distribute' ? 'green' : v === 'stock' ? 'blue' : 'orange'}>{i18next.t(KIND_LABELS[String(v)] ?? String(v))}</Tag>,
    },
    col('uid', 'uid'),
    { key: 'tier', title: `${L}f.tier`, labels: TIER_LABELS },
    col('amount', 'money', true),
    col('paid', 'money'),
    col('balanceAfter', 'money'),
    col('reason'),
    col('actor'),
    col('requestId'),
  ],
};

export const reportList: ListDeclaration<AgentWeekRow> = {
  name: 'agentmanager-report',
  title: `${L}title.report`,
  api: { url: `${API}/report`, mode: 'page', export: true },
  rowKey: 'week',
  filters: [
    { kind: 'text', name: 'uid', label: `${L}f.agentUid` },
    { kind: 'dateRange', name: 'range', label: `${L}f.range` },
  ],
  columns: [
    col('week', undefined, true),
    col('t1Invitees', 'int'),
    col('t2Invitees', 'int'),
    col('activeInvitees', 'int'),
    col('t1Rake', 'money', true),
    col('t2Rake', 'money'),
    col('rebate', 'money', true),
    col('paid', 'money', true),
    col('carry', 'money'),
    col('distributed', 'money'),
    {
      key: 'status',
      title: `${L}f.weekStatus`,
      labels: { pending: `${L}weekStatus.pending`, settled: `${L}weekStatus.settled`, voided: `${L}weekStatus.voided` },
    },
  ],
  emptyHint: `${L}empty.report`,
};

export function DistributionScreen() {
  return <ListScreen decl={distributionList} />;
}
export function DistributionLogsScreen() {
  return <ListScreen decl={distributionLogList} />;
}
export function ReportScreen() {
  return <ListScreen decl={reportList} />;
}
