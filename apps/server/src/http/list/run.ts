/**
 * Running a compiled declaration: the filtered base query (partner scope first), one page
 * (page mode: ORDER BY sort, id with OFFSET and a COUNT over the same WHERE — small tables
 * only), one keyset step, and the chunked walk the export reads.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import type { AnySelect, CompiledList } from './define';
import { after, decodeCursor, encodeCursor, invalidCursor, orderClause, type Position, type SortKey, type SortOrder } from './keyset';

type Query = Record<string, unknown>;
export interface ResolvedSort {
  name: string;
  key: SortKey;
  order: SortOrder;
  /** The tie-breaker column. */ id: string;
}

export function resolveSort(list: CompiledList, query: Query): ResolvedSort {
  const name = (query.sort as string | undefined) ?? list.defaultSort.key;
  const order = (query.order as SortOrder | undefined) ?? (query.sort === undefined ? list.defaultSort.order : 'ascend');
  const key = list.sorts[name];
  return { name, key, order, id: key.id ?? list.id };
}

/** The rows the caller may see that match the filters (no order, no paging). */
export function filtered(db: Db, list: CompiledList, user: ScopedSubject, query: Query, base: AnySelect = list.from(db)): AnySelect {
  let qb = base;
  if (list.partner) qb = qb.where(ownPartnerFilter(user, list.partner));
  for (const f of list.compiledFilters) {
    const condition = f.where(query);
    if (condition) qb = qb.where(condition);
  }
  return qb;
}

/** A keyset step's rows (with their position columns __key/__id), starting after `from`. */
export function seek(db: Db, list: CompiledList, user: ScopedSubject, query: Query, sort: ResolvedSort, from: Position | null, limit: number) {
  let qb = filtered(db, list, user, query).select([sql`(${sort.key.expr})::text`.as('__key'), sql.ref(sort.id).as('__id')]);
  if (from) qb = qb.where(after(sort.key, sort.id, sort.order, from));
  return qb.orderBy(orderClause(sort.key, sort.id, sort.order)).limit(limit);
}

const positionOf = (row: Record<string, unknown>): Position => ({ key: String(row.__key), id: Number(row.__id) });

/** A value the cursor smuggled in that PostgreSQL cannot cast (SQLSTATE class 22) is bad input. */
async function withCursor<T>(hasCursor: boolean, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (hasCursor && /^22/.test(String((err as { code?: unknown }).code ?? ''))) throw invalidCursor();
    throw err;
  }
}

export async function listStep(db: Db, list: CompiledList, user: ScopedSubject, query: Query) {
  const sort = resolveSort(list, query);
  const pageSize = (query.pageSize as number | undefined) ?? list.pageSize ?? 50;
  const cursor = query.cursor as string | undefined;
  const from = cursor ? decodeCursor(cursor, sort.name, sort.order, sort.key) : null;
  const rows = await withCursor(from !== null, () => seek(db, list, user, query, sort, from, pageSize + 1).execute());
  const page = rows.slice(0, pageSize) as Record<string, unknown>[];
  const nextCursor = rows.length > pageSize ? encodeCursor(sort.name, sort.order, positionOf(page[page.length - 1])) : null;
  return { items: page.map((r) => list.row(r)), nextCursor };
}

export async function listPage(db: Db, list: CompiledList, user: ScopedSubject, query: Query) {
  const sort = resolveSort(list, query);
  const page = (query.page as number | undefined) ?? 1;
  const pageSize = (query.pageSize as number | undefined) ?? list.pageSize ?? 20;
  const matching = filtered(db, list, user, query);
  const [rows, count] = await Promise.all([
    matching
      .orderBy(orderClause(sort.key, sort.id, sort.order))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    (list.countFrom ? filtered(db, list, user, query, list.countFrom(db)) : matching.clearSelect())
      .select(sql<string | number>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: (rows as Record<string, unknown>[]).map((r) => list.row(r)), total: Number((count as { total: string | number }).total) };
}

/** Every matching row, in keyset chunks of `chunk` rows (never OFFSET): what the export reads. */
export async function* walk(db: Db, list: CompiledList, user: ScopedSubject, query: Query, chunk: number) {
  const sort = resolveSort(list, query);
  let from: Position | null = null;
  for (;;) {
    const rows = (await seek(db, list, user, query, sort, from, chunk).execute()) as Record<string, unknown>[];
    if (rows.length > 0) yield rows;
    if (rows.length < chunk) return;
    from = positionOf(rows[rows.length - 1]);
  }
}
