/** /gameserver/serverlogs: every start, stop, crash, deploy, drain done, staff change and red/green transition. */
import type { GameServerLogItem } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../kit';
import { ACTION_LABELS, KIND_LABELS, L, options, STATE_LABELS } from './common';

const S = `${L}logs.`;

export const serverlogsScreen: ListDeclaration<GameServerLogItem> = {
  name: 'serverlogs',
  title: `${S}title`,
  api: { url: '/gameserver/serverlogs', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'text', name: 'serverId', label: `${L}serverId` },
    { kind: 'select', name: 'kind', label: `${S}kind`, options: options(KIND_LABELS) },
    { kind: 'text', name: 'actor', label: `${S}actor` },
    { kind: 'dateRange', name: 'at', label: `${S}range` },
  ],
  columns: [
    { key: 'at', title: `${S}at`, format: 'datetime', sortable: true },
    { key: 'serverId', title: `${L}serverId` },
    { key: 'kind', title: `${S}kind`, labels: KIND_LABELS },
    { key: 'action', title: `${S}action`, labels: ACTION_LABELS },
    { key: 'fromState', title: `${S}fromState`, labels: STATE_LABELS },
    { key: 'toState', title: `${S}toState`, labels: STATE_LABELS },
    { key: 'version', title: `${L}version` },
    { key: 'actor', title: `${S}actor` },
    { key: 'message', title: `${S}message` },
  ],
  detail: {
    title: `${S}detail`,
    items: [
      { key: 'id', title: `${S}id` },
      { key: 'at', title: `${S}at`, format: 'datetime' },
      { key: 'serverId', title: `${L}serverId` },
      { key: 'kind', title: `${S}kind`, labels: KIND_LABELS },
      { key: 'action', title: `${S}action`, labels: ACTION_LABELS },
      { key: 'fromState', title: `${S}fromState`, labels: STATE_LABELS },
      { key: 'toState', title: `${S}toState`, labels: STATE_LABELS },
      { key: 'version', title: `${L}version` },
      { key: 'actor', title: `${S}actor` },
      { key: 'message', title: `${S}message` },
    ],
  },
};

export default function ServerLogsScreen() {
  return <ListScreen decl={serverlogsScreen} />;
}
