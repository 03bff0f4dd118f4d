/**
 * The four configuration screens of the rooms (docs/api/rooms.md), one shape (common.tsx)
 * declared four times: /platmanager/template, /platmanager/quicktemplate,
 * /platmanager/tinygamequicktemplate and /partnermanager/gamestoreV1.
 */
import { useMemo } from 'react';
import { Flex } from 'antd';
import i18next from 'i18next';
import type { GameStoreRow, QuickTierRow, RoomTemplateRow, TinyTemplateRow } from '@console/schemas';
import { ListScreen, type FormValues } from '../../kit';
import { WithHistory } from '../../kit/history';
import { formatMoney } from '../../lib/format';
import { useSession } from '../../shell/useSession';
import {
  ALL_GAMES,
  gameLabels,
  gameOptions,
  HOUSE_GAMES,
  idRule,
  L,
  MODE_LABELS,
  noLimit,
  ROOM_GAMES,
  versionedHistory,
  versionedList,
  YES_NO,
  type VersionedSpec,
} from './common';
import { toCentavos, toPesos } from '../../kit/config/settingsFields';
import { QuickMatchCheck } from './match';

const pesos = (v: FormValues, keys: string[]) => Object.fromEntries(keys.map((k) => [k, toCentavos(v[k])]));
const fromPesos = <R,>(row: R, keys: (keyof R & string)[]) => Object.fromEntries(keys.map((k) => [k, toPesos(row[k])]));
const trim = (v: unknown) => String(v ?? '').trim();

// ---------------------------------------------------------------------- templates

const TEMPLATE_MONEY: (keyof RoomTemplateRow)[] = ['ante', 'minBalance', 'maxBalance', 'rakeCap'];
export const templateSpec: VersionedSpec<RoomTemplateRow> = {
  name: 'room-templates',
  title: `${L}title.template`,
  base: '/platmanager/template',
  rowKey: 'id',
  keyColumn: 'id',
  keyOf: (r) => String(r.id),
  money: TEMPLATE_MONEY,
  filters: [
    { kind: 'select', name: 'game', label: `${L}f.game`, options: gameOptions(ROOM_GAMES) },
    { kind: 'select', name: 'open', label: `${L}f.open`, options: YES_NO },
  ],
  columns: [
    { key: 'id', title: `${L}f.id`, sortable: true },
    { key: 'game', title: `${L}f.game`, labels: gameLabels(ROOM_GAMES), sortable: true },
    { key: 'name', title: `${L}f.name`, sortable: true },
    { key: 'mode', title: `${L}f.mode`, labels: MODE_LABELS },
    { key: 'ante', title: `${L}f.ante`, format: 'money', sortable: true },
    { key: 'minBalance', title: `${L}f.minBalance`, format: 'money', sortable: true },
    { key: 'maxBalance', title: `${L}f.maxBalance`, sortable: true, render: noLimit, text: (v) => (v === 0 ? '' : formatMoney(v)) },
    { key: 'rakeBps', title: `${L}f.rakePct`, sortable: true, render: (v) => `${Number(v) / 100}%`, text: (v) => String(Number(v) / 100) },
    { key: 'seats', title: `${L}f.seats`, format: 'int', sortable: true },
    { key: 'aiSeats', title: `${L}f.aiSeats`, format: 'int' },
    { key: 'turnSeconds', title: `${L}f.turnSeconds`, format: 'int' },
    { key: 'open', title: `${L}f.open`, format: 'bool' },
    { key: 'version', title: `${L}f.version`, format: 'int' },
    { key: 'tables', title: `${L}f.tables`, format: 'int', sortable: true },
    { key: 'olderTables', title: `${L}f.olderTables`, format: 'int' },
  ],
  fields: (editing) => [
    { name: 'id', label: `${L}f.id`, kind: 'text', required: true, readOnly: editing, help: `${L}idHelp`, rules: [idRule] },
    { name: 'game', label: `${L}f.game`, kind: 'select', required: true, options: gameOptions(ROOM_GAMES), help: `${L}seatsHelp` },
    { name: 'name', label: `${L}f.name`, kind: 'text', required: true, rules: [{ max: 64 }] },
    {
      name: 'mode',
      label: `${L}f.mode`,
      kind: 'select',
      required: true,
      options: Object.entries(MODE_LABELS).map(([value, label]) => ({ value, label })),
      help: `${L}modeHelp`,
    },
    { name: 'ante', label: `${L}f.ante`, kind: 'number', required: true, min: 0.01, help: `${L}pesos` },
    { name: 'minBalance', label: `${L}f.minBalance`, kind: 'number', required: true, min: 0, help: `${L}minBalanceHelp` },
    { name: 'maxBalance', label: `${L}f.maxBalance`, kind: 'number', required: true, min: 0, help: `${L}maxHelp` },
    { name: 'rakeBps', label: `${L}f.rakeBps`, kind: 'number', required: true, min: 0, max: 2000, help: `${L}bpsHelp` },
    { name: 'rakeCap', label: `${L}f.rakeCap`, kind: 'number', required: true, min: 0, help: `${L}capHelp` },
    { name: 'seats', label: `${L}f.seats`, kind: 'number', required: true, min: 1, max: 9 },
    { name: 'aiSeats', label: `${L}f.aiSeats`, kind: 'number', required: true, min: 0, max: 8, help: `${L}aiHelp` },
    { name: 'turnSeconds', label: `${L}f.turnSeconds`, kind: 'number', required: true, min: 5, max: 120, help: `${L}turnHelp` },
    { name: 'open', label: `${L}f.open`, kind: 'switch', help: `${L}openHelp` },
  ],
  body: (v, row) => ({
    id: row ? row.id : trim(v.id),
    game: v.game,
    name: trim(v.name),
    mode: v.mode ?? 'table',
    ...pesos(v, TEMPLATE_MONEY),
    rakeBps: v.rakeBps,
    seats: v.seats,
    aiSeats: v.aiSeats,
    turnSeconds: v.turnSeconds,
    open: Boolean(v.open),
  }),
  form: (row) =>
    row
      ? { ...row, ...fromPesos(row, TEMPLATE_MONEY) }
      : { game: 'tongits', mode: 'table', rakeBps: 500, rakeCap: 0, seats: 3, aiSeats: 1, turnSeconds: 20, maxBalance: 0, open: true },
  ref: (row) => ({ id: row.id }),
};

// ---------------------------------------------------------------------- quick-match tiers

const TIER_MONEY: (keyof QuickTierRow)[] = ['minBalance', 'maxBalance'];
export const tierSpec: VersionedSpec<QuickTierRow> = {
  name: 'quick-tiers',
  title: `${L}title.quicktemplate`,
  base: '/platmanager/quicktemplate',
  rowKey: 'id',
  keyColumn: 'id',
  keyOf: (r) => String(r.id),
  money: TIER_MONEY,
  filters: [{ kind: 'select', name: 'game', label: `${L}f.game`, options: gameOptions(ROOM_GAMES) }],
  columns: [
    { key: 'id', title: `${L}f.tier`, sortable: true },
    { key: 'game', title: `${L}f.game`, labels: gameLabels(ROOM_GAMES), sortable: true },
    { key: 'name', title: `${L}f.name`, sortable: true },
    { key: 'minBalance', title: `${L}f.tierMin`, format: 'money', sortable: true },
    { key: 'maxBalance', title: `${L}f.tierMax`, sortable: true, render: noLimit, text: (v) => (v === 0 ? '' : formatMoney(v)) },
    { key: 'template', title: `${L}f.template`, sortable: true },
    { key: 'templateName', title: `${L}f.templateName` },
    { key: 'ante', title: `${L}f.ante`, format: 'money' },
    { key: 'open', title: `${L}f.open`, format: 'bool' },
    { key: 'tables', title: `${L}f.quickTables`, format: 'int' },
  ],
  fields: (editing) => [
    { name: 'id', label: `${L}f.tier`, kind: 'text', required: true, readOnly: editing, help: `${L}idHelp`, rules: [idRule] },
    { name: 'game', label: `${L}f.game`, kind: 'select', required: true, options: gameOptions(ROOM_GAMES) },
    { name: 'name', label: `${L}f.name`, kind: 'text', required: true, rules: [{ max: 64 }] },
    { name: 'minBalance', label: `${L}f.tierMin`, kind: 'number', required: true, min: 0, help: `${L}tierHelp` },
    { name: 'maxBalance', label: `${L}f.tierMax`, kind: 'number', required: true, min: 0, help: `${L}maxHelp` },
    { name: 'template', label: `${L}f.template`, kind: 'text', required: true, help: `${L}templateHelp`, rules: [idRule] },
    { name: 'open', label: `${L}f.open`, kind: 'switch' },
  ],
  body: (v, row) => ({
    id: row ? row.id : trim(v.id),
    game: v.game,
    name: trim(v.name),
    ...pesos(v, TIER_MONEY),
    template: trim(v.template),
    open: Boolean(v.open),
  }),
  form: (row) => (row ? { ...row, ...fromPesos(row, TIER_MONEY) } : { game: 'tongits', maxBalance: 0, open: true }),
  ref: (row) => ({ id: row.id }),
};

// ---------------------------------------------------------------------- mini-game quick templates

const TINY_MONEY: (keyof TinyTemplateRow)[] = ['minBet', 'maxBet'];
const chipsText = (v: unknown) => (Array.isArray(v) ? v.map((c) => formatMoney(c)).join(' · ') : '');
export const tinySpec: VersionedSpec<TinyTemplateRow> = {
  name: 'tiny-quick',
  title: `${L}title.tinygamequicktemplate`,
  base: '/platmanager/tinygamequicktemplate',
  rowKey: 'game',
  keyColumn: 'game',
  keyOf: (r) => String(r.game),
  money: TINY_MONEY,
  filters: [{ kind: 'select', name: 'game', label: `${L}f.game`, options: gameOptions(HOUSE_GAMES) }],
  columns: [
    { key: 'game', title: `${L}f.game`, sortable: true },
    { key: 'gameName', title: `${L}f.gameName`, render: (_v, row) => i18next.t(`${L}game.${String(row.game)}`) },
    { key: 'minBet', title: `${L}f.minBet`, format: 'money', sortable: true },
    { key: 'maxBet', title: `${L}f.maxBet`, format: 'money', sortable: true },
    { key: 'settingsMinBet', title: `${L}f.settingsMinBet`, format: 'money' },
    { key: 'settingsMaxBet', title: `${L}f.settingsMaxBet`, format: 'money' },
    { key: 'countdownSeconds', title: `${L}f.countdownSeconds`, format: 'int', sortable: true },
    { key: 'chips', title: `${L}f.chips`, render: chipsText, text: chipsText },
    { key: 'open', title: `${L}f.open`, format: 'bool' },
  ],
  fields: (editing) => [
    { name: 'game', label: `${L}f.game`, kind: 'select', required: true, readOnly: editing, options: gameOptions(HOUSE_GAMES) },
    { name: 'minBet', label: `${L}f.minBet`, kind: 'number', required: true, min: 0.01, help: `${L}betHelp` },
    { name: 'maxBet', label: `${L}f.maxBet`, kind: 'number', required: true, min: 0.01, help: `${L}betHelp` },
    { name: 'countdownSeconds', label: `${L}f.countdownSeconds`, kind: 'number', required: true, min: 3, max: 120 },
    {
      name: 'chips',
      label: `${L}f.chips`,
      kind: 'text',
      required: true,
      help: `${L}chipsHelp`,
      rules: [
        {
          validator: async (_: unknown, v: unknown) => {
            if (typeof v === 'string' && v.trim() !== '' && !/^\s*\d+(\.\d{1,2})?(\s*,\s*\d+(\.\d{1,2})?){0,7}\s*$/.test(v))
              throw new Error(i18next.t(`${L}chipsBad`));
          },
        },
      ],
    },
    { name: 'open', label: `${L}f.open`, kind: 'switch' },
  ],
  body: (v, row) => ({
    game: row ? row.game : v.game,
    ...pesos(v, TINY_MONEY),
    countdownSeconds: v.countdownSeconds,
    chips: String(v.chips ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => Math.round(Number(c) * 100)),
    open: Boolean(v.open),
  }),
  form: (row) =>
    row
      ? { ...row, ...fromPesos(row, TINY_MONEY), chips: row.chips.map((c) => c / 100).join(', ') }
      : { countdownSeconds: 15, chips: '1, 5, 10, 50, 100', minBet: 1, maxBet: 1000, open: true },
  ref: (row) => ({ game: row.game }),
};

// ---------------------------------------------------------------------- partner game store

export function storeSpec(partnerAccount: boolean, partner: number): VersionedSpec<GameStoreRow> {
  return {
    name: 'game-store',
    title: `${L}title.gamestoreV1`,
    base: '/partnermanager/gamestoreV1',
    rowKey: 'key',
    keyColumn: 'game',
    keyOf: (r) => String(r.key),
    filters: [
      ...(partnerAccount ? [] : [{ kind: 'number' as const, name: 'partner', label: `${L}f.partner` }]),
      { kind: 'select', name: 'game', label: `${L}f.game`, options: gameOptions(ALL_GAMES) },
    ],
    columns: [
      { key: 'partner', title: `${L}f.partner`, format: 'int', sortable: true },
      { key: 'partnerName', title: `${L}f.partnerName` },
      { key: 'game', title: `${L}f.game`, sortable: true },
      { key: 'gameName', title: `${L}f.gameName`, render: (_v, row) => i18next.t(`${L}game.${String(row.game)}`) },
      { key: 'enabled', title: `${L}f.enabled`, format: 'bool' },
      { key: 'order', title: `${L}f.order`, format: 'int', sortable: true },
      { key: 'tiers', title: `${L}f.tiers`, format: 'tags' },
      { key: 'revenueShareBps', title: `${L}f.revenueShare`, sortable: true, render: (v) => `${Number(v) / 100}%`, text: (v) => String(Number(v) / 100) },
    ],
    fields: (editing) => [
      { name: 'partner', label: `${L}f.partner`, kind: 'number', required: true, min: 1, readOnly: editing || partnerAccount },
      { name: 'game', label: `${L}f.game`, kind: 'select', required: true, readOnly: editing, options: gameOptions(ALL_GAMES) },
      { name: 'enabled', label: `${L}f.enabled`, kind: 'switch' },
      { name: 'order', label: `${L}f.order`, kind: 'number', required: true, min: 1, max: 999, help: `${L}orderHelp` },
      { name: 'tiers', label: `${L}f.tiers`, kind: 'text', help: `${L}tiersHelp` },
      {
        name: 'revenueShareBps',
        label: `${L}f.revenueShareBps`,
        kind: 'number',
        required: true,
        min: 0,
        max: 10_000,
        readOnly: partnerAccount,
        help: partnerAccount ? `${L}shareReadOnly` : `${L}bpsHelp`,
      },
    ],
    body: (v, row) => ({
      partner: row ? row.partner : partnerAccount ? partner : v.partner,
      game: row ? row.game : v.game,
      enabled: Boolean(v.enabled),
      order: v.order,
      tiers: String(v.tiers ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
      revenueShareBps: partnerAccount ? (row ? row.revenueShareBps : 6000) : v.revenueShareBps,
    }),
    form: (row) =>
      row
        ? { ...row, tiers: row.tiers.join(', ') }
        : { partner: partnerAccount ? partner : undefined, enabled: true, order: 10, tiers: '', revenueShareBps: 6000 },
    ref: (row) => ({ partner: row.partner, game: row.game }),
  };
}

function Versioned<Row extends object>({ spec }: { spec: VersionedSpec<Row> }) {
  return (
    <WithHistory history={versionedHistory(spec)}>
      <ListScreen decl={versionedList(spec)} />
    </WithHistory>
  );
}

export const Templates = () => <Versioned spec={templateSpec} />;
export const QuickTemplates = () => (
  <Flex vertical gap={16}>
    <Versioned spec={tierSpec} />
    <QuickMatchCheck />
  </Flex>
);
export const TinyQuickTemplates = () => <Versioned spec={tinySpec} />;
export function GameStore() {
  const { user } = useSession();
  const partnerAccount = Boolean(user && user.roles.includes('partner') && !user.roles.includes('admin'));
  const spec = useMemo(() => storeSpec(partnerAccount, user?.partner ?? 0), [partnerAccount, user?.partner]);
  return <Versioned spec={spec} />;
}
