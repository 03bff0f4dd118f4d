/**
 * /payoutChannel: cash-outs by channel over the range — requested, paid out, failed, denied,
 * success rate (paid / (paid + failed)), fees, average time from request to payment — with
 * the range's figures and a chart of requested and paid amounts by day.
 * GET /api/payoutChannel/summary, /api/payoutChannel.
 */
import type { PayoutChannelFigures } from '@console/schemas';
import type { DashboardDeclaration, ListDeclaration } from '../../kit';
import { rangeFilter, ReportPage, REPORT_DAYS } from './ReportPage';

const L = 'reports.payoutChannel.';
const C = 'reports.common.';

export const payoutDashboard: DashboardDeclaration = {
  name: 'payoutChannel',
  title: `${L}title`,
  api: { url: '/payoutChannel/summary' },
  defaultDays: REPORT_DAYS,
  cards: [
    { key: 'succeededAmount', label: `${L}succeededAmount`, value: 'totals.succeededAmount', format: 'money' },
    { key: 'succeeded', label: `${L}succeeded`, value: 'totals.succeeded', format: 'int' },
    { key: 'requestedAmount', label: `${L}requestedAmount`, value: 'totals.requestedAmount', format: 'money' },
    { key: 'requested', label: `${L}requested`, value: 'totals.requested', format: 'int' },
    { key: 'successRate', label: `${C}successRate`, value: 'totals.successRate', format: 'percent' },
    { key: 'failed', label: `${C}failed`, value: 'totals.failed', format: 'int' },
    { key: 'denied', label: `${L}denied`, value: 'totals.denied', format: 'int' },
    { key: 'fees', label: `${L}fees`, value: 'totals.fees', format: 'money' },
  ],
  chart: {
    title: `${L}chart`,
    rows: 'chart',
    series: [
      { key: 'requested', label: `${L}requestedPesos`, type: 'bar' },
      { key: 'paid', label: `${L}paidPesos`, type: 'bar' },
    ],
  },
};

export const payoutTable: ListDeclaration<PayoutChannelFigures> = {
  name: 'payoutChannel',
  title: `${L}table`,
  api: { url: '/payoutChannel', mode: 'page', export: true },
  rowKey: 'channel',
  pageSize: 50,
  filters: [rangeFilter],
  columns: [
    { key: 'channel', title: `${C}channel`, sortable: true },
    { key: 'succeededAmount', title: `${L}succeededAmount`, format: 'money', sortable: true },
    { key: 'succeeded', title: `${L}succeeded`, format: 'int', sortable: true },
    { key: 'requestedAmount', title: `${L}requestedAmount`, format: 'money', sortable: true },
    { key: 'requested', title: `${L}requested`, format: 'int', sortable: true },
    { key: 'failed', title: `${C}failed`, format: 'int', sortable: true },
    { key: 'denied', title: `${L}denied`, format: 'int', sortable: true },
    { key: 'successRate', title: `${C}successRate`, format: 'percent', sortable: true },
    { key: 'fees', title: `${L}fees`, format: 'money', sortable: true },
    { key: 'avgPaySeconds', title: `${C}avgPaySeconds`, format: 'int', sortable: true },
  ],
};

export default function PayoutChannelScreen() {
  return <ReportPage dashboard={payoutDashboard} tables={[{ key: 'channels', label: `${L}table`, decl: payoutTable }]} />;
}
