/**
 * /usermanager/userlist: players with their balances (GET /api/usermanager/userlist, keyset:
 * no total is counted over a million players), server CSV export. docs/api/usermanager.md.
 */
import type { PlayerListItem } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../../kit';
import { UID } from '../uid';

const L = 'usermanager.userlist.';
const STATUS = { active: `${L}active`, suspended: `${L}suspended`, banned: `${L}banned` };

export const userlistScreen: ListDeclaration<PlayerListItem> = {
  name: 'userlist',
  title: `${L}title`,
  api: { url: '/usermanager/userlist', mode: 'cursor', export: true },
  rowKey: 'uid',
  filters: [
    { kind: 'number', name: 'uid', label: UID },
    { kind: 'text', name: 'name', label: `${L}name` },
    { kind: 'text', name: 'phone', label: `${L}phone` },
    { kind: 'select', name: 'status', label: `${L}status`, options: Object.entries(STATUS).map(([value, label]) => ({ value, label })) },
    { kind: 'number', name: 'vip', label: `${L}vip` },
    { kind: 'number', name: 'partner', label: `${L}partner` },
    { kind: 'dateRange', name: 'registered', label: `${L}registeredAt` },
  ],
  columns: [
    { key: 'uid', title: UID, format: 'uid', sortable: true },
    { key: 'name', title: `${L}name` },
    { key: 'phone', title: `${L}phone` },
    { key: 'vip', title: `${L}vip`, format: 'int' },
    { key: 'status', title: `${L}status`, labels: STATUS },
    { key: 'partner', title: `${L}partner` },
    { key: 'chip', title: `${L}chip`, format: 'int', sortable: true },
    { key: 'safe', title: `${L}safe`, format: 'int' },
    { key: 'bean', title: `${L}bean`, format: 'int' },
    { key: 'bonus', title: `${L}bonus`, format: 'int' },
    { key: 'diamond', title: `${L}diamond`, format: 'int' },
    { key: 'charisma', title: `${L}charisma`, format: 'int' },
    { key: 'withdrawable', title: `${L}withdrawable`, format: 'money' },
    { key: 'netWin', title: `${L}netWin`, format: 'int' },
    { key: 'registeredAt', title: `${L}registeredAt`, format: 'datetime', sortable: true },
    { key: 'lastLoginAt', title: `${L}lastLoginAt`, format: 'datetime', sortable: true },
    { key: 'loginIp', title: `${L}loginIp` },
  ],
};

export default function UserlistScreen() {
  return <ListScreen decl={userlistScreen} />;
}
