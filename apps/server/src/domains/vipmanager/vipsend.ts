/**
 * /vipmanager/vipsend: batch VIP chips. A VIP batch is an issuing batch (domains/issuing:
 * the same text, checks, daily limits, worker, ledger idempotency keys and operation log)
 * whose every uid is a VIP player (player.vip ≥ 1); a `vip_batch` row marks it and records the
 * partner of the account that made it, which scopes the list. docs/api/vipmanager.md.
 */
import {
  BATCH_STATUSES,
  NOT_VIP,
  issueBatch,
  type BatchLineError,
  type BatchSendBody,
  type IssueBatch,
  type IssueBatchLine,
  type ListBatchLinesQuery,
} from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { notFound } from '../../http/api-error';
import { contains, dateRange, defineList, eqEnum, eqInt, eqText, sortBy, type ListSpec } from '../../http/list';
import { ownPartnerFilter, partnerScope, type ScopedSubject } from '../../plugins/partner-scope';
import { checkBatch, createBatch, linesRefused, type CheckedBatch, type CreateContext, type Staff } from '../issuing/batches';
import { findBatch, listBatchLines } from '../issuing/list';
import { toIssueBatch } from '../issuing/view';

export const VIPSEND_SCREEN = '/vipmanager/vipsend';

/** The uids of `uids` whose player is not a VIP (level 0). */
async function notVipUids(db: Db, uids: number[]): Promise<Set<number>> {
  if (uids.length === 0) return new Set();
  const rows = await db
    .selectFrom('player')
    .select('uid')
    .where(sql<boolean>`uid = ANY(string_to_array(${uids.join(',')}, ',')::integer[])`)
    .where('vip', '<', 1)
    .execute();
  return new Set(rows.map((r) => r.uid));
}

/** The issuing check, with a `notVip` problem on each line whose player is not a VIP (those lines leave the totals). */
export async function checkVipBatch(db: Db, user: Staff, body: BatchSendBody, now: Date): Promise<CheckedBatch> {
  const check = await checkBatch(db, user, 'chip', body, now);
  const low = await notVipUids(
    db,
    check.parsed.map((l) => l.uid),
  );
  if (low.size === 0) return check;
  const parsed = check.parsed.filter((l) => !low.has(l.uid));
  // 'notVip' is vipsend's own code; the answer's code is a string (the web app translates it)
  const refused = check.parsed
    .filter((l) => low.has(l.uid))
    .map((l) => ({ line: l.line, code: NOT_VIP.code, message: NOT_VIP.message }) as unknown as BatchLineError);
  const total = parsed.reduce((sum, l) => sum + l.amount, 0);
  return {
    ...check,
    ok: false,
    errors: [...check.errors, ...refused].sort((a, b) => a.line - b.line),
    lines: parsed.length,
    players: new Set(parsed.map((l) => l.uid)).size,
    total,
    fits: total > 0 && total <= check.allowance.remaining,
    parsed,
  };
}

/** Creates the VIP batch in the caller's audited transaction: 400 naming the lines (a non-VIP too), 409 over the allowance. */
export async function createVipBatch(ctx: CreateContext, body: BatchSendBody): Promise<IssueBatch> {
  const check = await checkVipBatch(ctx.db, ctx.user, body, ctx.now);
  if (!check.ok) throw linesRefused(check.errors);
  const batch = await createBatch(ctx, 'chip', body);
  const partner = partnerScope(ctx.user) ?? 0;
  await ctx.db.insertInto('vip_batch').values({ batch_id: batch.id, partner }).execute();
  ctx.note.after = { ...(ctx.note.after as object), kind: 'vip', partner };
  return batch;
}

/** A VIP batch the account may see (partner accounts: those made by their partner's accounts), else 404. */
export async function findVipBatch(db: Db, user: ScopedSubject, id: number): Promise<IssueBatch> {
  const row = await db.selectFrom('vip_batch').select('batch_id').where('batch_id', '=', id).where(ownPartnerFilter(user, 'partner')).executeTakeFirst();
  if (!row) throw notFound(`Batch ${id} not found`);
  return findBatch(db, 'chip', id);
}

export async function listVipBatchLines(db: Db, user: ScopedSubject, q: ListBatchLinesQuery): Promise<{ items: IssueBatchLine[]; total: number }> {
  await findVipBatch(db, user, q.batchId);
  return listBatchLines(db, 'chip', q);
}

/** The VIP batches (newest first), with the streaming export. */
export const vipBatchList: ListSpec = defineList({
  url: `/api${VIPSEND_SCREEN}/batches`,
  name: 'vipmanager.vipsend.batches',
  screen: VIPSEND_SCREEN,
  tags: ['vipmanager'],
  summary: 'VIP chip batches: filters id, createdBy, reason (substring), status, from/to; page, pageSize ≤ 500; sort createdAt|total|lines',
  paging: 'page',
  from: (db: Db) => db.selectFrom('issue_batch as b').innerJoin('vip_batch as v', 'v.batch_id', 'b.id').selectAll('b'),
  partner: 'v.partner',
  id: 'b.id',
  filters: {
    id: eqInt('b.id', 1, Number.MAX_SAFE_INTEGER),
    createdBy: eqText('b.created_by', 64),
    reason: contains('b.reason', 200),
    status: eqEnum('b.status', BATCH_STATUSES),
    createdAt: dateRange('b.created_at'),
  },
  sorts: { createdAt: sortBy.time('b.created_at'), total: sortBy.int('b.total'), lines: sortBy.int('b.lines') },
  defaultSort: { key: 'createdAt', order: 'descend' },
  item: issueBatch,
  row: (r) => toIssueBatch(r),
});
