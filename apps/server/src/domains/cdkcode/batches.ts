/**
 * Redemption-code batches: the columns a batch row carries, and what staff change (a new batch
 * with its codes; a batch disabled or enabled again). docs/decisions/028-cdkcode.md.
 */
import type { CdkBatchBody } from '@console/schemas';
import type { Db } from '../../db/open';
import { generateCode } from './codes';

/** The columns of a batch that the batch list and a change of status read. */
export const batchColumns = [
  'b.id',
  'b.name',
  'b.kind',
  'b.quantity',
  'b.currency',
  'b.amount',
  'b.start_at',
  'b.end_at',
  'b.status',
  'b.redeemed',
  'b.created_by',
  'b.created_at',
  'b.updated_by',
  'b.updated_at',
] as const;

/** Inserts `count` fresh codes of a batch; a code drawn twice (anywhere, ever) is drawn again. */
async function insertCodes(trx: Db, batchId: number, count: number, maxUses: number): Promise<void> {
  let missing = count;
  for (let round = 0; missing > 0; round += 1) {
    if (round > 20) throw new Error('cdkcode: could not draw unique codes');
    const chunk = Math.min(missing, 1_000);
    const fresh = new Set<string>();
    while (fresh.size < chunk) fresh.add(generateCode());
    const inserted = await trx
      .insertInto('cdk_code')
      .values([...fresh].map((code) => ({ batch_id: batchId, code, max_uses: maxUses })))
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('id')
      .execute();
    missing -= inserted.length;
  }
}

/** A new batch created by `by` and its codes (unique: `quantity` one-use codes; universal: one code of `quantity` uses): the batch's row. */
export async function createBatch(db: Db, batch: CdkBatchBody, by: string, now: Date) {
  const row = await db
    .insertInto('cdk_batch')
    .values({
      name: batch.name,
      kind: batch.kind,
      quantity: batch.quantity,
      currency: batch.currency,
      amount: batch.amount,
      start_at: batch.startAt,
      end_at: batch.endAt,
      created_by: by,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (batch.kind === 'unique') await insertCodes(db, row.id, batch.quantity, 1);
  else await insertCodes(db, row.id, 1, batch.quantity);
  return row;
}

/** A batch, locked until the end of the transaction for a change of its status (undefined: no such batch). */
export const lockedBatch = (db: Db, id: number) =>
  db
    .selectFrom('cdk_batch as b')
    .select([...batchColumns])
    .where('b.id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/** Sets a batch's status, by `by` at `now`: the batch's row after. */
export const setBatchStatus = (db: Db, id: number, status: 'active' | 'disabled', by: string, now: Date) =>
  db.updateTable('cdk_batch').set({ status, updated_by: by, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
