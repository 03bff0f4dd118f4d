/**
 * The one shape of the rooms' configuration screens (templates, quick-match tiers, mini-game
 * quick templates, partner game stores): a list of versioned items with create, edit and
 * remove (each confirmed: a save overwrites the whole item), the history drawer (versions,
 * compare, restore) and the item's own history beside its key. Money in pesos on the forms,
 * centavos on the wire.
 */
import i18next from 'i18next';
import type { ColumnDeclaration, FieldDeclaration, FilterDeclaration, FormValues, ListDeclaration, SelectOption } from '../../kit';
import { historyCell, type HistoryDeclaration } from '../../kit/history';
import { formatMoney } from '../../lib/format';

export const L = 'rooms.';
export const ROOM_GAMES = ['tongits', 'pusoy', 'hightexas', 'mines1v1', 'lucky9'] as const;
export const HOUSE_GAMES = ['luckyjoker', 'tasty', 'colorgame', 'rocket', 'fruitfever', 'bingo', 'scratch', 'horse', 'mines', 'lucky9', 'hilo'] as const;
export const ALL_GAMES = [...HOUSE_GAMES.filter((g) => g !== 'lucky9'), 'mines1v1', 'lucky9', 'tongits', 'pusoy', 'luckytree', 'hightexas'] as const;

export const gameOptions = (games: readonly string[]): SelectOption[] => games.map((g) => ({ value: g, label: `${L}game.${g}` }));
export const gameLabels = (games: readonly string[]) => Object.fromEntries(games.map((g) => [g, `${L}game.${g}`]));
/** A room's mode (decision 035): a classic table, or a Tongits 1v1 room (two players and an AI seat). */
export const MODE_LABELS: Record<string, string> = { table: `${L}mode.table`, '1v1': `${L}mode.1v1` };
export const YES_NO: SelectOption[] = [
  { value: 'true', label: `${L}yes` },
  { value: 'false', label: `${L}no` },
];

export const noLimit = (v: unknown) => (v === 0 ? i18next.t(`${L}noLimit`) : formatMoney(v));

export const idRule = {
  validator: async (_: unknown, v: unknown) => {
    if (typeof v === 'string' && v !== '' && !/^[a-z0-9][a-z0-9_-]{0,31}$/.test(v)) throw new Error(i18next.t(`${L}badId`));
  },
};

/** A versioned setting's list, over its item type (`@console/schemas`, rooms.ts). */
export interface VersionedSpec<Row> {
  /** CSV name and cache key. */
  name: string;
  title: string;
  /** API base without /api: '/platmanager/template'. */
  base: string;
  /** The row's unique field. */
  rowKey: keyof Row & string;
  /** The item's key of a row ('id', or partner:game). */
  keyOf: (row: Row) => string;
  /** The column that carries the history button. */
  keyColumn: keyof Row & string;
  columns: ColumnDeclaration<Row>[];
  filters?: FilterDeclaration[];
  fields: (editing: boolean) => FieldDeclaration[];
  /** Form values → request body (pesos → centavos…). */
  body: (v: FormValues, row?: Row) => Record<string, unknown>;
  /** Row → form values (centavos → pesos…); no row: the new item's defaults. */
  form: (row?: Row) => FormValues;
  /** The body of remove. */
  ref: (row: Row) => Record<string, unknown>;
  /** Money fields (shown as ₱ in the compare view). */
  money?: string[];
  /** Roles that may add and remove (default: whoever opens the screen). */
  manage?: readonly string[];
  pageSize?: number;
}

export function versionedList<Row>(s: VersionedSpec<Row>): ListDeclaration<Row> {
  const columns = s.columns.map((c) => (c.key === s.keyColumn ? { ...c, render: historyCell<Row>(s.keyOf), text: (v: unknown) => String(v) } : c));
  return {
    name: s.name,
    title: s.title,
    rowKey: s.rowKey,
    pageSize: s.pageSize ?? 50,
    api: { url: s.base, mode: 'page', export: true },
    filters: s.filters,
    columns,
    toolbar: [
      {
        key: 'create',
        label: `${L}create`,
        confirm: `${L}confirmCreate`,
        ...(s.manage ? { roles: s.manage } : {}),
        form: { title: `${L}create`, fields: s.fields(false), initialValues: () => s.form(undefined) },
        call: { method: 'POST', url: `${s.base}/create`, body: (_row, v) => s.body(v) },
      },
    ],
    actions: [
      {
        key: 'edit',
        label: `${L}edit`,
        confirm: `${L}confirmEdit`,
        form: { title: `${L}edit`, fields: s.fields(true), initialValues: (row) => s.form(row) },
        call: { method: 'POST', url: `${s.base}/update`, body: (row, v) => s.body(v, row) },
      },
      {
        key: 'delete',
        label: `${L}delete`,
        danger: true,
        confirm: `${L}confirmDelete`,
        ...(s.manage ? { roles: s.manage } : {}),
        call: { method: 'POST', url: `${s.base}/delete`, body: (row) => s.ref(row!) },
      },
    ],
  };
}

export function versionedHistory<Row>(s: VersionedSpec<Row>, fieldPrefix = `${L}f.`): HistoryDeclaration {
  return {
    url: `${s.base}/versions`,
    fieldLabel: (field) => `${fieldPrefix}${field}`,
    formatValue: (field, v) => (s.money?.includes(field) ? (v === 0 && field.startsWith('max') ? i18next.t(`${L}noLimit`) : `₱${formatMoney(v)}`) : undefined),
  };
}
