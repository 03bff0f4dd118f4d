/**
 * /usermanager/usertrace: a player's login trail (GET /api/usermanager/usertrace: keyset,
 * newest first) and the accounts sharing a device or IP with a player, or that used one
 * device or IP (GET /api/usermanager/usertrace/accounts: uid | device | ip).
 */
import type { LoginTrailItem, TracedAccountItem } from '@console/schemas';
import { ListScreen, TabsScreen, type ListDeclaration } from '../../../kit';
import { UID } from '../uid';

const L = 'usermanager.usertrace.';
const STATUS = { active: 'usermanager.userlist.active', suspended: 'usermanager.userlist.suspended', banned: 'usermanager.userlist.banned' };

export const loginTrailScreen: ListDeclaration<LoginTrailItem> = {
  name: 'usertrace',
  title: `${L}logins`,
  api: { url: '/usermanager/usertrace', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'number', name: 'uid', label: UID },
    { kind: 'dateRange', name: 'at', label: `${L}at` },
  ],
  columns: [
    { key: 'at', title: `${L}at`, format: 'datetime' },
    { key: 'uid', title: UID, format: 'uid' },
    { key: 'ip', title: `${L}ip` },
    { key: 'deviceId', title: `${L}deviceId` },
    { key: 'durationSeconds', title: `${L}durationSeconds`, format: 'int' },
    { key: 'partner', title: `${L}partner` },
  ],
};

export const tracedAccountsScreen: ListDeclaration<TracedAccountItem> = {
  name: 'usertrace-accounts',
  title: `${L}accounts`,
  api: { url: '/usermanager/usertrace/accounts', mode: 'page', export: true },
  rowKey: 'key',
  filters: [
    { kind: 'number', name: 'uid', label: `${L}sharedWith` },
    { kind: 'text', name: 'device', label: `${L}deviceId` },
    { kind: 'text', name: 'ip', label: `${L}ip` },
  ],
  emptyHint: `${L}accountsHint`,
  columns: [
    { key: 'uid', title: UID, format: 'uid', sortable: true },
    { key: 'name', title: `${L}name` },
    { key: 'status', title: `${L}status`, labels: STATUS },
    { key: 'via', title: `${L}via`, sortable: true, labels: { device: `${L}viaDevice`, ip: `${L}viaIp` } },
    { key: 'value', title: `${L}value` },
    { key: 'partner', title: `${L}partner` },
    { key: 'firstAt', title: `${L}firstAt`, format: 'datetime', sortable: true },
    { key: 'lastAt', title: `${L}lastAt`, format: 'datetime', sortable: true },
  ],
};

export default function UsertraceScreen() {
  return (
    <TabsScreen
      tabs={[
        { key: 'logins', label: `${L}logins`, render: () => <ListScreen decl={loginTrailScreen} /> },
        { key: 'accounts', label: `${L}accounts`, render: () => <ListScreen decl={tracedAccountsScreen} /> },
      ]}
    />
  );
}
