/**
 * Sort keys and keyset paging. Every order is (sort expression, id) in one direction, so
 * rows with equal sort values keep a total order; the next step starts strictly after the
 * last row seen: `(expr, id) < (key, id)` (descending) — a seek on an index of
 * (column, id), never OFFSET. The cursor carries the sort key's value as PostgreSQL's own
 * text (timestamps keep their microseconds) plus the id, the sort and the order; it is
 * opaque to callers and refused (400 `cursor: Invalid cursor`) when it does not decode or
 * was made for another sort.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { badInput } from '../api-error';

export type SortOrder = 'ascend' | 'descend';
type KeyType = 'bigint' | 'timestamptz' | 'text';

export interface SortKey {
  /** The SQL the rows are ordered by (a column, or coalesce(column, …) when nullable). */
  expr: RawBuilder<unknown>;
  /** The cast that turns the cursor's text back into a value of the expression's type. */
  type: KeyType;
  /**
   * The tie-breaker to pair with this key when it is not the declaration's `id`: over a join,
   * the same row's id in the sort column's own table ('b.uid' for 'b.chip'), so that the
   * row comparison `(b.chip, b.uid) < (…)` is an index condition of (chip, uid).
   */
  id?: string;
}

interface KeyOptions {
  nullable?: boolean;
  id?: string;
}

const KEY_TEXT: Record<KeyType, RegExp> = {
  bigint: /^-?\d{1,19}$/,
  timestamptz: /^(-?infinity|\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:?\d\d){0,2}|Z)?)$/,
  // eslint-disable-next-line no-control-regex -- PostgreSQL text cannot hold NUL: such a cursor is refused
  text: /^[^\u0000]{0,256}$/,
};

/** Sortable columns of a declaration, by kind. `nullable` orders NULL as the lowest value. */
export const sortBy = {
  int: (column: string, options: Omit<KeyOptions, 'nullable'> = {}): SortKey => ({ expr: sql`${sql.ref(column)}`, type: 'bigint', id: options.id }),
  time: (column: string, options: KeyOptions = {}): SortKey => ({
    expr: options.nullable ? sql`coalesce(${sql.ref(column)}, '-infinity'::timestamptz)` : sql`${sql.ref(column)}`,
    type: 'timestamptz',
    id: options.id,
  }),
  text: (column: string, options: KeyOptions = {}): SortKey => ({
    expr: options.nullable ? sql`coalesce(${sql.ref(column)}, '')` : sql`${sql.ref(column)}`,
    type: 'text',
    id: options.id,
  }),
};

/** Where a step starts: after the row with this sort value (as text) and id. */
export interface Position {
  key: string;
  id: number;
}

export function encodeCursor(sort: string, order: SortOrder, at: Position): string {
  return Buffer.from(JSON.stringify([sort, order === 'ascend' ? 'a' : 'd', at.key, at.id])).toString('base64url');
}

export function decodeCursor(cursor: string, sort: string, order: SortOrder, key: SortKey): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalidCursor();
  const [s, o, k, id] = parsed as unknown[];
  if (s !== sort || o !== (order === 'ascend' ? 'a' : 'd')) throw badInput('cursor', 'Made for another sort or order');
  if (typeof k !== 'string' || !KEY_TEXT[key.type].test(k) || typeof id !== 'number' || !Number.isSafeInteger(id)) throw invalidCursor();
  return { key: k, id };
}

export const invalidCursor = () => badInput('cursor', 'Invalid cursor');

/** Rows strictly after `at` in the (expr, id) order. */
export function after(key: SortKey, idColumn: string, order: SortOrder, at: Position): Expression<SqlBool> {
  const cmp = sql.raw(order === 'ascend' ? '>' : '<');
  return sql<SqlBool>`(${key.expr}, ${sql.ref(idColumn)}) ${cmp} (cast(${at.key} as ${sql.raw(key.type)}), ${at.id})`;
}

/** ORDER BY expr, id in the one direction. */
export function orderClause(key: SortKey, idColumn: string, order: SortOrder): RawBuilder<unknown> {
  const dir = sql.raw(order === 'ascend' ? 'asc' : 'desc');
  return sql`${key.expr} ${dir}, ${sql.ref(idColumn)} ${dir}`;
}
