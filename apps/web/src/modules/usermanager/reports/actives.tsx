/**
 * /usermanager/actives: active players, new players and logins per day over a range (default
 * the last 30 days): figures and a chart (GET /api/usermanager/actives), and the same days as
 * a table (GET /api/usermanager/actives/days: page mode, sort, server export). Partner scoped.
 */
import type { ActiveDay } from '@console/schemas';
import { DashboardScreen, ListScreen, type DashboardDeclaration, type ListDeclaration } from '../../../kit';
import { WithRange } from './range';

const L = 'usermanager.actives.';
export const ACTIVES_DAYS = 30;

export const activesDashboard: DashboardDeclaration = {
  name: 'actives',
  title: `${L}title`,
  api: { url: '/usermanager/actives' },
  defaultDays: ACTIVES_DAYS,
  cards: [
    { key: 'activePlayers', label: `${L}activePlayersRange`, value: 'totals.activePlayers', format: 'int' },
    { key: 'newPlayers', label: `${L}newPlayers`, value: 'totals.newPlayers', format: 'int' },
    { key: 'logins', label: `${L}logins`, value: 'totals.logins', format: 'int' },
  ],
  chart: {
    title: `${L}byDay`,
    rows: 'days',
    series: [
      { key: 'activePlayers', label: `${L}activePlayers`, type: 'line' },
      { key: 'newPlayers', label: `${L}newPlayers`, type: 'bar' },
      { key: 'logins', label: `${L}logins`, type: 'line' },
    ],
  },
};

export const activesTable: ListDeclaration<ActiveDay> = {
  name: 'actives',
  title: `${L}table`,
  api: { url: '/usermanager/actives/days', mode: 'page', export: true },
  rowKey: 'day',
  pageSize: 50,
  filters: [{ kind: 'dateRange', name: 'range', label: `${L}range` }],
  columns: [
    { key: 'day', title: `${L}day`, sortable: true },
    { key: 'activePlayers', title: `${L}activePlayers`, format: 'int', sortable: true },
    { key: 'logins', title: `${L}logins`, format: 'int', sortable: true },
    { key: 'newPlayers', title: `${L}newPlayers`, format: 'int', sortable: true },
    { key: 'avgSessionSeconds', title: `${L}avgSession`, format: 'int', sortable: true },
  ],
};

export default function ActivesScreen() {
  return (
    <WithRange days={ACTIVES_DAYS}>
      <DashboardScreen decl={activesDashboard} />
      <ListScreen decl={activesTable} />
    </WithRange>
  );
}
