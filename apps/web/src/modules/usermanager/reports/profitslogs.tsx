/**
 * /usermanager/profitslogs: game chips per day — totals and a chart by day (GET
 * /api/usermanager/profitslogs/days) — and per day and player (GET /api/usermanager/profitslogs:
 * keyset by net win, server export). The range is required (at most 31 days; default the
 * last 7). Partner scoped.
 */
import type { ProfitItem } from '@console/schemas';
import { DashboardScreen, ListScreen, type DashboardDeclaration, type ListDeclaration } from '../../../kit';
import { UID } from '../uid';
import { WithRange } from './range';

const L = 'usermanager.profitslogs.';
const DAYS = 7;

export const profitsDashboard: DashboardDeclaration = {
  name: 'profitslogs',
  title: `${L}title`,
  api: { url: '/usermanager/profitslogs/days' },
  defaultDays: DAYS,
  cards: [
    { key: 'bets', label: `${L}bets`, value: 'totals.bets', format: 'int' },
    { key: 'wins', label: `${L}wins`, value: 'totals.wins', format: 'int' },
    { key: 'net', label: `${L}net`, value: 'totals.net', format: 'int' },
    { key: 'houseNet', label: `${L}houseNet`, value: 'totals.houseNet', format: 'int' },
  ],
  chart: {
    title: `${L}byDay`,
    rows: 'days',
    series: [
      { key: 'bets', label: `${L}bets`, type: 'bar' },
      { key: 'wins', label: `${L}wins`, type: 'bar' },
      { key: 'net', label: `${L}net`, type: 'line' },
    ],
  },
};

export const profitsList: ListDeclaration<ProfitItem> = {
  name: 'profitslogs',
  title: `${L}players`,
  api: { url: '/usermanager/profitslogs', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'dateRange', name: 'range', label: `${L}range` },
    { kind: 'number', name: 'uid', label: UID },
    { kind: 'number', name: 'partner', label: `${L}partner` },
  ],
  columns: [
    { key: 'day', title: `${L}day` },
    { key: 'uid', title: UID, format: 'uid' },
    { key: 'name', title: `${L}name` },
    { key: 'partner', title: `${L}partner` },
    { key: 'betCount', title: `${L}betCount`, format: 'int' },
    { key: 'bets', title: `${L}bets`, format: 'int' },
    { key: 'wins', title: `${L}wins`, format: 'int' },
    { key: 'net', title: `${L}net`, format: 'int', sortable: true },
  ],
};

export default function ProfitslogsScreen() {
  return (
    <WithRange days={DAYS}>
      <DashboardScreen decl={profitsDashboard} />
      <ListScreen decl={profitsList} />
    </WithRange>
  );
}
