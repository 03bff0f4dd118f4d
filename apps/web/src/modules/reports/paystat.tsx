/**
 * /paystat, paying players: payers, first-time and repeat payers and ARPPU by day, and the
 * payers of the range by how much each paid (bands in pesos). GET /api/paystat,
 * /api/paystat/days, /api/paystat/bands.
 */
import type { PayDay, PayerBand } from '@console/schemas';
import type { DashboardDeclaration, ListDeclaration } from '../../kit';
import { formatMoney } from '../../lib/format';
import { payCards, payDayColumns } from './payReport';
import { rangeFilter, ReportPage, REPORT_DAYS } from './ReportPage';

const L = 'reports.paystat.';

export const paystatDashboard: DashboardDeclaration = {
  name: 'paystat',
  title: `${L}title`,
  api: { url: '/paystat' },
  defaultDays: REPORT_DAYS,
  cards: payCards.filter((c) => ['payers', 'firstPayers', 'amount', 'arppu'].includes(c.key)),
  chart: {
    title: `${L}chart`,
    rows: 'days',
    series: [
      { key: 'firstPayers', label: 'reports.common.firstPayers', type: 'bar' },
      { key: 'repeatPayers', label: 'reports.common.repeatPayers', type: 'bar' },
      { key: 'payers', label: 'reports.common.payingPlayers', type: 'line' },
    ],
  },
};

export const paystatDays: ListDeclaration<PayDay> = {
  name: 'paystat-days',
  title: `${L}byDay`,
  api: { url: '/paystat/days', mode: 'page', export: true },
  rowKey: 'day',
  pageSize: 50,
  filters: [rangeFilter],
  columns: payDayColumns.filter((c) => !['created', 'failed'].includes(c.key)),
};

const bandText = (_: unknown, row: PayerBand) => (row.max === null ? `≥ ₱${formatMoney(row.min)}` : `₱${formatMoney(row.min)} – ₱${formatMoney(row.max)}`);

export const paystatBands: ListDeclaration<PayerBand> = {
  name: 'paystat-bands',
  title: `${L}byBand`,
  api: { url: '/paystat/bands', mode: 'page', export: true },
  rowKey: 'min',
  pageSize: 20,
  filters: [rangeFilter],
  columns: [
    { key: 'min', title: `${L}band`, sortable: true, render: bandText, text: bandText },
    { key: 'payers', title: 'reports.common.payingPlayers', format: 'int', sortable: true },
    { key: 'orders', title: 'reports.common.rechargeOrders', format: 'int', sortable: true },
    { key: 'amount', title: 'reports.common.rechargeAmount', format: 'money', sortable: true },
  ],
};

export default function PaystatScreen() {
  return (
    <ReportPage
      dashboard={paystatDashboard}
      tables={[
        { key: 'days', label: `${L}byDay`, decl: paystatDays },
        { key: 'bands', label: `${L}byBand`, decl: paystatBands },
      ]}
    />
  );
}
