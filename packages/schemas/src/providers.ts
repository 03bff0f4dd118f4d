/**
 * Third-party game providers (docs/api/providers.md, docs/decisions/013-providers.md).
 *
 * - `providerRoundData`: the data of the platform event `provider.round` (PLATFORM_EVENT_DATA),
 *   the record a provider (JILI and others) sends through its own platform application when a
 *   round of one of its games ends: its round id, the game, the player, what was staked and
 *   paid back, and the txIds of the wallet calls that moved that money (the console reconciles
 *   them with the ledger).
 * - the two groups of screens (jiligames: provider JILI; thirdgames: every other provider) and
 *   the answers of their staff API (/api/tinygames/<group>/…).
 *
 * Built on ./text only (not ./platform, which imports this file).
 */
import { z } from 'zod';
import { isoDateTime, requiredJsonText } from './text';

const integer = (min: number, max: number) =>
  z
    .number({ message: 'Expected number' })
    .int({ message: 'Must be an integer' })
    .min(min, { message: `Must be at least ${min}` })
    .max(max, { message: `Must be at most ${max}` });

const MAX_AMOUNT = 1_000_000_000_000;
/** A round's stake or payout: 0..10^12 (a free spin stakes 0, a lost spin wins 0). */
const money = integer(0, MAX_AMOUNT);

/** Wallet calls a round may name (a spin with free spins and a jackpot: a few). */
export const MAX_ROUND_TX_IDS = 20;
/** A round is a big win when it pays at least this many times its stake (unless the provider says). */
export const BIG_WIN_MULTIPLE = 20;

/** A provider's code: JILI, PG, JDB… (2–16 capitals or digits). */
export const PROVIDER_CODE = /^[A-Z0-9]{2,16}$/;
export const providerCode = z.string().regex(PROVIDER_CODE, { message: 'Must be 2 to 16 capital letters or digits' });

export const providerRoundData = z
  .strictObject({
    /** The provider's round id; unique per application; the `ref` of the round's wallet calls. */
    roundId: requiredJsonText(64),
    /** The provider's game code, and (optionally) its name as players see it. */
    game: requiredJsonText(64),
    gameName: requiredJsonText(128).optional(),
    uid: integer(1, 2_147_483_647),
    bet: money,
    win: money,
    /** The provider's big-win flag; absent: win ≥ BIG_WIN_MULTIPLE × bet (and bet > 0). */
    bigWin: z.boolean({ message: 'Expected boolean' }).optional(),
    /** The txIds of the wallet calls (debits and credits) of this round, sent by the same application. */
    txIds: z
      .array(requiredJsonText(64), { message: 'Expected array' })
      .max(MAX_ROUND_TX_IDS, { message: `At most ${MAX_ROUND_TX_IDS} txIds` })
      .default([]),
    startedAt: isoDateTime.optional(),
    endedAt: isoDateTime,
  })
  .refine((d) => d.startedAt === undefined || Date.parse(d.endedAt) >= Date.parse(d.startedAt), { message: 'Must not be before startedAt', path: ['endedAt'] });
export type ProviderRoundData = z.infer<typeof providerRoundData>;

/** Whether a round is a big win: the provider's flag, else its multiple. */
export const isBigWin = (d: Pick<ProviderRoundData, 'bet' | 'win' | 'bigWin'>): boolean => d.bigWin ?? (d.bet > 0 && d.win >= BIG_WIN_MULTIPLE * d.bet);

// ------------------------------------------------------------------------------ the groups

/** The provider the jiligames screens show; thirdgames shows every other one. */
export const JILI = 'JILI';
export const PROVIDER_GROUPS = ['jiligames', 'thirdgames'] as const;
export type ProviderGroup = (typeof PROVIDER_GROUPS)[number];
export const PROVIDER_SCREENS = ['datareport', 'dashboard', 'userreport', 'logs'] as const;
export type ProviderScreen = (typeof PROVIDER_SCREENS)[number];
/** thirdgames takes a provider filter; jiligames is JILI only. */
export const groupHasProviderFilter = (group: ProviderGroup): boolean => group === 'thirdgames';

// ------------------------------------------------------------------------- staff answers

const int = () => z.number().int();
const ratio = () => z.number().nullable().describe('wins / turnover; null when nothing was staked');

export const providerInfo = z.object({ code: z.string(), name: z.string(), appId: z.string() });
export type ProviderInfo = z.infer<typeof providerInfo>;

/** Figures of a day, a game or a range (centavos). */
export const providerFigures = z.object({
  rounds: int(),
  players: int().describe('distinct players'),
  turnover: int().describe('staked'),
  wins: int().describe('paid back'),
  houseTake: int().describe('turnover − wins'),
  rtp: ratio(),
  bigWins: int().describe('rounds paying ≥ 20× (or flagged by the provider)'),
});
export type ProviderFigures = z.infer<typeof providerFigures>;

export const providerDataRow = providerFigures.extend({
  key: z.string().describe('day|provider|game'),
  day: z.string(),
  provider: z.string(),
  game: z.string(),
  gameName: z.string(),
});
export type ProviderDataRow = z.infer<typeof providerDataRow>;

export const providerDashboard = z.object({
  group: z.enum(PROVIDER_GROUPS),
  provider: z.string().nullable().describe('the provider filter (thirdgames), null: all of the group'),
  totals: providerFigures,
  days: z.array(providerFigures.extend({ day: z.string() })),
  chart: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))).describe('[{day, turnover, wins, houseTake (pesos)}]'),
  games: z
    .array(providerFigures.extend({ provider: z.string(), game: z.string(), gameName: z.string() }))
    .describe('the range by game, biggest turnover first (at most 10)'),
});
export type ProviderDashboard = z.infer<typeof providerDashboard>;

export const providerPlayerRow = z.object({
  uid: int(),
  name: z.string(),
  partner: int(),
  days: int(),
  games: int().describe('distinct games played'),
  rounds: int(),
  turnover: int(),
  wins: int(),
  net: int().describe("wins − turnover (the player's result)"),
  rtp: ratio(),
  bigWins: int(),
  lastDay: z.string(),
});
export type ProviderPlayerRow = z.infer<typeof providerPlayerRow>;

export const PROVIDER_WALLET_STATES = ['matched', 'differs', 'unreported'] as const;
export const providerLogRow = z.object({
  id: int(),
  at: z.string().describe("the round's end"),
  startedAt: z.string(),
  provider: z.string(),
  game: z.string(),
  gameName: z.string(),
  roundId: z.string(),
  uid: int(),
  name: z.string(),
  partner: int(),
  bet: int(),
  win: int(),
  net: int().describe('win − bet'),
  bigWin: z.boolean(),
  appId: z.string(),
  txIds: z.array(z.string()),
  debited: int().describe("what the round's wallet txIds took (ledger entries, less rollbacks)"),
  credited: int(),
  wallet: z.enum(PROVIDER_WALLET_STATES).describe('matched: debited = bet and credited = win; differs; unreported: no txIds'),
});
export type ProviderLogRow = z.infer<typeof providerLogRow>;
