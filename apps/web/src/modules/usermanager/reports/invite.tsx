/**
 * /usermanager/invite: a player's invitation tree — its invitees (level 1) and theirs (level 2),
 * each with how many it invited (GET /api/usermanager/invite?uid=…, page mode, total per
 * level through the level filter) — and the top inviters (GET /api/usermanager/invite/top).
 * Partner scoped.
 */
import type { InviteTreeItem, InviterItem } from '@console/schemas';
import { ListScreen, TabsScreen, type ListDeclaration } from '../../../kit';
import { UID } from '../uid';

const L = 'usermanager.invite.';

export const inviteTreeScreen: ListDeclaration<InviteTreeItem> = {
  name: 'invite',
  title: `${L}tree`,
  api: { url: '/usermanager/invite', mode: 'page', export: true },
  rowKey: 'uid',
  filters: [
    { kind: 'number', name: 'uid', label: `${L}searchUid` },
    {
      kind: 'select',
      name: 'level',
      label: `${L}level`,
      options: [
        { value: '1', label: `${L}level1` },
        { value: '2', label: `${L}level2` },
      ],
    },
  ],
  emptyHint: `${L}emptyHint`,
  columns: [
    { key: 'level', title: `${L}level`, sortable: true, labels: { 1: `${L}level1`, 2: `${L}level2` } },
    { key: 'uid', title: UID, format: 'uid', sortable: true },
    { key: 'name', title: `${L}name` },
    { key: 'inviterUid', title: `${L}inviterUid`, format: 'uid' },
    { key: 'invitees', title: `${L}invitees`, format: 'int', sortable: true },
    { key: 'partner', title: `${L}partner` },
    { key: 'registeredAt', title: `${L}registeredAt`, format: 'datetime', sortable: true },
    { key: 'lastLoginAt', title: `${L}lastLoginAt`, format: 'datetime', sortable: true },
  ],
};

export const topInvitersScreen: ListDeclaration<InviterItem> = {
  name: 'inviters',
  title: `${L}top`,
  api: { url: '/usermanager/invite/top', mode: 'page', export: true },
  rowKey: 'uid',
  columns: [
    { key: 'uid', title: UID, format: 'uid', sortable: true },
    { key: 'name', title: `${L}name` },
    { key: 'partner', title: `${L}partner` },
    { key: 'invitees', title: `${L}invitees`, format: 'int', sortable: true },
    { key: 'secondLevel', title: `${L}secondLevel`, format: 'int', sortable: true },
    { key: 'played', title: `${L}played`, format: 'int', sortable: true },
  ],
};

export default function InviteScreen() {
  return (
    <TabsScreen
      tabs={[
        { key: 'tree', label: `${L}tree`, render: () => <ListScreen decl={inviteTreeScreen} /> },
        { key: 'top', label: `${L}top`, render: () => <ListScreen decl={topInvitersScreen} /> },
      ]}
    />
  );
}
