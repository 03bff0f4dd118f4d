/**
 * The one shape of the app-settings item screens (providers, gift packs, awards, blocks, allow
 * list): a list of items keyed by `key`, each with its own history button; add, edit (asks before
 * overwriting), remove (asked as dangerous); the screen's history with compare and restore. Each
 * screen declares only its fields, columns, filters and how a form becomes the item's document.
 */
import type { ReactElement } from 'react';
import {
  ListScreen,
  type ColumnDeclaration,
  type FieldDeclaration,
  type FilterDeclaration,
  type FormValues,
  type ListDeclaration,
  type SelectOption,
} from '../../kit';
import { historyCell, WithHistory, type HistoryDeclaration } from '../../kit/history';

export const A = 'appsettings.';

export const YES_NO: SelectOption[] = [
  { value: 'true', label: 'kit.yes' },
  { value: 'false', label: 'kit.no' },
];

/** What every item of these lists has (its shared schema in @console/schemas adds the fields). */
// a type, not an interface: a row of it is form values as it is
export type ItemRow = { key: string; updatedAt: string };

export interface ItemScreen<Row extends ItemRow> {
  /** The screen's name: strings under appsettings.<name>. */
  name: string;
  /** API path without the base: '/remoteconfig/sms/localconfig'. */
  api: string;
  fields(editing: boolean): FieldDeclaration[];
  /** Columns after the key column (which carries the history button). */
  columns: ColumnDeclaration<Row>[];
  /** The key column: which field it shows. */
  keyField: keyof Row & string;
  filters: FilterDeclaration[];
  /** The item's whole document from the form. */
  toBody(values: FormValues): unknown;
  /** The form's values from a row (default: the row as it is). */
  toForm?(row: Row): FormValues;
  /** The body of remove. */
  ref(row: Row): Record<string, unknown>;
  defaults: FormValues;
  formatValue?: HistoryDeclaration['formatValue'];
}

export function itemDeclaration<Row extends ItemRow>(s: ItemScreen<Row>): ListDeclaration<Row> {
  const S = `${A}${s.name}.`;
  return {
    name: s.name,
    title: `${S}title`,
    api: { url: s.api, mode: 'page', export: true },
    rowKey: 'key',
    filters: s.filters,
    columns: [
      { key: s.keyField, title: `${S}${s.keyField}`, render: historyCell<Row>((row) => row.key) },
      ...s.columns,
      { key: 'updatedAt', title: `${A}common.updatedAt`, format: 'datetime', sortable: true },
    ],
    toolbar: [
      {
        key: 'create',
        label: `${S}create`,
        form: { title: `${S}create`, fields: s.fields(false), initialValues: () => ({ ...s.defaults }) },
        call: { method: 'POST', url: `${s.api}/create`, body: (_row, v) => s.toBody(v) },
      },
    ],
    actions: [
      {
        key: 'edit',
        label: `${A}common.edit`,
        confirm: `${A}common.confirmOverwrite`,
        form: { title: `${S}editTitle`, fields: s.fields(true), initialValues: (row) => (s.toForm ? s.toForm(row!) : { ...row! }) },
        call: { method: 'POST', url: `${s.api}/update`, body: (row, v) => s.toBody({ ...(s.toForm ? s.toForm(row!) : row!), ...v }) },
      },
      {
        key: 'remove',
        label: `${A}common.remove`,
        danger: true,
        confirm: `${A}common.confirmRemove`,
        call: { method: 'POST', url: `${s.api}/delete`, body: (row) => s.ref(row!) },
      },
    ],
  };
}

export function itemHistory(s: Pick<ItemScreen<ItemRow>, 'name' | 'api' | 'formatValue'>): HistoryDeclaration {
  return { url: `${s.api}/versions`, fieldLabel: (field) => `${A}${s.name}.${field}`, formatValue: s.formatValue };
}

/** The screen: the list inside its history. */
export function ItemScreenView<Row extends ItemRow>({ decl, history }: { decl: ListDeclaration<Row>; history: HistoryDeclaration }): ReactElement {
  return (
    <WithHistory history={history}>
      <ListScreen decl={decl} />
    </WithHistory>
  );
}
