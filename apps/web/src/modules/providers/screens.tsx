/**
 * The one shape: the four screens of a provider group as functions of the group. index.ts
 * registers `screenFor(group, screen)` for every catalogue path. thirdgames' provider filter
 * offers the group's providers (GET …/providers), loaded once per screen.
 */
import { Card, Flex, Select, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { groupHasProviderFilter, type ItemsOf, type ProviderDashboard, type ProviderGroup, type ProviderInfo, type ProviderScreen } from '@console/schemas';
import { DashboardScreen, ListScreen, type DashboardDeclaration, type ListDeclaration, type SelectOption } from '../../kit';
import { dashboardRange } from '../../kit/dashboard/DashboardScreen';
import { dayEnd, dayStart, formatInt, formatMoney, formatPercent } from '../../lib/format';
import { request } from '../../shell/request';
import { api, L } from './common';
import { dataReportList, daysList, logsList, userReportList } from './lists';

export const DEFAULT_DAYS = 30;

/** The group's providers as select options (code: name). */
function useProviders(group: ProviderGroup): SelectOption[] {
  const query = useQuery({
    queryKey: ['providers', group],
    queryFn: async () => (await request<ItemsOf<ProviderInfo>>('GET', `${api(group)}/providers`, { silent: true })).data?.items ?? [],
    enabled: groupHasProviderFilter(group),
    staleTime: 300_000,
    retry: false,
  });
  return (query.data ?? []).map((p) => ({ value: p.code, label: `${p.code} · ${p.name}`, literal: true }));
}

function listOf<R extends object>(make: (group: ProviderGroup, providers: SelectOption[]) => ListDeclaration<R>) {
  return (group: ProviderGroup): ComponentType =>
    function ProviderList() {
      const providers = useProviders(group);
      // the declaration changes once the providers arrive (the filter's choices); the list keeps its URL state
      return <ListScreen decl={make(group, providers)} />;
    };
}

export function dashboardDecl(group: ProviderGroup, provider: string | null): DashboardDeclaration {
  const card = (key: string, format: 'money' | 'int' | 'percent') => ({ key, label: `${L}f.${key}`, value: `totals.${key}`, format });
  return {
    name: `${group}-dashboard`,
    title: `${L}title.${group}.dashboard`,
    api: { url: `${api(group)}/dashboard`, ...(provider ? { params: { provider } } : {}) },
    defaultDays: DEFAULT_DAYS,
    cards: [
      card('turnover', 'money'),
      card('wins', 'money'),
      card('houseTake', 'money'),
      card('rtp', 'percent'),
      card('players', 'int'),
      card('rounds', 'int'),
      card('bigWins', 'int'),
    ],
    chart: {
      title: `${L}dashboard.chart`,
      rows: 'chart',
      series: [
        { key: 'turnover', label: `${L}dashboard.turnoverPesos`, type: 'bar' },
        { key: 'wins', label: `${L}dashboard.winsPesos`, type: 'bar' },
        { key: 'houseTake', label: `${L}dashboard.houseTakePesos`, type: 'line' },
      ],
    },
  };
}

type GameFigures = ProviderDashboard['games'][number];

/** The range's top games (the dashboard's own query, shared by key). */
function TopGames({ decl, params }: { decl: DashboardDeclaration; params: Record<string, string> }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['kit-dashboard', decl.name, decl.api.url, { ...decl.api.params, ...params }],
    queryFn: async () =>
      (await request<Pick<ProviderDashboard, 'games'>>('GET', decl.api.url, { params: { ...decl.api.params, ...params }, silent: true })).data ?? null,
    retry: false,
  });
  const games = query.data?.games ?? [];
  const money = (v: unknown) => formatMoney(v);
  return (
    <Card title={t(`${L}dashboard.topGames`)} size="small">
      <Table<GameFigures>
        size="small"
        rowKey={(r) => `${r.provider}:${r.game}`}
        dataSource={games}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'provider', dataIndex: 'provider', title: t(`${L}f.provider`) },
          { key: 'gameName', dataIndex: 'gameName', title: t(`${L}f.gameName`) },
          { key: 'rounds', dataIndex: 'rounds', title: t(`${L}f.rounds`), render: (v) => formatInt(v) },
          { key: 'players', dataIndex: 'players', title: t(`${L}f.players`), render: (v) => formatInt(v) },
          { key: 'turnover', dataIndex: 'turnover', title: t(`${L}f.turnover`), render: money },
          { key: 'houseTake', dataIndex: 'houseTake', title: t(`${L}f.houseTake`), render: money },
          { key: 'rtp', dataIndex: 'rtp', title: t(`${L}f.rtp`), render: (v) => formatPercent(v) },
        ]}
      />
    </Card>
  );
}

function dashboardOf(group: ProviderGroup): ComponentType {
  return function ProviderDashboard() {
    const { t } = useTranslation();
    const [search, setSearch] = useSearchParams();
    const providers = useProviders(group);
    const provider = groupHasProviderFilter(group) ? search.get('provider') : null;
    const range = dashboardRange(search, DEFAULT_DAYS);
    const params = { from: dayStart(range.from)!, to: dayEnd(range.to)! };
    const decl = dashboardDecl(group, provider);
    const choose = (value: string | undefined) => {
      const next = new URLSearchParams(search);
      if (value) next.set('provider', value);
      else next.delete('provider');
      setSearch(next, { replace: true });
    };
    return (
      <Flex vertical gap={12}>
        {groupHasProviderFilter(group) && (
          <Select
            allowClear
            placeholder={t(`${L}f.allProviders`)}
            value={provider ?? undefined}
            onChange={choose}
            style={{ maxWidth: 320 }}
            options={providers.map((p) => ({ value: p.value, label: p.label }))}
            aria-label={t(`${L}f.provider`)}
            data-testid="provider-select"
          />
        )}
        <DashboardScreen key={provider ?? ''} decl={decl} />
        <TopGames decl={decl} params={params} />
        <ListScreen key={`${params.from}|${params.to}|${provider ?? ''}`} decl={daysList(group, { ...params, ...(provider ? { provider } : {}) })} />
      </Flex>
    );
  };
}

const SHAPE: Record<ProviderScreen, (group: ProviderGroup) => ComponentType> = {
  datareport: listOf(dataReportList),
  dashboard: dashboardOf,
  userreport: listOf(userReportList),
  logs: listOf(logsList),
};

const made = new Map<string, ComponentType>();

/** The component of one group's screen (the same one each time it is asked for). */
export function screenFor(group: ProviderGroup, screen: ProviderScreen): ComponentType {
  const key = `${group}/${screen}`;
  let c = made.get(key);
  if (!c) {
    c = SHAPE[screen](group);
    c.displayName = `Providers(${key})`;
    made.set(key, c);
  }
  return c;
}
