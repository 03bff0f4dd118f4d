/** /usermanager/badgesearch: badges players hold, by uid, badge id or name (GET /api/usermanager/badgesearch: keyset). */
import type { BadgeItem } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../../kit';
import { UID } from '../uid';

const L = 'usermanager.badgesearch.';

export const badgesearchScreen: ListDeclaration<BadgeItem> = {
  name: 'badgesearch',
  title: `${L}title`,
  api: { url: '/usermanager/badgesearch', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'number', name: 'uid', label: UID },
    { kind: 'text', name: 'badgeId', label: `${L}badgeId` },
    { kind: 'text', name: 'name', label: `${L}name` },
  ],
  columns: [
    { key: 'uid', title: UID, format: 'uid' },
    { key: 'playerName', title: `${L}playerName` },
    { key: 'badgeId', title: `${L}badgeId` },
    { key: 'name', title: `${L}name` },
    { key: 'grantedAt', title: `${L}grantedAt`, format: 'datetime', sortable: true },
  ],
};

export default function BadgesearchScreen() {
  return <ListScreen decl={badgesearchScreen} />;
}
