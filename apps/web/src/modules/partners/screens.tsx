/**
 * The partner and cloud-chip screens (docs/api/partners.md): /platmanager partnerediter,
 * defalutediter, coinediter, coinlogs and /partnermanager partnerCoinLogs, coinbusiness,
 * accounttransfer, partnersum. Kit declarations; a screen with two lists shows them as tabs.
 * The dealer list is one shape declared for the platform's and for a partner's dealers.
 */
import type {
  BillItem,
  CloudOrderItem,
  CoinMovementItem,
  DealerItem,
  PartnerAccountItem,
  PartnerItem,
  PartnerTransferItem,
  SaleDayItem,
  SaleItem,
  StockLoadItem,
} from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { useMemo, type ComponentType } from 'react';
import { ConfigScreen, ListScreen, TabsScreen, type ConfigDeclaration, type FieldDeclaration, type FormValues, type ListDeclaration } from '../../kit';
import { WithHistory, type HistoryDeclaration } from '../../kit/history';
import { formatMoney } from '../../lib/format';
import { request } from '../../shell/request';
import {
  bpToPct,
  col,
  dateRule,
  freshKey,
  L,
  pctCol,
  pctRule,
  pctToBp,
  pesosField,
  pesosRule,
  reasonField,
  statusCol,
  statusOptions,
  text,
  toUnits,
} from './common';
import { toPesos } from '../../kit/config/settingsFields';

const PLATFORM = ['admin', 'secadmin', 'business'] as const;

// ---------------------------------------------------------------- /platmanager/partnerediter

const settingsFields = (creating: boolean): FieldDeclaration[] => [
  ...(creating ? [{ name: 'id', label: `${L}f.id`, kind: 'number' as const, min: 1, max: 2_147_483_647, help: `${L}help.newId` }] : []),
  { name: 'name', label: `${L}f.name`, kind: 'text', required: true, rules: [{ max: 64 }, { whitespace: true }] },
  ...(creating
    ? []
    : [
        { name: 'deposit', label: `${L}f.deposit`, kind: 'number' as const, required: true, rules: [pesosRule(true)], help: `${L}help.deposit` },
        { name: 'rakeSharePct', label: `${L}f.rakeSharePct`, kind: 'number' as const, required: true, rules: [pctRule(0, 100)], help: `${L}help.rakeSharePct` },
        { name: 'cloudPricePct', label: `${L}f.cloudPriceBp`, kind: 'number' as const, required: true, rules: [pctRule(0.01, 200)], help: `${L}help.price` },
        {
          name: 'transferThreshold',
          label: `${L}f.transferThreshold`,
          kind: 'number' as const,
          required: true,
          rules: [pesosRule()],
          help: `${L}help.transferThreshold`,
        },
        { name: 'dealerDailyLimit', label: `${L}f.dealerDailyLimit`, kind: 'number' as const, required: true, rules: [pesosRule()] },
        { name: 'dealerPricePct', label: `${L}f.dealerPriceBp`, kind: 'number' as const, required: true, rules: [pctRule(0.01, 200)] },
      ]),
];

export const partnersDecl: ListDeclaration<PartnerItem> = {
  name: 'partners',
  title: `${L}title.partnerediter`,
  api: { url: '/platmanager/partnerediter', mode: 'page', export: true },
  rowKey: 'id',
  filters: [{ kind: 'select', name: 'status', label: `${L}f.status`, options: statusOptions('active', 'suspended') }],
  columns: [
    col('id', 'int', true),
    col('name'),
    statusCol(),
    col('balance', 'money', true),
    col('deposit', 'money'),
    col('loss', 'money'),
    { key: 'rakeSharePct', title: `${L}f.rakeSharePct`, render: (v) => `${String(v)}%`, text: (v) => `${String(v)}%` },
    pctCol('cloudPriceBp'),
    col('dealers', 'int'),
    col('dealerStock', 'money'),
    col('pendingOrders', 'int'),
    col('statusReason'),
  ],
  toolbar: [
    {
      key: 'create',
      label: `${L}action.createPartner`,
      form: { title: `${L}action.createPartner`, fields: settingsFields(true) },
      call: { method: 'POST', url: '/platmanager/partnerediter/create', body: (_r, v) => ({ name: text(v, 'name'), ...(v.id ? { id: Number(v.id) } : {}) }) },
    },
    {
      key: 'stoploss',
      label: `${L}action.stoploss`,
      confirm: `${L}confirm.stoploss`,
      call: { method: 'POST', url: '/platmanager/partnerediter/stoploss', body: () => ({}) },
    },
  ],
  actions: [
    {
      key: 'sell',
      label: `${L}action.sell`,
      confirm: `${L}confirm.sell`,
      visible: (r) => r.status === 'active',
      form: { title: `${L}action.sell`, fields: [pesosField('amount', `${L}help.sell`), reasonField('note', false)] },
      call: {
        method: 'POST',
        url: '/platmanager/partnerediter/sell',
        body: (r, v) => ({ partner: r!.id, amount: toUnits(v.amount), note: text(v, 'note'), key: freshKey() }),
      },
    },
    {
      key: 'edit',
      label: `${L}action.edit`,
      confirm: `${L}confirm.edit`,
      form: {
        title: `${L}action.edit`,
        fields: settingsFields(false),
        initialValues: (r) => ({
          name: r!.name,
          deposit: toPesos(r!.deposit),
          rakeSharePct: r!.rakeSharePct,
          cloudPricePct: bpToPct(r!.cloudPriceBp),
          transferThreshold: toPesos(r!.transferThreshold),
          dealerDailyLimit: toPesos(r!.dealerDailyLimit),
          dealerPricePct: bpToPct(r!.dealerPriceBp),
        }),
      },
      call: {
        method: 'POST',
        url: '/platmanager/partnerediter/update',
        body: (r, v) => ({
          id: r!.id,
          name: text(v, 'name'),
          deposit: toUnits(v.deposit),
          rakeSharePct: Number(v.rakeSharePct),
          cloudPriceBp: pctToBp(v.cloudPricePct),
          transferThreshold: toUnits(v.transferThreshold),
          dealerDailyLimit: toUnits(v.dealerDailyLimit),
          dealerPriceBp: pctToBp(v.dealerPricePct),
        }),
      },
    },
    {
      key: 'suspend',
      label: `${L}action.suspend`,
      danger: true,
      confirm: `${L}confirm.suspend`,
      visible: (r) => r.status === 'active',
      form: { title: `${L}action.suspend`, fields: [reasonField()] },
      call: { method: 'POST', url: '/platmanager/partnerediter/suspend', body: (r, v) => ({ id: r!.id, reason: text(v, 'reason') }) },
    },
    {
      key: 'resume',
      label: `${L}action.resume`,
      confirm: `${L}confirm.resume`,
      visible: (r) => r.status === 'suspended',
      form: { title: `${L}action.resume`, fields: [reasonField()] },
      call: { method: 'POST', url: '/platmanager/partnerediter/resume', body: (r, v) => ({ id: r!.id, reason: text(v, 'reason') }) },
    },
  ],
};

const ordersDecl = (url: string, platform: boolean): ListDeclaration<CloudOrderItem> => ({
  name: platform ? 'cloud-orders' : 'my-cloud-orders',
  title: `${L}title.orders`,
  api: { url, mode: 'page', export: true },
  rowKey: 'id',
  filters: [
    ...(platform ? [{ kind: 'number' as const, name: 'partner', label: `${L}f.partner` }] : []),
    { kind: 'select', name: 'status', label: `${L}f.status`, options: statusOptions('pending', 'paid', 'cancelled') },
    { kind: 'dateRange', name: 'at', label: `${L}f.requestedAt` },
  ],
  columns: [
    col('id', 'int', true),
    col('partner', 'int'),
    col('amount', 'money', true),
    pctCol('priceBp'),
    col('cost', 'money'),
    statusCol(),
    col('note'),
    col('requestedBy'),
    col('requestedAt', 'datetime'),
    col('decidedBy'),
    col('decidedAt', 'datetime'),
  ],
  ...(platform
    ? {}
    : {
        toolbar: [
          {
            key: 'buy',
            label: `${L}action.buy`,
            confirm: `${L}confirm.buy`,
            form: { title: `${L}action.buy`, fields: [pesosField('amount', `${L}help.buy`), reasonField('note', false)] },
            call: { method: 'POST', url: '/partnermanager/partnerCoinLogs/buy', body: (_r, v) => ({ amount: toUnits(v.amount), note: text(v, 'note') }) },
          },
        ],
      }),
  actions: [
    ...(platform
      ? [
          {
            key: 'confirm',
            label: `${L}action.confirmPaid`,
            confirm: `${L}confirm.confirmPaid`,
            visible: (r: CloudOrderItem) => r.status === 'pending',
            call: { method: 'POST' as const, url: '/platmanager/partnerediter/orders/confirm', body: (r: CloudOrderItem | undefined) => ({ id: r!.id }) },
          },
        ]
      : []),
    {
      key: 'cancel',
      label: `${L}action.cancelOrder`,
      danger: true,
      confirm: `${L}confirm.cancelOrder`,
      visible: (r: CloudOrderItem) => r.status === 'pending',
      call: {
        method: 'POST',
        url: platform ? '/platmanager/partnerediter/orders/cancel' : '/partnermanager/partnerCoinLogs/orders/cancel',
        body: (r) => ({ id: r!.id }),
      },
    },
  ],
});

function PartnerEditer() {
  return (
    <TabsScreen
      tabs={[
        { key: 'partners', label: `${L}tab.partners`, render: () => <ListScreen decl={partnersDecl} /> },
        { key: 'orders', label: `${L}tab.orders`, render: () => <ListScreen decl={ordersDecl('/platmanager/partnerediter/orders', true)} /> },
      ]}
    />
  );
}

// ---------------------------------------------------------------- /platmanager/defalutediter

export const defaultsDecl: ConfigDeclaration = {
  name: 'partner-defaults',
  title: `${L}title.defalutediter`,
  load: {
    url: '/platmanager/defalutediter',
    toForm: (d) => ({
      deposit: toPesos(d.deposit),
      rakeSharePct: d.rakeSharePct,
      cloudPricePct: bpToPct(d.cloudPriceBp),
      transferThreshold: toPesos(d.transferThreshold),
      dealerDailyLimit: toPesos(d.dealerDailyLimit),
      dealerPricePct: bpToPct(d.dealerPriceBp),
    }),
  },
  save: {
    url: '/platmanager/defalutediter/save',
    body: (v) => ({
      deposit: toUnits(v.deposit),
      rakeSharePct: Number(v.rakeSharePct),
      cloudPriceBp: pctToBp(v.cloudPricePct),
      transferThreshold: toUnits(v.transferThreshold),
      dealerDailyLimit: toUnits(v.dealerDailyLimit),
      dealerPriceBp: pctToBp(v.dealerPricePct),
    }),
  },
  fields: settingsFields(false).filter((f) => f.name !== 'name'),
  confirm: `${L}confirm.defaults`,
};
const defaultsHistory: HistoryDeclaration = {
  url: '/platmanager/defalutediter/versions',
  fieldLabel: (field) => `${L}f.${field}`,
  formatValue: (field, value) => (['deposit', 'transferThreshold', 'dealerDailyLimit'].includes(field) ? formatMoney(value) : undefined),
};
const DefaultEditer = () => (
  <WithHistory history={defaultsHistory}>
    <ConfigScreen decl={defaultsDecl} />
  </WithHistory>
);

// ---------------------------------------------------------------- dealers: one shape, two owners

export function dealersDecl(platform: boolean): ListDeclaration<DealerItem> {
  const base = platform ? '/platmanager/coinediter' : '/partnermanager/coinbusiness';
  const dealerFields = (creating: boolean): FieldDeclaration[] => [
    { name: 'name', label: `${L}f.name`, kind: 'text', required: true, rules: [{ max: 64 }, { whitespace: true }] },
    ...(creating ? [{ name: 'uid', label: `${L}f.dealerUid`, kind: 'number' as const, min: 1, max: 2_147_483_647, help: `${L}help.dealerUid` }] : []),
    { name: 'pricePct', label: `${L}f.priceBp`, kind: 'number', required: !creating, rules: [pctRule(0.01, 200)], help: `${L}help.dealerPrice` },
    {
      name: 'dailyLimit',
      label: `${L}f.dailyLimit`,
      kind: 'number',
      required: !creating,
      rules: [pesosRule()],
      help: creating ? `${L}help.defaultFromPartner` : undefined,
    },
  ];
  const key = freshKey;
  return {
    name: platform ? 'platform-dealers' : 'partner-dealers',
    title: `${L}title.${platform ? 'coinediter' : 'coinbusiness'}`,
    api: { url: base, mode: 'page', export: true },
    rowKey: 'id',
    filters: [
      ...(platform ? [] : [{ kind: 'number' as const, name: 'partner', label: `${L}f.partner` }]),
      { kind: 'select', name: 'status', label: `${L}f.status`, options: statusOptions('active', 'frozen') },
    ],
    columns: [
      col('id', 'int', true),
      ...(platform ? [] : [col<DealerItem>('partner', 'int')]),
      col('name'),
      col('uid', 'uid'),
      statusCol(),
      col('stock', 'money', true),
      pctCol('priceBp'),
      col('dailyLimit', 'money'),
      col('soldToday', 'money'),
      col('createdBy'),
      col('createdAt', 'datetime'),
    ],
    toolbar: [
      {
        key: 'create',
        label: `${L}action.createDealer`,
        form: { title: `${L}action.createDealer`, fields: dealerFields(true) },
        call: {
          method: 'POST',
          url: `${base}/create`,
          body: (_r, v: FormValues) => ({
            name: text(v, 'name'),
            ...(v.uid ? { uid: Number(v.uid) } : {}),
            ...(v.pricePct ? { priceBp: pctToBp(v.pricePct) } : {}),
            ...(v.dailyLimit ? { dailyLimit: toUnits(v.dailyLimit) } : {}),
          }),
        },
      },
    ],
    actions: [
      ...(platform
        ? [
            {
              key: 'load',
              label: `${L}action.load`,
              visible: (r: DealerItem) => r.status === 'active',
              form: { title: `${L}action.load`, fields: [pesosField('amount', `${L}help.load`), reasonField('note', false)] },
              call: {
                method: 'POST' as const,
                url: `${base}/loads/request`,
                body: (r: DealerItem | undefined, v: FormValues) => ({ dealer: r!.id, amount: toUnits(v.amount), note: text(v, 'note') }),
              },
            },
          ]
        : [
            {
              key: 'stock',
              label: `${L}action.stock`,
              confirm: `${L}confirm.stock`,
              visible: (r: DealerItem) => r.status === 'active',
              form: { title: `${L}action.stock`, fields: [pesosField('amount', `${L}help.stock`)] },
              call: {
                method: 'POST' as const,
                url: `${base}/stock`,
                body: (r: DealerItem | undefined, v: FormValues) => ({ id: r!.id, amount: toUnits(v.amount), key: key() }),
              },
            },
            {
              key: 'unstock',
              label: `${L}action.unstock`,
              confirm: `${L}confirm.unstock`,
              form: { title: `${L}action.unstock`, fields: [pesosField('amount')] },
              call: {
                method: 'POST' as const,
                url: `${base}/unstock`,
                body: (r: DealerItem | undefined, v: FormValues) => ({ id: r!.id, amount: toUnits(v.amount), key: key() }),
              },
            },
          ]),
      {
        key: 'sell',
        label: `${L}action.dealerSell`,
        confirm: `${L}confirm.dealerSell`,
        visible: (r) => r.status === 'active',
        form: {
          title: `${L}action.dealerSell`,
          fields: [
            { name: 'uid', label: `${L}f.uid`, kind: 'number', required: true, min: 1, max: 2_147_483_647 },
            pesosField('amount', `${L}help.dealerSell`),
          ],
        },
        call: { method: 'POST', url: `${base}/sell`, body: (r, v) => ({ dealer: r!.id, uid: Number(v.uid), amount: toUnits(v.amount), key: key() }) },
      },
      {
        key: 'edit',
        label: `${L}action.edit`,
        confirm: `${L}confirm.edit`,
        form: {
          title: `${L}action.edit`,
          fields: dealerFields(false),
          initialValues: (r) => ({ name: r!.name, pricePct: bpToPct(r!.priceBp), dailyLimit: toPesos(r!.dailyLimit) }),
        },
        call: {
          method: 'POST',
          url: `${base}/update`,
          body: (r, v) => ({ id: r!.id, name: text(v, 'name'), priceBp: pctToBp(v.pricePct), dailyLimit: toUnits(v.dailyLimit) }),
        },
      },
      {
        key: 'freeze',
        label: (r) => `${L}action.${r?.status === 'frozen' ? 'unfreeze' : 'freeze'}`,
        danger: true,
        confirm: (r) => `${L}confirm.${r?.status === 'frozen' ? 'unfreeze' : 'freeze'}`,
        form: { title: `${L}action.freeze`, fields: [reasonField()] },
        call: { method: 'POST', url: `${base}/freeze`, body: (r, v) => ({ id: r!.id, frozen: r!.status !== 'frozen', reason: text(v, 'reason') }) },
      },
    ],
  };
}

const loadsDecl: ListDeclaration<StockLoadItem> = {
  name: 'stock-loads',
  title: `${L}title.loads`,
  api: { url: '/platmanager/coinediter/loads', mode: 'page', export: true },
  rowKey: 'id',
  filters: [{ kind: 'select', name: 'status', label: `${L}f.status`, options: statusOptions('requested', 'approved', 'rejected') }],
  columns: [
    col('id', 'int', true),
    col('dealerName'),
    col('amount', 'money'),
    statusCol(),
    col('note'),
    col('requestedBy'),
    col('requestedAt', 'datetime'),
    col('decidedBy'),
    col('decidedAt', 'datetime'),
  ],
  actions: [
    {
      key: 'approve',
      label: `${L}action.approve`,
      confirm: `${L}confirm.approveLoad`,
      visible: (r) => r.status === 'requested',
      call: { method: 'POST', url: '/platmanager/coinediter/loads/decide', body: (r) => ({ id: r!.id, approve: true }) },
    },
    {
      key: 'reject',
      label: `${L}action.reject`,
      danger: true,
      confirm: `${L}confirm.reject`,
      visible: (r) => r.status === 'requested',
      form: { title: `${L}action.reject`, fields: [reasonField('note', false)] },
      call: { method: 'POST', url: '/platmanager/coinediter/loads/decide', body: (r, v) => ({ id: r!.id, approve: false, note: text(v, 'note') }) },
    },
  ],
};

function CoinEditer() {
  return (
    <TabsScreen
      tabs={[
        { key: 'dealers', label: `${L}tab.dealers`, render: () => <ListScreen decl={dealersDecl(true)} /> },
        { key: 'loads', label: `${L}tab.loads`, render: () => <ListScreen decl={loadsDecl} /> },
      ]}
    />
  );
}

// ---------------------------------------------------------------- /platmanager/coinlogs

const salesDecl: ListDeclaration<SaleItem> = {
  name: 'platform-dealer-sales',
  title: `${L}title.coinlogs`,
  api: { url: '/platmanager/coinlogs', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'number', name: 'dealer', label: `${L}f.dealer` },
    { kind: 'number', name: 'uid', label: `${L}f.uid` },
    { kind: 'dateRange', name: 'at', label: `${L}f.at` },
  ],
  columns: [
    col('id', 'int', true),
    col('at', 'datetime', true),
    col('dealerName'),
    col('uid', 'uid'),
    col('amount', 'money', true),
    pctCol('priceBp'),
    col('paid', 'money'),
    col('actor'),
  ],
};
const daysDecl: ListDeclaration<SaleDayItem> = {
  name: 'platform-dealer-days',
  title: `${L}title.reconcile`,
  api: { url: '/platmanager/coinlogs/days', mode: 'page', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'number', name: 'dealer', label: `${L}f.dealer` },
    {
      kind: 'select',
      name: 'differs',
      label: `${L}f.differs`,
      options: [
        { value: 'true', label: 'kit.yes' },
        { value: 'false', label: 'kit.no' },
      ],
    },
  ],
  columns: [
    col('day', undefined, true),
    col('dealerName'),
    col('sales', 'int'),
    col('sold', 'money'),
    col('paid', 'money'),
    col('stockOut', 'money'),
    col('stockIn', 'money'),
    { key: 'differs', title: `${L}f.differs`, format: 'bool' },
  ],
};

function CoinLogs() {
  return (
    <TabsScreen
      tabs={[
        { key: 'sales', label: `${L}tab.sales`, render: () => <ListScreen decl={salesDecl} /> },
        { key: 'days', label: `${L}tab.days`, render: () => <ListScreen decl={daysDecl} /> },
      ]}
    />
  );
}

// ---------------------------------------------------------------- /partnermanager/partnerCoinLogs

const REASONS = [
  'cloud.sold',
  'partner.to_player',
  'partner.from_player',
  'partner.to_dealer',
  'partner.from_dealer',
  'partner.transfer',
  'partner.adjust',
  'dealer.sold',
  'dealer.load',
];
const REASON_LABELS = Object.fromEntries(REASONS.map((r) => [r, `${L}reason.${r.replace('.', '_')}`]));
const playerFields: FieldDeclaration[] = [
  { name: 'uid', label: `${L}f.uid`, kind: 'number', required: true, min: 1, max: 2_147_483_647 },
  pesosField('amount'),
  reasonField(),
];

export const movementsDecl: ListDeclaration<CoinMovementItem> = {
  name: 'cloud-chip-movements',
  title: `${L}title.partnerCoinLogs`,
  api: { url: '/partnermanager/partnerCoinLogs', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'number', name: 'partner', label: `${L}f.partner` },
    {
      kind: 'select',
      name: 'kind',
      label: `${L}f.kind`,
      options: [
        { value: 'partner', label: `${L}kind.partner` },
        { value: 'dealer', label: `${L}kind.dealer` },
      ],
    },
    { kind: 'select', name: 'reason', label: `${L}f.reason`, options: REASONS.map((value) => ({ value, label: REASON_LABELS[value] })) },
    { kind: 'dateRange', name: 'at', label: `${L}f.at` },
  ],
  columns: [
    col('id', 'int', true),
    col('at', 'datetime', true),
    col('partner', 'int'),
    { key: 'kind', title: `${L}f.kind`, labels: { partner: `${L}kind.partner`, dealer: `${L}kind.dealer` } },
    col('owner'),
    { key: 'reason', title: `${L}f.reason`, labels: REASON_LABELS },
    col('delta', 'money', true),
    col('balanceAfter', 'money'),
    col('counterparty'),
    col('ref'),
    col('actor'),
  ],
  toolbar: [
    {
      key: 'give',
      label: `${L}action.give`,
      confirm: `${L}confirm.give`,
      form: { title: `${L}action.give`, fields: playerFields },
      call: {
        method: 'POST',
        url: '/partnermanager/partnerCoinLogs/give',
        body: (_r, v) => ({ uid: Number(v.uid), amount: toUnits(v.amount), reason: text(v, 'reason'), key: freshKey() }),
      },
    },
    {
      key: 'reclaim',
      label: `${L}action.reclaim`,
      danger: true,
      confirm: `${L}confirm.reclaim`,
      form: { title: `${L}action.reclaim`, fields: playerFields },
      call: {
        method: 'POST',
        url: '/partnermanager/partnerCoinLogs/reclaim',
        body: (_r, v) => ({ uid: Number(v.uid), amount: toUnits(v.amount), reason: text(v, 'reason'), key: freshKey() }),
      },
    },
  ],
};

function PartnerCoinLogs() {
  return (
    <TabsScreen
      tabs={[
        { key: 'movements', label: `${L}tab.movements`, render: () => <ListScreen decl={movementsDecl} /> },
        { key: 'orders', label: `${L}tab.myOrders`, render: () => <ListScreen decl={ordersDecl('/partnermanager/partnerCoinLogs/orders', false)} /> },
      ]}
    />
  );
}

// ---------------------------------------------------------------- /partnermanager/accounttransfer

/** An account the transfer may move from or to, as the server lists them. */
type AccountOption = PartnerAccountItem;

export function transfersDecl(accounts: AccountOption[]): ListDeclaration<PartnerTransferItem> {
  const options = accounts.map((a) => ({ value: String(a.id), label: `${a.name} (${formatMoney(a.balance)})`, literal: true }));
  const moveFields: FieldDeclaration[] = [
    { name: 'uid', label: `${L}f.uid`, kind: 'number', required: true, min: 1, max: 2_147_483_647 },
    { name: 'toPartner', label: `${L}f.toPartner`, kind: 'number', required: true, min: 1, max: 2_147_483_647 },
    reasonField(),
  ];
  return {
    name: 'partner-transfers',
    title: `${L}title.accounttransfer`,
    api: { url: '/partnermanager/accounttransfer', mode: 'page', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'select', name: 'status', label: `${L}f.status`, options: statusOptions('pending', 'done', 'rejected') },
      {
        kind: 'select',
        name: 'kind',
        label: `${L}f.transferKind`,
        options: ['account', 'player', 'agent'].map((k) => ({ value: k, label: `${L}transfer.${k}` })),
      },
    ],
    columns: [
      col('id', 'int', true),
      col('partner', 'int'),
      { key: 'kind', title: `${L}f.transferKind`, labels: { account: `${L}transfer.account`, player: `${L}transfer.player`, agent: `${L}transfer.agent` } },
      col('fromAccount', 'int'),
      col('toAccount', 'int'),
      col('uid', 'uid'),
      col('toPartner', 'int'),
      col('amount', 'money', true),
      statusCol(),
      col('reason'),
      col('requestedBy'),
      col('requestedAt', 'datetime'),
      col('decidedBy'),
      col('decisionNote'),
    ],
    toolbar: [
      {
        key: 'account',
        label: `${L}action.transferAccounts`,
        confirm: `${L}confirm.transfer`,
        form: {
          title: `${L}action.transferAccounts`,
          fields: [
            { name: 'from', label: `${L}f.fromAccount`, kind: 'select', required: true, options },
            { name: 'to', label: `${L}f.toAccount`, kind: 'select', required: true, options },
            { ...pesosField('amount'), help: `${L}help.fourEyes` },
            reasonField(),
          ],
        },
        call: {
          method: 'POST',
          url: '/partnermanager/accounttransfer/request',
          body: (_r, v) => ({ kind: 'account', from: Number(v.from), to: Number(v.to), amount: toUnits(v.amount), reason: text(v, 'reason') }),
        },
      },
      {
        key: 'player',
        label: `${L}action.movePlayer`,
        confirm: `${L}confirm.move`,
        form: { title: `${L}action.movePlayer`, fields: moveFields },
        call: {
          method: 'POST',
          url: '/partnermanager/accounttransfer/request',
          body: (_r, v) => ({ kind: 'player', uid: Number(v.uid), toPartner: Number(v.toPartner), reason: text(v, 'reason') }),
        },
      },
      {
        key: 'agent',
        label: `${L}action.moveAgent`,
        confirm: `${L}confirm.move`,
        form: { title: `${L}action.moveAgent`, fields: moveFields },
        call: {
          method: 'POST',
          url: '/partnermanager/accounttransfer/request',
          body: (_r, v) => ({ kind: 'agent', uid: Number(v.uid), toPartner: Number(v.toPartner), reason: text(v, 'reason') }),
        },
      },
    ],
    actions: [
      {
        key: 'approve',
        label: `${L}action.approve`,
        confirm: `${L}confirm.approveTransfer`,
        visible: (r) => r.status === 'pending',
        call: { method: 'POST', url: '/partnermanager/accounttransfer/decide', body: (r) => ({ id: r!.id, approve: true }) },
      },
      {
        key: 'reject',
        label: `${L}action.reject`,
        danger: true,
        confirm: `${L}confirm.reject`,
        visible: (r) => r.status === 'pending',
        form: { title: `${L}action.reject`, fields: [reasonField('note', false)] },
        call: { method: 'POST', url: '/partnermanager/accounttransfer/decide', body: (r, v) => ({ id: r!.id, approve: false, note: text(v, 'note') }) },
      },
    ],
  };
}

function AccountTransfer() {
  const accounts = useQuery({
    queryKey: ['partner-accounts'],
    queryFn: async () => (await request<AccountOption[]>('GET', '/partnermanager/accounttransfer/accounts')).data ?? [],
  });
  const decl = useMemo(() => transfersDecl(accounts.data ?? []), [accounts.data]);
  if (accounts.isLoading) return <Spin />;
  return (
    <>
      {accounts.isError ? <Alert type="warning" showIcon message={String(accounts.error.message)} style={{ marginBottom: 12 }} /> : null}
      <ListScreen decl={decl} />
    </>
  );
}

// ---------------------------------------------------------------- /partnermanager/partnersum

export const billsDecl: ListDeclaration<BillItem> = {
  name: 'distribution-bills',
  title: `${L}title.partnersum`,
  api: { url: '/partnermanager/partnersum', mode: 'page', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'number', name: 'partner', label: `${L}f.partner` },
    { kind: 'select', name: 'status', label: `${L}f.status`, options: statusOptions('draft', 'confirmed', 'settled', 'disputed') },
  ],
  columns: [
    // the days covered, both included (as the bill is asked for), not the period's end instant (the next day's 00:00)
    col('id', 'int'),
    col('partner', 'int'),
    col('fromDay', 'text', true),
    col('toDay', 'text'),
    col('opening', 'money'),
    col('bought', 'money'),
    col('distributed', 'money'),
    col('reclaimed', 'money'),
    col('adjusted', 'money'),
    col('rakeShare', 'money'),
    col('closing', 'money'),
    statusCol(),
    col('note'),
  ],
  detail: {
    title: `${L}title.bill`,
    items: [
      col('rakeBase', 'money'),
      { key: 'rakeSharePct', title: `${L}f.rakeSharePct`, render: (v) => `${String(v)}%` },
      col('createdBy'),
      col('createdAt', 'datetime'),
      col('confirmedBy'),
      col('closedBy'),
      { key: 'adjustments', title: `${L}f.adjustments`, format: 'json' },
    ],
  },
  toolbar: [
    {
      key: 'create',
      label: `${L}action.createBill`,
      form: {
        title: `${L}action.createBill`,
        fields: [
          { name: 'partner', label: `${L}f.partner`, kind: 'number', min: 1, max: 2_147_483_647, help: `${L}help.billPartner` },
          { name: 'from', label: `${L}f.fromDay`, kind: 'text', required: true, rules: [dateRule], help: `${L}help.day` },
          { name: 'to', label: `${L}f.toDay`, kind: 'text', required: true, rules: [dateRule], help: `${L}help.day` },
        ],
      },
      call: {
        method: 'POST',
        url: '/partnermanager/partnersum/create',
        body: (_r, v) => ({ ...(v.partner ? { partner: Number(v.partner) } : {}), from: text(v, 'from'), to: text(v, 'to') }),
      },
    },
  ],
  actions: [
    {
      key: 'adjust',
      label: `${L}action.adjust`,
      roles: PLATFORM,
      confirm: `${L}confirm.adjust`,
      visible: (r) => r.status === 'draft',
      form: {
        title: `${L}action.adjust`,
        fields: [{ name: 'amount', label: `${L}f.adjustAmount`, kind: 'number', required: true, help: `${L}help.adjust` }, reasonField()],
      },
      call: {
        method: 'POST',
        url: '/partnermanager/partnersum/adjust',
        body: (r, v) => ({ id: r!.id, amount: Math.round(Number(v.amount) * 100), reason: text(v, 'reason') }),
      },
    },
    {
      key: 'confirm',
      label: `${L}action.confirmBill`,
      confirm: `${L}confirm.confirmBill`,
      visible: (r) => r.status === 'draft',
      call: { method: 'POST', url: '/partnermanager/partnersum/step', body: (r) => ({ id: r!.id, action: 'confirm' }) },
    },
    {
      key: 'settle',
      label: `${L}action.settle`,
      roles: PLATFORM,
      confirm: `${L}confirm.settle`,
      visible: (r) => r.status === 'confirmed',
      form: { title: `${L}action.settle`, fields: [reasonField('note', false)] },
      call: { method: 'POST', url: '/partnermanager/partnersum/step', body: (r, v) => ({ id: r!.id, action: 'settle', note: text(v, 'note') }) },
    },
    {
      key: 'dispute',
      label: `${L}action.dispute`,
      danger: true,
      confirm: `${L}confirm.dispute`,
      visible: (r) => r.status === 'confirmed',
      form: { title: `${L}action.dispute`, fields: [reasonField('note')] },
      call: { method: 'POST', url: '/partnermanager/partnersum/step', body: (r, v) => ({ id: r!.id, action: 'dispute', note: text(v, 'note') }) },
    },
  ],
};

const CoinBusiness = () => <ListScreen decl={dealersDecl(false)} />;
const PartnerSum = () => <ListScreen decl={billsDecl} />;

export const SCREENS: Record<string, ComponentType> = {
  '/platmanager/partnerediter': PartnerEditer,
  '/platmanager/defalutediter': DefaultEditer,
  '/platmanager/coinediter': CoinEditer,
  '/platmanager/coinlogs': CoinLogs,
  '/partnermanager/partnerCoinLogs': PartnerCoinLogs,
  '/partnermanager/coinbusiness': CoinBusiness,
  '/partnermanager/accounttransfer': AccountTransfer,
  '/partnermanager/partnersum': PartnerSum,
};
