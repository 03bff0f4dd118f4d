/**
 * /userReport: players and their paying by day: new, active and paying players, players who
 * paid on the day they registered, first-time payers, pay rate, ARPU and ARPPU.
 * GET /api/userReport, /api/userReport/days.
 */
import type { UserDay } from '@console/schemas';
import type { DashboardDeclaration, ListDeclaration } from '../../kit';
import { rangeFilter, ReportPage, REPORT_DAYS } from './ReportPage';

const L = 'reports.common.';

export const userDashboard: DashboardDeclaration = {
  name: 'userReport',
  title: 'reports.userReport.title',
  api: { url: '/userReport' },
  defaultDays: REPORT_DAYS,
  cards: [
    { key: 'newPlayers', label: `${L}newPlayers`, value: 'totals.newPlayers', format: 'int' },
    { key: 'activePlayers', label: `${L}activePlayers`, value: 'totals.activePlayers', format: 'int' },
    { key: 'payingPlayers', label: `${L}payingPlayers`, value: 'totals.payingPlayers', format: 'int' },
    { key: 'payRate', label: `${L}payRate`, value: 'totals.payRate', format: 'percent' },
    { key: 'amount', label: `${L}rechargeAmount`, value: 'totals.amount', format: 'money' },
    { key: 'arpu', label: `${L}arpu`, value: 'totals.arpu', format: 'money' },
    { key: 'arppu', label: `${L}arppu`, value: 'totals.arppu', format: 'money' },
  ],
  chart: {
    title: 'reports.userReport.chart',
    rows: 'days',
    series: [
      { key: 'activePlayers', label: `${L}activePlayers`, type: 'line' },
      { key: 'newPlayers', label: `${L}newPlayers`, type: 'bar' },
      { key: 'payingPlayers', label: `${L}payingPlayers`, type: 'bar' },
    ],
  },
};

export const userTable: ListDeclaration<UserDay> = {
  name: 'userReport',
  title: 'reports.userReport.table',
  api: { url: '/userReport/days', mode: 'page', export: true },
  rowKey: 'day',
  pageSize: 50,
  filters: [rangeFilter],
  columns: [
    { key: 'day', title: `${L}day`, sortable: true },
    { key: 'newPlayers', title: `${L}newPlayers`, format: 'int', sortable: true },
    { key: 'activePlayers', title: `${L}activePlayers`, format: 'int', sortable: true },
    { key: 'payingPlayers', title: `${L}payingPlayers`, format: 'int', sortable: true },
    { key: 'newPayers', title: `${L}newPayers`, format: 'int', sortable: true },
    { key: 'firstPayers', title: `${L}firstPayers`, format: 'int', sortable: true },
    { key: 'payRate', title: `${L}payRate`, format: 'percent', sortable: true },
    { key: 'amount', title: `${L}rechargeAmount`, format: 'money', sortable: true },
    { key: 'arpu', title: `${L}arpu`, format: 'money', sortable: true },
    { key: 'arppu', title: `${L}arppu`, format: 'money', sortable: true },
  ],
};

export default function UserReportScreen() {
  return <ReportPage dashboard={userDashboard} tables={[{ key: 'days', label: 'reports.userReport.table', decl: userTable }]} />;
}
