/** Walks the hash chain of the operation log in id order and reports the first record that does not fit. */
import type { Db } from '../../db/open';
import { recordHash } from './chain';

export type ChainVerdict = { ok: true; count: number } | { ok: false; count: number; id: number; reason: string };

const BATCH = 1000;

export async function verifyOperationLog(db: Db): Promise<ChainVerdict> {
  let prevHash = '';
  let expectedId = 1;
  let count = 0;
  for (;;) {
    const rows = await db.selectFrom('operation_log').selectAll().where('id', '>=', expectedId).orderBy('id').limit(BATCH).execute();
    for (const row of rows) {
      if (row.id !== expectedId) return { ok: false, count, id: expectedId, reason: `record ${expectedId} is missing` };
      if (row.prev_hash !== prevHash) return { ok: false, count, id: row.id, reason: 'previous hash does not match' };
      if (recordHash(prevHash, row) !== row.hash) return { ok: false, count, id: row.id, reason: 'content does not match its hash' };
      prevHash = row.hash;
      expectedId += 1;
      count += 1;
    }
    if (rows.length < BATCH) break;
  }
  const head = await db.selectFrom('operation_log_head').select(['last_id', 'last_hash']).where('id', '=', 1).executeTakeFirst();
  if (head && (head.last_id !== count || head.last_hash !== prevHash)) {
    return { ok: false, count, id: count + 1, reason: `chain head names record ${head.last_id}, the log ends at ${count}` };
  }
  return { ok: true, count };
}
