/**
 * /paychannel: each recharge channel over the range — orders created, credited and failed,
 * success rate, amount and its share, payers, average time to pay — under the range's
 * recharge figures and chart. GET /api/paychannel/summary, /api/paychannel.
 */
import type { RechargeChannelFigures } from '@console/schemas';
import type { DashboardDeclaration, ListDeclaration } from '../../kit';
import { amountChart, payCards } from './payReport';
import { rangeFilter, ReportPage, REPORT_DAYS } from './ReportPage';

const L = 'reports.common.';

export const paychannelDashboard: DashboardDeclaration = {
  name: 'paychannel',
  title: 'reports.paychannel.title',
  api: { url: '/paychannel/summary' },
  defaultDays: REPORT_DAYS,
  cards: payCards,
  chart: amountChart,
};

export const paychannelTable: ListDeclaration<RechargeChannelFigures> = {
  name: 'paychannel',
  title: 'reports.paychannel.table',
  api: { url: '/paychannel', mode: 'page', export: true },
  rowKey: 'channel',
  pageSize: 50,
  filters: [rangeFilter],
  columns: [
    { key: 'channel', title: `${L}channel`, sortable: true },
    { key: 'amount', title: `${L}rechargeAmount`, format: 'money', sortable: true },
    { key: 'share', title: `${L}share`, format: 'percent', sortable: true },
    { key: 'paid', title: `${L}rechargeOrders`, format: 'int', sortable: true },
    { key: 'created', title: `${L}created`, format: 'int', sortable: true },
    { key: 'failed', title: `${L}failed`, format: 'int', sortable: true },
    { key: 'successRate', title: `${L}successRate`, format: 'percent', sortable: true },
    { key: 'payers', title: `${L}payingPlayers`, format: 'int', sortable: true },
    { key: 'avgPaySeconds', title: `${L}avgPaySeconds`, format: 'int', sortable: true },
  ],
};

export default function PaychannelScreen() {
  return <ReportPage dashboard={paychannelDashboard} tables={[{ key: 'channels', label: 'reports.paychannel.table', decl: paychannelTable }]} />;
}
