/**
 * A player's inbox as the app reads it, and the message events the app sends:
 *   message.read     {uid, messageId}: marks it read (once; a repeat changes nothing);
 *   message.claimed  {uid, messageId}: credits the attachment once through the ledger
 *                    (idempotency key `message:<id>`), in one transaction with the row that
 *                    records the claim (`claimed_at IS NULL` guard); an expired message, one
 *                    without an attachment or one already claimed is a 409.
 * Each event is applied on its own, atomically, in the order sent, and its outcome kept by
 * (application, event id): a repeated id answers `duplicate` with the first outcome.
 */
import { MESSAGE_EVENT_DATA, type InboxMessage, type MessageCurrency, type PlatformEventInput, type PlatformEventResult } from '@console/schemas';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/open';
import { ApiError, conflict, notFound } from '../../http/api-error';
import { isoInConsoleZone } from '../../http/time';
import { describeZodError } from '../../http/zod-message';
import { post } from '../ledger/ledger';
import { fillTemplate } from './render';

export const claimKey = (messageId: number) => `message:${messageId}`;
export const CLAIM_REASON = 'message.claim';

interface InboxRow {
  id: string | number;
  created_at: Date;
  read_at: Date | null;
  claimed_at: Date | null;
  name: string;
  title_en: string;
  title_zh: string;
  content_en: string;
  content_zh: string;
  currency: MessageCurrency | null;
  amount: string | number | null;
  expires_at: Date;
}

export async function readInbox(
  db: Db,
  uid: number,
  opts: { lang: 'en' | 'zh'; before?: number; limit: number; now: Date },
): Promise<{ items: InboxMessage[]; nextCursor: string | null } | null> {
  const player = await db.selectFrom('player').select(['uid', 'name']).where('uid', '=', uid).executeTakeFirst();
  if (!player) return null;
  const rows = await db
    .selectFrom('player_message as m')
    .innerJoin('message_send as s', 's.id', 'm.send_id')
    .select([
      'm.id',
      'm.created_at',
      'm.read_at',
      'm.claimed_at',
      's.title_en',
      's.title_zh',
      's.content_en',
      's.content_zh',
      's.currency',
      's.amount',
      's.expires_at',
    ])
    .where('m.uid', '=', uid)
    .$if(opts.before !== undefined, (qb) => qb.where('m.id', '<', opts.before!))
    .orderBy('m.id', 'desc')
    .limit(opts.limit + 1)
    .execute();
  const page = rows.slice(0, opts.limit);
  const items = page.map((r) => toInboxMessage({ ...r, name: player.name }, opts.lang, opts.now));
  return { items, nextCursor: rows.length > opts.limit ? String(page[page.length - 1].id) : null };
}

function toInboxMessage(r: InboxRow, lang: 'en' | 'zh', now: Date): InboxMessage {
  const attachment = r.currency && r.amount !== null ? { currency: r.currency, amount: Number(r.amount) } : null;
  const values = { name: r.name, attachment, sentAt: new Date(r.created_at), lang };
  const expired = new Date(r.expires_at).getTime() <= now.getTime();
  return {
    messageId: Number(r.id),
    title: fillTemplate(lang === 'zh' ? r.title_zh : r.title_en, values, false),
    content: fillTemplate(lang === 'zh' ? r.content_zh : r.content_en, values, true),
    sentAt: isoInConsoleZone(r.created_at),
    expiresAt: isoInConsoleZone(r.expires_at),
    attachment,
    readAt: isoInConsoleZone(r.read_at),
    claimedAt: isoInConsoleZone(r.claimed_at),
    state: r.claimed_at ? 'claimed' : expired ? 'expired' : r.read_at ? 'read' : 'unread',
  };
}

/** message.read: the first read is kept. */
async function markRead(trx: Db, uid: number, messageId: number, now: Date): Promise<void> {
  const row = await trx.selectFrom('player_message').select(['id', 'read_at']).where('id', '=', messageId).where('uid', '=', uid).executeTakeFirst();
  if (!row) throw notFound(`Message ${messageId} of player ${uid} not found`);
  if (row.read_at === null) await trx.updateTable('player_message').set({ read_at: now }).where('id', '=', messageId).where('read_at', 'is', null).execute();
}

/** message.claimed: the attachment credited once, never after it expires. */
export async function claim(trx: Db, appId: string, uid: number, messageId: number, now: Date): Promise<{ balance: number }> {
  const { rows } = await sql<{ currency: MessageCurrency; amount: string | number }>`
    UPDATE player_message m SET claimed_at = ${now}::timestamptz, read_at = coalesce(m.read_at, ${now}::timestamptz)
    FROM message_send s
    WHERE m.id = ${messageId} AND m.uid = ${uid} AND s.id = m.send_id AND m.claimed_at IS NULL
      AND s.amount IS NOT NULL AND s.expires_at > ${now}::timestamptz
    RETURNING s.currency, s.amount`.execute(trx);
  const won = rows[0];
  if (!won) {
    const why = await trx
      .selectFrom('player_message as m')
      .innerJoin('message_send as s', 's.id', 'm.send_id')
      .select(['m.claimed_at', 's.amount', 's.expires_at'])
      .where('m.id', '=', messageId)
      .where('m.uid', '=', uid)
      .executeTakeFirst();
    if (!why) throw notFound(`Message ${messageId} of player ${uid} not found`);
    if (why.claimed_at) throw conflict(`Message ${messageId} is already claimed`);
    if (why.amount === null) throw conflict(`Message ${messageId} has no attachment`);
    throw conflict(`Message ${messageId} expired`);
  }
  const posted = await post(trx, {
    uid,
    currency: won.currency,
    delta: Number(won.amount),
    reason: CLAIM_REASON,
    ref: claimKey(messageId),
    actor: `app:${appId}`,
    key: claimKey(messageId),
    at: now,
  });
  await trx.updateTable('player_message').set({ ledger_entry_id: posted.entryId }).where('id', '=', messageId).execute();
  return { balance: posted.balanceAfter };
}

function prepare(event: PlatformEventInput): { data?: { uid: number; messageId: number }; error?: ApiError } {
  const schema = Object.hasOwn(MESSAGE_EVENT_DATA, event.type) ? (MESSAGE_EVENT_DATA as Record<string, z.ZodType>)[event.type] : undefined;
  if (!schema) return { error: new ApiError(400, `type: Unknown event type ${event.type.slice(0, 64)}`) };
  const parsed = schema.safeParse(event.data);
  if (parsed.success) return { data: parsed.data as { uid: number; messageId: number } };
  const message = describeZodError(schema.safeParse(event.data, { reportInput: true }).error!, 'data');
  return { error: new ApiError(400, message.startsWith('data') ? message : `data.${message}`) };
}

/** One event, in its own transaction; its outcome kept under (application, id). */
async function applyOne(db: Db, appId: string, event: PlatformEventInput, now: Date): Promise<PlatformEventResult> {
  const prepared = prepare(event);
  return db.transaction().execute(async (trx) => {
    // the id is taken first: a concurrent event of the same id waits here, then sees it taken
    const taken = await trx
      .insertInto('message_event')
      .values({ app_id: appId, event_id: event.id, type: event.type.slice(0, 64), at: now, status: 'applied' })
      .onConflict((oc) => oc.columns(['app_id', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!taken) {
      const first = await trx
        .selectFrom('message_event')
        .select(['status', 'code', 'message'])
        .where('app_id', '=', appId)
        .where('event_id', '=', event.id)
        .executeTakeFirstOrThrow();
      const result: PlatformEventResult = { id: event.id, status: 'duplicate' };
      if (first.code !== null) result.code = first.code;
      if (first.message !== null) result.message = first.message;
      return result;
    }
    let refusal = prepared.error ?? null;
    if (!refusal) {
      await sql`SAVEPOINT message_event`.execute(trx);
      try {
        const { uid, messageId } = prepared.data!;
        if (event.type === 'message.read') await markRead(trx, uid, messageId, now);
        else await claim(trx, appId, uid, messageId, now);
        await sql`RELEASE SAVEPOINT message_event`.execute(trx);
      } catch (error) {
        await sql`ROLLBACK TO SAVEPOINT message_event`.execute(trx);
        if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
        refusal = error;
      }
    }
    if (!refusal) return { id: event.id, status: 'applied' };
    await trx
      .updateTable('message_event')
      .set({ status: 'rejected', code: refusal.statusCode, message: refusal.message })
      .where('app_id', '=', appId)
      .where('event_id', '=', event.id)
      .execute();
    return { id: event.id, status: 'rejected', code: refusal.statusCode, message: refusal.message };
  });
}

export async function applyMessageEvents(db: Db, appId: string, events: readonly PlatformEventInput[], now: Date): Promise<PlatformEventResult[]> {
  const results: PlatformEventResult[] = [];
  for (const event of events) results.push(await applyOne(db, appId, event, now));
  return results;
}
