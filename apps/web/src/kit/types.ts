/**
 * Declarations the screen kit renders. A screen is data: what to load, which filters,
 * columns, actions and fields; the kit does paging, sorting, URL state, export, states.
 * Every `label`/`title` below is an i18n key (translated with react-i18next).
 */
import type { ReactNode } from 'react';
import type { FormRule } from 'antd';
import type { ZodType } from 'zod';
import type { CursorPageOf, PageOf } from '@console/schemas';
import type { Translate } from '../lib/validators';

/** How a value is shown (and exported): the §9 helpers, or a custom render. */
export type CellFormat =
  | 'text'
  | 'datetime'
  | 'money'
  | 'int'
  | 'roundUp2'
  | 'percent'
  | 'orderId'
  | 'base64'
  | 'bool'
  | 'tags'
  | 'json'
  /** A player uid: a link that opens the player detail drawer (`?player=<uid>`); plain text in exports. */
  | 'uid';

export interface ColumnDeclaration<Row> {
  /**
   * Field of the row: a declaration over an item type may name only its fields. A value the
   * screen computes from the row (`computed`) is named in the row type as an absent field
   * (`Item & { keep?: undefined }`).
   */
  key: keyof Row & string;
  /** Computed on screen by `render`/`text`: shown and in the client-side export, left out of the server's CSV (no such field there). */
  computed?: boolean;
  /** i18n key of the header. */
  title: string;
  format?: CellFormat;
  /** Value → i18n key of its label (enums: status, result…), shown on screen and sent to the server export. */
  labels?: Record<string, string>;
  /** Custom cell (overrides `format` on screen); `text` then gives the exported text (client-side export only). */
  render?: (value: unknown, row: Row) => ReactNode;
  text?: (value: unknown, row: Row) => string;
  /** Server-side sort: sends `sort=<key>&order=ascend|descend`. */
  sortable?: boolean;
  width?: number;
  /** Not shown in the table (still in the detail drawer / export when listed there). */
  hidden?: boolean;
}

export interface SelectOption {
  value: string;
  /** i18n key, or the literal text when `literal` is set. */
  label: string;
  literal?: boolean;
}

/** Filter values travel as strings: in the URL query and in the request query. */
export type FilterDeclaration =
  /** Free text; `suggestions` (value = what is sent) are offered as the user types, matched on label and value. */
  | { kind: 'text'; name: string; label: string; suggestions?: SelectOption[] }
  | { kind: 'number'; name: string; label: string }
  | { kind: 'select'; name: string; label: string; options: SelectOption[] }
  /** A select of the §1 roles. */
  | { kind: 'role'; name: string; label: string }
  /** Calendar days in the URL; sent as ISO instants of the GMT+08:00 day bounds. */
  | { kind: 'dateRange'; name: string; label: string; fromParam?: string; toParam?: string };

export type FieldKind = 'text' | 'password' | 'number' | 'textarea' | 'select' | 'multiSelect' | 'roles' | 'switch' | 'url';

export interface FieldDeclaration {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** Extra antd rules, e.g. `(tr) => passwordRules(tr)` from lib/validators (tr translates their messages). */
  rules?: FormRule[] | ((translate: Translate) => FormRule[]);
  /** i18n key of a help line under the field. */
  help?: string;
  /** Choices of select kinds; a function is asked each time the form opens (e.g. by the signed-in account). */
  options?: SelectOption[] | (() => SelectOption[]);
  /** Shown but not editable (e.g. the username of an edited account). */
  readOnly?: boolean;
  min?: number;
  max?: number;
}

export type FormValues = Record<string, unknown>;

export interface ActionCall<Row> {
  method: 'GET' | 'POST';
  url: string;
  /** Request body from the row (row actions) and the form values (when the action has a form). */
  body?: (row: Row | undefined, values: FormValues) => unknown;
}

export interface ActionDeclaration<Row> {
  key: string;
  /** i18n key, or a function of the row (enable / disable). */
  label: string | ((row: Row | undefined) => string);
  /** Any-of roles (the shell's Permission element: admin only when listed); absent = whoever opens the screen. */
  roles?: readonly string[];
  danger?: boolean;
  /** i18n key (or a function of the row giving one) of a confirmation asked before the call; row fields interpolate ({{username}}). */
  confirm?: string | ((row: Row | undefined) => string);
  /** A form modal collected before the call. */
  form?: { title?: string; fields: FieldDeclaration[]; initialValues?: (row: Row | undefined) => FormValues };
  call: ActionCall<Row>;
  /** Row actions only: whether this row offers the action. */
  visible?: (row: Row) => boolean;
}

export interface ListApi {
  url: string;
  /** 'page': page/pageSize → {items,total}; 'cursor': cursor/pageSize → {items,nextCursor}. */
  mode: 'page' | 'cursor';
  /** Fixed query parameters added to every call. */
  params?: Record<string, string | number | boolean>;
  /**
   * Server-side CSV export (apps/server/src/http/list): `true` for `<url>/export`, or its URL.
   * Absent: the old client-side export (pages fetched and joined in the browser, capped).
   */
  export?: boolean | string;
}

export interface DetailDeclaration<Row> {
  /** i18n key of the drawer title. */
  title: string;
  items: ColumnDeclaration<Row>[];
}

export interface ListDeclaration<Row> {
  /** Short ASCII name: the CSV file name and the query cache key. */
  name: string;
  /** i18n key of the screen title. */
  title: string;
  api: ListApi;
  rowKey: keyof Row & string;
  filters?: FilterDeclaration[];
  columns: ColumnDeclaration<Row>[];
  toolbar?: ActionDeclaration<Row>[];
  actions?: ActionDeclaration<Row>[];
  detail?: DetailDeclaration<Row>;
  /** Default 20 (page mode) or 50 (cursor mode). */
  pageSize?: number;
  /** i18n key of the empty state while no filter is set (a list that needs one: what to enter); otherwise "No data". */
  emptyHint?: string;
  /** CSV export of the whole filtered set; on unless false. */
  exportable?: boolean;
}

/** The list answers' `data` (page mode, keyset mode), as @console/schemas names them. */
export type PageResult<Row> = PageOf<Row>;
export type CursorResult<Row> = CursorPageOf<Row>;

/** A configuration form: load the current values, edit, confirm, save. */
export interface ConfigDeclaration {
  name: string;
  /** i18n key of the screen title. */
  title: string;
  /** GET → `{code:200, data: values}`; `toForm` maps them to the form's values (e.g. centavos → pesos; `save.body` maps back). */
  load: { url: string; params?: Record<string, string | number | boolean>; toForm?: (data: FormValues) => FormValues };
  /** POST of the values (or of `body(values)`). */
  save: { url: string; body?: (values: FormValues) => unknown };
  /** The fields; when absent they are derived from `schema` (labels `<labelPrefix>.<key>`). */
  fields?: FieldDeclaration[];
  /** A zod object schema checked before saving (its messages shown on the fields). */
  schema?: ZodType;
  labelPrefix?: string;
  /** i18n key of the confirmation; default "Saving overwrites the current configuration". */
  confirm?: string;
}

export interface FigureCard {
  key: string;
  /** i18n key. */
  label: string;
  /** Dotted path in the answer's data. */
  value: string;
  format?: CellFormat;
  /** Dotted path of the same figure for the previous period: shows the change. */
  previous?: string;
}

export interface DaySeries {
  /** Field of each day's row. */
  key: string;
  /** i18n key. */
  label: string;
  type: 'line' | 'bar';
}

/** Figure cards and a chart by day over a date range. */
export interface DashboardDeclaration {
  name: string;
  title: string;
  /** GET with `from`/`to` (ISO day bounds in GMT+08:00) → `{code:200, data}`. */
  api: { url: string; params?: Record<string, string | number | boolean> };
  /** Days shown when the URL names no range (default 7, ending today). */
  defaultDays?: number;
  cards: FigureCard[];
  chart?: {
    title: string;
    /** Dotted path of the rows by day in data: `[{ day: '2026-11-22', <series key>: number }]`. */
    rows: string;
    /** Field of the day in each row (default 'day'). */
    dayKey?: string;
    series: DaySeries[];
  };
}
