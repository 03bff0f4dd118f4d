/**
 * Tongits and Pusoy beyond the house shape (docs/api/tablegames.md): rooms, the AI
 * seats' settings, the anti-cheat thresholds, jackpot rules, permanent cheat flags, players
 * reported in games and the jackpot pools, plus the data of two platform events the console
 * adds: `game.reported` (a player reports another in a game) and `jackpot.won` (a jackpot paid
 * out of a game's pool, through the ledger).
 *
 * Built on ./text only (./platform imports this file).
 */
import { GAME_IDS } from '@console/games/src/define';
import { z } from 'zod';
import { requiredText, text } from './text';

const integer = (min: number, max: number) =>
  z
    .number({ message: 'Expected number' })
    .int({ message: 'Must be an integer' })
    .min(min, { message: `Must be at least ${min}` })
    .max(max, { message: `Must be at most ${max}` });

const MAX_AMOUNT = 1_000_000_000_000;
const MAX_UID = 2_147_483_647;
const uid = integer(1, MAX_UID);
const amount = integer(1, MAX_AMOUNT);
const bps = integer(0, 10_000);
const game = z.enum(GAME_IDS, { message: `Must be one of ${GAME_IDS.join(', ')}` });

/** The games with table screens here, and the games whose pool the dashboards show. */
export const TABLE_GAMES = ['tongits', 'pusoy'] as const;
export type TableGame = (typeof TABLE_GAMES)[number];

// ---------------------------------------------------------------------- platform events

/** `game.reported`: a player reports another during (or right after) a game. */
export const gameReportedData = z
  .strictObject({
    uid,
    targetUid: uid,
    game,
    roundId: requiredText(64).optional(),
    table: requiredText(64).optional(),
    reason: z.enum(['cheating', 'collusion', 'bot', 'abuse', 'stalling', 'other'], { message: 'Must be cheating, collusion, bot, abuse, stalling or other' }),
    text: text(2000).default(''),
  })
  .refine((d) => d.uid !== d.targetUid, { message: 'Cannot report oneself', path: ['targetUid'] });
export type GameReportedData = z.infer<typeof gameReportedData>;
export const REPORT_REASONS = ['cheating', 'collusion', 'bot', 'abuse', 'stalling', 'other'] as const;

/** `jackpot.won`: a jackpot hit in a recorded round, paid to its winner from the game's pool. */
export const jackpotWonData = z.strictObject({ game, roundId: requiredText(64), uid, amount });
export type JackpotWonData = z.infer<typeof jackpotWonData>;

// ---------------------------------------------------------------------- configuration

const ROOM_ID = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/**
 * A room of Tongits or Pusoy as its screens and table servers read it: one of the game's
 * /platmanager room templates (decision 035), where tables of one stake open. `mode` 1v1: two
 * players head to head, the third Tongits seat an AI seat. Money in centavos; maxBalance 0 = no
 * upper bound.
 */
export const tableRoom = z.object({
  room: z.string(),
  name: z.string(),
  mode: z.enum(['table', '1v1']),
  ante: z.number(),
  minBalance: z.number(),
  maxBalance: z.number(),
  open: z.boolean(),
});
export type TableRoom = z.infer<typeof tableRoom>;

/** The AI seats of Tongits: where they may sit and how they play. */
export const aiSettings = z
  .strictObject({
    enabled: z.boolean({ message: 'Expected boolean' }),
    /** Rooms where AI seats may sit (a 1v1 room needs it for its third seat). */
    rooms: z.array(z.string().regex(ROOM_ID, { message: 'Must be a room id' })).max(100, { message: 'At most 100 rooms' }),
    /** AI seats at one table of a classic room at most (a 1v1 table has exactly one). */
    maxSeats: integer(1, 2),
    /** Seconds a classic table waits for players before an AI seat fills a seat. */
    waitSeconds: integer(0, 300),
    style: z.enum(['cautious', 'balanced', 'aggressive'], { message: 'Must be cautious, balanced or aggressive' }),
    /** 1 (plays loose) to 10 (keeps the best melds, counts cards seen on the table). */
    skill: integer(1, 10),
    /** How often an AI seat fights a called draw when its points allow it, basis points. */
    fightBps: bps,
    /** Think time per turn, seconds (within the room's turn time). */
    thinkMinSeconds: integer(1, 60),
    thinkMaxSeconds: integer(1, 60),
  })
  .superRefine((a, ctx) => {
    if (a.thinkMaxSeconds < a.thinkMinSeconds) ctx.addIssue({ code: 'custom', path: ['thinkMaxSeconds'], message: 'Must be at least thinkMinSeconds' });
    if (new Set(a.rooms).size !== a.rooms.length) ctx.addIssue({ code: 'custom', path: ['rooms'], message: 'A room is listed twice' });
  });
export type AiSettings = z.infer<typeof aiSettings>;
export const AI_DEFAULTS: AiSettings = {
  enabled: true,
  rooms: [],
  maxSeats: 1,
  waitSeconds: 20,
  style: 'balanced',
  skill: 6,
  fightBps: 5000,
  thinkMinSeconds: 2,
  thinkMaxSeconds: 8,
};

/** Thresholds of the cheat signals (docs/domain.md "Cheat signals"); the risk issue computes the signals. */
export const cheatThresholds = z.strictObject({
  sameTableWindowHours: integer(1, 720),
  sameTableMinRounds: integer(1, 100_000),
  sameTableRateBps: bps,
  sameTableIgnoreRoomsOf: integer(2, 10_000),
  fixedLossShareBps: bps,
  fixedLastRounds: integer(1, 10_000),
  chipFlowHours: integer(1, 720),
  chipFlowMinHands: integer(1, 10_000),
  chipFlowWinRateBps: bps,
  softPlayFoldBps: bps,
  softPlayMinHands: integer(1, 10_000),
  winRateBps: bps,
  winRateMinRounds: integer(1, 100_000),
  netWinMultiple: integer(1, 1_000),
  accountsPerIp: integer(2, 1_000),
  accountsPerDevice: integer(2, 1_000),
  burstRegistrations: integer(2, 1_000),
  burstMinutes: integer(1, 1_440),
  botRoundsPerDay: integer(1, 100_000),
  botShortSessionMinutes: integer(1, 1_440),
  escapeRateBps: bps,
  /** Reports against one player within 7 days that put the player in the review queue. */
  reportsToReview: integer(1, 1_000),
});
export type CheatThresholds = z.infer<typeof cheatThresholds>;
export const CHEAT_DEFAULTS: CheatThresholds = {
  sameTableWindowHours: 60,
  sameTableMinRounds: 100,
  sameTableRateBps: 3000,
  sameTableIgnoreRoomsOf: 50,
  fixedLossShareBps: 9000,
  fixedLastRounds: 30,
  chipFlowHours: 24,
  chipFlowMinHands: 5,
  chipFlowWinRateBps: 8000,
  softPlayFoldBps: 8000,
  softPlayMinHands: 20,
  winRateBps: 7500,
  winRateMinRounds: 50,
  netWinMultiple: 5,
  accountsPerIp: 3,
  accountsPerDevice: 2,
  burstRegistrations: 5,
  burstMinutes: 2,
  botRoundsPerDay: 200,
  botShortSessionMinutes: 3,
  escapeRateBps: 2000,
  reportsToReview: 3,
};

/** How a jackpot hit is paid from a game's pool (the game server applies it; the console enforces the caps). */
export const jackpotRules = z.strictObject({
  enabled: z.boolean({ message: 'Expected boolean' }),
  /** Share of the pool a hit pays, basis points (1–10000). */
  payoutBps: integer(1, 10_000),
  /** Most one hit pays, centavos (0 = no cap). */
  maxPayout: integer(0, MAX_AMOUNT),
  /** The pool pays nothing below this balance, centavos. */
  minPool: integer(0, MAX_AMOUNT),
});
export type JackpotRules = z.infer<typeof jackpotRules>;
export const JACKPOT_DEFAULTS: JackpotRules = { enabled: true, payoutBps: 5000, maxPayout: 0, minPool: 0 };

// ---------------------------------------------------------------------- staff bodies

const reasonText = requiredText(200).refine((v) => v.trim().length > 0, { message: 'Required' });
export const cheatFlagBody = z.strictObject({ uid, reason: reasonText, report: integer(1, Number.MAX_SAFE_INTEGER).optional() });
export const cheatUnflagBody = z.strictObject({ uid, reason: reasonText });

// ---------------------------------------------------------------------- staff answers

const int = () => z.number().int();

export const cheatFlagRow = z.object({
  uid: int(),
  name: z.string(),
  partner: int(),
  reason: z.string(),
  flaggedBy: z.string(),
  flaggedAt: z.string(),
  report: int().nullable(),
  reports: int().describe('reports against the player, ever'),
});
export type CheatFlagRow = z.infer<typeof cheatFlagRow>;

export const cheatFlagLogRow = z.object({
  id: int(),
  uid: int(),
  partner: int(),
  action: z.enum(['flag', 'unflag']),
  reason: z.string(),
  actor: z.string(),
  at: z.string(),
});
export type CheatFlagLogRow = z.infer<typeof cheatFlagLogRow>;

export const gameReportRow = z.object({
  id: int(),
  at: z.string(),
  uid: int(),
  name: z.string(),
  targetUid: int(),
  targetName: z.string(),
  partner: int(),
  game: z.string(),
  roundId: z.string().nullable(),
  table: z.string().nullable(),
  reason: z.string(),
  text: z.string(),
  flagged: z.boolean().describe('the reported player is flagged for good now'),
});
export type GameReportRow = z.infer<typeof gameReportRow>;

export const jackpotWinRow = z.object({
  id: int(),
  at: z.string(),
  game: z.string(),
  roundId: z.string(),
  uid: int(),
  name: z.string(),
  partner: int(),
  amount: int(),
  poolBefore: int(),
});
export type JackpotWinRow = z.infer<typeof jackpotWinRow>;

export const jackpotPool = z.object({
  game: z.string(),
  contributed: int(),
  paid: int(),
  wins: int(),
  balance: int(),
  rules: jackpotRules,
  nextPayout: int().describe('what a hit would pay now under the rules (0: nothing)'),
});
export type JackpotPool = z.infer<typeof jackpotPool>;

/** A day (or the range) of table rounds (player money in centavos). */
export const tableDayFigures = z.object({
  day: z.string(),
  rounds: int(),
  tables: int(),
  seats: int().describe('player seats'),
  turnover: int(),
  wins: int(),
  rake: int(),
  jackpot: int().describe("player seats' jackpot contributions"),
  aiRounds: int(),
  aiSeats: int(),
  aiWon: int(),
  aiBet: int(),
  aiWin: int(),
  aiNet: int().describe('what the AI seats won less what they staked'),
  aiWinRate: z.number().nullable().describe('AI seats that won / AI seats'),
  houseTake: int().describe('turnover − wins of player seats'),
});
export type TableDayFigures = z.infer<typeof tableDayFigures>;

export const tableRoomFigures = tableDayFigures.omit({ day: true }).extend({ room: z.string(), name: z.string(), mode: z.string() });
export type TableRoomFigures = z.infer<typeof tableRoomFigures>;

export const tableDashboard = z.object({
  game: z.string(),
  scope: z.enum(['1v1', 'ai']),
  totals: tableDayFigures.omit({ day: true }),
  days: z.array(tableDayFigures),
  chart: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  pool: jackpotPool,
});
export type TableDashboard = z.infer<typeof tableDashboard>;

/** A room of a table game as its rooms list shows it (/tinygames/<game>/<game>config/rooms): the template with the AI seats it may seat. */
export const tableRoomRow = z.object({
  room: z.string(),
  name: z.string(),
  mode: z.string(),
  ante: z.number(),
  minBalance: z.number(),
  maxBalance: z.number(),
  open: z.boolean(),
  aiSeats: z.number().describe('AI seats a table of this room may seat (aiconfig)'),
  playable: z.boolean().describe('open, and a 1v1 room has its AI seat'),
});
export type TableRoomRow = z.infer<typeof tableRoomRow>;
