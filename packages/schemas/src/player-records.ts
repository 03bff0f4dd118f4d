/**
 * /usermanager search and activity records (docs/api/usermanager.md, "Search and records"):
 * the items of search, searchsales, giftlogs, playtokplayer, coindealerlogs, banAccountlogs,
 * feedback and tipoffs, and the bodies of the feedback and tip-off actions. The query schemas
 * of the lists are generated on the server from each declaration (apps/server/src/http/list).
 */
import { z } from 'zod';
import { text } from './text';

/** What /usermanager/search looks a player up by (`key`). */
export const SEARCH_KEYS = ['uid', 'name', 'phone', 'device', 'ip', 'gcash', 'shareId'] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];

export const FEEDBACK_STATUSES = ['open', 'replied', 'closed'] as const;
export const TIPOFF_STATUSES = ['pending', 'valid', 'invalid'] as const;
export const TIPOFF_VERDICTS = ['valid', 'invalid'] as const;
export const TRANSFER_KINDS = ['player', 'coindealer'] as const;

/** search and searchsales: one player. */
export const playerSearchItem = z.object({
  uid: z.number().int(),
  name: z.string(),
  phone: z.string().describe('"+<country> <number>", empty when none is bound'),
  status: z.enum(['active', 'suspended', 'banned']),
  suspendedUntil: z.string().nullable(),
  vip: z.number().int(),
  chip: z.number().int(),
  partner: z.number().int(),
  shareId: z.string().nullable(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type PlayerSearchItem = z.infer<typeof playerSearchItem>;

/** GET /api/usermanager/searchsales/mine: the share code the list is limited to. */
export const salesScopeAnswer = z.object({
  code: z.literal(200),
  data: z.object({
    /** The account's own share code (null: it has none, so no player is its). */
    shareCode: z.string().nullable(),
    /** Admin: every player, with a share-code filter. */
    seesAll: z.boolean(),
  }),
});
export type SalesScope = z.infer<typeof salesScopeAnswer>['data'];

/** giftlogs: one gift (chips from the sender, charisma to the receiver). */
export const giftItem = z.object({
  id: z.number().int(),
  at: z.string(),
  fromUid: z.number().int(),
  toUid: z.number().int(),
  partner: z.number().int(),
  giftId: z.string(),
  chips: z.number().int(),
  charisma: z.number().int(),
});
export type GiftItem = z.infer<typeof giftItem>;

/** playtokplayer and coindealerlogs: chips from one player to another (a coin dealer's sale has a price). */
export const transferItem = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(TRANSFER_KINDS),
  fromUid: z.number().int(),
  toUid: z.number().int(),
  partner: z.number().int(),
  amount: z.number().int(),
  price: z.number().int().nullable(),
});
export type TransferItem = z.infer<typeof transferItem>;

/** banAccountlogs: a ban, lift, suspension or its lifting. */
export const feedbackItem = z.object({
  id: z.number().int(),
  at: z.string(),
  uid: z.number().int(),
  partner: z.number().int(),
  category: z.string(),
  text: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  reply: z.string(),
  handledBy: z.string(),
  handledAt: z.string().nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

export const tipoffItem = z.object({
  id: z.number().int(),
  at: z.string(),
  uid: z.number().int(),
  targetUid: z.number().int(),
  partner: z.number().int(),
  reason: z.string(),
  text: z.string(),
  status: z.enum(TIPOFF_STATUSES),
  note: z.string(),
  handledBy: z.string(),
  handledAt: z.string().nullable(),
});
export type TipoffItem = z.infer<typeof tipoffItem>;

// ---- actions ----

/** A record id in a body: a whole JSON number ≥ 1 (never a string). */
const recordId = z
  .number()
  .refine((n) => Number.isInteger(n), { message: 'Must be an integer', abort: true })
  .refine((n) => n >= 1, { message: 'Must be at least 1', abort: true })
  .refine((n) => n <= Number.MAX_SAFE_INTEGER, { message: `Must be at most ${Number.MAX_SAFE_INTEGER}` });
const nonBlank = (max: number) => text(max).regex(/\S/, { message: 'Required' });

/** Reply to a feedback (open or replied → replied): the reply is required, ≤ 500 characters. */
export const feedbackReplyBody = z.strictObject({ id: recordId, reply: nonBlank(500) });
export type FeedbackReplyBody = z.infer<typeof feedbackReplyBody>;
/** Close a feedback (open or replied → closed). */
export const feedbackCloseBody = z.strictObject({ id: recordId });
export type FeedbackCloseBody = z.infer<typeof feedbackCloseBody>;
/** Handle a tip-off (pending → valid | invalid), with an optional note ≤ 200 characters. */
export const tipoffHandleBody = z.strictObject({
  id: recordId,
  verdict: z.enum(TIPOFF_VERDICTS, { message: 'Must be valid or invalid' }),
  note: text(200).optional(),
});
export type TipoffHandleBody = z.infer<typeof tipoffHandleBody>;

export const feedbackAnswer = z.object({ code: z.literal(200), data: feedbackItem });
export const tipoffAnswer = z.object({ code: z.literal(200), data: tipoffItem });
