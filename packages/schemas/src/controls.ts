/**
 * Player risk and responsible-gaming controls (docs/api/controls.md): the bodies of
 * /personalcontrol and /TPpersonalcontrol and the items their screens read. A control limits
 * what a player may stake; it never changes an outcome. Bodies strict: no extra keys, no coercion.
 */
import { z } from 'zod';
import { isoDateTime, requiredText } from './text';

/** 'house': /personalcontrol (house games); 'tp': /TPpersonalcontrol (third-party games). */
export const CONTROL_SCOPES = ['house', 'tp'] as const;
export type ControlScope = (typeof CONTROL_SCOPES)[number];
/** What a refusal names (the message and the log's `control`). */
export const CONTROL_KINDS = [
  'maxBet',
  'dayLossCap',
  'blocked',
  'coolOff',
  'platformMaxBet',
  'platformDayLossCap',
  'providerMaxBet',
  'providerClosed',
] as const;
export type ControlKind = (typeof CONTROL_KINDS)[number];
export const CONTROL_LOG_KINDS = ['set', 'clear', 'config', 'provider', 'refusal'] as const;
export type ControlLogKind = (typeof CONTROL_LOG_KINDS)[number];
/** The stable start of every refusal message of the wallet (HTTP 409): what a game server matches. */
export const CONTROL_REFUSAL = 'Refused by player control';

const MAX_AMOUNT = 1_000_000_000_000;
const whole = (min: number, max: number) =>
  z
    .number({ message: 'Must be a number' })
    .refine((n) => Number.isInteger(n), { message: 'Must be an integer', abort: true })
    .refine((n) => n >= min, { message: `Must be at least ${min}`, abort: true })
    .refine((n) => n <= max, { message: `Must be at most ${max}` });
/** An amount limit in the smallest unit; 0 = no limit. */
const limit = whole(0, MAX_AMOUNT);
export const controlUid = whole(1, 2_147_483_647);
/** A game (the bet reason's `game.bet.<game>`) or a provider application id. */
export const controlGameKey = z
  .string({ message: 'Must be a string' })
  .min(1, { message: 'Required' })
  .max(64, { message: 'Over 64 characters' })
  .regex(/^[A-Za-z0-9_.:-]+$/, { message: 'Only letters, digits, _, ., : and - are allowed' });
const blockedList = z
  .array(controlGameKey, { message: 'Must be a list' })
  .max(50, { message: 'At most 50 items' })
  .refine((l) => new Set(l).size === l.length, { message: 'Lists a game twice' });
const reason = requiredText(200);

// ---------------------------------------------------------------- configs (platform-wide, per scope)

export const controlConfigBody = z.strictObject({
  maxBet: limit.describe('one bet of any player at most (0: no cap)'),
  dayLossCap: limit.describe("a player's game loss in a GMT+08:00 day at most (0: no cap)"),
  refusalLogSeconds: whole(1, 86_400).describe("a player's refusals by one control are logged once in this many seconds"),
});
export type ControlConfig = z.infer<typeof controlConfigBody>;

// ---------------------------------------------------------------- userconfigs (one player)

export const playerControlBody = z.strictObject({
  uid: controlUid,
  maxBet: limit,
  dayLossCap: limit,
  blocked: blockedList,
  /** No bet before this moment; null: no cool-off. */
  coolOffUntil: isoDateTime.nullable(),
  cashoutReview: z.boolean({ message: 'Must be true or false' }),
  reason,
});
export type PlayerControlBody = z.infer<typeof playerControlBody>;
export const playerControlClearBody = z.strictObject({ uid: controlUid, reason });
export const playerControlFindQuery = z.strictObject({
  uid: z
    .string()
    .regex(/^\d{1,10}$/, { message: 'Must be an integer' })
    .transform(Number)
    .pipe(z.number().int().min(1, { message: 'Must be at least 1' }).max(2_147_483_647, { message: 'Must be at most 2147483647' })),
});

export const playerControlItem = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  name: z.string(),
  partner: z.number().int(),
  maxBet: z.number().int(),
  dayLossCap: z.number().int(),
  blocked: z.array(z.string()),
  coolOffUntil: z.string().nullable(),
  coolingOff: z.boolean().describe('the cool-off is in force now'),
  cashoutReview: z.boolean(),
  reason: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type PlayerControlItem = z.infer<typeof playerControlItem>;

export const playerControlLookup = z.object({
  uid: z.number().int(),
  name: z.string(),
  partner: z.number().int(),
  chip: z.number().int(),
  netWin: z.number().int(),
  control: playerControlItem.nullable(),
});
export type PlayerControlLookup = z.infer<typeof playerControlLookup>;

// ---------------------------------------------------------------- wgconfigs (providers)

export const controlAppId = z
  .string({ message: 'Must be a string' })
  .min(1, { message: 'Required' })
  .max(64, { message: 'Over 64 characters' })
  .regex(/^[A-Za-z0-9_.-]+$/, { message: 'Only letters, digits, _, - and . are allowed' });
const providerGame = z
  .string({ message: 'Must be a string' })
  .max(64, { message: 'Over 64 characters' })
  .regex(/^[A-Za-z0-9_.:-]*$/, { message: 'Only letters, digits, _, ., : and - are allowed' });
export const providerControlBody = z.strictObject({
  appId: controlAppId,
  /** '' = the provider as a whole. */
  game: providerGame,
  name: requiredText(64),
  maxBet: limit,
  closed: z.boolean({ message: 'Must be true or false' }),
});
export type ProviderControlBody = z.infer<typeof providerControlBody>;
export const providerControlRef = z.strictObject({ appId: controlAppId, game: providerGame });
export const providerControlItem = z.object({
  id: z.number().int(),
  appId: z.string(),
  game: z.string(),
  name: z.string(),
  maxBet: z.number().int(),
  closed: z.boolean(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type ProviderControlItem = z.infer<typeof providerControlItem>;

// ---------------------------------------------------------------- logs and rankings

export const controlLogItem = z.object({
  id: z.number().int(),
  at: z.string(),
  scope: z.enum(CONTROL_SCOPES),
  kind: z.enum(CONTROL_LOG_KINDS),
  uid: z.number().int().nullable(),
  partner: z.number().int(),
  appId: z.string(),
  control: z.string(),
  amount: z.number().int().nullable(),
  refusals: z.number().int().nullable().describe("the player's refusals by this control so far (this process)"),
  message: z.string(),
  actor: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type ControlLogItem = z.infer<typeof controlLogItem>;

export const controlRankingRow = z.object({
  rank: z.number().int(),
  uid: z.number().int(),
  name: z.string(),
  partner: z.number().int(),
  bets: z.number().int(),
  wins: z.number().int(),
  net: z.number().int().describe('wins − bets'),
  betCount: z.number().int(),
  controlled: z.boolean(),
});
export type ControlRankingRow = z.infer<typeof controlRankingRow>;

export const payRankRow = z.object({
  rank: z.number().int(),
  uid: z.number().int(),
  name: z.string(),
  partner: z.number().int(),
  recharge: z.number().int().describe('paid recharges (centavos)'),
  cashout: z.number().int().describe('successful cash-outs (centavos)'),
  difference: z.number().int().describe('recharge − cash-out'),
  controlled: z.boolean(),
});
export type PayRankRow = z.infer<typeof payRankRow>;
