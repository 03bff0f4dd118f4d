/**
 * /homepage, the data report: new, active and paying players, recharges and cash-outs paid,
 * net and ARPPU over the range with the change against the range before it (GET
 * /api/homepage), a chart by day, and the days as a table (GET /api/homepage/days). Money in
 * pesos (centavos on the wire). Partner accounts see their partner's figures.
 */
import type { HomeDay } from '@console/schemas';
import type { DashboardDeclaration, ListDeclaration } from '../../kit';
import { rangeFilter, ReportPage, REPORT_DAYS } from './ReportPage';

const L = 'reports.common.';
const FIGURES = [
  'newPlayers',
  'activePlayers',
  'payingPlayers',
  'rechargeAmount',
  'rechargeOrders',
  'cashoutAmount',
  'cashoutOrders',
  'net',
  'arppu',
  'firstPayers',
] as const;
const money = new Set(['rechargeAmount', 'cashoutAmount', 'net', 'arppu']);

export const homeDashboard: DashboardDeclaration = {
  name: 'homepage',
  title: 'reports.homepage.title',
  api: { url: '/homepage' },
  defaultDays: REPORT_DAYS,
  cards: FIGURES.map((key) => ({ key, label: `${L}${key}`, value: `totals.${key}`, previous: `previous.${key}`, format: money.has(key) ? 'money' : 'int' })),
  chart: {
    title: 'reports.homepage.chart',
    rows: 'chart',
    series: [
      { key: 'recharge', label: `${L}rechargePesos`, type: 'bar' },
      { key: 'cashout', label: `${L}cashoutPesos`, type: 'bar' },
      { key: 'net', label: `${L}netPesos`, type: 'line' },
    ],
  },
};

export const homeTable: ListDeclaration<HomeDay> = {
  name: 'homepage',
  title: 'reports.homepage.table',
  api: { url: '/homepage/days', mode: 'page', export: true },
  rowKey: 'day',
  pageSize: 50,
  filters: [rangeFilter],
  columns: [
    { key: 'day', title: `${L}day`, sortable: true },
    ...FIGURES.map((key) => ({ key, title: `${L}${key}`, format: money.has(key) ? ('money' as const) : ('int' as const), sortable: true })),
  ],
};

export default function HomepageScreen() {
  return <ReportPage dashboard={homeDashboard} tables={[{ key: 'days', label: 'reports.homepage.table', decl: homeTable }]} />;
}
