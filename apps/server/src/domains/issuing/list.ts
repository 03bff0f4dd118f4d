/**
 * sendlogs / sendcashlogs: the batches of one currency (page mode, newest first by default)
 * and the lines of one batch. Batches are few (one per send), so OFFSET paging and an exact
 * total are fine here; a batch's lines page by its primary key (batch_id, line_no).
 */
import type { IssueBatch, IssueBatchLine, ListBatchesQuery, ListBatchLinesQuery } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { IssueCurrency } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { toIssueBatch, toIssueBatchLine } from './view';

const SORT_COLUMNS = { createdAt: 'created_at', total: 'total', lines: 'lines' } as const;

export async function listBatches(db: Db, currency: IssueCurrency, q: ListBatchesQuery): Promise<{ items: IssueBatch[]; total: number }> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 20;
  const filtered = db.selectFrom('issue_batch')
    .where('currency', '=', currency)
    .$if(q.id !== undefined, (qb) => qb.where('id', '=', q.id!))
    .$if(q.createdBy !== undefined, (qb) => qb.where('created_by', '=', q.createdBy!))
    .$if(q.reason !== undefined, (qb) => qb.where(sql<boolean>`strpos(lower(reason), lower(${q.reason!})) > 0`))
    .$if(q.status !== undefined, (qb) => qb.where('status', '=', q.status!))
    .$if(q.from !== undefined, (qb) => qb.where('created_at', '>=', new Date(q.from!)))
    .$if(q.to !== undefined, (qb) => qb.where('created_at', '<=', new Date(q.to!)));
  const column = SORT_COLUMNS[q.sort ?? 'createdAt'];
  const direction = q.order === 'ascend' ? sql`asc` : sql`desc`;
  const [rows, count] = await Promise.all([
    filtered.selectAll().orderBy(sql`${sql.ref(column)} ${direction}`).orderBy('id', q.order === 'ascend' ? 'asc' : 'desc')
      .limit(pageSize).offset((page - 1) * pageSize).execute(),
    filtered.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toIssueBatch), total: Number(count.total) };
}

export async function findBatch(db: Db, currency: IssueCurrency, id: number): Promise<IssueBatch> {
  const row = await db.selectFrom('issue_batch').selectAll().where('id', '=', id).where('currency', '=', currency).executeTakeFirst();
  if (!row) throw notFound(`Batch ${id} not found`);
  return toIssueBatch(row);
}

export async function listBatchLines(db: Db, currency: IssueCurrency, q: ListBatchLinesQuery): Promise<{ items: IssueBatchLine[]; total: number }> {
  await findBatch(db, currency, q.batchId);
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 20;
  const filtered = db.selectFrom('issue_batch_line')
    .where('batch_id', '=', q.batchId)
    .$if(q.uid !== undefined, (qb) => qb.where('uid', '=', q.uid!))
    .$if(q.status !== undefined, (qb) => qb.where('status', '=', q.status!));
  const [rows, count] = await Promise.all([
    filtered.selectAll().orderBy('line_no').limit(pageSize).offset((page - 1) * pageSize).execute(),
    filtered.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toIssueBatchLine), total: Number(count.total) };
}
