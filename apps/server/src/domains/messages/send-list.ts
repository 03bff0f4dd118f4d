/**
 * /messages/broadcast: the sends (one per staff send, or per call of another feature), newest
 * first, and one send's progress with what its players did (read, claimed).
 */
import { MESSAGE_CURRENCIES, SEND_STATUSES, TARGET_KINDS, sendItem, type SendItem, type SendProgress } from '@console/schemas';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/open';
import { conflict, notFound } from '../../http/api-error';
import type { OperationNote } from '../../http/operation';
import { contains, dateRange, defineList, eqEnum, eqInt, eqText, sortBy, type ListSpec } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';
import { ownsPartner, type ScopedSubject } from '../../plugins/partner-scope';
import type { MessageSendTable } from './tables';

export const BROADCAST_SCREEN = '/messages/broadcast';

function targetText(r: Selectable<MessageSendTable>): string {
  if (r.target_kind !== 'segment') {
    const uids = r.uids ?? [];
    return uids.length <= 5 ? uids.join(', ') : `${uids.slice(0, 5).join(', ')} … (${uids.length})`;
  }
  const s = (typeof r.segment === 'string' ? JSON.parse(r.segment) : (r.segment ?? {})) as Record<string, unknown>;
  return (
    Object.entries(s)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(' ') || 'all'
  );
}

export function toSendItem(r: Selectable<MessageSendTable>): SendItem {
  return {
    id: r.id,
    partner: r.partner,
    targetKind: r.target_kind,
    target: targetText(r),
    titleEn: r.title_en,
    titleZh: r.title_zh,
    contentEn: r.content_en,
    contentZh: r.content_zh,
    currency: r.currency,
    amount: r.amount === null ? null : r.amount,
    expiresAt: isoInConsoleZone(r.expires_at),
    source: r.source,
    status: r.status,
    planned: r.planned,
    delivered: r.delivered,
    createdBy: r.created_by,
    createdAt: isoInConsoleZone(r.created_at),
    finishedAt: isoInConsoleZone(r.finished_at),
  };
}

export const sendList: ListSpec = defineList({
  url: '/api/messages/broadcast',
  name: 'messages.broadcast.list',
  screen: BROADCAST_SCREEN,
  tags: ['messages'],
  summary: 'Personal-message sends: filters id, title (substring), targetKind, status, currency, source, createdBy, from/to (sent)',
  paging: 'page',
  from: (db: Db) => db.selectFrom('message_send').selectAll(),
  partner: 'partner',
  id: 'id',
  filters: {
    id: eqInt('id', 1),
    title: contains('title_en', 100),
    targetKind: eqEnum('target_kind', TARGET_KINDS),
    status: eqEnum('status', SEND_STATUSES),
    currency: eqEnum('currency', MESSAGE_CURRENCIES),
    source: eqText('source', 32),
    createdBy: eqText('created_by', 64),
    createdAt: dateRange('created_at'),
  },
  sorts: { createdAt: sortBy.time('created_at'), planned: sortBy.int('planned'), amount: sortBy.int('amount') },
  defaultSort: { key: 'createdAt', order: 'descend' },
  item: sendItem,
  row: (r) => toSendItem(r),
});

export async function sendProgress(db: Db, user: ScopedSubject, id: number): Promise<SendProgress> {
  const row = await db.selectFrom('message_send').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !ownsPartner(user, row.partner)) throw notFound(`Send ${id} not found`);
  const counts = await db
    .selectFrom('player_message')
    .where('send_id', '=', id)
    .select((eb) => [eb.fn.count<string | number>('read_at').as('read'), eb.fn.count<string | number>('claimed_at').as('claimed')])
    .executeTakeFirstOrThrow();
  const claimed = Number(counts.claimed);
  return { ...toSendItem(row), read: Number(counts.read), claimed, claimedAmount: claimed * (row.amount ?? 0) };
}

/** Stops a running send where its job is (the row lock waits for a step in progress). */
export async function cancelSend(db: Db, user: ScopedSubject, id: number, now: Date, note: OperationNote): Promise<SendProgress> {
  const before = await sendProgress(db, user, id);
  if (before.status !== 'running') throw conflict(`Send ${id} is already ${before.status}`);
  const updated = await db
    .updateTable('message_send')
    .set({ status: 'cancelled', finished_at: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw conflict(`Send ${id} is no longer running`);
  const after = await sendProgress(db, user, id);
  note.target = `message_send:${id}`;
  note.before = { status: before.status, delivered: before.delivered, planned: before.planned };
  note.after = { status: after.status, delivered: after.delivered, planned: after.planned };
  return after;
}
