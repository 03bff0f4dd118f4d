/**
 * Filters of a list declaration. Each builder is given the filter's name (its key in the
 * declaration) and answers the query parameters it reads (strict zod schemas from
 * `@console/schemas`: a bad value is a 400 naming the parameter) and the SQL condition for
 * the parsed values. Columns are written as Kysely references ('p.uid', 'at').
 */
import { isoDateTime, queryBool, queryInt, text } from '@console/schemas';
import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';

export type FilterValues = Record<string, unknown>;

export interface ListFilter {
  /** Query parameters this filter reads, with their schemas (all optional). */
  params: Record<string, z.ZodType>;
  /** The condition for the parsed values; undefined when none of its parameters was sent. */
  where(values: FilterValues): Expression<SqlBool> | undefined;
  /** A check across its parameters: the parameter at fault and why, or undefined. */
  check?(values: FilterValues): { param: string; message: string } | undefined;
}

/** A filter before it knows its name (the declaration's key). */
export type FilterBuilder = (name: string) => ListFilter;

const INT4_MAX = 2_147_483_647;
const has = (v: unknown) => v !== undefined;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function single(schema: z.ZodType, condition: (value: unknown) => Expression<SqlBool>): FilterBuilder {
  return (name) => ({
    params: { [name]: schema.optional() },
    where: (values) => (has(values[name]) ? condition(values[name]) : undefined),
  });
}

/** `column = n` for an integer parameter within [min, max]. */
export function eqInt(column: string, min = 0, max = INT4_MAX): FilterBuilder {
  return single(queryInt(min, max), (v) => sql<SqlBool>`${sql.ref(column)} = ${v}`);
}

/** `column >= n` for an integer parameter within [min, max] (an "at least" filter). */
export function minInt(column: string, min = 0, max = INT4_MAX): FilterBuilder {
  return single(queryInt(min, max), (v) => sql<SqlBool>`${sql.ref(column)} >= ${v}`);
}

/** `column = text` (exact, case-sensitive), at most `max` characters. */
export function eqText(column: string, max = 64): FilterBuilder {
  return single(text(max).min(1, { message: 'Required' }), (v) => sql<SqlBool>`${sql.ref(column)} = ${v}`);
}

/** `column = one of values` (anything else is a 400 listing the choices). */
export function eqEnum(column: string, values: readonly [string, ...string[]]): FilterBuilder {
  return single(z.enum(values, { message: `Must be one of ${values.join(', ')}` }), (v) => sql<SqlBool>`${sql.ref(column)} = ${v}`);
}

/** `column = true|false` (the parameter is exactly `true` or `false`). */
export function eqBool(column: string): FilterBuilder {
  return single(queryBool, (v) => sql<SqlBool>`${sql.ref(column)} = ${v}`);
}

/**
 * Any other condition on one parameter: its schema (a query-string schema: strings in) and
 * the SQL for the parsed value, e.g. `custom(roleSchema, (r) => sql\`roles @> ${JSON.stringify([r])}::jsonb\`)`.
 */
export function custom(schema: z.ZodType, condition: (value: unknown) => Expression<SqlBool>): FilterBuilder {
  return single(schema, condition);
}

/** Case-insensitive substring (no index helps: keep it to small tables or narrowed sets). */
export function contains(column: string, max = 64): FilterBuilder {
  return single(text(max).min(1, { message: 'Required' }), (v) => sql<SqlBool>`strpos(lower(${sql.ref(column)}), lower(${v})) > 0`);
}

/**
 * Starts with. `lower: true` compares lower(column), which uses an index on
 * `lower(column) text_pattern_ops` (player_name_idx).
 */
export function prefix(column: string, options: { lower?: boolean; max?: number } = {}): FilterBuilder {
  return single(text(options.max ?? 64).min(1, { message: 'Required' }), (v) => {
    const pattern = `${escapeLike(options.lower ? String(v).toLowerCase() : String(v))}%`;
    return options.lower ? sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern}` : sql<SqlBool>`${sql.ref(column)} like ${pattern}`;
  });
}

/** `min ≤ column ≤ max` over integers; parameters `<name>Min` / `<name>Max` unless named. */
export function intRange(column: string, options: { min?: string; max?: string; lowest?: number; highest?: number } = {}): FilterBuilder {
  return (name) => {
    const lo = options.min ?? `${name}Min`;
    const hi = options.max ?? `${name}Max`;
    const schema = queryInt(options.lowest ?? -1e15, options.highest ?? 1e15).optional();
    return {
      params: { [lo]: schema, [hi]: schema },
      where: (v) =>
        both(has(v[lo]) ? sql<SqlBool>`${sql.ref(column)} >= ${v[lo]}` : undefined, has(v[hi]) ? sql<SqlBool>`${sql.ref(column)} <= ${v[hi]}` : undefined),
      check: (v) => (has(v[lo]) && has(v[hi]) && (v[hi] as number) < (v[lo] as number) ? { param: hi, message: `Must not be less than ${lo}` } : undefined),
    };
  };
}

/**
 * `from ≤ column ≤ to`, ISO 8601 instants with offset (the kit sends GMT+08:00 day bounds);
 * parameters `from` / `to` unless named.
 */
export function dateRange(column: string, options: { from?: string; to?: string } = {}): FilterBuilder {
  const from = options.from ?? 'from';
  const to = options.to ?? 'to';
  return () => ({
    params: { [from]: isoDateTime.optional(), [to]: isoDateTime.optional() },
    where: (v) =>
      both(
        has(v[from]) ? sql<SqlBool>`${sql.ref(column)} >= ${new Date(v[from] as string)}` : undefined,
        has(v[to]) ? sql<SqlBool>`${sql.ref(column)} <= ${new Date(v[to] as string)}` : undefined,
      ),
    check: (v) =>
      has(v[from]) && has(v[to]) && Date.parse(v[to] as string) < Date.parse(v[from] as string)
        ? { param: to, message: `Must not be before ${from}` }
        : undefined,
  });
}

function both(a: Expression<SqlBool> | undefined, b: Expression<SqlBool> | undefined): Expression<SqlBool> | undefined {
  if (a && b) return sql<SqlBool>`${a} and ${b}`;
  return a ?? b;
}
