/**
 * /usermanager/registers: registrations by day (GET /api/usermanager/registers/days: total and
 * chart) and the registered players (GET /api/usermanager/registers: keyset, newest first,
 * filters range, package, partner; server export). Partner scoped.
 */
import type { RegisteredPlayerItem } from '@console/schemas';
import { DashboardScreen, ListScreen, type DashboardDeclaration, type ListDeclaration } from '../../../kit';
import { UID } from '../uid';
import { WithRange } from './range';

const L = 'usermanager.registers.';
const DAYS = 30;

export const registersDashboard: DashboardDeclaration = {
  name: 'registers',
  title: `${L}title`,
  api: { url: '/usermanager/registers/days' },
  defaultDays: DAYS,
  cards: [{ key: 'registrations', label: `${L}registrations`, value: 'totals.registrations', format: 'int' }],
  chart: { title: `${L}byDay`, rows: 'days', series: [{ key: 'registrations', label: `${L}registrations`, type: 'bar' }] },
};

export const registersList: ListDeclaration<RegisteredPlayerItem> = {
  name: 'registers',
  title: `${L}players`,
  api: { url: '/usermanager/registers', mode: 'cursor', export: true },
  rowKey: 'uid',
  filters: [
    { kind: 'dateRange', name: 'registered', label: `${L}registeredAt` },
    { kind: 'text', name: 'package', label: `${L}package` },
    { kind: 'number', name: 'partner', label: `${L}partner` },
  ],
  columns: [
    { key: 'uid', title: UID, format: 'uid', sortable: true },
    { key: 'name', title: `${L}name` },
    { key: 'package', title: `${L}package` },
    { key: 'registerIp', title: `${L}registerIp` },
    { key: 'device', title: `${L}device` },
    { key: 'partner', title: `${L}partner` },
    { key: 'shareId', title: `${L}shareId` },
    { key: 'inviterUid', title: `${L}inviterUid`, format: 'uid' },
    { key: 'registeredAt', title: `${L}registeredAt`, format: 'datetime', sortable: true },
  ],
};

export default function RegistersScreen() {
  return (
    <WithRange days={DAYS}>
      <DashboardScreen decl={registersDashboard} />
      <ListScreen decl={registersList} />
    </WithRange>
  );
}
