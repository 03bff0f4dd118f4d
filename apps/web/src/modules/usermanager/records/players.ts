/** The player columns of search and searchsales (one shape; PlayerSearchItem of @console/schemas). */
import type { PlayerSearchItem } from '@console/schemas';
import type { ColumnDeclaration } from '../../../kit';

export const P = 'usermanager.search.player.';
export const PLAYER_STATUS_LABELS = { active: `${P}active`, suspended: `${P}suspended`, banned: `${P}banned` };

export const playerColumns: ColumnDeclaration<PlayerSearchItem>[] = [
  { key: 'uid', title: `${P}uid`, sortable: true },
  { key: 'name', title: `${P}name` },
  { key: 'phone', title: `${P}phone` },
  { key: 'status', title: `${P}status`, labels: PLAYER_STATUS_LABELS },
  { key: 'suspendedUntil', title: `${P}suspendedUntil`, format: 'datetime', hidden: true },
  { key: 'vip', title: `${P}vip`, format: 'int' },
  { key: 'chip', title: `${P}chip`, format: 'int' },
  { key: 'partner', title: `${P}partner` },
  { key: 'shareId', title: `${P}shareId` },
  { key: 'registeredAt', title: `${P}registeredAt`, format: 'datetime', sortable: true },
  { key: 'lastLoginAt', title: `${P}lastLoginAt`, format: 'datetime', sortable: true },
];
