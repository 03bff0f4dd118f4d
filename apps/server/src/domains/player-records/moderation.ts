/**
 * /usermanager/feedback and /usermanager/tipoffs: what players wrote (shown as text, never
 * markup), keyset paged newest first by (at, id) (indexes of migration 013), and the staff
 * actions on them, each audited with before/after:
 *   feedback  open | replied → replied (reply ≤ 500), open | replied → closed; closed: 409
 *   tip-off   pending → valid | invalid (note ≤ 200); already handled: 409
 * Each change is one conditional UPDATE (… WHERE status IN allowed), so two staff acting at
 * once cannot both pass; a record the caller's partner scope does not reach is a 404.
 */
import {
  FEEDBACK_STATUSES,
  TIPOFF_STATUSES,
  feedbackItem,
  tipoffItem,
  type FeedbackCloseBody,
  type FeedbackItem,
  type FeedbackReplyBody,
  type TipoffHandleBody,
  type TipoffItem,
} from '@console/schemas';
import type { Db } from '../../db/open';
import type { RowOf } from '../../db/schema';
import type { OperationNote } from '../../http/operation';
import { conflict, notFound } from '../../http/api-error';
import { dateRange, defineList, eqEnum, eqInt, eqText, sortBy } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';

const newestFirst = { sorts: { at: sortBy.time('at') }, defaultSort: { key: 'at', order: 'descend' } } as const;

export const toFeedback = (r: RowOf<'player_feedback'>): FeedbackItem => ({
  id: r.id,
  at: isoInConsoleZone(r.at),
  uid: r.uid,
  partner: r.partner,
  category: r.category,
  text: r.text,
  status: r.status,
  reply: r.reply,
  handledBy: r.handled_by,
  handledAt: isoInConsoleZone(r.handled_at),
});

export const toTipoff = (r: RowOf<'player_tipoff'>): TipoffItem => ({
  id: r.id,
  at: isoInConsoleZone(r.at),
  uid: r.uid,
  targetUid: r.target_uid,
  partner: r.partner,
  reason: r.reason,
  text: r.text,
  status: r.status,
  note: r.note,
  handledBy: r.handled_by,
  handledAt: isoInConsoleZone(r.handled_at),
});

export const feedback = defineList({
  url: '/api/usermanager/feedback',
  name: 'usermanager.feedback',
  screen: '/usermanager/feedback',
  tags: ['player records'],
  summary: 'Player feedback, newest first: filters status, category, uid, from/to',
  paging: 'keyset',
  from: (db) => db.selectFrom('player_feedback').selectAll(),
  partner: 'partner',
  id: 'id',
  filters: { status: eqEnum('status', FEEDBACK_STATUSES), category: eqText('category'), uid: eqInt('uid', 1), at: dateRange('at') },
  ...newestFirst,
  item: feedbackItem,
  row: toFeedback,
});

export const tipoffs = defineList({
  url: '/api/usermanager/tipoffs',
  name: 'usermanager.tipoffs',
  screen: '/usermanager/tipoffs',
  tags: ['player records'],
  summary: 'Reports of players against players, newest first: filters status, uid (reporter), targetUid, from/to',
  paging: 'keyset',
  from: (db) => db.selectFrom('player_tipoff').selectAll(),
  partner: 'partner',
  id: 'id',
  filters: { status: eqEnum('status', TIPOFF_STATUSES), uid: eqInt('uid', 1), targetUid: eqInt('target_uid', 1), at: dateRange('at') },
  ...newestFirst,
  item: tipoffItem,
  row: toTipoff,
});

export interface RecordChange {
  db: Db;
  user: ScopedSubject & { username: string };
  now: Date;
  note: OperationNote;
}

async function currentFeedback(db: Db, user: ScopedSubject, id: number): Promise<FeedbackItem> {
  const row = await db.selectFrom('player_feedback').selectAll().where('id', '=', id).where(ownPartnerFilter(user, 'partner')).executeTakeFirst();
  if (!row) throw notFound(`Feedback ${id} not found`);
  return toFeedback(row);
}

/** Replies to an open or replied feedback (a later reply replaces the earlier one; the log keeps both). */
export async function replyFeedback({ db, user, now, note }: RecordChange, body: FeedbackReplyBody): Promise<FeedbackItem> {
  note.target = `feedback:${body.id}`;
  const before = await currentFeedback(db, user, body.id);
  const row = await db
    .updateTable('player_feedback')
    .set({ status: 'replied', reply: body.reply, handled_by: user.username, handled_at: now })
    .where('id', '=', body.id)
    .where('status', 'in', ['open', 'replied'])
    .where(ownPartnerFilter(user, 'partner'))
    .returningAll()
    .executeTakeFirst();
  if (!row) throw conflict(`Feedback ${body.id} is closed`);
  const after = toFeedback(row);
  note.before = { status: before.status, reply: before.reply, handledBy: before.handledBy, handledAt: before.handledAt };
  note.after = { status: after.status, reply: after.reply, handledBy: after.handledBy, handledAt: after.handledAt };
  return after;
}

/** Closes an open or replied feedback. */
export async function closeFeedback({ db, user, now, note }: RecordChange, body: FeedbackCloseBody): Promise<FeedbackItem> {
  note.target = `feedback:${body.id}`;
  const before = await currentFeedback(db, user, body.id);
  const row = await db
    .updateTable('player_feedback')
    .set({ status: 'closed', handled_by: user.username, handled_at: now })
    .where('id', '=', body.id)
    .where('status', 'in', ['open', 'replied'])
    .where(ownPartnerFilter(user, 'partner'))
    .returningAll()
    .executeTakeFirst();
  if (!row) throw conflict(`Feedback ${body.id} is already closed`);
  const after = toFeedback(row);
  note.before = { status: before.status, handledBy: before.handledBy, handledAt: before.handledAt };
  note.after = { status: after.status, handledBy: after.handledBy, handledAt: after.handledAt };
  return after;
}

/** Gives a pending tip-off its verdict. */
export async function handleTipoff({ db, user, now, note }: RecordChange, body: TipoffHandleBody): Promise<TipoffItem> {
  note.target = `tipoff:${body.id}`;
  const current = await db.selectFrom('player_tipoff').selectAll().where('id', '=', body.id).where(ownPartnerFilter(user, 'partner')).executeTakeFirst();
  if (!current) throw notFound(`Tip-off ${body.id} not found`);
  const row = await db
    .updateTable('player_tipoff')
    .set({ status: body.verdict, note: body.note ?? '', handled_by: user.username, handled_at: now })
    .where('id', '=', body.id)
    .where('status', '=', 'pending')
    .where(ownPartnerFilter(user, 'partner'))
    .returningAll()
    .executeTakeFirst();
  if (!row) throw conflict(`Tip-off ${body.id} is already handled`);
  const before = toTipoff(current);
  const after = toTipoff(row);
  note.before = { status: before.status, note: before.note, handledBy: before.handledBy, handledAt: before.handledAt };
  note.after = { status: after.status, note: after.note, handledBy: after.handledBy, handledAt: after.handledAt, targetUid: after.targetUid };
  return after;
}
