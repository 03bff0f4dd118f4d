/**
 * A player's detail and the staff actions on players (docs/api/players.md): the drawer that
 * opens from any uid, and /usermanager/banediter.
 */
import { z } from 'zod';
import { isoDateTime, queryInt, text } from './text';

const MAX_UID = 2_147_483_647;
const MAX_AMOUNT = 1_000_000_000_000;
/**
 * The catalogue screens whose roles each part takes, on the server (authorization) and on
 * the web (which buttons show): the detail and its histories take /usermanager/search's,
 * the chip actions the hidden /usermanager/playerchips', suspensions and bans banediter's.
 */
export const PLAYER_SCREENS = {
  detail: '/usermanager/search',
  chips: '/usermanager/playerchips',
  bans: '/usermanager/banediter',
} as const;

export const BAN_KINDS = ['account', 'device', 'ip'] as const;
/** What a ban_log record says happened: a ban or a suspension, or its lifting. */
export const BAN_ACTIONS = ['ban', 'unban', 'suspend', 'unsuspend'] as const;
export type BanKindName = (typeof BAN_KINDS)[number];
export const PLAYER_CURRENCIES = ['chip', 'bean', 'safe', 'bonus', 'diamond', 'charisma', 'withdrawable'] as const;

/** A JSON number that is a whole number within bounds ("Must be an integer" for 1.5, not zod's "Expected int"). */
const wholeNumber = (min: number, max: number) =>
  z
    .number()
    .refine((n) => Number.isInteger(n), { message: 'Must be an integer', abort: true })
    .refine((n) => n >= min, { message: `Must be at least ${min}`, abort: true })
    .refine((n) => n <= max, { message: `Must be at most ${max}` });

/** A player id in a body: an integer 1 … 2^31 − 1 (never a string). */
export const staffUid = wholeNumber(1, MAX_UID);
/** An amount in a body: an integer 1 … 10^12 (a string, fraction, zero or negative is refused). */
export const staffAmount = wholeNumber(1, MAX_AMOUNT);
/** §5: a required reason of at most 200 characters ("Over 200 characters"). */
export const staffReason = text(200).regex(/\S/, { message: 'Required' });
/** Optional client-made id of one submission: a retried submission is refused, never applied twice. */
export const staffRequestId = z.string().regex(/^[\w-]{8,64}$/, { message: 'Must be 8 to 64 letters, digits, _ or -' });

// ---- detail ----

export const playerRefQuery = z.strictObject({ uid: queryInt(1, MAX_UID) });

const historyCursor = z.string().regex(/^\d{0,15}$/, { message: 'Invalid cursor' });
/** Keyset pages of a player's history: newest first; `cursor` is the previous answer's nextCursor. */
export const playerHistoryQuery = z.strictObject({
  uid: queryInt(1, MAX_UID),
  cursor: historyCursor.optional(),
  pageSize: queryInt(1, 200).optional(),
});
export type PlayerHistoryQuery = z.infer<typeof playerHistoryQuery>;
export const playerLedgerQuery = playerHistoryQuery.extend({ currency: z.enum(PLAYER_CURRENCIES).optional() });
export type PlayerLedgerQuery = z.infer<typeof playerLedgerQuery>;

export const playerBalances = z.object(
  Object.fromEntries(PLAYER_CURRENCIES.map((c) => [c, z.number()])) as Record<(typeof PLAYER_CURRENCIES)[number], z.ZodNumber>,
);
export type PlayerBalances = z.infer<typeof playerBalances>;

export const playerProfile = z.object({
  uid: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  phone: z.object({ country: z.string(), number: z.string() }).nullable(),
  phoneBoundAt: z.string().nullable(),
  registerIp: z.string(),
  registerDevice: z.string(),
  registerPackage: z.string(),
  registeredAt: z.string(),
  loginIp: z.string().nullable(),
  loginDevice: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  loginCount: z.number().int(),
  shareId: z.string().nullable(),
  inviterUid: z.number().int().nullable(),
  vip: z.number().int(),
  gcash: z.string(),
  bank: z.string(),
  partner: z.number().int(),
  /** Effective status: a suspension whose date has passed reads `active`. */
  status: z.enum(['active', 'suspended', 'banned']),
  suspendedUntil: z.string().nullable(),
  statusReason: z.string(),
  netWin: z.number(),
});
export type PlayerProfile = z.infer<typeof playerProfile>;

export const banRecord = z.object({
  id: z.number().int(),
  kind: z.enum(BAN_KINDS),
  value: z.string(),
  reason: z.string(),
  bannedBy: z.string(),
  bannedAt: z.string(),
  liftedBy: z.string().nullable(),
  liftedAt: z.string().nullable(),
  active: z.boolean(),
});
export type BanRecord = z.infer<typeof banRecord>;

/** A device or address the player used, with the other accounts that used it too. */
export const sharedLink = z.object({
  value: z.string(),
  firstAt: z.string(),
  lastAt: z.string(),
  /** Other accounts (the caller may see) that used it; `sharedCount` is capped at 1001 ("1000+"). */
  sharedUids: z.array(z.number().int()),
  sharedCount: z.number().int(),
  /** The active ban of this device or address, if any. */
  banId: z.number().int().nullable(),
});
export type SharedLink = z.infer<typeof sharedLink>;

export const playerDetail = z.object({
  profile: playerProfile,
  balances: playerBalances,
  devices: z.array(sharedLink),
  ips: z.array(sharedLink),
  /** Active bans touching the player: its account, its devices, its addresses. */
  bans: z.array(banRecord),
  inviteeCount: z.number().int(),
});
export type PlayerDetail = z.infer<typeof playerDetail>;
export const playerDetailAnswer = z.object({ code: z.literal(200), data: playerDetail });

export const ledgerItem = z.object({
  id: z.number().int(),
  at: z.string(),
  currency: z.string(),
  delta: z.number(),
  balanceAfter: z.number(),
  reason: z.string(),
  ref: z.string(),
  actor: z.string(),
});
export const loginItem = z.object({ id: z.number().int(), at: z.string(), ip: z.string(), deviceId: z.string(), durationSeconds: z.number().int().nullable() });
export const inviteeItem = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  name: z.string(),
  registeredAt: z.string(),
  partner: z.number().int(),
  status: z.string(),
});
export const profileChangeItem = z.object({
  id: z.number().int(),
  at: z.string(),
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
});
/** One ban_log record: the player's ban history, and /usermanager/banAccountlogs across players. */
export const banLogItem = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(BAN_KINDS),
  value: z.string(),
  action: z.enum(BAN_ACTIONS),
  reason: z.string(),
  until: z.string().nullable(),
  operator: z.string(),
  partner: z.number().int(),
});
export type LedgerItem = z.infer<typeof ledgerItem>;
export type LoginItem = z.infer<typeof loginItem>;
export type InviteeItem = z.infer<typeof inviteeItem>;
export type ProfileChangeItem = z.infer<typeof profileChangeItem>;
export type BanLogItem = z.infer<typeof banLogItem>;

const keysetAnswer = <T extends z.ZodType>(item: T) =>
  z.object({ code: z.literal(200), data: z.object({ items: z.array(item), nextCursor: z.string().nullable() }) });
export const ledgerPageAnswer = keysetAnswer(ledgerItem);
export const loginPageAnswer = keysetAnswer(loginItem);
export const inviteePageAnswer = keysetAnswer(inviteeItem);
export const profileChangePageAnswer = keysetAnswer(profileChangeItem);
export const banLogPageAnswer = keysetAnswer(banLogItem);

// ---- staff actions ----

export const chipChangeBody = z.strictObject({ uid: staffUid, amount: staffAmount, reason: staffReason, requestId: staffRequestId.optional() });
export type ChipChangeBody = z.infer<typeof chipChangeBody>;

export const SAFE_DIRECTIONS = ['toSafe', 'toChip'] as const;
export const safeMoveBody = z.strictObject({
  uid: staffUid,
  amount: staffAmount,
  direction: z.enum(SAFE_DIRECTIONS, { message: 'Must be toSafe or toChip' }),
  reason: staffReason,
  requestId: staffRequestId.optional(),
});
export type SafeMoveBody = z.infer<typeof safeMoveBody>;

/** §5: a suspension needs its expiry ("Date must be filled in"); the server also wants it in the future. */
export const suspendBody = z
  .strictObject({
    uid: staffUid,
    until: z.string({ message: 'Date must be filled in' }).optional(),
    reason: text(200).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.until === undefined || body.until.trim() === '') ctx.addIssue({ code: 'custom', path: ['until'], message: 'Date must be filled in' });
    else if (!isoDateTime.safeParse(body.until).success)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'Must be an ISO 8601 date-time with offset' });
  });
export type SuspendBody = z.infer<typeof suspendBody>;

export const unsuspendBody = z.strictObject({ uid: staffUid, reason: text(200).optional() });
export type UnsuspendBody = z.infer<typeof unsuspendBody>;

const IPV4 = z.ipv4();
const IPV6 = z.ipv6();
/** Ban by account (value = the uid as text), device id or IP address. */
export const banBody = z
  .strictObject({
    kind: z.enum(BAN_KINDS, { message: 'Must be account, device or ip' }),
    value: text(128).regex(/\S/, { message: 'Required' }),
    reason: staffReason,
  })
  .superRefine((body, ctx) => {
    const bad = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message });
    if (body.kind === 'account' && !(/^[1-9]\d{0,9}$/.test(body.value) && Number(body.value) <= MAX_UID)) bad('Must be a player uid');
    if (body.kind === 'ip' && !IPV4.safeParse(body.value).success && !IPV6.safeParse(body.value).success) bad('Must be an IPv4 or IPv6 address');
    if (body.kind === 'device' && body.value !== body.value.trim()) bad('Must not start or end with spaces');
  });
export type BanBody = z.infer<typeof banBody>;

export const unbanBody = z.strictObject({
  id: wholeNumber(1, Number.MAX_SAFE_INTEGER),
  reason: text(200).optional(),
});
export type UnbanBody = z.infer<typeof unbanBody>;

export const chipChangeAnswer = z.object({
  code: z.literal(200),
  data: z.object({ uid: z.number().int(), balances: playerBalances, entryIds: z.array(z.number().int()) }),
});
export const playerStatusAnswer = z.object({
  code: z.literal(200),
  data: z.object({ uid: z.number().int(), status: z.string(), suspendedUntil: z.string().nullable(), changed: z.boolean() }),
});
export const banAnswer = z.object({ code: z.literal(200), data: z.object({ ban: banRecord, changed: z.boolean() }) });
