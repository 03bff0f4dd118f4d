/** /usermanager/banAccountlogs: bans, lifts, suspensions and their lifting, newest first (keyset, server CSV export). */
import { BAN_ACTIONS, BAN_KINDS, type BanLogItem } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../../kit';
import { UidLink } from '../../../kit/UidLink';

const L = 'usermanager.banAccountlogs.';
const KINDS = Object.fromEntries(BAN_KINDS.map((k) => [k, `${L}kinds.${k}`]));
const ACTIONS = Object.fromEntries(BAN_ACTIONS.map((a) => [a, `${L}actions.${a}`]));
const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

export const banAccountlogsScreen: ListDeclaration<BanLogItem> = {
  name: 'banAccountlogs',
  title: `${L}title`,
  api: { url: '/usermanager/banAccountlogs', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'select', name: 'kind', label: `${L}kind`, options: options(KINDS) },
    { kind: 'text', name: 'value', label: `${L}value` },
    { kind: 'select', name: 'action', label: `${L}action`, options: options(ACTIONS) },
    { kind: 'text', name: 'operator', label: `${L}operator` },
    { kind: 'dateRange', name: 'at', label: `${L}at` },
  ],
  columns: [
    { key: 'at', title: `${L}at`, format: 'datetime' },
    { key: 'kind', title: `${L}kind`, labels: KINDS },
    // an account's value is its uid: a link to the player detail; a device or IP stays text
    { key: 'value', title: `${L}value`, render: (v, row) => (row.kind === 'account' ? <UidLink uid={String(v)} /> : String(v)) },
    { key: 'action', title: `${L}action`, labels: ACTIONS },
    { key: 'reason', title: `${L}reason` },
    { key: 'until', title: `${L}until`, format: 'datetime' },
    { key: 'operator', title: `${L}operator` },
    { key: 'partner', title: `${L}partner` },
    { key: 'id', title: `${L}id`, hidden: true },
  ],
};

export default function BanAccountlogsScreen() {
  return <ListScreen decl={banAccountlogsScreen} />;
}
