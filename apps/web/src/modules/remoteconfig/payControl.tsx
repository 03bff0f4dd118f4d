/**
 * /remoteconfig/payControl: recharge channels (tab 1) and the products they sell (tab 2),
 * one history for both (items `channel:<code>` and `product:<id>`). The tab is in the URL
 * (`?tab=products`); switching drops the other list's filters and page.
 */
import { useMemo } from 'react';
import type { RechargeChannelConfig, RechargeProductConfig } from '@console/schemas';
import { formatMoney } from '../../lib/format';
import { ListScreen, TabsScreen, type FieldDeclaration, type FormValues, type ListDeclaration, type SelectOption } from '../../kit';
import { historyCell, WithHistory, type HistoryDeclaration } from '../../kit/history';
import { codeField, L, pesosRule, STATUS_LABELS, STATUS_OPTIONS, toCentavos, toPesos, useOptions, wholeRule, YES_NO } from './common';

const S = `${L}payControl.`;
const API = '/remoteconfig/payControl';

const channelFields = (editing: boolean, products: SelectOption[], packages: SelectOption[]): FieldDeclaration[] => [
  codeField('channel', `${S}channel`, editing),
  { name: 'name', label: `${S}name`, kind: 'text', required: true },
  { name: 'icon', label: `${S}icon`, kind: 'text', help: `${S}iconHelp` },
  { name: 'sortOrder', label: `${S}sortOrder`, kind: 'number', required: true, rules: [wholeRule(0, 1_000_000)] },
  { name: 'status', label: `${S}status`, kind: 'select', required: true, options: STATUS_OPTIONS },
  { name: 'paidOnly', label: `${S}paidOnly`, kind: 'switch', help: `${S}paidOnlyHelp` },
  { name: 'products', label: `${S}products`, kind: 'multiSelect', options: products },
  { name: 'packages', label: `${S}packages`, kind: 'multiSelect', options: packages },
];

const channelBody = (v: FormValues) => ({
  channel: v.channel,
  name: v.name ?? '',
  icon: v.icon ?? '',
  sortOrder: v.sortOrder,
  status: v.status,
  paidOnly: Boolean(v.paidOnly),
  products: v.products ?? [],
  packages: v.packages ?? [],
});

export function channelsScreen(products: SelectOption[], packages: SelectOption[]): ListDeclaration<RechargeChannelConfig> {
  return {
    name: 'payControl-channels',
    title: `${S}channelsTitle`,
    api: { url: `${API}/channels`, mode: 'page', export: true },
    rowKey: 'channel',
    filters: [
      { kind: 'text', name: 'channel', label: `${S}channel` },
      { kind: 'select', name: 'status', label: `${S}status`, options: STATUS_OPTIONS },
    ],
    columns: [
      { key: 'sortOrder', title: `${S}sortOrder`, format: 'int', sortable: true, width: 80 },
      { key: 'channel', title: `${S}channel`, sortable: true, render: historyCell<RechargeChannelConfig>((row) => `channel:${row.channel}`) },
      { key: 'name', title: `${S}name` },
      { key: 'icon', title: `${S}icon` },
      { key: 'status', title: `${S}status`, labels: STATUS_LABELS },
      { key: 'paidOnly', title: `${S}paidOnly`, format: 'bool' },
      { key: 'products', title: `${S}products`, format: 'tags' },
      { key: 'packages', title: `${S}packages`, format: 'tags' },
      { key: 'updatedAt', title: `${S}updatedAt`, format: 'datetime', sortable: true },
    ],
    toolbar: [
      {
        key: 'create',
        label: `${S}createChannel`,
        form: {
          fields: channelFields(false, products, packages),
          initialValues: () => ({ status: 'close', sortOrder: 0, paidOnly: false, products: [], packages: [] }),
        },
        call: { method: 'POST', url: `${API}/channels/create`, body: (_row, v) => channelBody(v) },
      },
    ],
    actions: [
      {
        key: 'edit',
        label: `${S}edit`,
        confirm: `${L}confirmOverwrite`,
        form: { title: `${S}editChannel`, fields: channelFields(true, products, packages), initialValues: (row) => ({ ...row! }) },
        call: { method: 'POST', url: `${API}/channels/update`, body: (row, v) => channelBody({ ...v, channel: row!.channel }) },
      },
      {
        key: 'remove',
        label: `${S}remove`,
        danger: true,
        confirm: `${S}confirmRemoveChannel`,
        call: { method: 'POST', url: `${API}/channels/delete`, body: (row) => ({ channel: row!.channel }) },
      },
    ],
  };
}

const productFields = (editing: boolean): FieldDeclaration[] => [
  codeField('productId', `${S}productId`, editing),
  { name: 'name', label: `${S}name`, kind: 'text', required: true },
  { name: 'price', label: `${S}price`, kind: 'number', required: true, rules: [pesosRule] },
  { name: 'chips', label: `${S}chips`, kind: 'number', required: true, rules: [wholeRule(1, 1e12)] },
  { name: 'firstBonus', label: `${S}firstBonus`, kind: 'number', required: true, rules: [wholeRule(0, 1e12)], help: `${S}firstBonusHelp` },
  { name: 'sortOrder', label: `${S}sortOrder`, kind: 'number', required: true, rules: [wholeRule(0, 1_000_000)] },
  { name: 'enabled', label: `${S}enabled`, kind: 'switch' },
];

const productBody = (v: FormValues) => ({
  productId: v.productId,
  name: v.name ?? '',
  price: toCentavos(v.price),
  chips: v.chips,
  firstBonus: v.firstBonus,
  enabled: Boolean(v.enabled),
  sortOrder: v.sortOrder,
});

export const productsScreen: ListDeclaration<RechargeProductConfig> = {
  name: 'payControl-products',
  title: `${S}productsTitle`,
  api: { url: `${API}/products`, mode: 'page', export: true },
  rowKey: 'productId',
  filters: [
    { kind: 'text', name: 'productId', label: `${S}productId` },
    { kind: 'select', name: 'enabled', label: `${S}enabled`, options: YES_NO },
  ],
  columns: [
    { key: 'sortOrder', title: `${S}sortOrder`, format: 'int', sortable: true, width: 80 },
    { key: 'productId', title: `${S}productId`, sortable: true, render: historyCell<RechargeProductConfig>((row) => `product:${row.productId}`) },
    { key: 'name', title: `${S}name` },
    { key: 'price', title: `${S}price`, format: 'money', sortable: true },
    { key: 'chips', title: `${S}chips`, format: 'int' },
    { key: 'firstBonus', title: `${S}firstBonus`, format: 'int' },
    { key: 'enabled', title: `${S}enabled`, format: 'bool' },
  ],
  toolbar: [
    {
      key: 'create',
      label: `${S}createProduct`,
      form: { fields: productFields(false), initialValues: () => ({ enabled: true, sortOrder: 0, firstBonus: 0 }) },
      call: { method: 'POST', url: `${API}/products/create`, body: (_row, v) => productBody(v) },
    },
  ],
  actions: [
    {
      key: 'edit',
      label: `${S}edit`,
      confirm: `${L}confirmOverwrite`,
      form: { title: `${S}editProduct`, fields: productFields(true), initialValues: (row) => ({ ...row!, price: toPesos(row!.price) }) },
      call: { method: 'POST', url: `${API}/products/update`, body: (row, v) => productBody({ ...v, productId: row!.productId }) },
    },
    {
      key: 'remove',
      label: `${S}remove`,
      danger: true,
      confirm: `${S}confirmRemoveProduct`,
      call: { method: 'POST', url: `${API}/products/delete`, body: (row) => ({ productId: row!.productId }) },
    },
  ],
};

export const payControlHistory: HistoryDeclaration = {
  url: `${API}/versions`,
  fieldLabel: (field) => `${S}${field}`,
  formatValue: (field, value) => (field === 'price' ? formatMoney(value) : undefined),
};

function ChannelsTab() {
  const options = useOptions(`${API}/options`);
  const products = options.of('products');
  const packages = options.of('packages');
  const decl = useMemo(() => channelsScreen(products, packages), [JSON.stringify(products), JSON.stringify(packages)]); // eslint-disable-line react-hooks/exhaustive-deps
  return <ListScreen decl={decl} />;
}

export default function PayControlScreen() {
  return (
    <WithHistory history={payControlHistory}>
      <TabsScreen
        tabs={[
          { key: 'channels', label: `${S}channelsTitle`, render: () => <ChannelsTab /> },
          { key: 'products', label: `${S}productsTitle`, render: () => <ListScreen decl={productsScreen} /> },
        ]}
      />
    </WithHistory>
  );
}
