/**
 * The platform API (contract "Platform API"; docs/api/platform.md): signed calls of the game
 * platform. Amounts are integers 1..10^12 (a string, fraction, zero, negative or larger is a
 * 400), uids integers 1..2^31−1, times ISO 8601 with offset.
 */
import { z } from 'zod';
import { gameRoundData } from './games';
import { providerRoundData } from './providers';
import { gameReportedData, jackpotWonData } from './table-games';
import { isoDateTime, queryInt, requiredText, text } from './text';

const MAX_AMOUNT = 1_000_000_000_000;
const MAX_UID = 2_147_483_647;

const integer = (min: number, max: number) =>
  z
    .number({ message: 'Expected number' })
    .int({ message: 'Must be an integer' })
    .min(min, { message: `Must be at least ${min}` })
    .max(max, { message: `Must be at most ${max}` });

/** An amount in the smallest unit: an integer 1..10^12. */
export const platformAmount = integer(1, MAX_AMOUNT);
/** A player id: an integer 1..2^31−1. */
export const platformUid = integer(1, MAX_UID);

const IPV4 = z.ipv4();
const IPV6 = z.ipv6();
export const platformIp = text(45).refine((v) => IPV4.safeParse(v).success || IPV6.safeParse(v).success, { message: 'Must be an IPv4 or IPv6 address' });

/** `{country, number}`: country code (a leading + is accepted and dropped) and the national number. */
export const platformPhone = z.strictObject({
  country: z
    .string()
    .regex(/^\+?[0-9]{1,4}$/, { message: 'Must be a country code of 1 to 4 digits' })
    .transform((v) => v.replace(/^\+/, '')),
  number: z.string().regex(/^[0-9]{4,15}$/, { message: 'Must be 4 to 15 digits' }),
});

// ---------------------------------------------------------------------------------- events

export const platformEvent = z.strictObject({
  id: requiredText(64),
  type: requiredText(64),
  at: isoDateTime,
  data: z.looseObject({}),
});
export type PlatformEventInput = z.infer<typeof platformEvent>;

export const MAX_EVENTS = 1000;
export const platformEventsBody = z.strictObject({
  events: z
    .array(platformEvent)
    .min(1, { message: 'At least 1 event' })
    .max(MAX_EVENTS, { message: `At most ${MAX_EVENTS} events` }),
});

const deviceId = requiredText(128);
const playerName = requiredText(64);

/** The `data` of each event type (strict: an unknown field is a 400 of that event). */
export const PLATFORM_EVENT_DATA = {
  'player.registered': z.strictObject({
    uid: platformUid,
    name: playerName,
    ip: platformIp,
    deviceId,
    package: requiredText(128),
    partner: integer(0, MAX_UID).optional(),
    phone: platformPhone.optional(),
    shareId: requiredText(64).optional(),
    inviterUid: platformUid.optional(),
  }),
  'player.login': z.strictObject({ uid: platformUid, ip: platformIp, deviceId, durationSeconds: integer(0, 31_536_000).optional() }),
  'player.profile': z
    .strictObject({
      uid: platformUid,
      name: playerName.optional(),
      avatar: text(512).optional(),
      gcash: text(32).optional(),
      bank: text(200).optional(),
    })
    .refine((d) => d.name !== undefined || d.avatar !== undefined || d.gcash !== undefined || d.bank !== undefined, { message: 'Nothing to change' }),
  'player.phoneBound': z.strictObject({ uid: platformUid, phone: platformPhone }),
  'chips.transferred': z
    .strictObject({ fromUid: platformUid, toUid: platformUid, amount: platformAmount })
    .refine((d) => d.fromUid !== d.toUid, { message: 'Cannot transfer to oneself', path: ['toUid'] }),
  'safe.deposit': z.strictObject({ uid: platformUid, amount: platformAmount }),
  'safe.withdraw': z.strictObject({ uid: platformUid, amount: platformAmount }),
  'gift.sent': z
    .strictObject({ fromUid: platformUid, toUid: platformUid, giftId: requiredText(64), chips: platformAmount, charisma: platformAmount })
    .refine((d) => d.fromUid !== d.toUid, { message: 'Cannot send a gift to oneself', path: ['toUid'] }),
  'emote.used': z.strictObject({ uid: platformUid, emoteId: requiredText(64), chips: integer(0, MAX_AMOUNT) }),
  'feedback.submitted': z.strictObject({ uid: platformUid, category: requiredText(64), text: requiredText(2000) }),
  'tipoff.submitted': z
    .strictObject({ uid: platformUid, targetUid: platformUid, reason: requiredText(200), text: text(2000) })
    .refine((d) => d.uid !== d.targetUid, { message: 'Cannot report oneself', path: ['targetUid'] }),
  'sms.sent': z.strictObject({ phone: platformPhone, code: requiredText(16), provider: requiredText(64), purpose: requiredText(64) }),
  // added by the console (docs/api/platform.md): coin dealers' sales and badges
  'coindealer.sold': z
    .strictObject({ dealerUid: platformUid, toUid: platformUid, amount: platformAmount, price: platformAmount.optional() })
    .refine((d) => d.dealerUid !== d.toUid, { message: 'Cannot sell to oneself', path: ['toUid'] }),
  'badge.granted': z.strictObject({ uid: platformUid, badgeId: requiredText(64), name: requiredText(64) }),
  // a game round's record (games issue; docs/api/games.md): applied beside platform_events_apply (domains/games/rounds.ts)
  'game.round': gameRoundData,
  // a game provider's round (JILI and others; docs/api/providers.md): applied beside the others (domains/providers/rounds.ts)
  'provider.round': providerRoundData,
  // table games (docs/api/tablegames.md): applied after the others (domains/table-games/events.ts)
  'game.reported': gameReportedData,
  'jackpot.won': jackpotWonData,
  // the facts of callbackactivity and pwaguide (docs/api/platform.md): a recall link sent to an inactive friend, and a
  // login opened from the installed web app; applied beside the others (domains/activities/recall.ts)
  'player.recall': z
    .strictObject({ uid: platformUid, friendUid: platformUid, channel: requiredText(32).optional() })
    .refine((d) => d.uid !== d.friendUid, { message: 'Cannot recall oneself', path: ['friendUid'] }),
  'player.pwaLogin': z.strictObject({ uid: platformUid, deviceId }),
  // a sent code's delivery result (docs/api/appsettings.md): applied beside the others (domains/app-settings/sms.ts)
  'sms.result': z.strictObject({
    phone: platformPhone,
    code: requiredText(16),
    provider: requiredText(64),
    result: z.enum(['delivered', 'failed'], { message: 'Must be delivered or failed' }),
    reason: text(200).optional(),
  }),
} as const satisfies Record<string, z.ZodType>;

export type PlatformEventType = keyof typeof PLATFORM_EVENT_DATA;
export const PLATFORM_EVENT_TYPES = Object.keys(PLATFORM_EVENT_DATA) as PlatformEventType[];

export const platformEventResult = z.object({
  id: z.string(),
  status: z.enum(['applied', 'rejected', 'duplicate']),
  code: z.number().int().optional(),
  message: z.string().optional(),
});
export type PlatformEventResult = z.infer<typeof platformEventResult>;
export const platformEventsAnswer = z.object({ code: z.literal(200), data: z.object({ results: z.array(platformEventResult) }) });

// ---------------------------------------------------------------------------------- wallet

export const WALLET_CURRENCIES = ['chip', 'bean', 'bonus', 'diamond', 'withdrawable'] as const;
export type WalletCurrency = (typeof WALLET_CURRENCIES)[number];

const txId = requiredText(64);

const walletCurrency = z.enum(WALLET_CURRENCIES, { message: `Must be one of ${WALLET_CURRENCIES.join(', ')}` });

export const walletMoveBody = z.strictObject({
  txId,
  uid: platformUid,
  currency: walletCurrency,
  amount: platformAmount,
  reason: requiredText(64),
  ref: text(128).optional(),
});
export type WalletMoveBody = z.infer<typeof walletMoveBody>;

/** A leg of a settle: an integer 0..10^12 (0: no such leg). */
const settleLeg = integer(0, MAX_AMOUNT);

/**
 * A settle (contract "Fewer calls per bet"): the guarded debit of `bet`, then the credit of `win`,
 * atomically, in the round `ref` (required). `bet` and `win` are not both 0.
 */
export const walletSettleBody = z
  .strictObject({
    txId,
    uid: platformUid,
    currency: walletCurrency,
    bet: settleLeg,
    win: settleLeg,
    reason: requiredText(64),
    ref: requiredText(128),
  })
  .refine((d) => d.bet > 0 || d.win > 0, { message: 'Must be at least 1 when win is 0', path: ['bet'] });
export type WalletSettleBody = z.infer<typeof walletSettleBody>;

export const walletRollbackBody = z
  .strictObject({ txId, originalTxId: txId })
  .refine((d) => d.txId !== d.originalTxId, { message: 'A transaction cannot roll itself back', path: ['originalTxId'] });
export type WalletRollbackBody = z.infer<typeof walletRollbackBody>;

export const walletBalanceQuery = z.strictObject({ uid: queryInt(1, MAX_UID) });

/** The operations of a wallet batch: each with that call's body beside `op`. */
export const WALLET_BATCH_OPS = ['debit', 'credit', 'settle', 'rollback'] as const;
export type WalletBatchOpName = (typeof WALLET_BATCH_OPS)[number];
export const MAX_WALLET_OPS = 1000;
/** What names an op: checked op by op (a bad op is rejected on its own, with the 400 its call would answer). */
export const walletBatchOpName = z.looseObject({
  op: z.enum(WALLET_BATCH_OPS, { message: `Must be one of ${WALLET_BATCH_OPS.join(', ')}` }),
});
/**
 * `{ops: [{op, …}]}`, 1 to 1000 ops. Only the shape of the call is checked here (a body not of it
 * is a 400 for the whole call); each op is validated on its own as its single call's body.
 */
export const walletBatchBody = z.strictObject({
  ops: z
    .array(z.unknown().describe("{op, …}: op is debit, credit, settle or rollback, beside the fields of that call's body"))
    .min(1, { message: 'At least 1 op' })
    .max(MAX_WALLET_OPS, { message: `At most ${MAX_WALLET_OPS} ops` }),
});

export const walletMoveAnswer = z.object({ code: z.literal(200), data: z.object({ txId: z.string(), balance: z.number().int() }) });
export const walletRollbackAnswer = z.object({
  code: z.literal(200),
  data: z.object({
    txId: z.string(),
    originalTxId: z.string(),
    /** reversed: the original's movement was undone; voided: the original had not arrived and will be refused. */
    status: z.enum(['reversed', 'voided']),
    uid: z.number().int().nullable(),
    currency: z.enum(WALLET_CURRENCIES).nullable(),
    balance: z.number().int().nullable(),
  }),
});

/**
 * One op's outcome, in the order sent: applied; rejected with the code and message its single call
 * would answer; duplicate (its txId was seen before with the same content: the first answer again).
 * `balance`: the op's balance after it (a rollback: after the reversal; none when it voided its
 * original or was rejected). `txId` is null only for a rejected op that gave none.
 */
export const walletBatchResult = z.object({
  txId: z.string().nullable(),
  status: z.enum(['applied', 'rejected', 'duplicate']),
  code: z.number().int().optional(),
  message: z.string().optional(),
  balance: z.number().int().optional(),
});
export type WalletBatchResult = z.infer<typeof walletBatchResult>;
export const walletBatchAnswer = z.object({ code: z.literal(200), data: z.object({ results: z.array(walletBatchResult) }) });

export const walletBalances = z.object({
  chip: z.number().int(),
  bean: z.number().int(),
  safe: z.number().int(),
  bonus: z.number().int(),
  diamond: z.number().int(),
  charisma: z.number().int(),
  withdrawable: z.number().int(),
});
export const walletBalanceAnswer = z.object({ code: z.literal(200), data: z.object({ uid: z.number().int(), balances: walletBalances }) });
