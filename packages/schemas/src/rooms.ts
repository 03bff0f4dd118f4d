/**
 * Platform management of rooms (/platmanager and /partnermanager/gamestoreV1;
 * docs/api/rooms.md, docs/decisions/020-rooms.md): room templates per table game, the tables
 * made from them (each keeps the template version it was made from), quick-match tiers by
 * balance, the mini-games' quick bet settings, and each partner's game store.
 *
 * Money is in centavos (₱1 = 100), rates in basis points (500 = 5%). Built on ./text only.
 */
import { GAME_IDS } from '@console/games/src/define';
import { z } from 'zod';
import { queryInt, requiredText, wellFormed } from './text';

const integer = (min: number, max: number) =>
  z
    .number({ message: 'Expected number' })
    .int({ message: 'Must be an integer' })
    .min(min, { message: `Must be at least ${min}` })
    .max(max, { message: `Must be at most ${max}` });

const MAX_AMOUNT = 1_000_000_000_000;
const amount = integer(1, MAX_AMOUNT);
const balance = integer(0, MAX_AMOUNT);
const bool = z.boolean({ message: 'Expected boolean' });
const name = requiredText(64).refine(wellFormed, { message: 'Contains an invalid character' });
const ID = /^[a-z0-9][a-z0-9_-]{0,31}$/;
const ID_MESSAGE = 'Must be 1 to 32 lowercase letters, digits, _ or - (starting with a letter or digit)';
export const roomId = z.string({ message: 'Expected string' }).regex(ID, { message: ID_MESSAGE });

/** The games rooms are made for, and the seats a table of each may have (packages/games: the rules of each game). */
export const ROOM_GAME_SEATS = {
  tongits: { min: 3, max: 3 },
  pusoy: { min: 2, max: 4 },
  hightexas: { min: 2, max: 9 },
  mines1v1: { min: 2, max: 2 },
  lucky9: { min: 1, max: 9 },
} as const;
export const ROOM_GAMES = Object.keys(ROOM_GAME_SEATS) as (keyof typeof ROOM_GAME_SEATS)[];
export type RoomGame = keyof typeof ROOM_GAME_SEATS;
const roomGame = z.enum(ROOM_GAMES as [RoomGame, ...RoomGame[]], { message: `Must be one of ${ROOM_GAMES.join(', ')}` });
const anyGame = z.enum(GAME_IDS, { message: `Must be one of ${GAME_IDS.join(', ')}` });

/** A room's mode: `table` (a full table) or, for Tongits, `1v1` (two players and an AI seat). */
export const ROOM_MODES = ['table', '1v1'] as const;
export type RoomMode = (typeof ROOM_MODES)[number];

/** The rake a template takes by default (docs/domain.md: ≈ 5%). */
export const DEFAULT_RAKE_BPS = 500;
/** A partner's share of its players' rake in a new game-store entry (docs/domain.md: e.g. 60%). */
export const DEFAULT_REVENUE_SHARE_BPS = 6_000;

// ---------------------------------------------------------------------- room templates

/**
 * A room template: what every table made from it plays with. §5: ante > 0, min ≤ max balance,
 * AI seats < seats; the balance to enter covers at least one ante.
 */
export const roomTemplate = z
  .strictObject({
    id: roomId,
    game: roomGame,
    name,
    /** Ante every seat pays per hand, centavos. */
    ante: amount,
    /** Balance a player needs to sit, centavos. */
    minBalance: balance,
    /** Balance above which a player may not sit (0 = no upper bound), centavos. */
    maxBalance: balance,
    /** The house's rake of each pot, basis points (≈ 500). */
    rakeBps: integer(0, 2_000),
    /** Rake cap per hand, centavos (0 = no cap). */
    rakeCap: balance,
    seats: integer(1, 9),
    /** Seats AI players may fill (always fewer than the seats: a table needs a person). */
    aiSeats: integer(0, 8),
    /** Seconds per turn. */
    turnSeconds: integer(5, 120),
    /** A closed template makes no new tables; tables made from it keep playing until closed. */
    open: bool,
    /**
     * Tongits only: `1v1` rooms seat two players and an AI seat (decision 012); every other room is
     * `table`. A template saved before rooms had a mode is a `table` room.
     */
    mode: z.enum(ROOM_MODES, { message: 'Must be table or 1v1' }).default('table'),
  })
  .superRefine((t, ctx) => {
    if (t.mode === '1v1' && t.game !== 'tongits')
      ctx.addIssue({ code: 'custom', path: ['mode'], message: '1v1 rooms are Tongits rooms (two players and an AI seat)' });
    if (t.mode === '1v1' && t.aiSeats !== 1)
      ctx.addIssue({ code: 'custom', path: ['aiSeats'], message: 'A 1v1 room has exactly one AI seat (its third seat)' });
    const seats = ROOM_GAME_SEATS[t.game];
    if (seats && (t.seats < seats.min || t.seats > seats.max)) {
      ctx.addIssue({
        code: 'custom',
        path: ['seats'],
        message: seats.min === seats.max ? `${t.game} plays with ${seats.min} seats` : `${t.game} plays with ${seats.min} to ${seats.max} seats`,
      });
    }
    if (t.aiSeats >= t.seats) ctx.addIssue({ code: 'custom', path: ['aiSeats'], message: 'Must be fewer than the seats' });
    if (t.minBalance < t.ante) ctx.addIssue({ code: 'custom', path: ['minBalance'], message: 'Must be at least the ante' });
    if (t.maxBalance !== 0 && t.maxBalance < t.minBalance)
      ctx.addIssue({ code: 'custom', path: ['maxBalance'], message: 'Must be 0 (no limit) or at least minBalance' });
  });
export type RoomTemplate = z.infer<typeof roomTemplate>;
export const roomTemplateRef = z.strictObject({ id: roomId });

/** A template as listed: with its current version and how many open tables it has (and how many play an older version). */
export const roomTemplateRow = z.object({
  id: z.string(),
  game: z.string(),
  name: z.string(),
  ante: z.number(),
  minBalance: z.number(),
  maxBalance: z.number(),
  rakeBps: z.number(),
  rakeCap: z.number(),
  seats: z.number(),
  aiSeats: z.number(),
  turnSeconds: z.number(),
  open: z.boolean(),
  mode: z.enum(ROOM_MODES),
  version: z.number().describe('config_version id of the template in force'),
  tables: z.number().describe('open tables made from it'),
  olderTables: z.number().describe('open tables still on an older version'),
});

// ---------------------------------------------------------------------- tables

/** Opens `count` tables of a template (or of a quick-match tier), each a snapshot of the template as it is now. */
export const openTablesBody = z.strictObject({ template: roomId, count: integer(1, 20) });
export const openQuickTablesBody = z.strictObject({ tier: roomId, count: integer(1, 20) });
export const tableRef = z.strictObject({ id: integer(1, 2_147_483_647) });
export const TABLE_STATUSES = ['open', 'closed'] as const;

export const roomTableRow = z.object({
  id: z.number(),
  code: z.string().describe('the table id game servers report in rounds (<template>:<n>)'),
  game: z.string(),
  template: z.string(),
  tier: z.string().nullable(),
  templateVersion: z.number(),
  current: z.boolean().describe('made from the template version in force'),
  name: z.string(),
  ante: z.number(),
  minBalance: z.number(),
  maxBalance: z.number(),
  rakeBps: z.number(),
  seats: z.number(),
  aiSeats: z.number(),
  status: z.enum(TABLE_STATUSES),
  openedBy: z.string(),
  openedAt: z.string(),
  closedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  players: z.number().nullable().describe("players at the table's last reported round (null: no round yet)"),
  lastRoundAt: z.string().nullable(),
  rounds: z.number().describe('rounds the table has reported'),
});
export type RoomTableRow = z.infer<typeof roomTableRow>;

// ---------------------------------------------------------------------- quick match

/**
 * A quick-match tier: a player whose balance lies in [minBalance, maxBalance] (maxBalance 0: no
 * upper bound) is seated at a table of `template`. The tiers of one game never overlap.
 */
export const quickTier = z
  .strictObject({
    id: roomId,
    game: roomGame,
    name,
    minBalance: balance,
    maxBalance: balance,
    template: roomId,
    open: bool,
  })
  .superRefine((t, ctx) => {
    if (t.maxBalance !== 0 && t.maxBalance < t.minBalance)
      ctx.addIssue({ code: 'custom', path: ['maxBalance'], message: 'Must be 0 (no limit) or at least minBalance' });
  });
export type QuickTier = z.infer<typeof quickTier>;
export const quickTierRef = z.strictObject({ id: roomId });

export const quickMatchQuery = z
  .strictObject({
    game: roomGame,
    balance: queryInt(0, MAX_AMOUNT).optional(),
    uid: queryInt(1, 2_147_483_647).optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.balance === undefined) === (q.uid === undefined)) ctx.addIssue({ code: 'custom', path: ['balance'], message: 'Give balance or uid (one of them)' });
  });

// ---------------------------------------------------------------------- mini-game quick templates

/** A house game's quick bet settings: limits within the game's settings, the betting countdown and the chips offered. */
export const tinyQuickTemplate = z
  .strictObject({
    game: anyGame,
    minBet: amount,
    maxBet: amount,
    countdownSeconds: integer(3, 120),
    chips: z.array(amount, { message: 'Expected array' }).min(1, { message: 'At least one chip' }).max(8, { message: 'At most 8 chips' }),
    open: bool,
  })
  .superRefine((t, ctx) => {
    if (t.maxBet < t.minBet) ctx.addIssue({ code: 'custom', path: ['maxBet'], message: 'Must be at least minBet' });
    t.chips.forEach((c, i) => {
      if (i > 0 && c <= t.chips[i - 1]) ctx.addIssue({ code: 'custom', path: ['chips', i], message: 'Chips must rise' });
      else if (c < t.minBet || c > t.maxBet) ctx.addIssue({ code: 'custom', path: ['chips', i], message: 'Must be within minBet and maxBet' });
    });
  });
export type TinyQuickTemplate = z.infer<typeof tinyQuickTemplate>;
export const tinyQuickRef = z.strictObject({ game: anyGame });

// ---------------------------------------------------------------------- partner game store

/** One game a partner offers: shown or not, its place in the lobby, its quick-match tiers and the partner's share of its rake. */
export const gameStoreEntry = z
  .strictObject({
    partner: integer(1, 2_147_483_647),
    game: anyGame,
    enabled: bool,
    order: integer(1, 999),
    tiers: z.array(roomId, { message: 'Expected array' }).max(20, { message: 'At most 20 tiers' }),
    /** The partner's share of the game's rake, basis points; set by the platform only. */
    revenueShareBps: integer(0, 10_000),
  })
  .superRefine((e, ctx) => {
    if (new Set(e.tiers).size !== e.tiers.length) ctx.addIssue({ code: 'custom', path: ['tiers'], message: 'A tier is listed twice' });
  });
export type GameStoreEntry = z.infer<typeof gameStoreEntry>;
export const gameStoreRef = z.strictObject({ partner: integer(1, 2_147_483_647), game: anyGame });

// ---------------------------------------------------------------------- partner reports

export const partnerGameSumRow = z.object({
  key: z.string(),
  partner: z.number(),
  partnerName: z.string(),
  game: z.string(),
  rounds: z.number(),
  bets: z.number(),
  players: z.number(),
  turnover: z.number(),
  wins: z.number(),
  rake: z.number().describe('fees and rake the house kept (game_day.fees)'),
  houseTake: z.number().describe('turnover − wins'),
  revenue: z.number().describe('what the share is of: the rake of a table game, the house take (GGR, may be negative) of a house game'),
  partnerShare: z.number().describe("revenue × the partner's revenue share in its game store (0 when the game is not in its store)"),
});
export type PartnerGameSumRow = z.infer<typeof partnerGameSumRow>;

export const partnerGameLogRow = z.object({
  id: z.number(),
  roundId: z.string(),
  game: z.string(),
  partner: z.number(),
  server: z.string(),
  table: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  seats: z.number(),
  players: z.number(),
  bet: z.number(),
  win: z.number(),
  fee: z.number(),
  jackpot: z.number(),
  verified: z.boolean(),
});

// ---------------------------------------------------------------------- platform call

export const platformRoomsQuery = z.strictObject({ game: roomGame, partner: queryInt(0, 2_147_483_647).optional() });
export const platformTinyQuickQuery = z.strictObject({ game: anyGame.optional() });
export type PartnerGameLogRow = z.infer<typeof partnerGameLogRow>;

export type RoomTemplateRow = z.infer<typeof roomTemplateRow>;

/** A quick-match tier as its list shows it: the tier, its template's name and stake, its version and tables. */
export const quickTierRow = z.object({ ...quickTier.shape, templateName: z.string(), ante: z.number(), version: z.number(), tables: z.number() });
export type QuickTierRow = z.infer<typeof quickTierRow>;

/** A tiny game's quick template as its list shows it, with the game's bet bounds from its settings. */
export const tinyTemplateRow = z.object({
  ...tinyQuickTemplate.shape,
  gameName: z.string(),
  version: z.number(),
  settingsMinBet: z.number(),
  settingsMaxBet: z.number(),
});
export type TinyTemplateRow = z.infer<typeof tinyTemplateRow>;

/** A partner's game store entry as its list shows it. */
export const gameStoreRow = z.object({ ...gameStoreEntry.shape, key: z.string(), partnerName: z.string(), gameName: z.string(), version: z.number() });
export type GameStoreRow = z.infer<typeof gameStoreRow>;

/** Where quick match would seat a balance or a player (GET /api/platmanager/quicktemplate/match): the tier, and a table of it with a free seat. */
export const quickMatchAnswer = z.object({
  balance: z.number(),
  tier: z.object({ id: z.string(), name: z.string(), minBalance: z.number(), maxBalance: z.number(), template: z.string() }).nullable(),
  table: z.object({ id: z.number(), code: z.string(), templateVersion: z.number(), players: z.number().nullable(), seats: z.number() }).nullable(),
});
export type QuickMatchAnswer = z.infer<typeof quickMatchAnswer>;
