/**
 * /payReport: recharges over the range (orders created, credited, failed, amount, payers,
 * success rate, ARPPU), a chart of the amount by day, and two tables: by day, and by day and
 * channel (filter channel). GET /api/payReport, /api/payReport/days, /api/payReport/channels.
 */
import type { PayChannelDay, PayDay } from '@console/schemas';
import type { ColumnDeclaration, DashboardDeclaration, FigureCard, ListDeclaration } from '../../kit';
import { rangeFilter, ReportPage, REPORT_DAYS } from './ReportPage';

const L = 'reports.common.';

export const payCards: FigureCard[] = [
  { key: 'amount', label: `${L}rechargeAmount`, value: 'totals.amount', format: 'money' },
  { key: 'paid', label: `${L}rechargeOrders`, value: 'totals.paid', format: 'int' },
  { key: 'payers', label: `${L}payingPlayers`, value: 'totals.payers', format: 'int' },
  { key: 'firstPayers', label: `${L}firstPayers`, value: 'totals.firstPayers', format: 'int' },
  { key: 'created', label: `${L}created`, value: 'totals.created', format: 'int' },
  { key: 'failed', label: `${L}failed`, value: 'totals.failed', format: 'int' },
  { key: 'successRate', label: `${L}successRate`, value: 'totals.successRate', format: 'percent' },
  { key: 'arppu', label: `${L}arppu`, value: 'totals.arppu', format: 'money' },
];

export const amountChart: DashboardDeclaration['chart'] = {
  title: 'reports.payReport.chart',
  rows: 'chart',
  series: [
    { key: 'amount', label: `${L}rechargePesos`, type: 'bar' },
    { key: 'arppu', label: `${L}arppuPesos`, type: 'line' },
  ],
};

export const payDashboard: DashboardDeclaration = {
  name: 'payReport',
  title: 'reports.payReport.title',
  api: { url: '/payReport' },
  defaultDays: REPORT_DAYS,
  cards: payCards,
  chart: amountChart,
};

export const payDayColumns: ColumnDeclaration<PayDay>[] = [
  { key: 'day', title: `${L}day`, sortable: true },
  { key: 'amount', title: `${L}rechargeAmount`, format: 'money', sortable: true },
  { key: 'paid', title: `${L}rechargeOrders`, format: 'int', sortable: true },
  { key: 'payers', title: `${L}payingPlayers`, format: 'int', sortable: true },
  { key: 'firstPayers', title: `${L}firstPayers`, format: 'int', sortable: true },
  { key: 'repeatPayers', title: `${L}repeatPayers`, format: 'int', sortable: true },
  { key: 'arppu', title: `${L}arppu`, format: 'money', sortable: true },
  { key: 'created', title: `${L}created`, format: 'int', sortable: true },
  { key: 'failed', title: `${L}failed`, format: 'int', sortable: true },
];

export const payDaysTable: ListDeclaration<PayDay> = {
  name: 'payReport-days',
  title: 'reports.payReport.byDay',
  api: { url: '/payReport/days', mode: 'page', export: true },
  rowKey: 'day',
  pageSize: 50,
  filters: [rangeFilter],
  columns: payDayColumns,
};

export const payChannelsTable: ListDeclaration<PayChannelDay> = {
  name: 'payReport-channels',
  title: 'reports.payReport.byChannel',
  api: { url: '/payReport/channels', mode: 'page', export: true },
  rowKey: 'id',
  pageSize: 50,
  filters: [rangeFilter, { kind: 'text', name: 'channel', label: `${L}channel` }],
  columns: [
    { key: 'day', title: `${L}day`, sortable: true },
    { key: 'channel', title: `${L}channel`, sortable: true },
    { key: 'amount', title: `${L}rechargeAmount`, format: 'money', sortable: true },
    { key: 'paid', title: `${L}rechargeOrders`, format: 'int', sortable: true },
    { key: 'payers', title: `${L}payingPlayers`, format: 'int', sortable: true },
    { key: 'firstPayers', title: `${L}firstPayers`, format: 'int', sortable: true },
    { key: 'created', title: `${L}created`, format: 'int', sortable: true },
    { key: 'failed', title: `${L}failed`, format: 'int', sortable: true },
    { key: 'chips', title: `${L}chips`, format: 'int' },
    { key: 'bonusChips', title: `${L}bonusChips`, format: 'int' },
    { key: 'avgPaySeconds', title: `${L}avgPaySeconds`, format: 'int', sortable: true },
  ],
};

export default function PayReportScreen() {
  return (
    <ReportPage
      dashboard={payDashboard}
      tables={[
        { key: 'days', label: 'reports.payReport.byDay', decl: payDaysTable },
        { key: 'channels', label: 'reports.payReport.byChannel', decl: payChannelsTable },
      ]}
    />
  );
}
