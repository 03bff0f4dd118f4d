/**
 * The player columns of search and searchsales (one shape; PlayerSearchItem of @console/schemas),
 * sortable by the keys each list's server declaration sorts by.
 */
import type { PlayerSearchItem } from '@console/schemas';
import type { ColumnDeclaration } from '../../../kit';
import { UID } from '../uid';

export const P = 'usermanager.search.player.';
export const PLAYER_STATUS_LABELS = { active: `${P}active`, suspended: `${P}suspended`, banned: `${P}banned` };

const COLUMNS: ColumnDeclaration<PlayerSearchItem>[] = [
  { key: 'uid', title: UID, format: 'uid' },
  { key: 'name', title: `${P}name` },
  { key: 'phone', title: `${P}phone` },
  { key: 'status', title: `${P}status`, labels: PLAYER_STATUS_LABELS },
  { key: 'suspendedUntil', title: `${P}suspendedUntil`, format: 'datetime', hidden: true },
  { key: 'vip', title: `${P}vip`, format: 'int' },
  { key: 'chip', title: `${P}chip`, format: 'int' },
  { key: 'partner', title: `${P}partner` },
  { key: 'shareId', title: `${P}shareId` },
  { key: 'registeredAt', title: `${P}registeredAt`, format: 'datetime' },
  { key: 'lastLoginAt', title: `${P}lastLoginAt`, format: 'datetime' },
];

export const playerColumns = (sortable: readonly (keyof PlayerSearchItem)[]): ColumnDeclaration<PlayerSearchItem>[] =>
  COLUMNS.map((c) => (sortable.includes(c.key) ? { ...c, sortable: true } : c));
