/**
 * Personal messages: who a send reaches (one uid, a pasted list, a segment), the preview
 * count, and the send itself — a `message_send` row whose delivery job (jobs.ts) writes one
 * `player_message` per player, chunk by chunk, resumable from `cursor_uid`.
 *
 * `createMessageSend` is the server function other features call (e.g. /loseuser): it stores a
 * send in the caller's transaction and returns its id; after the commit, `startMessageJobs`
 * delivers it. docs/decisions/016-messages.md.
 */
import { MAX_LIST_UIDS, type BroadcastBody, type MessageCurrency, type SegmentConditions, type SendTarget } from '@console/schemas';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/open';
import { ApiError, badInput } from '../../http/api-error';
import { partnerScope, type ScopedSubject } from '../../plugins/partner-scope';
import { chargeIssue, type Issuer } from '../issuing/limits';
import { plainText, sanitizeHtml } from './sanitize';

/** The largest total an attachment may put at stake (amount × players). */
export const MAX_EXPOSURE = 1_000_000_000_000_000;
const DAY_MS = 86_400_000;

/** Who a send reaches, as stored: the uids of a list, or a segment; both within the sender's partner. */
export interface Audience {
  /** The sender's partner scope: 0 = every partner. */
  partner: number;
  uids: number[] | null;
  segment: SegmentConditions | null;
  /** Reference moment of `inactiveDays` (the send's creation). */
  at: Date;
}

/** The scope to store: the partner a partner account is bound to (-1 without one: nobody), 0 otherwise. */
export const scopeOf = (user: ScopedSubject) => partnerScope(user) ?? 0;

/** Parses a pasted list: uids separated by spaces, commas, semicolons or lines; 400 naming the first bad one. */
export function parseUidList(textList: string): number[] {
  const tokens = textList.split(/[\s,;]+/).filter((t) => t !== '');
  if (tokens.length === 0) throw badInput('target.uids', 'Required');
  const uids = new Set<number>();
  for (const token of tokens) {
    if (!/^\d{1,10}$/.test(token) || Number(token) < 1 || Number(token) > 2_147_483_647) {
      throw badInput('target.uids', `"${token.slice(0, 20)}" is not a uid`);
    }
    uids.add(Number(token));
    if (uids.size > MAX_LIST_UIDS) throw badInput('target.uids', `At most ${MAX_LIST_UIDS} uids`);
  }
  return [...uids].sort((a, b) => a - b);
}

export function audienceOf(target: SendTarget, partner: number, at: Date): Audience {
  switch (target.kind) {
    case 'uid':
      return { partner, uids: [target.uid], segment: null, at };
    case 'list':
      return { partner, uids: parseUidList(target.uids), segment: null, at };
    case 'segment':
      return { partner, uids: null, segment: target.segment, at };
  }
}

/** The conditions on `player as p` of an audience. */
export function audienceFilter(a: Audience): Expression<SqlBool> {
  const parts = [sql<SqlBool>`true`];
  if (a.partner !== 0) parts.push(sql<SqlBool>`p.partner = ${a.partner}`);
  if (a.uids) parts.push(sql<SqlBool>`p.uid = ANY(string_to_array(${a.uids.join(',')}, ',')::integer[])`);
  const s = a.segment;
  if (s) {
    if (s.vipMin !== undefined) parts.push(sql<SqlBool>`p.vip >= ${s.vipMin}`);
    if (s.vipMax !== undefined) parts.push(sql<SqlBool>`p.vip <= ${s.vipMax}`);
    if (s.partner !== undefined) parts.push(sql<SqlBool>`p.partner = ${s.partner}`);
    if (s.inactiveDays !== undefined) {
      parts.push(sql<SqlBool>`coalesce(p.last_login_at, p.registered_at) <= ${new Date(a.at.getTime() - s.inactiveDays * DAY_MS)}::timestamptz`);
    }
    if (s.lastLoginFrom !== undefined) parts.push(sql<SqlBool>`coalesce(p.last_login_at, p.registered_at) >= ${new Date(s.lastLoginFrom)}::timestamptz`);
    if (s.lastLoginTo !== undefined) parts.push(sql<SqlBool>`coalesce(p.last_login_at, p.registered_at) <= ${new Date(s.lastLoginTo)}::timestamptz`);
    if (s.paying === true) parts.push(sql<SqlBool>`EXISTS (SELECT 1 FROM recharge_first_paid f WHERE f.uid = p.uid)`);
    if (s.paying === false) parts.push(sql<SqlBool>`NOT EXISTS (SELECT 1 FROM recharge_first_paid f WHERE f.uid = p.uid)`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

/** The next `limit` players of an audience after `afterUid`, by uid. */
export async function audienceChunk(db: Db, a: Audience, afterUid: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('player as p')
    .select('p.uid')
    .where(audienceFilter(a))
    .where('p.uid', '>', afterUid)
    .orderBy('p.uid')
    .limit(limit)
    .execute();
  return rows.map((r) => r.uid);
}

export async function countAudience(db: Db, a: Audience): Promise<number> {
  const row = await db
    .selectFrom('player as p')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where(audienceFilter(a))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface Preview {
  players: number;
  unknownUids: number[];
  exposure: number;
  sample: { uid: number; name: string }[];
}

/** How many players a send would reach (and who of a list would not be reached); writes nothing. */
export async function previewAudience(db: Db, a: Audience, attachment?: { amount: number }): Promise<Preview> {
  const [players, sample] = await Promise.all([
    countAudience(db, a),
    db.selectFrom('player as p').select(['p.uid', 'p.name']).where(audienceFilter(a)).orderBy('p.uid').limit(5).execute(),
  ]);
  let unknownUids: number[] = [];
  if (a.uids) {
    const known = new Set<number>();
    for (let i = 0; i < a.uids.length; i += 10_000) {
      (await audienceChunk(db, { ...a, uids: a.uids.slice(i, i + 10_000) }, 0, 10_000)).forEach((u) => known.add(u));
    }
    unknownUids = a.uids.filter((u) => !known.has(u)).slice(0, 100);
  }
  return { players, unknownUids, exposure: attachment ? attachment.amount * players : 0, sample };
}

export interface MessageTexts {
  titleEn: string;
  titleZh: string;
  contentEn: string;
  contentZh: string;
}

/** The texts as stored: titles plain, contents through the allow list; zh falls back to en. 400 when cleaning leaves nothing. */
export function cleanTexts(body: { titleEn: string; titleZh?: string; contentEn: string; contentZh?: string }): MessageTexts {
  const titleEn = plainText(body.titleEn);
  const titleZh = body.titleZh ? plainText(body.titleZh) : titleEn;
  const contentEn = sanitizeHtml(body.contentEn);
  const contentZh = body.contentZh ? sanitizeHtml(body.contentZh) : contentEn;
  if (!titleEn) throw badInput('titleEn', 'Nothing left after removing markup');
  if (!titleZh) throw badInput('titleZh', 'Nothing left after removing markup');
  if (!contentEn.trim()) throw badInput('contentEn', 'Nothing left after removing markup');
  if (!contentZh.trim()) throw badInput('contentZh', 'Nothing left after removing markup');
  if (contentEn.length > 20_000 || contentZh.length > 20_000) throw badInput('contentEn', 'Over 20000 characters once cleaned');
  return { titleEn: titleEn.slice(0, 100), titleZh: titleZh.slice(0, 100), contentEn, contentZh };
}

export interface NewMessageSend {
  audience: Audience;
  texts: MessageTexts;
  attachment: { currency: MessageCurrency; amount: number } | null;
  expiresInDays: number;
  /** 'broadcast' for the screen; another feature names itself ('loseuser'). */
  source: string;
  /** The staff account sending: chips attached are counted against its daily issue limit. */
  issuer: Issuer;
  prefabId?: number | null;
  /** How many it reaches, when the caller already counted; counted here otherwise. */
  planned?: number;
}

export interface CreatedSend {
  id: number;
  planned: number;
  expiresAt: Date;
}

/**
 * Stores a send in the caller's transaction (required). An attachment of chips counts
 * amount × players against the issuer's daily chip limit (409 when it does not fit), as any
 * staff chip issuing does. 400 when it reaches nobody. The delivery starts with
 * `startMessageJobs` once the transaction has committed.
 */
export async function createMessageSend(trx: Db, input: NewMessageSend, now: Date): Promise<CreatedSend> {
  if (!trx.isTransaction) throw new Error('createMessageSend needs a transaction');
  const planned = input.planned ?? (await countAudience(trx, input.audience));
  if (planned === 0) throw badInput('target', 'Reaches no player');
  const a = input.attachment;
  if (a) {
    const exposure = a.amount * planned;
    if (!Number.isSafeInteger(exposure) || exposure > MAX_EXPOSURE) throw badInput('attachment.amount', 'Too large for this many players');
    if (a.currency === 'chip') await chargeIssue(trx, input.issuer, 'chip', exposure, now);
  }
  const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
  const row = await trx
    .insertInto('message_send')
    .values({
      partner: input.audience.partner,
      target_kind: input.audience.segment ? 'segment' : input.audience.uids!.length === 1 ? 'uid' : 'list',
      uids: input.audience.uids,
      segment: input.audience.segment ? JSON.stringify(input.audience.segment) : null,
      prefab_id: input.prefabId ?? null,
      title_en: input.texts.titleEn,
      title_zh: input.texts.titleZh,
      content_en: input.texts.contentEn,
      content_zh: input.texts.contentZh,
      currency: a?.currency ?? null,
      amount: a?.amount ?? null,
      expires_at: expiresAt,
      source: input.source,
      planned,
      created_by: input.issuer.username,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, planned, expiresAt };
}

/** The send of the broadcast screen, from its body. */
export async function createBroadcast(trx: Db, user: Issuer & ScopedSubject, body: BroadcastBody, now: Date): Promise<CreatedSend> {
  if (body.prefabId !== undefined) {
    const prefab = await trx.selectFrom('message_prefab').select(['id', 'partner']).where('id', '=', body.prefabId).executeTakeFirst();
    const scope = partnerScope(user);
    if (!prefab || (scope !== null && prefab.partner !== scope)) throw new ApiError(404, `Prefab ${body.prefabId} not found`);
  }
  return createMessageSend(
    trx,
    {
      audience: audienceOf(body.target, scopeOf(user), now),
      texts: cleanTexts(body),
      attachment: body.attachment ?? null,
      expiresInDays: body.expiresInDays,
      source: 'broadcast',
      issuer: user,
      prefabId: body.prefabId ?? null,
    },
    now,
  );
}
