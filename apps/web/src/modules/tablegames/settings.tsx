/**
 * A table game's settings screen (tongitsconfig, pusoyconfig; one shape, declared per game):
 * the game's own settings (fees, jackpot share, turn time, bet limits: the form and history of
 * the house games' configs, modules/tinygames), its rooms (stake, balance range, mode; create,
 * edit, remove, each confirmed, with history) and, for a game with a jackpot, the pool's rules.
 */
import { findGame } from '@console/games';
import { Flex } from 'antd';
import i18next from 'i18next';
import { ListScreen, type FieldDeclaration, type FormValues, type ListDeclaration } from '../../kit';
import { historyCell, WithHistory, type HistoryDeclaration } from '../../kit/history';
import { formatMoney } from '../../lib/format';
import { GameConfigs } from '../tinygames/configs';
import { configBase, L, MODE_LABELS, options, toCentavos, toPesos } from './common';
import { DocumentConfig, jackpotSpec } from './documents';

type Room = Record<string, unknown>;
const MONEY = ['ante', 'minBalance', 'maxBalance'];

const roomIdRule = {
  validator: async (_: unknown, v: unknown) => {
    if (typeof v === 'string' && v !== '' && !/^[a-z0-9][a-z0-9_-]{0,31}$/.test(v)) throw new Error(i18next.t(`${L}room.badId`));
  },
};

const roomFields = (editing: boolean): FieldDeclaration[] => [
  { name: 'room', label: `${L}f.room`, kind: 'text', required: true, readOnly: editing, help: `${L}room.idHelp`, rules: [roomIdRule] },
  { name: 'name', label: `${L}f.name`, kind: 'text', required: true, rules: [{ max: 64 }] },
  { name: 'mode', label: `${L}f.mode`, kind: 'select', required: true, options: options(MODE_LABELS), help: `${L}room.modeHelp` },
  { name: 'ante', label: `${L}f.ante`, kind: 'number', required: true, min: 0.01, help: `${L}pesos` },
  { name: 'minBalance', label: `${L}f.minBalance`, kind: 'number', required: true, min: 0, help: `${L}pesos` },
  { name: 'maxBalance', label: `${L}f.maxBalance`, kind: 'number', required: true, min: 0, help: `${L}room.maxHelp` },
  { name: 'open', label: `${L}f.open`, kind: 'switch' },
];

const roomBody = (v: FormValues) => ({
  room: String(v.room ?? '').trim(), name: String(v.name ?? '').trim(), mode: v.mode, open: Boolean(v.open),
  ...Object.fromEntries(MONEY.map((k) => [k, toCentavos(v[k])])),
});
const roomForm = (row: Room | undefined): FormValues => (row ? { ...row, ...Object.fromEntries(MONEY.map((k) => [k, toPesos(row[k])])) } : { mode: 'table', open: true, maxBalance: 0 });

export function roomsList(game: string): ListDeclaration<Room> {
  const base = `${configBase(game)}/rooms`;
  return {
    name: `tablegames-${game}-rooms`, title: `${L}rooms`, rowKey: 'room', pageSize: 50,
    api: { url: base, mode: 'page', export: true },
    filters: [{ kind: 'select', name: 'mode', label: `${L}f.mode`, options: options(MODE_LABELS) }],
    columns: [
      { key: 'room', title: `${L}f.room`, sortable: true, render: historyCell<Room>((row) => String(row.room)), text: (v) => String(v) },
      { key: 'name', title: `${L}f.name`, sortable: true },
      { key: 'mode', title: `${L}f.mode`, labels: MODE_LABELS, sortable: true },
      { key: 'ante', title: `${L}f.ante`, format: 'money', sortable: true },
      { key: 'minBalance', title: `${L}f.minBalance`, format: 'money', sortable: true },
      { key: 'maxBalance', title: `${L}f.maxBalance`, format: 'money', sortable: true, render: (v) => (v === 0 ? i18next.t(`${L}room.noLimit`) : `${formatMoney(v)}`), text: (v) => (v === 0 ? '' : formatMoney(v)) },
      { key: 'open', title: `${L}f.open`, format: 'bool' },
      ...(game === 'tongits' ? [{ key: 'aiSeats', title: `${L}f.aiSeats`, format: 'int' as const }, { key: 'playable', title: `${L}f.playable`, format: 'bool' as const }] : []),
    ],
    toolbar: [{
      key: 'create', label: `${L}room.create`, confirm: `${L}room.confirmCreate`,
      form: { title: `${L}room.create`, fields: roomFields(false), initialValues: () => roomForm(undefined) },
      call: { method: 'POST', url: `${base}/create`, body: (_row, v) => roomBody(v) },
    }],
    actions: [
      {
        key: 'edit', label: `${L}room.edit`, confirm: `${L}room.confirmEdit`,
        form: { title: `${L}room.edit`, fields: roomFields(true), initialValues: roomForm },
        call: { method: 'POST', url: `${base}/update`, body: (row, v) => roomBody({ ...v, room: row!.room }) },
      },
      {
        key: 'delete', label: `${L}room.delete`, danger: true, confirm: `${L}room.confirmDelete`,
        call: { method: 'POST', url: `${base}/delete`, body: (row) => ({ room: row!.room }) },
      },
    ],
  };
}

export function roomsHistory(game: string): HistoryDeclaration {
  return {
    url: `${configBase(game)}/rooms/versions`,
    fieldLabel: (field) => `${L}f.${field}`,
    formatValue: (field, v) => (MONEY.includes(field) ? `₱${formatMoney(v)}` : undefined),
    keyLabel: (key) => i18next.t(`${L}room.key`, { room: key }),
  };
}

export function TableGameSettings({ game }: { game: string }) {
  const hasJackpot = Object.hasOwn((findGame(game)?.defaults ?? {}) as object, 'jackpotBps');
  return (
    <Flex vertical gap={16}>
      <GameConfigs game={game} base={`${configBase(game)}/settings`} title={`${L}settingsTitle.${game}`} />
      <WithHistory history={roomsHistory(game)}><ListScreen decl={roomsList(game)} /></WithHistory>
      {hasJackpot && <DocumentConfig spec={jackpotSpec(game)} />}
    </Flex>
  );
}

export const TongitsConfig = () => <TableGameSettings game="tongits" />;
export const PusoyConfig = () => <TableGameSettings game="pusoy" />;
