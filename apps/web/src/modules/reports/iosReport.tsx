/**
 * /iosReport: recharges by operating system (android, ios, web): the range's amount, orders
 * and payers of each, a chart of each one's amount by day, and the days as a table.
 * GET /api/iosReport, /api/iosReport/days.
 */
import type { OsDay } from '@console/schemas';
import type { ColumnDeclaration, DashboardDeclaration, ListDeclaration } from '../../kit';
import { rangeFilter, ReportPage, REPORT_DAYS } from './ReportPage';

const L = 'reports.iosReport.';
const OS = ['android', 'ios', 'web'] as const;

export const osDashboard: DashboardDeclaration = {
  name: 'iosReport',
  title: `${L}title`,
  api: { url: '/iosReport' },
  defaultDays: REPORT_DAYS,
  cards: OS.flatMap((os) => [
    { key: `${os}Amount`, label: `${L}${os}Amount`, value: `totals.${os}Amount`, format: 'money' as const },
    { key: `${os}Payers`, label: `${L}${os}Payers`, value: `totals.${os}Payers`, format: 'int' as const },
  ]),
  chart: { title: `${L}chart`, rows: 'chart', series: OS.map((os) => ({ key: os, label: `${L}${os}`, type: 'bar' as const })) },
};

export const osTable: ListDeclaration<OsDay> = {
  name: 'iosReport',
  title: `${L}table`,
  api: { url: '/iosReport/days', mode: 'page', export: true },
  rowKey: 'day',
  pageSize: 50,
  filters: [rangeFilter],
  columns: [
    { key: 'day', title: 'reports.common.day', sortable: true },
    { key: 'amount', title: 'reports.common.rechargeAmount', format: 'money', sortable: true },
    ...OS.flatMap((os): ColumnDeclaration<OsDay>[] => [
      { key: `${os}Amount`, title: `${L}${os}Amount`, format: 'money', sortable: true },
      { key: `${os}Orders`, title: `${L}${os}Orders`, format: 'int', sortable: true },
      { key: `${os}Payers`, title: `${L}${os}Payers`, format: 'int' },
    ]),
  ],
};

export default function IosReportScreen() {
  return <ReportPage dashboard={osDashboard} tables={[{ key: 'days', label: `${L}table`, decl: osTable }]} />;
}
