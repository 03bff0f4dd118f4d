/**
 * sendlogs / sendcashlogs: the batches of one currency (page mode, newest first by default;
 * batches are few, one per send, so OFFSET paging and an exact total are fine) with the
 * streaming export, and the lines of one batch, paged by its primary key (batch_id, line_no).
 */
import { BATCH_STATUSES, issueBatch, type IssueBatch, type IssueBatchLine, type ListBatchLinesQuery } from '@console/schemas';
import type { Db } from '../../db/open';
import type { IssueCurrency } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { contains, dateRange, defineList, eqEnum, eqInt, eqText, sortBy, type ListSpec } from '../../http/list';
import { toIssueBatch, toIssueBatchLine } from './view';

/** A currency's batches, declared with the list machinery: the list and its streaming CSV export. */
export function batchList(currency: IssueCurrency, screen: string, what: string): ListSpec {
  return defineList({
    url: `/api${screen}`,
    name: `usermanager.${screen.split('/').pop()}.list`,
    screen,
    tags: ['issuing'],
    summary: `Batches of ${what}: filters id, createdBy, reason (substring), status, from/to; page, pageSize ≤ 500; sort createdAt|total|lines`,
    paging: 'page',
    from: (db: Db) => db.selectFrom('issue_batch').selectAll().where('currency', '=', currency),
    partner: null,
    id: 'id',
    filters: {
      id: eqInt('id', 1, Number.MAX_SAFE_INTEGER),
      createdBy: eqText('created_by', 64),
      reason: contains('reason', 200),
      status: eqEnum('status', BATCH_STATUSES),
      createdAt: dateRange('created_at'),
    },
    sorts: { createdAt: sortBy.time('created_at'), total: sortBy.int('total'), lines: sortBy.int('lines') },
    defaultSort: { key: 'createdAt', order: 'descend' },
    item: issueBatch,
    row: (r) => toIssueBatch(r),
  });
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
  const filtered = db
    .selectFrom('issue_batch_line')
    .where('batch_id', '=', q.batchId)
    .$if(q.uid !== undefined, (qb) => qb.where('uid', '=', q.uid!))
    .$if(q.status !== undefined, (qb) => qb.where('status', '=', q.status!));
  const [rows, count] = await Promise.all([
    filtered
      .selectAll()
      .orderBy('line_no')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toIssueBatchLine), total: Number(count.total) };
}
