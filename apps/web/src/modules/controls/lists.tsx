/**
 * The list screens of both scopes as declarations of the scope: controlled players (set, edit,
 * clear with a reason), the control log, the net-win ranking; and of /personalcontrol: payRank
 * and the third-party providers (wgconfigs). Amounts in pesos (the API's smallest unit / 100).
 */
import { Tag } from 'antd';
import i18next from 'i18next';
import type { ControlLogItem, ControlRankingRow, PayRankRow, PlayerControlItem, ProviderControlItem } from '@console/schemas';
import type { FieldDeclaration, FormValues, ListDeclaration } from '../../kit';
import { BASE, codeRule, CONTROL_LABELS, COOL_OFF_HOURS, GAME_OPTIONS, KIND_LABELS, L, options, pesosRule, toUnits, YES_NO, type Scope } from './common';
import { toPesos } from '../../kit/config/settingsFields';
import { columnMaker } from '../../kit';

const col = columnMaker(`${L}f.`);
const S = (scope: Scope, screen: string) => `${L}title.${scope}.${screen}`;

// ---------------------------------------------------------------- userconfigs

const KEEP = -1;
const coolOptions = (editing: boolean) => [
  ...(editing ? [{ value: String(KEEP), label: `${L}cool.keep` }] : []),
  ...COOL_OFF_HOURS.map((h) => ({ value: String(h), label: `${L}cool.h${h}` })),
];

function controlFields(scope: Scope, editing: boolean): FieldDeclaration[] {
  return [
    { name: 'uid', label: `${L}f.uid`, kind: 'number', required: true, readOnly: editing, min: 1, max: 2_147_483_647 },
    { name: 'maxBet', label: `${L}f.maxBet`, kind: 'number', required: true, rules: [pesosRule], help: `${L}help.zeroNone` },
    { name: 'dayLossCap', label: `${L}f.dayLossCap`, kind: 'number', required: true, rules: [pesosRule], help: `${L}help.dayLossCap` },
    scope === 'house'
      ? { name: 'blocked', label: `${L}f.blocked`, kind: 'multiSelect', options: GAME_OPTIONS, help: `${L}help.blockedHouse` }
      : { name: 'blocked', label: `${L}f.blocked`, kind: 'text', rules: [{ max: 1000 }], help: `${L}help.blockedTp` },
    { name: 'coolOff', label: `${L}f.coolOff`, kind: 'select', required: true, options: coolOptions(editing), help: `${L}help.coolOff` },
    { name: 'cashoutReview', label: `${L}f.cashoutReview`, kind: 'switch', help: `${L}help.cashoutReview` },
    { name: 'reason', label: `${L}f.reason`, kind: 'textarea', required: true, rules: [{ max: 200 }, { whitespace: true }] },
  ];
}

const blockedList = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : String(v ?? '')
        .split(/[\s,]+/)
        .filter(Boolean);

function controlBody(row: PlayerControlItem | undefined, v: FormValues) {
  const hours = Number(v.coolOff ?? 0);
  const coolOffUntil = hours === KEEP ? (row?.coolOffUntil ?? null) : hours > 0 ? new Date(Date.now() + hours * 3_600_000).toISOString() : null;
  return {
    uid: Number(row?.uid ?? v.uid),
    maxBet: toUnits(v.maxBet),
    dayLossCap: toUnits(v.dayLossCap),
    blocked: [...new Set(blockedList(v.blocked))],
    coolOffUntil,
    cashoutReview: Boolean(v.cashoutReview),
    reason: String(v.reason ?? '').trim(),
  };
}

export function userconfigsList(scope: Scope): ListDeclaration<PlayerControlItem> {
  const api = `${BASE[scope]}/userconfigs`;
  return {
    name: `${scope}-controls-players`,
    title: S(scope, 'userconfigs'),
    api: { url: api, mode: 'page', export: true },
    rowKey: 'uid',
    filters: [
      { kind: 'text', name: 'uid', label: `${L}f.uid` },
      { kind: 'select', name: 'coolingOff', label: `${L}f.coolingOff`, options: YES_NO },
      { kind: 'select', name: 'cashoutReview', label: `${L}f.cashoutReview`, options: YES_NO },
      scope === 'house'
        ? { kind: 'select', name: 'blocked', label: `${L}f.blocked`, options: GAME_OPTIONS }
        : { kind: 'text', name: 'blocked', label: `${L}f.blocked` },
    ],
    columns: [
      col('uid', 'uid', true),
      col('name'),
      col('partner', 'int'),
      col('maxBet', 'money', true),
      col('dayLossCap', 'money'),
      { key: 'blocked', title: `${L}f.blocked`, format: 'tags' },
      { key: 'coolOffUntil', title: `${L}f.coolOffUntil`, format: 'datetime' },
      {
        key: 'coolingOff',
        title: `${L}f.coolingOff`,
        render: (v) => (v ? <Tag color="orange">{i18next.t(`${L}cool.on`)}</Tag> : '-'),
        text: (v) => (v ? 'true' : 'false'),
      },
      { key: 'cashoutReview', title: `${L}f.cashoutReview`, format: 'bool' },
      col('reason'),
      col('updatedBy'),
      col('updatedAt', 'datetime', true),
    ],
    toolbar: [
      {
        key: 'set',
        label: `${L}action.set`,
        form: {
          title: `${L}action.setTitle`,
          fields: controlFields(scope, false),
          initialValues: () => ({ maxBet: 0, dayLossCap: 0, blocked: scope === 'house' ? [] : '', coolOff: '0', cashoutReview: false }),
        },
        call: { method: 'POST', url: `${api}/set`, body: (_row, v) => controlBody(undefined, v) },
      },
    ],
    actions: [
      {
        key: 'edit',
        label: `${L}action.edit`,
        confirm: `${L}action.confirmEdit`,
        form: {
          title: `${L}action.editTitle`,
          fields: controlFields(scope, true),
          initialValues: (row) => ({
            uid: row!.uid,
            maxBet: toPesos(row!.maxBet),
            dayLossCap: toPesos(row!.dayLossCap),
            blocked: scope === 'house' ? row!.blocked : row!.blocked.join(', '),
            coolOff: row!.coolingOff ? String(KEEP) : '0',
            cashoutReview: row!.cashoutReview,
            reason: '',
          }),
        },
        call: { method: 'POST', url: `${api}/set`, body: (row, v) => controlBody(row, v) },
      },
      {
        key: 'clear',
        label: `${L}action.clear`,
        danger: true,
        confirm: `${L}action.confirmClear`,
        form: {
          title: `${L}action.clearTitle`,
          fields: [{ name: 'reason', label: `${L}f.reason`, kind: 'textarea', required: true, rules: [{ max: 200 }, { whitespace: true }] }],
        },
        call: { method: 'POST', url: `${api}/clear`, body: (row, v) => ({ uid: row!.uid, reason: String(v.reason ?? '').trim() }) },
      },
    ],
    emptyHint: `${L}empty.userconfigs`,
  };
}

// ---------------------------------------------------------------- logs

export function logsList(scope: Scope): ListDeclaration<ControlLogItem> {
  return {
    name: `${scope}-controls-logs`,
    title: S(scope, 'logs'),
    api: { url: `${BASE[scope]}/logs`, mode: 'cursor', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'text', name: 'uid', label: `${L}f.uid` },
      { kind: 'select', name: 'kind', label: `${L}f.kind`, options: options(KIND_LABELS) },
      { kind: 'select', name: 'control', label: `${L}f.control`, options: options(CONTROL_LABELS) },
      { kind: 'text', name: 'actor', label: `${L}f.actor` },
      { kind: 'dateRange', name: 'at', label: `${L}f.at` },
    ],
    columns: [
      col('at', 'datetime', true),
      {
        key: 'kind',
        title: `${L}f.kind`,
        labels: KIND_LABELS,
        render: (v) => <Tag color={v === 'refusal' ? 'red' : 'blue'}>{i18next.t(KIND_LABELS[String(v)] ?? String(v))}</Tag>,
      },
      col('uid', 'uid'),
      { key: 'control', title: `${L}f.control`, labels: CONTROL_LABELS },
      col('amount', 'money'),
      col('refusals', 'int'),
      col('appId'),
      col('message'),
      col('actor'),
    ],
    detail: {
      title: `${L}detail`,
      items: [col('message'), { key: 'before', title: `${L}f.before`, format: 'json' }, { key: 'after', title: `${L}f.after`, format: 'json' }],
    },
  };
}

// ---------------------------------------------------------------- rankings

export function rankingList(scope: Scope): ListDeclaration<ControlRankingRow> {
  return {
    name: `${scope}-controls-ranking`,
    title: S(scope, 'ranking'),
    api: { url: `${BASE[scope]}/ranking`, mode: 'page', export: true },
    rowKey: 'uid',
    filters: [
      {
        kind: 'select',
        name: 'side',
        label: `${L}f.side`,
        options: [
          { value: 'winners', label: `${L}side.winners` },
          { value: 'losers', label: `${L}side.losers` },
        ],
      },
      { kind: 'dateRange', name: 'range', label: `${L}f.range` },
    ],
    columns: [
      col('rank', 'int', true),
      col('uid', 'uid'),
      col('name'),
      col('partner', 'int'),
      col('bets', 'money', true),
      col('wins', 'money', true),
      col('net', 'money', true),
      col('betCount', 'int', true),
      { key: 'controlled', title: `${L}f.controlled`, format: 'bool' },
    ],
  };
}

export const payRankList: ListDeclaration<PayRankRow> = {
  name: 'controls-payrank',
  title: `${L}title.house.payRank`,
  api: { url: '/personalcontrol/payRank', mode: 'page', export: true },
  rowKey: 'uid',
  filters: [
    {
      kind: 'select',
      name: 'side',
      label: `${L}f.side`,
      options: [
        { value: 'payers', label: `${L}side.payers` },
        { value: 'takers', label: `${L}side.takers` },
      ],
    },
    { kind: 'dateRange', name: 'range', label: `${L}f.range` },
  ],
  columns: [
    col('rank', 'int', true),
    col('uid', 'uid'),
    col('name'),
    col('partner', 'int'),
    col('recharge', 'money', true),
    col('cashout', 'money', true),
    col('difference', 'money', true),
    { key: 'controlled', title: `${L}f.controlled`, format: 'bool' },
  ],
};

// ---------------------------------------------------------------- wgconfigs

const providerFields = (editing: boolean): FieldDeclaration[] => [
  { name: 'appId', label: `${L}f.appId`, kind: 'text', required: true, readOnly: editing, rules: [codeRule(/^[A-Za-z0-9_.-]{1,64}$/)], help: `${L}help.appId` },
  { name: 'game', label: `${L}f.game`, kind: 'text', readOnly: editing, rules: [codeRule(/^[A-Za-z0-9_.:-]{0,64}$/)], help: `${L}help.game` },
  { name: 'name', label: `${L}f.name`, kind: 'text', required: true, rules: [{ max: 64 }, { whitespace: true }] },
  { name: 'maxBet', label: `${L}f.maxBet`, kind: 'number', required: true, rules: [pesosRule], help: `${L}help.zeroNone` },
  { name: 'closed', label: `${L}f.closed`, kind: 'switch', help: `${L}help.closed` },
];
const providerBody = (v: FormValues) => ({
  appId: String(v.appId ?? '').trim(),
  game: String(v.game ?? '').trim(),
  name: String(v.name ?? '').trim(),
  maxBet: toUnits(v.maxBet),
  closed: Boolean(v.closed),
});

export const wgconfigsList: ListDeclaration<ProviderControlItem> = {
  name: 'controls-providers',
  title: `${L}title.house.wgconfigs`,
  api: { url: '/personalcontrol/wgconfigs', mode: 'page', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'text', name: 'appId', label: `${L}f.appId` },
    { kind: 'select', name: 'closed', label: `${L}f.closed`, options: YES_NO },
  ],
  columns: [
    col('appId', undefined, true),
    { key: 'game', title: `${L}f.game`, render: (v) => (v ? String(v) : <Tag>{'*'}</Tag>), text: (v) => String(v || '*') },
    col('name'),
    col('maxBet', 'money'),
    { key: 'closed', title: `${L}f.closed`, format: 'bool' },
    col('updatedBy'),
    col('updatedAt', 'datetime', true),
  ],
  toolbar: [
    {
      key: 'add',
      label: `${L}action.addProvider`,
      form: { title: `${L}action.addProvider`, fields: providerFields(false), initialValues: () => ({ game: '', maxBet: 0, closed: false }) },
      call: { method: 'POST', url: '/personalcontrol/wgconfigs/save', body: (_row, v) => providerBody(v) },
    },
  ],
  actions: [
    {
      key: 'edit',
      label: `${L}action.edit`,
      confirm: `${L}action.confirmEdit`,
      form: { title: `${L}action.editProvider`, fields: providerFields(true), initialValues: (row) => ({ ...row!, maxBet: toPesos(row!.maxBet) }) },
      call: { method: 'POST', url: '/personalcontrol/wgconfigs/save', body: (row, v) => providerBody({ ...v, appId: row!.appId, game: row!.game }) },
    },
    {
      key: 'remove',
      label: `${L}action.remove`,
      danger: true,
      confirm: `${L}action.confirmRemove`,
      call: { method: 'POST', url: '/personalcontrol/wgconfigs/remove', body: (row) => ({ appId: row!.appId, game: row!.game }) },
    },
  ],
};
