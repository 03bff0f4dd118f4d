/**
 * defineList: one declaration per list endpoint, from which come the list operation
 * (`GET <url>`, page or keyset paging) and its export (`GET <url>/export`, a streaming CSV
 * of the whole filtered set). Both name the declaration's catalogue screen, so they need
 * the same roles; neither writes the operation log (reads). See apps/server/README.md "Lists".
 */
import { queryInt, text } from '@console/schemas';
import type { SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { defineOperation, type Operation } from '../operation';
import { columnsParam } from './csv';
import { streamExport } from './export';
import type { FilterBuilder, ListFilter } from './filters';
import type { SortKey, SortOrder } from './keyset';
import { listPage, listStep } from './run';

export type AnySelect = SelectQueryBuilder<any, any, any>;

/**
 * One list, declared once. `Row` is what `from` selects (Kysely infers it from the tables'
 * row types, db/schema.ts), `Item` what the answer carries (the shared schema's type,
 * `z.infer` of `item`), `Sort` the sortable keys: `row` is checked against both, and the
 * default sort must be one of the sorts.
 */
export interface ListSpec<Row = any, Item extends z.ZodObject = z.ZodObject, Sort extends string = string> {
  /** '/api/usermanager/goldlogs'; the export is `<url>/export`. */
  url: string;
  /** Operation name ('usermanager.goldlogs'; the export adds '.export'). */
  name: string;
  /** Catalogue screen whose roles may call both. */
  screen: string;
  summary: string;
  tags?: string[];
  /** 'page': `{items, total}` by page/pageSize (small tables); 'keyset': `{items, nextCursor}`. */
  paging: 'page' | 'keyset';
  /** The base query: table or join, fixed conditions and the selected columns. */
  from(db: Db): SelectQueryBuilder<any, any, Row>;
  /**
   * Page mode: the base the total counts, when `from` joins tables only to show more columns
   * (a join that can neither drop nor repeat a row). Same aliases for every filter and the partner
   * column; without it the total counts `from`.
   */
  countFrom?(db: Db): AnySelect;
  /** Column holding the row's partner (plugins/partner-scope.ts); null when rows have none. */
  partner: string | null;
  /** A unique integer column: the tie-breaker of every order (and of the keyset). */
  id: string;
  filters?: Record<string, FilterBuilder>;
  /** Sortable keys (the `sort` parameter), with their SQL (sortBy.int / time / text). */
  sorts: Record<Sort, SortKey>;
  defaultSort: { key: NoInfer<Sort>; order: SortOrder };
  /** Schema of one item (documents the answer; its keys are the columns an export may ask for). */
  item: Item;
  /** A database row → the item the API answers (and the export formats). */
  row(row: Row): z.infer<Item>;
  /** Default page size (20 in page mode, 50 in keyset mode). */
  pageSize?: number;
  /** CSV file name prefix; default the URL's last segment. */
  fileName?: string;
}

/** A declared list, its row type sealed inside (what the operations and the runner take). */
export type List = ListSpec<any, z.ZodObject, string>;

/** A declaration with its filters named and its query schemas built. */
export interface CompiledList extends List {
  compiledFilters: ListFilter[];
  listQuery: z.ZodType<Record<string, unknown>>;
  exportQuery: z.ZodType<Record<string, unknown>>;
}

export const MAX_PAGE_SIZE = 500;

export function compile(spec: List): CompiledList {
  if (!spec.sorts[spec.defaultSort.key]) throw new Error(`${spec.name}: default sort ${spec.defaultSort.key} is not sortable`);
  const keys = Object.keys(spec.item.shape);
  if (keys.length === 0) throw new Error(`${spec.name}: item has no fields`);
  const compiledFilters = Object.entries(spec.filters ?? {}).map(([name, build]) => build(name));
  const filterShape: Record<string, z.ZodType> = {};
  for (const f of compiledFilters) Object.assign(filterShape, f.params);
  const sortKeys = Object.keys(spec.sorts) as [string, ...string[]];
  const common = {
    ...filterShape,
    sort: z.enum(sortKeys, { message: `Must be one of ${sortKeys.join(', ')}` }).optional(),
    order: z.enum(['ascend', 'descend'], { message: 'Must be ascend or descend' }).optional(),
  };
  const paging =
    spec.paging === 'page'
      ? { page: queryInt(1, 1_000_000).optional(), pageSize: queryInt(1, MAX_PAGE_SIZE).optional() }
      : {
          cursor: text(1024)
            .regex(/^[\w-]*$/, { message: 'Invalid cursor' })
            .optional(),
          pageSize: queryInt(1, MAX_PAGE_SIZE).optional(),
        };
  const checked = <T extends z.ZodObject>(schema: T) =>
    schema.superRefine((q, ctx) => {
      for (const f of compiledFilters) {
        const problem = f.check?.(q);
        if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.param] });
      }
    }) as unknown as z.ZodType<Record<string, unknown>>;
  return {
    ...spec,
    compiledFilters,
    listQuery: checked(z.strictObject({ ...common, ...paging })),
    exportQuery: checked(z.strictObject({ ...common, columns: columnsParam(keys as [string, ...string[]]).optional() })),
  };
}

function answerSchema(spec: List) {
  const data =
    spec.paging === 'page'
      ? z.object({ items: z.array(spec.item), total: z.number().int() })
      : z.object({ items: z.array(spec.item), nextCursor: z.string().nullable() });
  return z.object({ code: z.literal(200), data });
}

/** The list operation of a declaration. */
export function listOperation(spec: List): Operation {
  const list = compile(spec);
  const paging =
    spec.paging === 'page'
      ? 'page/pageSize (≤ 500) → {items, total}'
      : 'keyset: cursor (absent or empty for the first step, then nextCursor), pageSize (≤ 500) → {items, nextCursor}';
  return defineOperation({
    method: 'GET',
    url: spec.url,
    name: spec.name,
    screen: spec.screen,
    tags: spec.tags,
    summary: `${spec.summary}; ${paging}; sort: ${Object.keys(spec.sorts).join(', ')}`,
    query: list.listQuery,
    response: answerSchema(spec),
    reads: 'replica',
    handler: async ({ db, user, query }) => ({
      code: 200,
      data: spec.paging === 'page' ? await listPage(db, list, user, query) : await listStep(db, list, user, query),
    }),
  });
}

/** The streaming CSV export of a declaration (`GET <url>/export`). */
export function exportOperation(spec: List): Operation {
  const list = compile(spec);
  return defineOperation({
    method: 'GET',
    url: `${spec.url}/export`,
    name: `${spec.name}.export`,
    screen: spec.screen,
    tags: spec.tags,
    summary:
      `CSV of every row of ${spec.url} that matches the filters (same filters and sort; columns: JSON ` +
      '[{key, title, format?, labels?}] for the headers and value formats); streamed, UTF-8 with BOM',
    query: list.exportQuery,
    reads: 'replica',
    handler: async ({ db, user, query, reply, now }) => streamExport(db, list, user, query, reply, now),
  });
}

/** Both operations: `...listOperations(spec)` in a domain's operation array. */
export function listOperations(spec: List): Operation[] {
  return [listOperation(spec), exportOperation(spec)];
}

/** `from` selects typed rows: a query Kysely cannot type (`any`, or any column name of an untyped database) is refused at compile time. */
type TypedRow<Row> = 0 extends 1 & Row
  ? { from: never; untypedRow: 'from() must select typed rows (name the columns, or give sql<T> its type)' }
  : string extends keyof Row
    ? { from: never; untypedRow: 'from() must select typed rows, not rows of an untyped database (Kysely<any>)' }
    : unknown;

/** Declares a list: the row type comes from `from`, the item type from `item`, the sort keys from `sorts`. */
export function defineList<Row, Item extends z.ZodObject, Sort extends string>(spec: ListSpec<Row, Item, Sort> & TypedRow<Row>): List {
  return spec as List;
}
