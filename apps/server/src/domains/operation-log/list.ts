/** Reading the operation log: filters, an opaque cursor (the last id seen), partner scoping. */
import type { ListOperationLogQuery, OperationLogRecord, OperationResult } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { OperationLogRow } from '../../db/schema';
import { badInput } from '../../http/api-error';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';

const encodeCursor = (id: number) => Buffer.from(`id:${id}`).toString('base64url');

function decodeCursor(cursor: string): number {
  const match = /^id:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badInput('cursor', 'Invalid cursor');
  return Number(match[1]);
}

export function toLogRecord(row: OperationLogRow): OperationLogRecord {
  return {
    id: row.id, at: isoInConsoleZone(row.at)!, username: row.username, partner: row.partner, operation: row.operation,
    target: row.target, result: row.result as OperationResult, status: row.status, message: row.message,
    before: row.before ?? null, after: row.after ?? null, ip: row.ip, hash: row.hash,
  };
}

export async function listOperationLog(db: Db, user: ScopedSubject, query: ListOperationLogQuery) {
  const pageSize = query.pageSize ?? 50;
  const rows = await db.selectFrom('operation_log').selectAll()
    .where(ownPartnerFilter(user, 'partner'))
    .$if(query.cursor !== undefined, (qb) => qb.where('id', '<', decodeCursor(query.cursor!)))
    .$if(query.username !== undefined, (qb) => qb.where('username', '=', query.username!))
    .$if(query.operation !== undefined, (qb) => qb.where(sql<boolean>`left(operation, ${query.operation!.length}) = ${query.operation!}`))
    .$if(query.result !== undefined, (qb) => qb.where('result', '=', query.result!))
    .$if(query.from !== undefined, (qb) => qb.where('at', '>=', new Date(query.from!)))
    .$if(query.to !== undefined, (qb) => qb.where('at', '<=', new Date(query.to!)))
    .orderBy('id', 'desc')
    .limit(pageSize + 1)
    .execute();
  const items = rows.slice(0, pageSize).map(toLogRecord);
  const nextCursor = rows.length > pageSize ? encodeCursor(items[items.length - 1].id) : null;
  return { items, nextCursor };
}
