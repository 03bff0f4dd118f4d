/** /remoteconfig/cashOutEdter: cash-out channels, with the screen's history (docs/api/remoteconfig.md). */
import type { CashoutChannelConfig } from '@console/schemas';
import { formatMoney } from '../../lib/format';
import { ListScreen, type FieldDeclaration, type FormValues, type ListDeclaration } from '../../kit';
import { historyCell, WithHistory, type HistoryDeclaration } from '../../kit/history';
import { codeField, L, pesosRule, STATUS_LABELS, STATUS_OPTIONS, toCentavos, toPesos, wholeRule } from './common';

const S = `${L}cashOutEdter.`;
const API = '/remoteconfig/cashOutEdter';

const fields = (editing: boolean): FieldDeclaration[] => [
  codeField('channel', `${S}channel`, editing),
  { name: 'name', label: `${S}name`, kind: 'text', required: true },
  { name: 'icon', label: `${S}icon`, kind: 'text' },
  { name: 'sortOrder', label: `${S}sortOrder`, kind: 'number', required: true, min: 0, rules: [wholeRule(0, 1_000_000)] },
  { name: 'status', label: `${S}status`, kind: 'select', required: true, options: STATUS_OPTIONS },
  { name: 'min', label: `${S}min`, kind: 'number', required: true, rules: [pesosRule], help: `${S}rangeHelp` },
  { name: 'max', label: `${S}max`, kind: 'number', required: true, rules: [pesosRule] },
  { name: 'feePercent', label: `${S}feePercent`, kind: 'number', required: true, min: 0, max: 99.99 },
  { name: 'dailyMaxEnabled', label: `${S}dailyMaxEnabled`, kind: 'switch' },
  { name: 'dailyMax', label: `${S}dailyMax`, kind: 'number', required: true, rules: [wholeRule(0, 1000)] },
  {
    name: 'maxConsecutiveFailures',
    label: `${S}maxConsecutiveFailures`,
    kind: 'number',
    required: true,
    rules: [wholeRule(0, 1000)],
    help: `${S}failuresHelp`,
  },
];

/** The whole document the API takes (a save overwrites it). */
const body = (v: FormValues) => ({
  channel: v.channel,
  name: v.name ?? '',
  icon: v.icon ?? '',
  sortOrder: v.sortOrder,
  status: v.status,
  min: toCentavos(v.min),
  max: toCentavos(v.max),
  feePercent: Number(v.feePercent),
  dailyMax: v.dailyMax,
  dailyMaxEnabled: Boolean(v.dailyMaxEnabled),
  maxConsecutiveFailures: v.maxConsecutiveFailures,
});

export const cashoutChannelsScreen: ListDeclaration<CashoutChannelConfig> = {
  name: 'cashOutEdter',
  title: `${S}title`,
  api: { url: `${API}/channels`, mode: 'page', export: true },
  rowKey: 'channel',
  filters: [
    { kind: 'text', name: 'channel', label: `${S}channel` },
    { kind: 'select', name: 'status', label: `${S}status`, options: STATUS_OPTIONS },
  ],
  columns: [
    { key: 'sortOrder', title: `${S}sortOrder`, format: 'int', sortable: true, width: 80 },
    { key: 'channel', title: `${S}channel`, sortable: true, render: historyCell<CashoutChannelConfig>((row) => row.channel) },
    { key: 'name', title: `${S}name` },
    { key: 'status', title: `${S}status`, labels: STATUS_LABELS },
    { key: 'min', title: `${S}min`, format: 'money' },
    { key: 'max', title: `${S}max`, format: 'money' },
    { key: 'feePercent', title: `${S}feePercent`, format: 'roundUp2' },
    { key: 'dailyMax', title: `${S}dailyMax`, format: 'int' },
    { key: 'dailyMaxEnabled', title: `${S}dailyMaxEnabled`, format: 'bool' },
    { key: 'maxConsecutiveFailures', title: `${S}maxConsecutiveFailures`, format: 'int' },
    { key: 'consecutiveFailures', title: `${S}consecutiveFailures`, format: 'int' },
    { key: 'updatedAt', title: `${S}updatedAt`, format: 'datetime', sortable: true },
  ],
  toolbar: [
    {
      key: 'create',
      label: `${S}create`,
      form: {
        fields: fields(false),
        initialValues: () => ({ status: 'close', sortOrder: 0, feePercent: 0, dailyMax: 0, dailyMaxEnabled: false, maxConsecutiveFailures: 0 }),
      },
      call: { method: 'POST', url: `${API}/channels/create`, body: (_row, v) => body(v) },
    },
  ],
  actions: [
    {
      key: 'edit',
      label: `${S}edit`,
      confirm: `${L}confirmOverwrite`,
      form: {
        title: `${S}editTitle`,
        fields: fields(true),
        initialValues: (row) => ({ ...row!, min: toPesos(row!.min), max: toPesos(row!.max) }),
      },
      call: { method: 'POST', url: `${API}/channels/update`, body: (row, v) => body({ ...v, channel: row!.channel }) },
    },
    {
      key: 'resetFailures',
      label: `${S}resetFailures`,
      confirm: `${S}confirmResetFailures`,
      visible: (row) => row.consecutiveFailures > 0,
      call: { method: 'POST', url: `${API}/channels/resetFailures`, body: (row) => ({ channel: row!.channel }) },
    },
    {
      key: 'remove',
      label: `${S}remove`,
      danger: true,
      confirm: `${S}confirmRemove`,
      call: { method: 'POST', url: `${API}/channels/delete`, body: (row) => ({ channel: row!.channel }) },
    },
  ],
};

export const cashoutChannelsHistory: HistoryDeclaration = {
  url: `${API}/versions`,
  fieldLabel: (field) => `${S}${field}`,
  formatValue: (field, value) => (field === 'min' || field === 'max' ? formatMoney(value) : undefined),
};

export default function CashOutEdterScreen() {
  return (
    <WithHistory history={cashoutChannelsHistory}>
      <ListScreen decl={cashoutChannelsScreen} />
    </WithHistory>
  );
}
