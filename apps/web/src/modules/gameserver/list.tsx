/** /gameserver/list: register, edit, drain, maintenance, return to service, retire — each confirmed (docs/api/gameserver.md). */
import type { GameServerItem } from '@console/schemas';
import i18next from 'i18next';
import { ListScreen, type FieldDeclaration, type FormValues, type ListDeclaration } from '../../kit';
import { GAME_OPTIONS, L, PROCESS_LABELS, STATE_OPTIONS } from './common';
import { GamesCell, gamesText, StateTag } from './cells';

const S = `${L}list.`;
const API = '/gameserver/list';

const pattern = (re: RegExp, message: string) => ({
  validator: async (_: unknown, v: unknown) => {
    if (typeof v === 'string' && v !== '' && !re.test(v)) throw new Error(i18next.t(message));
  },
});

const fields = (editing: boolean): FieldDeclaration[] => [
  {
    name: 'serverId',
    label: `${L}serverId`,
    kind: 'text',
    required: true,
    readOnly: editing,
    help: `${S}serverIdHelp`,
    rules: [pattern(/^[A-Za-z0-9_.-]{1,64}$/, `${S}invalidServerId`)],
  },
  { name: 'name', label: `${L}name`, kind: 'text', required: true, rules: [{ max: 64 }] },
  {
    name: 'host',
    label: `${L}host`,
    kind: 'text',
    required: true,
    help: `${S}hostHelp`,
    rules: [pattern(/^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?$/, `${S}invalidHost`), { max: 255 }],
  },
  { name: 'region', label: `${L}region`, kind: 'text', required: true, help: `${S}regionHelp`, rules: [pattern(/^[a-z0-9-]{1,32}$/, `${S}invalidRegion`)] },
  { name: 'games', label: `${L}games`, kind: 'multiSelect', required: true, options: GAME_OPTIONS },
];

const body = (v: FormValues) => ({
  serverId: String(v.serverId ?? '').trim(),
  name: String(v.name ?? '').trim(),
  host: String(v.host ?? '').trim(),
  region: String(v.region ?? '').trim(),
  games: (v.games as string[] | undefined) ?? [],
});

const stateAction = (key: 'drain' | 'maintenance' | 'resume' | 'retire', from: string[], danger = false) => ({
  key,
  label: `${S}${key}`,
  danger,
  confirm: `${S}confirm${key.charAt(0).toUpperCase()}${key.slice(1)}`,
  visible: (row: GameServerItem) => from.includes(row.state),
  call: { method: 'POST' as const, url: `${API}/${key}`, body: (row: GameServerItem | undefined) => ({ serverId: row!.serverId }) },
});

export const listScreen: ListDeclaration<GameServerItem> = {
  name: 'gameservers',
  title: `${S}title`,
  api: { url: API, mode: 'page', export: true },
  rowKey: 'serverId',
  filters: [
    { kind: 'text', name: 'serverId', label: `${L}serverId` },
    { kind: 'text', name: 'region', label: `${L}region` },
    { kind: 'select', name: 'game', label: `${L}games`, options: GAME_OPTIONS },
    { kind: 'select', name: 'state', label: `${L}state`, options: STATE_OPTIONS },
  ],
  columns: [
    { key: 'serverId', title: `${L}serverId`, sortable: true },
    { key: 'name', title: `${L}name`, sortable: true },
    { key: 'host', title: `${L}host` },
    { key: 'region', title: `${L}region`, sortable: true },
    { key: 'games', title: `${L}games`, format: 'tags', render: (v) => <GamesCell games={v} />, text: gamesText },
    {
      key: 'state',
      title: `${L}state`,
      sortable: true,
      labels: { active: `${L}states.active`, draining: `${L}states.draining`, maintenance: `${L}states.maintenance`, retired: `${L}states.retired` },
      render: (v) => <StateTag state={String(v)} />,
    },
    { key: 'process', title: `${L}process`, labels: PROCESS_LABELS },
    { key: 'version', title: `${L}version` },
    { key: 'lastHeartbeatAt', title: `${L}lastHeartbeatAt`, format: 'datetime', sortable: true },
    { key: 'createdAt', title: `${L}createdAt`, format: 'datetime', sortable: true },
    { key: 'updatedAt', title: `${L}updatedAt`, format: 'datetime', sortable: true, hidden: true },
  ],
  toolbar: [
    {
      key: 'register',
      label: `${S}register`,
      form: { title: `${S}registerTitle`, fields: fields(false), initialValues: () => ({ games: [] }) },
      call: { method: 'POST', url: `${API}/register`, body: (_row, v) => body(v) },
    },
  ],
  actions: [
    {
      key: 'edit',
      label: `${S}edit`,
      confirm: `${S}confirmEdit`,
      visible: (row) => row.state !== 'retired',
      form: { title: `${S}editTitle`, fields: fields(true), initialValues: (row) => ({ ...row! }) },
      call: { method: 'POST', url: `${API}/update`, body: (row, v) => body({ ...v, serverId: row!.serverId }) },
    },
    stateAction('drain', ['active']),
    stateAction('maintenance', ['active', 'draining']),
    stateAction('resume', ['draining', 'maintenance']),
    stateAction('retire', ['draining', 'maintenance'], true),
  ],
};

export default function GameServerListScreen() {
  return <ListScreen decl={listScreen} />;
}
