/**
 * Request and answer schemas of messages: personal messages (broadcast) with an
 * optional attachment, service-message templates (prefabs), announcements, and the platform's
 * inbox, announcements and message events. docs/api/messages.md.
 */
import { z } from 'zod';
import { platformUid } from './platform';
import { isoDateTime, queryInt, requiredText, text } from './text';

const MAX_AMOUNT = 1_000_000_000_000;
const int = (min: number, max: number) =>
  z
    .number({ message: 'Expected number' })
    .int({ message: 'Must be an integer' })
    .min(min, { message: `Must be at least ${min}` })
    .max(max, { message: `Must be at most ${max}` });

export const MESSAGE_CURRENCIES = ['chip', 'bean', 'diamond'] as const;
export type MessageCurrency = (typeof MESSAGE_CURRENCIES)[number];
export const ANNOUNCEMENT_REPEATS = ['once', 'daily', 'login'] as const;
export const ANNOUNCEMENT_STATUSES = ['online', 'offline'] as const;
/** What an announcement is now: offline, or online and scheduled (before begin), live, or ended. */
export const ANNOUNCEMENT_PHASES = ['offline', 'scheduled', 'live', 'ended'] as const;
export const SEND_STATUSES = ['running', 'done', 'cancelled'] as const;
export const TARGET_KINDS = ['uid', 'list', 'segment'] as const;
/** Template variables (prefabs and personal messages): replaced per player when the inbox is read. */
export const MESSAGE_VARIABLES = ['{name}', '{amount}', '{date}'] as const;

/** At most this many uids in a pasted list. */
export const MAX_LIST_UIDS = 100_000;
export const TITLE_MAX = 100;
export const CONTENT_MAX = 20_000;
/** An attachment may be claimed for at most this many days. */
export const MAX_EXPIRY_DAYS = 90;

/** §5: an external link is http, https, mailto or tel. */
export const EXTERNAL_LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9()\-. ]+)$/i;
export const externalLink = text(512).refine((v) => v === '' || EXTERNAL_LINK.test(v), { message: 'Must be an http, https, mailto or tel link' });
export const pictureUrl = text(512).refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { message: 'Must be an http or https address' });

const title = requiredText(TITLE_MAX);
const content = requiredText(CONTENT_MAX);

// ------------------------------------------------------------------------------------ prefabs

export const prefabBody = z.strictObject({
  name: requiredText(64),
  titleEn: title,
  titleZh: title,
  contentEn: content,
  contentZh: content,
});
export type PrefabBody = z.infer<typeof prefabBody>;
export const prefabUpdateBody = prefabBody.extend({ id: int(1, 2_147_483_647) });
export const prefabRef = z.strictObject({ id: int(1, 2_147_483_647) });
export const prefabItem = z.object({
  id: z.number(),
  name: z.string(),
  titleEn: z.string(),
  titleZh: z.string(),
  contentEn: z.string(),
  contentZh: z.string(),
  partner: z.number(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PrefabItem = z.infer<typeof prefabItem>;

/** A preview of a template with sample values (what a player named `name` would read). */
export const prefabPreviewBody = z.strictObject({
  title: text(TITLE_MAX),
  content: text(CONTENT_MAX),
  name: text(64).optional(),
  amount: int(0, MAX_AMOUNT).optional(),
  currency: z.enum(MESSAGE_CURRENCIES).optional(),
  lang: z.enum(['en', 'zh']).optional(),
});

// ------------------------------------------------------------------------------- announcements

const announcementFields = {
  package: z
    .string({ message: 'Must be a string' })
    .min(1, { message: 'Required' })
    .max(128, { message: 'Over 128 characters' })
    .regex(/^[A-Za-z0-9_.-]+$/, { message: 'Only letters, digits, _, - and . are allowed' }),
  title,
  content,
  beginAt: isoDateTime,
  endAt: isoDateTime,
  repeatType: z.enum(ANNOUNCEMENT_REPEATS, { message: 'Must be once, daily or login' }),
  link: externalLink,
  picture: pictureUrl,
  status: z.enum(ANNOUNCEMENT_STATUSES, { message: 'Must be online or offline' }),
  sortOrder: int(0, 1_000_000),
};
const endAfterBegin = (v: { beginAt: string; endAt: string }) => Date.parse(v.endAt) > Date.parse(v.beginAt);
export const announcementBody = z.strictObject(announcementFields).refine(endAfterBegin, { message: 'Must be after beginAt', path: ['endAt'] });
export type AnnouncementBody = z.infer<typeof announcementBody>;
export const announcementUpdateBody = z
  .strictObject({ ...announcementFields, id: int(1, 2_147_483_647) })
  .refine(endAfterBegin, { message: 'Must be after beginAt', path: ['endAt'] });
/** `?id=` of one announcement (query string). */
export const announcementRef = z.strictObject({ id: queryInt(1, 2_147_483_647) });
export const announcementStatusBody = z.strictObject({
  id: int(1, 2_147_483_647),
  status: z.enum(ANNOUNCEMENT_STATUSES, { message: 'Must be online or offline' }),
});
export const announcementItem = z.object({
  id: z.number(),
  package: z.string(),
  partner: z.number(),
  title: z.string(),
  content: z.string(),
  beginAt: z.string(),
  endAt: z.string(),
  repeatType: z.enum(ANNOUNCEMENT_REPEATS),
  link: z.string(),
  picture: z.string(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  phase: z.enum(ANNOUNCEMENT_PHASES),
  sortOrder: z.number(),
  createdBy: z.string(),
  updatedAt: z.string(),
});
export type AnnouncementItem = z.infer<typeof announcementItem>;
/** What the app receives for one live announcement. */
export const platformAnnouncement = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  beginAt: z.string(),
  endAt: z.string(),
  repeatType: z.enum(ANNOUNCEMENT_REPEATS),
  link: z.string(),
  picture: z.string(),
  sortOrder: z.number(),
  updatedAt: z.string(),
});
export type PlatformAnnouncement = z.infer<typeof platformAnnouncement>;

// ---------------------------------------------------------------------------------- broadcast

export const segmentConditions = z
  .strictObject({
    vipMin: int(0, 100).optional(),
    vipMax: int(0, 100).optional(),
    partner: int(0, 2_147_483_647).optional(),
    /** Not logged in (or, never logged in, not registered) for at least this many days. */
    inactiveDays: int(1, 3650).optional(),
    /** true: players with a paid recharge; false: players without. */
    paying: z.boolean({ message: 'Must be true or false' }).optional(),
    /** Last login (or, never logged in, registration) at or after / before these instants (used by /loseuser). */
    lastLoginFrom: isoDateTime.optional(),
    lastLoginTo: isoDateTime.optional(),
  })
  .refine((s) => s.vipMin === undefined || s.vipMax === undefined || s.vipMin <= s.vipMax, { message: 'Must not be below vipMin', path: ['vipMax'] })
  .refine((s) => !s.lastLoginFrom || !s.lastLoginTo || Date.parse(s.lastLoginFrom) <= Date.parse(s.lastLoginTo), {
    message: 'Must not be before lastLoginFrom',
    path: ['lastLoginTo'],
  });
export type SegmentConditions = z.infer<typeof segmentConditions>;

/** Who a send reaches: one uid, a pasted list (uids separated by spaces, commas or lines), or a segment. */
export const sendTarget = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('uid'), uid: platformUid }),
    z.strictObject({ kind: z.literal('list'), uids: text(1_200_000).min(1, { message: 'Required' }) }),
    z.strictObject({ kind: z.literal('segment'), segment: segmentConditions }),
  ],
  { message: 'Must be uid, list or segment' },
);
export type SendTarget = z.infer<typeof sendTarget>;

export const attachment = z.strictObject({
  currency: z.enum(MESSAGE_CURRENCIES, { message: 'Must be chip, bean or diamond' }),
  amount: int(1, MAX_AMOUNT),
});

export const broadcastBody = z.strictObject({
  target: sendTarget,
  prefabId: int(1, 2_147_483_647).optional(),
  titleEn: title,
  titleZh: text(TITLE_MAX).optional(),
  contentEn: content,
  contentZh: text(CONTENT_MAX).optional(),
  attachment: attachment.optional(),
  /** Days the attachment can be claimed (and the message shown): 1..90. */
  expiresInDays: int(1, MAX_EXPIRY_DAYS),
});
export type BroadcastBody = z.infer<typeof broadcastBody>;
export const broadcastPreviewBody = z.strictObject({ target: sendTarget, attachment: attachment.optional() });
export const broadcastPreview = z.object({
  players: z.number(),
  /** Uids of a list that are not players the account may reach. */
  unknownUids: z.array(z.number()),
  /** Most the attachment can cost if every player claims it. */
  exposure: z.number(),
  sample: z.array(z.object({ uid: z.number(), name: z.string() })),
});
export type BroadcastPreview = z.infer<typeof broadcastPreview>;
/** A template's title and content as the app shows them (placeholders filled with a sample player). */
export const prefabPreview = z.object({ title: z.string(), content: z.string() });
export type PrefabPreview = z.infer<typeof prefabPreview>;
/** A broadcast taken: its id, and the players it plans to reach. */
export const broadcastSent = z.object({ id: z.number(), planned: z.number() });
export type BroadcastSent = z.infer<typeof broadcastSent>;
export const sendRef = z.strictObject({ id: int(1, 2_147_483_647) });
export const sendItem = z.object({
  id: z.number(),
  partner: z.number(),
  targetKind: z.enum(TARGET_KINDS),
  target: z.string(),
  titleEn: z.string(),
  titleZh: z.string(),
  contentEn: z.string(),
  contentZh: z.string(),
  currency: z.enum(MESSAGE_CURRENCIES).nullable(),
  amount: z.number().nullable(),
  expiresAt: z.string(),
  source: z.string(),
  status: z.enum(SEND_STATUSES),
  planned: z.number(),
  delivered: z.number(),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SendItem = z.infer<typeof sendItem>;
export const sendProgressQuery = z.strictObject({ id: queryInt(1, 2_147_483_647) });
/** One send with its job's progress and what its players did with it. */
export const sendProgress = sendItem.extend({ read: z.number(), claimed: z.number(), claimedAmount: z.number() });
export type SendProgress = z.infer<typeof sendProgress>;

// ----------------------------------------------------------------------------------- platform

export const inboxQuery = z.strictObject({
  uid: queryInt(1, 2_147_483_647),
  lang: z.enum(['en', 'zh'], { message: 'Must be en or zh' }).optional(),
  /** Messages older than this id (the previous answer's nextCursor). */
  before: queryInt(1, Number.MAX_SAFE_INTEGER).optional(),
  limit: queryInt(1, 100).optional(),
});
export const MESSAGE_STATES = ['unread', 'read', 'claimed', 'expired'] as const;
export const inboxMessage = z.object({
  messageId: z.number(),
  title: z.string(),
  content: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  attachment: z.object({ currency: z.enum(MESSAGE_CURRENCIES), amount: z.number() }).nullable(),
  readAt: z.string().nullable(),
  claimedAt: z.string().nullable(),
  state: z.enum(MESSAGE_STATES),
});
export type InboxMessage = z.infer<typeof inboxMessage>;
export const platformAnnouncementsQuery = z.strictObject({ package: announcementFields.package });

export const MESSAGE_EVENT_DATA = {
  'message.read': z.strictObject({ uid: platformUid, messageId: int(1, Number.MAX_SAFE_INTEGER) }),
  'message.claimed': z.strictObject({ uid: platformUid, messageId: int(1, Number.MAX_SAFE_INTEGER) }),
} as const;
export type MessageEventType = keyof typeof MESSAGE_EVENT_DATA;
