/**
 * Appending to the operation log. Each record's hash = sha256(prevHash + canonical JSON of its
 * fields); appends take the single chain-head row FOR UPDATE, so the chain follows insertion
 * order even with several server instances on one PostgreSQL.
 */
import type { OperationResult } from '@console/schemas';
import type { Db } from '../../db/open';
import type { OperationLogRow } from '../../db/schema';
import { asStoredJson, canonicalJson, sha256Hex } from './canonical';

export interface OperationRecordInput {
  username: string;
  partner: number;
  operation: string;
  target: string;
  result: OperationResult;
  status: number;
  message: string;
  before: unknown;
  after: unknown;
  ip: string;
}

type HashedFields = Omit<OperationLogRow, 'prev_hash' | 'hash'>;

/** The hash of a record given the previous record's hash ('' before the first). */
export function recordHash(prevHash: string, r: HashedFields): string {
  const fields = {
    id: r.id,
    at: r.at.toISOString(),
    username: r.username,
    partner: r.partner,
    operation: r.operation,
    target: r.target,
    result: r.result,
    status: r.status,
    message: r.message,
    before: asStoredJson(r.before),
    after: asStoredJson(r.after),
    ip: r.ip,
  };
  return sha256Hex(prevHash + canonicalJson(fields));
}

async function appendInTransaction(trx: Db, input: OperationRecordInput, at: Date): Promise<number> {
  const head = await trx.selectFrom('operation_log_head').select(['last_id', 'last_hash']).where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
  const fields: HashedFields = {
    id: head.last_id + 1,
    at,
    username: input.username,
    partner: input.partner,
    operation: input.operation,
    target: input.target,
    result: input.result,
    status: input.status,
    message: input.message,
    before: asStoredJson(input.before),
    after: asStoredJson(input.after),
    ip: input.ip,
  };
  const hash = recordHash(head.last_hash, fields);
  await trx
    .insertInto('operation_log')
    .values({
      ...fields,
      before: fields.before === null ? null : JSON.stringify(fields.before),
      after: fields.after === null ? null : JSON.stringify(fields.after),
      prev_hash: head.last_hash,
      hash,
    })
    .execute();
  await trx.updateTable('operation_log_head').set({ last_id: fields.id, last_hash: hash }).where('id', '=', 1).execute();
  return fields.id;
}

/** Appends one record; joins the caller's transaction when given one, else opens its own. */
export function appendOperationLog(db: Db, input: OperationRecordInput, at: Date): Promise<number> {
  if (db.isTransaction) return appendInTransaction(db, input, at);
  return db.transaction().execute((trx) => appendInTransaction(trx, input, at));
}
