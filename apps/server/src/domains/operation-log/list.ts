/**
 * Reading the operation log, newest first, filtered and partner scoped, in two forms:
 * page mode (`page`/`pageSize` → `{items, total}`, the contract's list answer) and cursor
 * mode (`cursor` present → `{items, nextCursor}`, an opaque "last id seen", for tools that
 * walk a large log without OFFSET). Both order by the primary key; the filters use the
 * (username, id), (partner, id) and (at) indexes; the total counts with the same WHERE.
 */
import type { ListOperationLogQuery, OperationLogRecord, OperationResult } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { OperationLogRow } from '../../db/schema';
import { badInput } from '../../http/api-error';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';

export const PAGE_MODE_PAGE_SIZE = 20;
export const CURSOR_MODE_PAGE_SIZE = 50;

const encodeCursor = (id: number) => Buffer.from(`id:${id}`).toString('base64url');

/** The id a cursor continues below; null for the empty cursor (the first step). */
function decodeCursor(cursor: string): number | null {
  if (cursor === '') return null;
  const match = /^id:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badInput('cursor', 'Invalid cursor');
  return Number(match[1]);
}

export function toLogRecord(row: OperationLogRow): OperationLogRecord {
  return {
    id: row.id,
    at: isoInConsoleZone(row.at),
    username: row.username,
    partner: row.partner,
    operation: row.operation,
    target: row.target,
    result: row.result as OperationResult,
    status: row.status,
    message: row.message,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    hash: row.hash,
  };
}

/** The records the caller may see that match the filters (no paging). */
function filtered(db: Db, user: ScopedSubject, query: ListOperationLogQuery) {
  return db
    .selectFrom('operation_log')
    .where(ownPartnerFilter(user, 'partner'))
    .$if(query.username !== undefined, (qb) => qb.where('username', '=', query.username!))
    .$if(query.operation !== undefined, (qb) => qb.where(sql<boolean>`left(operation, ${query.operation!.length}) = ${query.operation!}`))
    .$if(query.result !== undefined, (qb) => qb.where('result', '=', query.result!))
    .$if(query.from !== undefined, (qb) => qb.where('at', '>=', new Date(query.from!)))
    .$if(query.to !== undefined, (qb) => qb.where('at', '<=', new Date(query.to!)));
}

export type OperationLogList = { items: OperationLogRecord[]; total: number } | { items: OperationLogRecord[]; nextCursor: string | null };

export async function listOperationLog(db: Db, user: ScopedSubject, query: ListOperationLogQuery): Promise<OperationLogList> {
  if (query.cursor !== undefined) return cursorStep(db, user, query, query.cursor);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? PAGE_MODE_PAGE_SIZE;
  const matching = filtered(db, user, query);
  const [rows, count] = await Promise.all([
    matching
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toLogRecord), total: Number(count.total) };
}

async function cursorStep(db: Db, user: ScopedSubject, query: ListOperationLogQuery, cursor: string) {
  const below = decodeCursor(cursor);
  const pageSize = query.pageSize ?? CURSOR_MODE_PAGE_SIZE;
  const rows = await filtered(db, user, query)
    .selectAll()
    .$if(below !== null, (qb) => qb.where('id', '<', below!))
    .orderBy('id', 'desc')
    .limit(pageSize + 1)
    .execute();
  const items = rows.slice(0, pageSize).map(toLogRecord);
  const nextCursor = rows.length > pageSize ? encodeCursor(items[items.length - 1].id) : null;
  return { items, nextCursor };
}
