/**
 * /platmanager/table and /platmanager/quicktable (one shape, declared twice): the tables made
 * from templates (or opened for a quick-match tier), each with the template version it was made
 * from and whether a newer one is in force, its snapshot's stakes and the players of its last
 * reported round; open more (confirmed), close and reopen (confirmed).
 */
import { Tag } from 'antd';
import i18next from 'i18next';
import type { RoomTableRow } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../kit';
import { formatMoney } from '../../lib/format';
import { gameLabels, gameOptions, idRule, L, noLimit, ROOM_GAMES, YES_NO } from './common';

type Row = RoomTableRow;

function tableList(quick: boolean): ListDeclaration<Row> {
  const base = quick ? '/platmanager/quicktable' : '/platmanager/table';
  return {
    name: quick ? 'quick-tables' : 'room-tables',
    title: `${L}title.${quick ? 'quicktable' : 'table'}`,
    rowKey: 'id',
    pageSize: 50,
    api: { url: base, mode: 'page', export: true },
    filters: [
      { kind: 'select', name: 'game', label: `${L}f.game`, options: gameOptions(ROOM_GAMES) },
      { kind: 'text', name: 'template', label: `${L}f.template` },
      ...(quick ? [{ kind: 'text' as const, name: 'tier', label: `${L}f.tier` }] : []),
      {
        kind: 'select',
        name: 'status',
        label: `${L}f.status`,
        options: [
          { value: 'open', label: `${L}status.open` },
          { value: 'closed', label: `${L}status.closed` },
        ],
      },
      { kind: 'select', name: 'current', label: `${L}f.current`, options: YES_NO },
      { kind: 'text', name: 'code', label: `${L}f.code` },
    ],
    columns: [
      { key: 'code', title: `${L}f.code`, sortable: false },
      { key: 'game', title: `${L}f.game`, labels: gameLabels(ROOM_GAMES) },
      { key: 'template', title: `${L}f.template` },
      ...(quick ? [{ key: 'tier' as const, title: `${L}f.tier` }] : []),
      { key: 'templateVersion', title: `${L}f.templateVersion`, format: 'int' },
      {
        key: 'current',
        title: `${L}f.current`,
        render: (v) => (v ? <Tag color="green">{i18next.t(`${L}current`)}</Tag> : <Tag color="orange">{i18next.t(`${L}older`)}</Tag>),
        text: (v) => i18next.t(`${L}${v ? 'current' : 'older'}`),
      },
      { key: 'ante', title: `${L}f.ante`, format: 'money' },
      { key: 'minBalance', title: `${L}f.minBalance`, format: 'money' },
      { key: 'maxBalance', title: `${L}f.maxBalance`, render: noLimit, text: (v) => (v === 0 ? '' : formatMoney(v)) },
      { key: 'rakeBps', title: `${L}f.rakePct`, render: (v) => `${Number(v) / 100}%`, text: (v) => String(Number(v) / 100) },
      { key: 'seats', title: `${L}f.seats`, format: 'int' },
      { key: 'aiSeats', title: `${L}f.aiSeats`, format: 'int' },
      { key: 'status', title: `${L}f.status`, labels: { open: `${L}status.open`, closed: `${L}status.closed` } },
      { key: 'players', title: `${L}f.players`, format: 'int' },
      { key: 'lastRoundAt', title: `${L}f.lastRoundAt`, format: 'datetime' },
      { key: 'rounds', title: `${L}f.rounds`, format: 'int' },
      { key: 'openedAt', title: `${L}f.openedAt`, format: 'datetime', sortable: true },
      { key: 'openedBy', title: `${L}f.openedBy` },
    ],
    toolbar: [
      {
        key: 'open',
        label: `${L}openTables`,
        confirm: `${L}confirmOpen`,
        form: {
          title: `${L}openTables`,
          fields: [
            quick
              ? { name: 'tier', label: `${L}f.tier`, kind: 'text', required: true, rules: [idRule], help: `${L}openTierHelp` }
              : { name: 'template', label: `${L}f.template`, kind: 'text', required: true, rules: [idRule], help: `${L}openTemplateHelp` },
            { name: 'count', label: `${L}f.count`, kind: 'number', required: true, min: 1, max: 20 },
          ],
          initialValues: () => ({ count: 1 }),
        },
        call: {
          method: 'POST',
          url: `${base}/open`,
          body: (_row, v) => (quick ? { tier: String(v.tier ?? '').trim(), count: v.count } : { template: String(v.template ?? '').trim(), count: v.count }),
        },
      },
    ],
    actions: [
      {
        key: 'close',
        label: `${L}close`,
        danger: true,
        confirm: `${L}confirmClose`,
        visible: (row) => row.status === 'open',
        call: { method: 'POST', url: `${base}/close`, body: (row) => ({ id: row!.id }) },
      },
      {
        key: 'reopen',
        label: `${L}reopen`,
        confirm: `${L}confirmReopen`,
        visible: (row) => row.status === 'closed',
        call: { method: 'POST', url: `${base}/reopen`, body: (row) => ({ id: row!.id }) },
      },
    ],
    detail: {
      title: `${L}tableDetail`,
      items: [
        { key: 'code', title: `${L}f.code` },
        { key: 'template', title: `${L}f.template` },
        { key: 'templateVersion', title: `${L}f.templateVersion`, format: 'int' },
        { key: 'name', title: `${L}f.name` },
        { key: 'closedAt', title: `${L}f.closedAt`, format: 'datetime' },
        { key: 'closedBy', title: `${L}f.closedBy` },
      ],
    },
  };
}

export const Tables = () => <ListScreen decl={tableList(false)} />;
export const QuickTables = () => <ListScreen decl={tableList(true)} />;
