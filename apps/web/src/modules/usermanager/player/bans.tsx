/**
 * /usermanager/banediter: the active bans (by account, device or IP) declared with the screen
 * kit in page mode with the server's CSV export; a "Ban" form and "Lift" per row with a
 * confirmation (docs/api/players.md). Account values are uids: they open the player detail.
 */
import { BAN_KINDS, type BanRecord } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../../kit';
import { UidLink } from '../../../kit/UidLink';
import { reasonRules } from '../../../lib/validators';

const L = 'usermanager.banediter.';
const kindOptions = BAN_KINDS.map((k) => ({ value: k, label: `${L}kinds.${k}` }));
const kindLabels = Object.fromEntries(BAN_KINDS.map((k) => [k, `${L}kinds.${k}`]));

export const bansScreen: ListDeclaration<BanRecord> = {
  name: 'banediter',
  title: `${L}title`,
  api: { url: '/players/bans', mode: 'page', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'select', name: 'kind', label: `${L}kind`, options: kindOptions },
    { kind: 'text', name: 'value', label: `${L}value` },
    { kind: 'text', name: 'operator', label: `${L}operator` },
  ],
  columns: [
    { key: 'id', title: `${L}id`, sortable: true },
    { key: 'kind', title: `${L}kind`, labels: kindLabels },
    { key: 'value', title: `${L}value`, render: (v, row) => (row.kind === 'account' ? <UidLink uid={String(v)} /> : String(v)) },
    { key: 'reason', title: `${L}reason` },
    { key: 'bannedBy', title: `${L}bannedBy` },
    { key: 'bannedAt', title: `${L}bannedAt`, format: 'datetime', sortable: true },
  ],
  toolbar: [
    {
      key: 'ban',
      label: `${L}ban`,
      danger: true,
      form: {
        title: `${L}ban`,
        fields: [
          { name: 'kind', label: `${L}kind`, kind: 'select', required: true, options: kindOptions },
          { name: 'value', label: `${L}value`, kind: 'text', required: true, help: `${L}valueHelp` },
          { name: 'reason', label: `${L}reason`, kind: 'textarea', rules: (tr) => reasonRules(tr) },
        ],
        initialValues: () => ({ kind: 'account' }),
      },
      call: { method: 'POST', url: '/players/ban', body: (_row, v) => ({ kind: v.kind, value: String(v.value ?? '').trim(), reason: v.reason }) },
    },
  ],
  actions: [
    {
      key: 'lift',
      label: `${L}lift`,
      confirm: `${L}confirmLift`,
      call: { method: 'POST', url: '/players/unban', body: (row) => ({ id: row!.id }) },
    },
  ],
};

export default function BansScreen() {
  return <ListScreen decl={bansScreen} />;
}
