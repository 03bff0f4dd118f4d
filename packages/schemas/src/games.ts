/**
 * Game rounds and bets (docs/api/games.md, docs/api/platform.md "game.round").
 *
 * - `gameRoundData`: the data of the platform event `game.round` (PLATFORM_EVENT_DATA), the
 *   record a game server sends when a round ends: game, round id, server, table, the settings
 *   version it played with, the committed seed hash and the revealed seed, the game's own bets
 *   and result (checked by @console/games verifyRound on arrival), and one seat row per payout
 *   (house games: per bet, in bet order; table games: per seat) with the player's uid, what it
 *   staked and was paid back, the fee and jackpot contribution, and the bot flag.
 * - the answers of the staff API of the six house-game screens (/api/tinygames/<game>/…).
 *
 * Built on ./text only (not ./platform, which imports this file).
 */
import { GAME_IDS } from '@console/games/src/define';
import { z } from 'zod';
import { isoDateTime, requiredJsonText, wellFormed } from './text';

const integer = (min: number, max: number) =>
  z
    .number({ message: 'Expected number' })
    .int({ message: 'Must be an integer' })
    .min(min, { message: `Must be at least ${min}` })
    .max(max, { message: `Must be at most ${max}` });

const MAX_AMOUNT = 1_000_000_000_000;
/** Money of a seat: 0..10^12 (a lost bet wins 0; most seats pay no fee). */
const money = integer(0, MAX_AMOUNT);
const HEX64 = /^[0-9a-f]{64}$/;

/** Any JSON value PostgreSQL's jsonb can hold (no U+0000 anywhere in it). */
const storableJson = z
  .json()
  // JSON null is "nothing reported": the round's bets and result are required (and NOT NULL in game_round)
  .refine((v) => v !== null, { message: 'Required (not null)' })
  .refine((v) => !/\\u0000/.test(JSON.stringify(v)), { message: 'Contains a NUL character' })
  .refine(wellFormed, { message: 'Contains an invalid character' });
/** A round's text field: it is also kept inside the event's jsonb, which refuses a lone surrogate. */
const roundText = requiredJsonText;
const roundGame = z.enum(GAME_IDS, { message: `Must be one of ${GAME_IDS.join(', ')}` });

/** Most seat rows a round may carry (a colour-game table with many bets). */
export const MAX_ROUND_SEATS = 500;

export const gameRoundSeat = z
  .strictObject({
    /** The game's seat label, as in the game's bets (`p1`, a player reference). */
    seat: z.string().regex(/^[\w:.-]{1,40}$/, { message: 'Must be 1 to 40 letters, digits, _ : . or -' }),
    /** The player; absent only for a bot seat. */
    uid: integer(1, 2_147_483_647).optional(),
    bot: z.boolean({ message: 'Expected boolean' }).default(false),
    bet: money,
    win: money,
    fee: money.default(0),
    jackpot: money.default(0),
  })
  .refine((s) => s.bot || s.uid !== undefined, { message: 'Required unless the seat is a bot', path: ['uid'] });
export type GameRoundSeat = z.infer<typeof gameRoundSeat>;

export const gameRoundData = z
  .strictObject({
    game: roundGame,
    /** Unique per application and game server fleet; the `ref` of the round's wallet calls. */
    roundId: roundText(64),
    server: roundText(64),
    table: roundText(64),
    /** The settings version played with: a version of /tinygames/<game>/configs, or 0 for the game's defaults. */
    configVersion: integer(0, Number.MAX_SAFE_INTEGER),
    seedHash: z.string().regex(HEX64, { message: 'Must be 64 lowercase hex characters' }),
    seed: z.string().regex(HEX64, { message: 'Must be 64 lowercase hex characters' }),
    /** The game's bets (its `bets` schema in @console/games); checked by the verification, not here. */
    bets: storableJson,
    /** The game's result as the server reports it; compared with the seed's. */
    result: storableJson,
    seats: z
      .array(gameRoundSeat)
      .min(1, { message: 'At least 1 seat' })
      .max(MAX_ROUND_SEATS, { message: `At most ${MAX_ROUND_SEATS} seats` }),
    startedAt: isoDateTime,
    endedAt: isoDateTime,
  })
  .refine((d) => Date.parse(d.endedAt) >= Date.parse(d.startedAt), { message: 'Must not be before startedAt', path: ['endedAt'] });
export type GameRoundData = z.infer<typeof gameRoundData>;

// ------------------------------------------------------------------------- staff answers

const int = () => z.number().int();
const ratio = () => z.number().nullable().describe('0..1; null when nothing was bet');

/** A game's figures for a day or a range (money in centavos = chips). */
export const gameFigures = z.object({
  rounds: int(),
  bets: int().describe('number of bets (seat rows of players)'),
  players: int().nullable().describe('distinct players (over a range: null when not counted)'),
  turnover: int().describe('total staked'),
  wins: int().describe('total paid back'),
  fees: int(),
  jackpot: int(),
  houseTake: int().describe('turnover − wins (fees and jackpot contributions are part of it for table games)'),
  rtp: ratio().describe('wins / turnover'),
  flagged: int().describe('rounds whose verification failed'),
});
export type GameFigures = z.infer<typeof gameFigures>;
export const gameDashboard = z.object({
  game: z.string(),
  kind: z.enum(['house', 'table']),
  totals: gameFigures,
  days: z.array(gameFigures.extend({ day: z.string() })),
  /** The configured RTP now (reference bet) and where the range's actual RTP should fall. */
  configured: z.object({
    version: int(),
    rtp: z.number().nullable(),
    reference: z.string(),
    band: z
      .object({ low: z.number(), high: z.number() })
      .nullable()
      .describe("±4 standard errors for the range's bets; null when the game has no RTP figure or no bets"),
    inBand: z.boolean().nullable(),
  }),
  chart: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))).describe('[{day, turnover, wins, houseTake (pesos), rtp (%)}]'),
});
export type GameDashboard = z.infer<typeof gameDashboard>;

export const gamePlayerRow = z.object({
  uid: int(),
  name: z.string(),
  partner: int(),
  days: int().describe('days played in the range'),
  rounds: int(),
  turnover: int(),
  wins: int(),
  fees: int(),
  net: int().describe("wins − turnover (the player's result)"),
  rtp: ratio(),
  lastDay: z.string(),
});
export type GamePlayerRow = z.infer<typeof gamePlayerRow>;

export const gameRankingRow = gamePlayerRow.extend({ rank: int(), side: z.enum(['winners', 'losers']) });
export type GameRankingRow = z.infer<typeof gameRankingRow>;

export const gameBetRow = z.object({
  id: int(),
  roundId: z.string(),
  round: int().describe("the round's row id (gamerounds/detail)"),
  at: z.string(),
  uid: z.number().int().nullable(),
  name: z.string().nullable(),
  partner: int(),
  seat: z.string(),
  bot: z.boolean(),
  bet: int(),
  win: int(),
  fee: int(),
  jackpot: int(),
  net: int(),
  server: z.string(),
  table: z.string(),
  verified: z.boolean(),
});
export type GameBetRow = z.infer<typeof gameBetRow>;

export const gameRoundRow = z.object({
  id: int(),
  roundId: z.string(),
  server: z.string(),
  table: z.string(),
  configVersion: int(),
  startedAt: z.string(),
  endedAt: z.string(),
  seats: int(),
  players: int(),
  bet: int(),
  win: int(),
  fee: int(),
  jackpot: int(),
  houseTake: int(),
  seedHash: z.string(),
  seed: z.string(),
  verified: z.boolean(),
  why: z.string().describe('the first difference in words; empty when verified'),
});
export type GameRoundRow = z.infer<typeof gameRoundRow>;

export const gameRoundDetail = gameRoundRow.extend({
  game: z.string(),
  appId: z.string(),
  settings: z.unknown().describe('the settings of configVersion'),
  bets: z.unknown(),
  result: z.unknown(),
  differences: z.array(z.record(z.string(), z.unknown())).describe('verifyRound differences (kind, expected, reported…)'),
  expected: z.object({ result: z.unknown(), payouts: z.unknown() }).nullable().describe('what the seed gives; null when it could not be computed'),
  seatRows: z.array(z.object({ seat: z.string(), uid: z.number().int().nullable(), bot: z.boolean(), bet: int(), win: int(), fee: int(), jackpot: int() })),
});
export type GameRoundDetail = z.infer<typeof gameRoundDetail>;

/** A settings field as the config screen draws it: its JSON schema (type, minimum, maximum, enum, prefixItems/items, default). */
export const gameSettingField = z.object({
  key: z.string(),
  label: z.object({ en: z.string(), zh: z.string() }),
  schema: z.record(z.string(), z.unknown()).describe('JSON schema of the field, bounds included'),
  default: z.unknown(),
});
export const gameConfigAnswer = z.object({
  game: z.string(),
  name: z.object({ en: z.string(), zh: z.string() }),
  kind: z.enum(['house', 'table']),
  rules: z.string(),
  version: int().describe('0: never saved, the defaults apply'),
  settings: z.record(z.string(), z.unknown()),
  defaults: z.record(z.string(), z.unknown()),
  fields: z.array(gameSettingField),
  rtp: z.object({
    rtp: z.number().nullable(),
    sd: z.number().nullable(),
    reference: z.string(),
    byBet: z.record(z.string(), z.number()).optional(),
    exact: z.boolean(),
  }),
});
export type GameConfigAnswer = z.infer<typeof gameConfigAnswer>;
/** POST …/configs/update: the whole settings document (validated by the game's schema: a 400 names the field). */
export const gameConfigUpdateBody = z.strictObject({ settings: z.record(z.string(), z.unknown()) });
