/**
 * The one shape of an activity's screens as functions of its id (index.ts registers
 * `screenFor(activity, screen)` for every catalogue path; nothing here names an activity):
 *   dashboard   participants, claims, rewards and budget use by day (kit dashboard + days table)
 *   players     participants by period and state, and every reward paid (kit lists, export)
 *   configs     the settings from the declaration's schema (kit config screen, confirm, history);
 *               a running activity warns that a save resets the current period's unfinished progress
 *   configlogs  every version of the settings (who, when, before and after)
 *   invitedetail inviter → invitee rows, valid under the activity's invitee rule or why not (kit list, export)
 * and the activity zone (/activities/activityzone): the app's order, visibility and banners as a table of rows (kit config screen, history).
 */
import { Alert, Card, Flex, Table, Tag } from 'antd';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ACTIVITIES, findActivity } from '@console/activities';
import { MAX_AMOUNT as MAX_AMOUNT_CENTAVOS } from '@console/games';
import type { ActivityConfigAnswer, ActivityDashboard, ActivityPlayerRow, ActivityRewardRow, ConfigVersion, InviteDetailRow } from '@console/schemas';
import {
  ConfigScreen,
  DashboardScreen,
  ListScreen,
  TabsScreen,
  type ColumnDeclaration,
  type DashboardDeclaration,
  type FieldDeclaration,
  type FormValues,
  type ListDeclaration,
  columnMaker,
} from '../../kit';
import { dashboardRange } from '../../kit/dashboard/DashboardScreen';
import { formToSettings, settingsFieldsOf, settingsToForm, type SettingsField } from '../../kit/config/settingsFields';
import type { ConfigScreenDeclaration } from '../../kit/config/ConfigScreen';
import { WithHistory, type HistoryDeclaration } from '../../kit/history';
import { dayEnd, dayStart, formatMoney, formatPercent } from '../../lib/format';
import { request } from '../../shell/request';
import { api, L, settingLabel, stateLabel, titleKey, type ActivityScreen } from './common';

type Row = Record<string, unknown>;
const col = columnMaker(`${L}f.`);
const DEFAULT_DAYS = 30;

function stateColumn<R extends { state: string }>(id: string): ColumnDeclaration<R> {
  return {
    key: 'state',
    title: `${L}f.state`,
    render: (v) => <Tag>{i18next.t(stateLabel(id, String(v)))}</Tag>,
    text: (v) => i18next.t(stateLabel(id, String(v))),
  };
}
const stateOptions = (id: string) => (findActivity(id)?.states ?? []).map((s) => ({ value: s, label: stateLabel(id, s) }));

// ------------------------------------------------------------------------------ dashboard

export function dashboardDecl(id: string): DashboardDeclaration {
  const card = (key: string, value: string, format: 'money' | 'int' | 'percent') => ({ key, label: `${L}f.${key}`, value, format });
  return {
    name: `activities-${id}-dashboard`,
    title: titleKey(id, 'dashboard'),
    api: { url: `${api(id)}/dashboard` },
    defaultDays: DEFAULT_DAYS,
    cards: [
      card('participants', 'totals.participants', 'int'),
      card('rewardedPlayers', 'totals.rewardedPlayers', 'int'),
      card('claims', 'totals.claims', 'int'),
      card('rewarded', 'totals.rewarded', 'money'),
      card('budgetSpent', 'budget.spent', 'money'),
      card('totalUsed', 'budget.totalUsed', 'percent'),
      card('spentToday', 'budget.spentToday', 'money'),
      card('dailyUsed', 'budget.dailyUsed', 'percent'),
    ],
    chart: {
      title: `${L}dashboard.chart`,
      rows: 'chart',
      series: [
        { key: 'participants', label: `${L}f.participants`, type: 'bar' },
        { key: 'claims', label: `${L}f.claims`, type: 'bar' },
        { key: 'rewarded', label: `${L}dashboard.rewardedPesos`, type: 'line' },
      ],
    },
  };
}

type DashboardData = ActivityDashboard;

function DashboardExtras({ id, params }: { id: string; params: Record<string, string> }) {
  const { t } = useTranslation();
  const decl = dashboardDecl(id);
  const query = useQuery({
    queryKey: ['kit-dashboard', decl.name, decl.api.url, params],
    queryFn: async () => (await request<DashboardData>('GET', decl.api.url, { params, silent: true })).data ?? null,
    retry: false,
  });
  const d = query.data;
  if (!d) return null;
  const limit = (v: number) => (v > 0 ? `₱${formatMoney(v)}` : t(`${L}dashboard.noLimit`));
  return (
    <Flex vertical gap={12}>
      <Alert
        type={d.open ? 'info' : 'warning'}
        showIcon
        title={
          d.open ? (d.configVersion === 0 ? t(`${L}dashboard.openDefaults`) : t(`${L}dashboard.open`, { version: d.configVersion })) : t(`${L}dashboard.closed`)
        }
        description={t(`${L}dashboard.budgets`, { total: limit(d.budget.total), daily: limit(d.budget.daily), cap: limit(d.budget.playerCap) })}
      />
      <Flex gap={8} wrap data-testid="activity-states">
        {d.states.map((s) => (
          <Tag key={s.state}>{`${t(stateLabel(id, s.state))}: ${s.players}`}</Tag>
        ))}
      </Flex>
    </Flex>
  );
}

function ActivityDashboard({ id }: { id: string }) {
  const [search] = useSearchParams();
  const range = dashboardRange(search, DEFAULT_DAYS);
  const params = { from: dayStart(range.from)!, to: dayEnd(range.to)! };
  return (
    <Flex vertical gap={12}>
      <DashboardScreen decl={dashboardDecl(id)} />
      <DashboardExtras id={id} params={params} />
      <DaysTable id={id} params={params} />
    </Flex>
  );
}

/** The days of the range as a table (the dashboard's own answer, newest first). */
function DaysTable({ id, params }: { id: string; params: Record<string, string> }) {
  const { t } = useTranslation();
  const decl = dashboardDecl(id);
  const query = useQuery({
    queryKey: ['kit-dashboard', decl.name, decl.api.url, params],
    queryFn: async () => (await request<DashboardData>('GET', decl.api.url, { params, silent: true })).data ?? null,
    retry: false,
  });
  const days = [...(query.data?.days ?? [])].reverse();
  if (!days.length) return null;
  const column = (key: string, render?: (v: unknown) => string) => ({
    key,
    dataIndex: key,
    title: t(`${L}f.${key}`),
    render: render ?? ((v: unknown) => String(v ?? '-')),
  });
  return (
    <Card title={t(`${L}dashboard.days`)} size="small" data-testid="activity-days">
      <Table<Row>
        size="small"
        rowKey="day"
        dataSource={days}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: true }}
        columns={[
          column('day'),
          column('participants'),
          column('claims'),
          column('rewardedPlayers'),
          column('rewarded', (v) => `₱${formatMoney(v)}`),
          column('dailyUsed', formatPercent),
        ]}
      />
    </Card>
  );
}

// ------------------------------------------------------------------------------ players

export function playersList(id: string): ListDeclaration<ActivityPlayerRow> {
  return {
    name: `activities-${id}-players`,
    title: titleKey(id, 'players'),
    api: { url: `${api(id)}/players`, mode: 'cursor', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'text', name: 'uid', label: `${L}f.uid` },
      { kind: 'text', name: 'period', label: `${L}f.period` },
      { kind: 'select', name: 'state', label: `${L}f.state`, options: stateOptions(id) },
      { kind: 'dateRange', name: 'range', label: `${L}f.updatedAt` },
    ],
    columns: [
      col('uid', 'uid'),
      col('name'),
      col('partner', 'int'),
      col('period', 'text'),
      stateColumn(id),
      col('progress', 'int'),
      col('target', 'int'),
      col('rewards', 'int'),
      col('rewarded', 'money'),
      col('configVersion', 'int'),
      col('firstAt', 'datetime'),
      col('updatedAt', 'datetime', true),
      col('resetAt', 'datetime'),
    ],
  };
}

export function rewardsList(id: string): ListDeclaration<ActivityRewardRow> {
  return {
    name: `activities-${id}-rewards`,
    title: `${L}players.rewards`,
    api: { url: `${api(id)}/players/rewards`, mode: 'cursor', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'text', name: 'uid', label: `${L}f.uid` },
      { kind: 'text', name: 'period', label: `${L}f.period` },
      { kind: 'text', name: 'tier', label: `${L}f.tier` },
      { kind: 'dateRange', name: 'range', label: `${L}f.at` },
    ],
    columns: [
      col('at', 'datetime', true),
      col('uid', 'uid'),
      col('name'),
      col('partner', 'int'),
      col('period', 'text'),
      col('tier', 'text'),
      { key: 'currency', title: `${L}f.currency`, render: (v) => i18next.t(`${L}currency.${String(v)}`), text: (v) => i18next.t(`${L}currency.${String(v)}`) },
      {
        key: 'amount',
        title: `${L}f.amount`,
        render: (v, r) => (r.currency === 'chip' ? `₱${formatMoney(v)}` : String(v)),
        text: (v, r) => (r.currency === 'chip' ? formatMoney(v) : String(v)),
      },
      col('configVersion', 'int'),
      col('device'),
      col('phone'),
      col('gcash'),
      col('appId'),
    ],
  };
}

/** Participants and rewards as two tabs: the kit's lists keep their filters in the URL, so only one is mounted (a tab change starts clean). */
function ActivityPlayers({ id }: { id: string }) {
  return (
    <TabsScreen
      tabs={[
        { key: 'players', label: `${L}players.participants`, render: () => <ListScreen decl={playersList(id)} /> },
        { key: 'rewards', label: `${L}players.rewards`, render: () => <ListScreen decl={rewardsList(id)} /> },
      ]}
    />
  );
}

// ------------------------------------------------------------------------------ configs

/** A table field must be JSON (the message in the language shown when it is checked). */
const jsonRule = {
  validator: async (_: unknown, v: unknown) => {
    if (typeof v !== 'string' || !v.trim()) return;
    try {
      JSON.parse(v);
    } catch {
      throw new Error(i18next.t(`${L}configs.badJson`));
    }
  },
};

export function configsDecl(id: string, running: boolean): ConfigScreenDeclaration {
  const a = findActivity(id)!;
  const fields = settingsFieldsOf(a.settings, MAX_AMOUNT_CENTAVOS);
  const declared: FieldDeclaration[] = fields.map((f) => ({
    name: f.key,
    label: settingLabel(id, f.key),
    kind: f.kind === 'money' ? 'number' : f.kind === 'json' || f.kind === 'rows' ? 'textarea' : f.kind === 'time' ? 'text' : f.kind,
    required: f.kind !== 'switch' && f.kind !== 'time',
    min: f.min,
    max: f.max,
    help: f.kind === 'money' ? `${L}configs.pesos` : f.kind === 'json' ? `${L}configs.json` : f.kind === 'time' ? `${L}configs.time` : undefined,
    options: f.options?.map((o) => ({ value: o, label: o, literal: true })),
    rules: f.kind === 'json' ? [jsonRule] : undefined,
  }));
  return {
    name: `activities-${id}-configs`,
    title: titleKey(id, 'configs'),
    load: { url: `${api(id)}/configs`, toForm: (data) => settingsToForm(fields, (data.settings ?? {}) as FormValues) },
    save: { url: `${api(id)}/configs/update`, body: (values) => ({ settings: formToSettings(fields, values) }) },
    fields: declared,
    rows: { fields, columnLabel: (column) => settingLabel(id, column), optionLabel: (_, option) => settingLabel(id, option) },
    confirm: running ? `${L}configs.confirmRunning` : undefined,
  };
}

export function configsHistory(id: string): HistoryDeclaration {
  const a = findActivity(id)!;
  const money = new Set(
    settingsFieldsOf(a.settings, MAX_AMOUNT_CENTAVOS)
      .filter((f) => f.kind === 'money')
      .map((f) => f.key),
  );
  return {
    url: `${api(id)}/configs/versions`,
    fieldLabel: (field) => settingLabel(id, field),
    formatValue: (field, v) => (money.has(field) ? `₱${formatMoney(v)}` : undefined),
    keyLabel: () => `${L}configs.settings`,
  };
}

type ConfigAnswer = ActivityConfigAnswer;

function ActivityConfigs({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['activity-config-state', id],
    queryFn: async () => (await request<ConfigAnswer>('GET', `${api(id)}/configs`, { silent: true })).data ?? null,
    retry: false,
  });
  const d = query.data;
  const running = d?.running ?? false;
  return (
    <WithHistory history={configsHistory(id)}>
      <Flex vertical gap={12}>
        <Alert type="info" showIcon title={t(`${L}configs.rules`)} description={t(`${L}rules.${id}`)} />
        {d &&
          (running ? (
            <Alert
              type="warning"
              showIcon
              title={t(`${L}configs.running`, { period: d.period, n: d.unfinished, version: d.version })}
              data-testid="activity-running"
            />
          ) : (
            <Alert type="info" showIcon title={t(`${L}configs.notRunning`, { version: d.version })} />
          ))}
        <ConfigScreen key={String(running)} decl={configsDecl(id, running)} />
      </Flex>
    </WithHistory>
  );
}

// ------------------------------------------------------------------------------ configlogs

export function configlogsList(id: string): ListDeclaration<ConfigVersion> {
  return {
    name: `activities-${id}-configlogs`,
    title: titleKey(id, 'configlogs'),
    api: { url: `${api(id)}/configlogs`, mode: 'page', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'text', name: 'actor', label: `${L}f.actor` },
      { kind: 'text', name: 'action', label: `${L}f.action` },
      { kind: 'dateRange', name: 'range', label: `${L}f.at` },
    ],
    columns: [col('id', 'int', true), col('at', 'datetime', true), col('actor'), col('action'), col('before', 'json'), col('after', 'json')],
    detail: {
      title: `${L}configlogs.detail`,
      items: [
        { key: 'before', title: `${L}f.before`, format: 'json' },
        { key: 'after', title: `${L}f.after`, format: 'json' },
      ],
    },
  };
}

// ------------------------------------------------------------------------------ invitedetail

export function inviteDetailList(id: string): ListDeclaration<InviteDetailRow> {
  return {
    name: `activities-${id}-invitedetail`,
    title: titleKey(id, 'invitedetail'),
    api: { url: `${api(id)}/invitedetail`, mode: 'cursor', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'text', name: 'inviterUid', label: `${L}f.inviterUid` },
      { kind: 'text', name: 'uid', label: `${L}f.inviteeUid` },
      {
        kind: 'select',
        name: 'valid',
        label: `${L}f.valid`,
        options: [
          { value: 'true', label: `${L}invite.valid` },
          { value: 'false', label: `${L}invite.invalid` },
        ],
      },
      { kind: 'dateRange', name: 'range', label: `${L}f.registeredAt` },
    ],
    columns: [
      col('inviterUid', 'uid'),
      col('inviterName'),
      { ...col('uid', 'uid'), title: `${L}f.inviteeUid` },
      col('name'),
      col('registeredAt', 'datetime', true),
      col('phoneBound', 'bool'),
      col('newPhone', 'bool'),
      col('device'),
      col('newDevice', 'bool'),
      col('rounds', 'int'),
      col('firstDeposit', 'money'),
      col('firstDepositAt', 'datetime'),
      col('validBet', 'money'),
      col('valid', 'bool'),
      col('why'),
    ],
  };
}

// ------------------------------------------------------------------------------ activityzone

const ACTIVITY_IDS = ACTIVITIES.map((a) => a.id as string);

/** A row of the zone's table: the document's item with its banner's two languages as columns. */
interface ZoneRow {
  activity: string;
  visible: boolean;
  order: number;
  bannerEn: string;
  bannerZh: string;
}
interface ZoneItem {
  activity: string;
  visible: boolean;
  order: number;
  banner: { en: string; zh: string };
}

/** The zone's table of rows: an activity (once each; the server names one listed twice), shown or not, its order, its banner in each language. */
const zoneRows = (activities: string[]): SettingsField => ({
  key: 'items',
  kind: 'rows',
  maxItems: activities.length,
  columns: [
    { key: 'activity', kind: 'select', options: activities },
    { key: 'visible', kind: 'switch', default: true },
    { key: 'order', kind: 'number', min: 0, max: 10_000 },
    { key: 'bannerEn', kind: 'text', default: '' },
    { key: 'bannerZh', kind: 'text', default: '' },
  ],
});

/** The zone as rows; never saved: every activity, shown, in catalogue order. */
export function zoneToRows(items: ZoneItem[], activities: string[]): ZoneRow[] {
  const list = items.length > 0 ? items : activities.map((activity, i) => ({ activity, visible: true, order: i + 1, banner: { en: '', zh: '' } }));
  return list.map((it) => ({ activity: it.activity, visible: it.visible, order: it.order, bannerEn: it.banner.en, bannerZh: it.banner.zh }));
}

/** The rows as the zone document the server checks (it names a wrong field: zone.items.0.banner.en). */
export function rowsToZone(rows: Partial<ZoneRow>[]): { items: ZoneItem[] } {
  return {
    items: rows.map((r) => ({
      activity: String(r.activity ?? ''),
      visible: Boolean(r.visible),
      order: Number(r.order ?? 0),
      banner: { en: String(r.bannerEn ?? '').trim(), zh: String(r.bannerZh ?? '').trim() },
    })),
  };
}

export function zoneDecl(activities: string[]): ConfigScreenDeclaration {
  return {
    name: 'activities-activityzone',
    title: `${L}zone.title`,
    load: {
      url: '/activities/activityzone',
      toForm: (data) => ({
        items: zoneToRows((data.zone as { items?: ZoneItem[] } | undefined)?.items ?? [], (data.activities as string[] | undefined) ?? activities),
      }),
    },
    save: { url: '/activities/activityzone/update', body: (values) => ({ zone: rowsToZone((values.items as Partial<ZoneRow>[] | undefined) ?? []) }) },
    fields: [{ name: 'items', label: `${L}zone.items`, kind: 'textarea', help: `${L}zone.help` }],
    rows: { fields: [zoneRows(activities)], columnLabel: (column) => `${L}zone.${column}`, optionLabel: (_, id) => `${L}name.${id}` },
    confirm: `${L}zone.confirm`,
  };
}

export const zoneHistory: HistoryDeclaration = {
  url: '/activities/activityzone/versions',
  fieldLabel: (field) => `${L}zone.${field}`,
  keyLabel: () => `${L}zone.title`,
};

/** The activity zone: one row per activity (shown or not, order, banners), with its history. */
export function ActivityZone() {
  const { t } = useTranslation();
  return (
    <WithHistory history={zoneHistory}>
      <Flex vertical gap={12}>
        <Alert type="info" showIcon title={t(`${L}zone.rules`)} />
        <ConfigScreen decl={zoneDecl(ACTIVITY_IDS)} />
      </Flex>
    </WithHistory>
  );
}

// ------------------------------------------------------------------------------ the shape

const SHAPE: Record<ActivityScreen, (id: string) => ComponentType> = {
  dashboard: (id) => () => <ActivityDashboard id={id} />,
  players: (id) => () => <ActivityPlayers id={id} />,
  configs: (id) => () => <ActivityConfigs id={id} />,
  configlogs: (id) => {
    const decl = configlogsList(id);
    return () => <ListScreen decl={decl} />;
  },
  invitedetail: (id) => {
    const decl = inviteDetailList(id);
    return () => <ListScreen decl={decl} />;
  },
};

const made = new Map<string, ComponentType>();

/** The component of one activity's screen (the same one each time it is asked for). */
export function screenFor(id: string, screen: ActivityScreen): ComponentType {
  const key = `${id}/${screen}`;
  let c = made.get(key);
  if (!c) {
    c = SHAPE[screen](id);
    c.displayName = `Activity(${key})`;
    made.set(key, c);
  }
  return c;
}
