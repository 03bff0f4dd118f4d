/**
 * /usermanager/lostusers: players without a login for a chosen number of days (default 7;
 * GET /api/usermanager/lostusers: keyset, sort by last login or chips, server export).
 */
import type { LostPlayerItem } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../../kit';
import { UID } from '../uid';

const L = 'usermanager.lostusers.';
const STATUS = { active: 'usermanager.userlist.active', suspended: 'usermanager.userlist.suspended', banned: 'usermanager.userlist.banned' };

export const lostusersScreen: ListDeclaration<LostPlayerItem> = {
  name: 'lostusers',
  title: `${L}title`,
  api: { url: '/usermanager/lostusers', mode: 'cursor', export: true },
  rowKey: 'uid',
  filters: [
    { kind: 'number', name: 'days', label: `${L}days` },
    { kind: 'number', name: 'vip', label: `${L}vip` },
    { kind: 'number', name: 'partner', label: `${L}partner` },
  ],
  columns: [
    { key: 'uid', title: UID, format: 'uid' },
    { key: 'name', title: `${L}name` },
    { key: 'vip', title: `${L}vip`, format: 'int' },
    { key: 'status', title: `${L}status`, labels: STATUS },
    { key: 'partner', title: `${L}partner` },
    { key: 'lastLoginAt', title: `${L}lastLoginAt`, format: 'datetime', sortable: true },
    { key: 'chip', title: `${L}chip`, format: 'int', sortable: true },
    { key: 'safe', title: `${L}safe`, format: 'int' },
    { key: 'bean', title: `${L}bean`, format: 'int' },
    { key: 'withdrawable', title: `${L}withdrawable`, format: 'money' },
    { key: 'netWin', title: `${L}netWin`, format: 'int' },
    { key: 'registeredAt', title: `${L}registeredAt`, format: 'datetime' },
  ],
};

export default function LostusersScreen() {
  return <ListScreen decl={lostusersScreen} />;
}
