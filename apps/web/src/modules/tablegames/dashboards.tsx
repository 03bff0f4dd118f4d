/**
 * The Tongits 1v1 dashboard and the AI dashboard: one shape (figure cards and chart by day, the
 * jackpot pool, the days and the rooms as tables with export, and for 1v1 the pool's wins),
 * declared twice by `DASHBOARDS`.
 */
import { Flex } from 'antd';
import type { JackpotWinRow, TableDashboard, TableDayFigures, TableRoomFigures } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { DashboardScreen, ListScreen, type ColumnDeclaration, type DashboardDeclaration, type FigureCard, type ListDeclaration, columnMaker } from '../../kit';
import { dashboardRange } from '../../kit/dashboard/DashboardScreen';
import { dayEnd, dayStart } from '../../lib/format';
import { request } from '../../shell/request';
import { L, MODE_LABELS, TONGITS } from './common';
import { PoolView } from './pool';

export type Scope = '1v1' | 'ai';
export interface DashboardSpec {
  screen: 'dashboard1v1' | 'aidashboard';
  scope: Scope;
  jackpots: boolean;
}
export const DASHBOARDS: Record<Scope, DashboardSpec> = {
  '1v1': { screen: 'dashboard1v1', scope: '1v1', jackpots: true },
  ai: { screen: 'aidashboard', scope: 'ai', jackpots: false },
};
export const DEFAULT_DAYS = 30;

const col = columnMaker(`${L}f.`);
const card = (key: string, format: FigureCard['format'], value = `totals.${key}`): FigureCard => ({ key, label: `${L}f.${key}`, value, format });

const CARDS: Record<Scope, FigureCard[]> = {
  '1v1': [
    card('tables', 'int'),
    card('rounds', 'int'),
    card('seats', 'int'),
    card('turnover', 'money'),
    card('rake', 'money'),
    card('jackpot', 'money'),
    card('houseTake', 'money'),
    card('poolBalance', 'money', 'pool.balance'),
  ],
  ai: [
    card('aiRounds', 'int'),
    card('aiSeats', 'int'),
    card('aiWon', 'int'),
    card('aiWinRate', 'percent'),
    card('aiBet', 'money'),
    card('aiWin', 'money'),
    card('aiNet', 'money'),
    card('rounds', 'int'),
  ],
};
const SERIES: Record<Scope, NonNullable<DashboardDeclaration['chart']>['series']> = {
  '1v1': [
    { key: 'turnover', label: `${L}chart.turnover`, type: 'bar' },
    { key: 'rake', label: `${L}chart.rake`, type: 'bar' },
    { key: 'jackpot', label: `${L}chart.jackpot`, type: 'line' },
  ],
  ai: [
    { key: 'aiBet', label: `${L}chart.aiBet`, type: 'bar' },
    { key: 'aiWin', label: `${L}chart.aiWin`, type: 'bar' },
    { key: 'aiNet', label: `${L}chart.aiNet`, type: 'line' },
  ],
};
const DAY_COLUMNS: Record<Scope, ColumnDeclaration<TableDayFigures>[]> = {
  '1v1': [
    col('day', 'text', true),
    col('tables', 'int', true),
    col('rounds', 'int', true),
    col('seats', 'int'),
    col('turnover', 'money', true),
    col('wins', 'money'),
    col('rake', 'money', true),
    col('jackpot', 'money', true),
    col('houseTake', 'money'),
    col('aiSeats', 'int'),
  ],
  ai: [
    col('day', 'text', true),
    col('rounds', 'int', true),
    col('aiRounds', 'int', true),
    col('aiSeats', 'int'),
    col('aiWon', 'int'),
    col('aiWinRate', 'percent', true),
    col('aiBet', 'money', true),
    col('aiWin', 'money', true),
    col('aiNet', 'money', true),
  ],
};

const api = (spec: DashboardSpec) => `${TONGITS}/${spec.screen}`;

export function dashboardDecl(spec: DashboardSpec): DashboardDeclaration {
  return {
    name: `tablegames-${spec.screen}`,
    title: `${L}title.${spec.screen}`,
    api: { url: api(spec) },
    defaultDays: DEFAULT_DAYS,
    cards: CARDS[spec.scope],
    chart: { title: `${L}chart.title`, rows: 'chart', series: SERIES[spec.scope] },
  };
}

export function daysList(spec: DashboardSpec, from: string, to: string): ListDeclaration<TableDayFigures> {
  return {
    name: `tablegames-${spec.screen}-days`,
    title: `${L}days`,
    rowKey: 'day',
    pageSize: 31,
    api: { url: `${api(spec)}/days`, mode: 'page', export: true, params: { from, to } },
    columns: DAY_COLUMNS[spec.scope],
  };
}

export function roomsList(spec: DashboardSpec, from: string, to: string): ListDeclaration<TableRoomFigures> {
  // not sortable: the days table above owns the page's sort (one URL), the rooms are few
  const money =
    spec.scope === '1v1'
      ? [col('turnover', 'money'), col('rake', 'money'), col('jackpot', 'money')]
      : [col('aiRounds', 'int'), col('aiWinRate', 'percent'), col('aiBet', 'money'), col('aiWin', 'money'), col('aiNet', 'money')];
  return {
    name: `tablegames-${spec.screen}-rooms`,
    title: `${L}rooms`,
    rowKey: 'room',
    pageSize: 100,
    api: { url: `${api(spec)}/rooms`, mode: 'page', export: true, params: { from, to } },
    columns: [col('room'), col('name'), { key: 'mode', title: `${L}f.mode`, labels: MODE_LABELS }, col('tables', 'int'), col('rounds', 'int'), ...money],
  };
}

export function jackpotsList(spec: DashboardSpec): ListDeclaration<JackpotWinRow> {
  return {
    name: `tablegames-${spec.screen}-jackpots`,
    title: `${L}jackpots`,
    rowKey: 'id',
    api: { url: `${api(spec)}/jackpots`, mode: 'cursor', export: true },
    // the page's from/to are the dashboard's range: this list filters by player only
    filters: [{ kind: 'text', name: 'uid', label: `${L}f.uid` }],
    columns: [col('at', 'datetime'), col('uid', 'uid'), col('name'), col('roundId'), col('amount', 'money'), col('poolBefore', 'money'), col('partner', 'int')],
  };
}

/** The game's jackpot pool (from the dashboard's own answer, shared by its query key). */
function PoolCard({ decl, params }: { decl: DashboardDeclaration; params: Record<string, string> }) {
  const query = useQuery({
    queryKey: ['kit-dashboard', decl.name, decl.api.url, params],
    queryFn: async () => (await request<Pick<TableDashboard, 'pool'>>('GET', decl.api.url, { params, silent: true })).data ?? null,
    retry: false,
  });
  return query.data?.pool ? <PoolView pool={query.data.pool} /> : null;
}

export function TableDashboard({ spec }: { spec: DashboardSpec }) {
  const [search] = useSearchParams();
  const range = dashboardRange(search, DEFAULT_DAYS);
  const params = { from: dayStart(range.from)!, to: dayEnd(range.to)! };
  const decl = dashboardDecl(spec);
  const key = `${params.from}|${params.to}`;
  return (
    <Flex vertical gap={12}>
      <DashboardScreen decl={decl} />
      <PoolCard decl={decl} params={params} />
      <ListScreen key={`d${key}`} decl={daysList(spec, params.from, params.to)} />
      <ListScreen key={`r${key}`} decl={roomsList(spec, params.from, params.to)} />
      {spec.jackpots && <ListScreen decl={jackpotsList(spec)} />}
    </Flex>
  );
}

export const Dashboard1v1 = () => <TableDashboard spec={DASHBOARDS['1v1']} />;
export const AiDashboard = () => <TableDashboard spec={DASHBOARDS.ai} />;
