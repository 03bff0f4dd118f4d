/**
 * VIP screens: the settings (/activities/newvip/vipconfig, from the schema of
 * @console/activities like every activity's settings), the VIP dashboard
 * (/activities/newvip/vipdashboard: players by level, changes and payments by day, every change
 * with its reason) and the VIP search (/vipmanager/vipdashboard: each VIP against what keeps
 * and what raises its level).
 */
import { Alert, Card, Flex, Table, Tag } from 'antd';
import i18next from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_AMOUNT } from '@console/games';
import { VIP_RULES, vipSettings, type VipLevelsInForce } from '@console/activities';
import {
  ConfigScreen,
  DashboardScreen,
  ListScreen,
  type ColumnDeclaration,
  type DashboardDeclaration,
  type FieldDeclaration,
  type FormValues,
  type ListDeclaration,
  columnMaker,
} from '../../kit';
import { formToSettings, settingsFieldsOf, settingsToForm } from '../../kit/config/settingsFields';
import type { ConfigScreenDeclaration } from '../../kit/config/ConfigScreen';
import { WithHistory, type HistoryDeclaration } from '../../kit/history';
import { formatMoney } from '../../lib/format';
import type { VipChangeRow, VipDashboard, VipPlayerRow } from '@console/schemas';
import { request } from '../../shell/request';
import { L } from './common';

const V = `${L}vip.`;
const col = columnMaker(`${V}f.`);
const KINDS = ['up', 'maintain', 'down', 'restore'] as const;
const KIND_COLOR: Record<string, string> = { up: 'green', maintain: 'blue', down: 'red', restore: 'gold' };
const kindColumn: ColumnDeclaration<VipChangeRow> = {
  key: 'kind',
  title: `${V}f.kind`,
  render: (v) => <Tag color={KIND_COLOR[String(v)]}>{i18next.t(`${V}kind.${String(v)}`)}</Tag>,
  text: (v) => i18next.t(`${V}kind.${String(v)}`),
};

// ------------------------------------------------------------------------------ settings

const fields = settingsFieldsOf(vipSettings, MAX_AMOUNT);

function configDecl(): ConfigScreenDeclaration {
  const declared: FieldDeclaration[] = fields.map((f) => ({
    name: f.key,
    label: `${V}setting.${f.key}`,
    kind: f.kind === 'money' ? 'number' : f.kind === 'json' || f.kind === 'rows' ? 'textarea' : f.kind === 'time' ? 'text' : f.kind,
    required: f.kind !== 'switch',
    min: f.min,
    max: f.max,
    help: f.kind === 'rows' ? `${V}levelsHelp` : undefined,
  }));
  return {
    name: 'activities-newvip-vipconfig',
    title: `${V}configTitle`,
    load: { url: '/activities/newvip/vipconfig', toForm: (data) => settingsToForm(fields, (data.settings ?? {}) as FormValues) },
    save: { url: '/activities/newvip/vipconfig/update', body: (values) => ({ settings: formToSettings(fields, values) }) },
    fields: declared,
    rows: { fields, columnLabel: (column) => `${V}setting.${column}` },
    confirm: `${V}confirm`,
  };
}

const history: HistoryDeclaration = {
  url: '/activities/newvip/vipconfig/versions',
  fieldLabel: (field) => `${V}setting.${field}`,
  keyLabel: () => `${V}settings`,
};

export function VipConfig() {
  const { t, i18n } = useTranslation();
  return (
    <WithHistory history={history}>
      <Flex vertical gap={12}>
        <Alert type="info" showIcon title={t(`${V}rules`)} description={VIP_RULES[i18n.language === 'zh' ? 'zh' : 'en']} />
        <ConfigScreen decl={configDecl()} />
      </Flex>
    </WithHistory>
  );
}

// ------------------------------------------------------------------------------ dashboard

const dashboardDecl: DashboardDeclaration = {
  name: 'activities-newvip-vipdashboard',
  title: `${V}dashboardTitle`,
  api: { url: '/activities/newvip/vipdashboard' },
  defaultDays: 30,
  cards: [
    { key: 'vips', label: `${V}f.vips`, value: 'totals.vips', format: 'int' },
    { key: 'ups', label: `${V}kind.up`, value: 'totals.ups', format: 'int' },
    { key: 'maintains', label: `${V}kind.maintain`, value: 'totals.maintains', format: 'int' },
    { key: 'downs', label: `${V}kind.down`, value: 'totals.downs', format: 'int' },
    { key: 'restores', label: `${V}kind.restore`, value: 'totals.restores', format: 'int' },
    { key: 'gift', label: `${V}f.gift`, value: 'totals.gift', format: 'money' },
    { key: 'rebate', label: `${V}f.rebate`, value: 'totals.rebate', format: 'money' },
    { key: 'deposit', label: `${V}f.deposit`, value: 'totals.deposit', format: 'money' },
  ],
  chart: {
    title: `${V}chart`,
    rows: 'chart',
    series: [
      { key: 'ups', label: `${V}kind.up`, type: 'bar' },
      { key: 'downs', label: `${V}kind.down`, type: 'bar' },
      { key: 'restores', label: `${V}kind.restore`, type: 'bar' },
      { key: 'paid', label: `${V}f.paidPesos`, type: 'line' },
    ],
  },
};

const changesDecl: ListDeclaration<VipChangeRow> = {
  name: 'activities-newvip-changes',
  title: `${V}changes`,
  api: { url: '/activities/newvip/vipdashboard/changes', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'text', name: 'uid', label: `${V}f.uid` },
    { kind: 'select', name: 'kind', label: `${V}f.kind`, options: KINDS.map((k) => ({ value: k, label: `${V}kind.${k}` })) },
    { kind: 'dateRange', name: 'range', label: `${V}f.at` },
  ],
  columns: [
    col('at', 'datetime'),
    col('day', 'text'),
    col('uid', 'uid'),
    col('name'),
    col('partner', 'int'),
    kindColumn,
    col('fromLevel', 'int'),
    col('toLevel', 'int'),
    col('reason'),
    col('exp', 'int'),
    col('periodExp', 'int'),
    col('configVersion', 'int'),
  ],
};

type VipDashboardData = VipDashboard;

function LevelsNow() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['vip-levels-now'],
    queryFn: async () => (await request<VipDashboardData>('GET', '/activities/newvip/vipdashboard', { silent: true })).data ?? null,
    retry: false,
  });
  const d = query.data;
  if (!d) return null;
  return (
    <Card size="small" title={t(`${V}levelsNow`, { day: d.lastEvaluated ?? '-' })} data-testid="vip-levels">
      <Flex gap={8} wrap>
        {d.levels.map((l) => (
          <Tag key={l.level} color="gold">{`VIP ${l.level}: ${l.players}`}</Tag>
        ))}
      </Flex>
    </Card>
  );
}

export function VipDashboard() {
  return (
    <Flex vertical gap={12}>
      <DashboardScreen decl={dashboardDecl} />
      <LevelsNow />
      <ListScreen decl={changesDecl} />
    </Flex>
  );
}

// ------------------------------------------------------------------------------ VIP search

type Levels = VipLevelsInForce;

function useLevels() {
  return useQuery({
    queryKey: ['vip-levels'],
    queryFn: async () => (await request<Levels>('GET', '/vipmanager/vipdashboard/levels', { silent: true })).data ?? null,
    retry: false,
    staleTime: 60_000,
  });
}

function LevelsTable() {
  const { t } = useTranslation();
  const { data } = useLevels();
  if (!data) return null;
  const c = (key: string, render?: (v: number) => string) => ({ key, dataIndex: key, title: t(`${V}f.${key}`), render: render ?? ((v: number) => String(v)) });
  return (
    <Card size="small" title={t(`${V}levelsTitle`, { period: data.periodDays, restore: data.restoreDays })}>
      <Table
        size="small"
        rowKey="level"
        dataSource={data.levels}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          c('level'),
          c('upExp', (v) => v.toLocaleString()),
          c('maintainExp', (v) => v.toLocaleString()),
          c('recoverExp', (v) => v.toLocaleString()),
          c('gift', (v) => `₱${formatMoney(v)}`),
          c('betRebate', (v) => `${v}%`),
          c('depositBonus', (v) => `${v}%`),
        ]}
      />
    </Card>
  );
}

/** The search's rows, with the two columns the screen computes from the levels in force. */
type VipSearchRow = VipPlayerRow & { keep?: undefined; next?: undefined };

function searchDecl(levels: Levels['levels']): ListDeclaration<VipSearchRow> {
  const keep = (row: VipPlayerRow) => levels[row.level - 1]?.maintainExp;
  const next = (row: VipPlayerRow) => levels[row.level]?.upExp;
  return {
    name: 'vipmanager-vipdashboard',
    title: `${V}searchTitle`,
    api: { url: '/vipmanager/vipdashboard', mode: 'cursor', export: true },
    rowKey: 'uid',
    filters: [
      { kind: 'text', name: 'uid', label: `${V}f.uid` },
      {
        kind: 'select',
        name: 'level',
        label: `${V}f.level`,
        options: [0, ...levels.map((l) => l.level)].map((l) => ({ value: String(l), label: `VIP ${l}`, literal: true })),
      },
      {
        kind: 'select',
        name: 'minLevel',
        label: `${V}f.minLevel`,
        options: levels.map((l) => ({ value: String(l.level), label: `≥ VIP ${l.level}`, literal: true })),
      },
    ],
    columns: [
      col('uid', 'uid'),
      col('name'),
      col('partner', 'int'),
      {
        key: 'level',
        title: `${V}f.level`,
        sortable: true,
        render: (v) => <Tag color={Number(v) > 0 ? 'gold' : undefined}>{`VIP ${String(v)}`}</Tag>,
        text: (v) => String(v),
      },
      col('exp', 'int', true),
      col('periodExp', 'int'),
      {
        key: 'keep',
        computed: true,
        title: `${V}f.keep`,
        render: (_v, r) => (keep(r) === undefined ? '-' : `${Number(r.periodExp).toLocaleString()} / ${keep(r).toLocaleString()}`),
        text: (_v, r) => String(keep(r) ?? ''),
      },
      {
        key: 'next',
        computed: true,
        title: `${V}f.next`,
        render: (_v, r) => (next(r) === undefined ? '-' : next(r).toLocaleString()),
        text: (_v, r) => String(next(r) ?? ''),
      },
      col('periodStart', 'text'),
      col('periodEnd', 'text'),
      col('droppedFrom', 'int'),
      col('droppedOn', 'text'),
      col('topLevel', 'int'),
      col('lastDay', 'text'),
      col('phone'),
    ],
  };
}

export function VipSearch() {
  const { data } = useLevels();
  return (
    <Flex vertical gap={12}>
      <LevelsTable />
      {data && <ListScreen decl={searchDecl(data.levels)} />}
    </Flex>
  );
}
