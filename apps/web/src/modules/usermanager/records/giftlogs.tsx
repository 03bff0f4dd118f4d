/** /usermanager/giftlogs: gifts between players, newest first (keyset, server CSV export). */
import type { GiftItem } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../../kit';

const L = 'usermanager.giftlogs.';

export const giftlogsScreen: ListDeclaration<GiftItem> = {
  name: 'giftlogs',
  title: `${L}title`,
  api: { url: '/usermanager/giftlogs', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'number', name: 'fromUid', label: `${L}fromUid` },
    { kind: 'number', name: 'toUid', label: `${L}toUid` },
    { kind: 'text', name: 'giftId', label: `${L}giftId` },
    { kind: 'dateRange', name: 'at', label: `${L}at` },
  ],
  columns: [
    { key: 'at', title: `${L}at`, format: 'datetime' },
    { key: 'fromUid', title: `${L}fromUid`, format: 'uid' },
    { key: 'toUid', title: `${L}toUid`, format: 'uid' },
    { key: 'giftId', title: `${L}giftId` },
    { key: 'chips', title: `${L}chips`, format: 'int' },
    { key: 'charisma', title: `${L}charisma`, format: 'int' },
    { key: 'partner', title: `${L}partner` },
    { key: 'id', title: `${L}id`, hidden: true },
  ],
};

export default function GiftlogsScreen() {
  return <ListScreen decl={giftlogsScreen} />;
}
