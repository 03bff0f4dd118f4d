/**
 * The Tongits arena (/activities/tongitsarena): king of the hill on arena tables. The tables and
 * the season settings (staff), the challenges, reigns, ticket ranking and season settlements
 * (lists), and the platform calls of the game server (a ticket, a challenge's result).
 * docs/api/tongitsarena.md, docs/decisions/033-tongits-arena.md.
 */
import { z } from 'zod';
import { platformUid } from './platform';
import { calendarDay, queryInt, requiredText, text } from './text';

const MAX = 1_000_000_000_000;
const whole = (min: number, max: number) =>
  z
    .number({ message: 'Expected number' })
    .int({ message: 'Must be an integer' })
    .min(min, { message: `Must be at least ${min}` })
    .max(max, { message: `Must be at most ${max}` });
/** An amount in centavos of chips, more than 0. */
const amount = z
  .number({ message: 'Expected number' })
  .int({ message: 'Must be an integer' })
  .min(1, { message: 'Must be more than 0' })
  .max(MAX, { message: `Must be at most ${MAX}` });
/** A budget in centavos; 0: no limit. */
const budget = z
  .number({ message: 'Expected number' })
  .int({ message: 'Must be an integer' })
  .min(0, { message: 'Must not be negative' })
  .max(MAX, { message: `Must be at most ${MAX}` });
const bool = z.boolean({ message: 'Expected true or false' });
const int = () => z.number().int();

// ------------------------------------------------------------------------------ tables

export const ARENA_TABLE_ID = /^[a-z0-9][a-z0-9_-]{0,31}$/;
export const arenaTableId = z
  .string({ message: 'Expected text' })
  .regex(ARENA_TABLE_ID, { message: 'Must be 1–32 of a-z, 0-9, _ and - (starting with a letter or digit)' });

/** Streak bonus steps: from the `streak`-th defence of a reign on, each defence also pays `bonus` (the highest step reached). */
export const arenaStreakSteps = z
  .array(z.strictObject({ streak: whole(2, 10_000), bonus: amount }), { message: 'Expected a list' })
  .max(10, { message: 'At most 10 steps' })
  .superRefine((steps, ctx) => {
    steps.forEach((s, i) => {
      if (i > 0 && s.streak <= steps[i - 1].streak) ctx.addIssue({ code: 'custom', path: [i, 'streak'], message: 'Must be more than the step before' });
    });
  });
export type ArenaStreakStep = z.infer<typeof arenaStreakSteps>[number];

const tableName = requiredText(40).refine((v) => v.trim() === v && v.trim().length > 0, { message: 'Must not start or end with a space' });

/** An arena table as the admin declares it (create and update send the whole table). */
export const arenaTable = z.strictObject({
  id: arenaTableId,
  name: tableName,
  /** The ante of the table's Tongits games, centavos. */
  stake: amount,
  /** Paid to the defender for each defence, centavos. */
  defenceReward: amount,
  streakSteps: arenaStreakSteps,
  /** Closed: no tickets, no results; closing ends the reign. */
  open: bool,
});
export type ArenaTable = z.infer<typeof arenaTable>;

/** Open or close a table (closing ends the current reign: the reason goes to it). */
export const arenaTableStatusBody = z.strictObject({ id: arenaTableId, open: bool, reason: text(200).optional() });

export const arenaDefender = z.object({ reignId: int(), uid: int(), name: z.string(), since: z.string(), defences: int(), earned: int() });

export const arenaTableRow = z.object({
  id: z.string(),
  name: z.string(),
  stake: int(),
  defenceReward: int(),
  streakSteps: z.array(z.object({ streak: int(), bonus: int() })),
  open: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  defenderUid: int().nullable(),
  defenderName: z.string(),
  reignId: int().nullable(),
  since: z.string().nullable(),
  defences: int(),
  earned: int(),
  pending: int(),
  challenges: int(),
});
export type ArenaTableRow = z.infer<typeof arenaTableRow>;

// ------------------------------------------------------------------------------ season settings

/** A reward tier of the season's ticket ranking: every rank from..to gets `reward`. */
export const arenaTier = z.strictObject({ from: whole(1, 100), to: whole(1, 100), reward: amount }).superRefine((t, ctx) => {
  if (t.to < t.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must not be less than from' });
});

export const arenaSettings = z.strictObject({
  /** A ticket after the day's free one, centavos. */
  ticketPrice: amount,
  tiers: z
    .array(arenaTier, { message: 'Expected a list' })
    .max(20, { message: 'At most 20 tiers' })
    .superRefine((tiers, ctx) => {
      tiers.forEach((t, i) => {
        if (i > 0 && t.from <= tiers[i - 1].to)
          ctx.addIssue({ code: 'custom', path: [i, 'from'], message: `Must be after the tier before (more than ${tiers[i - 1].to})` });
      });
    }),
  /** What the arena may pay (defences and season rewards) in all / a GMT+08:00 day; 0: no limit. */
  totalBudget: budget,
  dailyBudget: budget,
});
export type ArenaSettings = z.infer<typeof arenaSettings>;

/** Domain: a ticket is 1,000 chips (centavos), one free a day; the tiers are estimates. */
export const ARENA_DEFAULTS: ArenaSettings = {
  ticketPrice: 1_000,
  tiers: [
    { from: 1, to: 1, reward: 50_000 },
    { from: 2, to: 3, reward: 20_000 },
    { from: 4, to: 10, reward: 5_000 },
    { from: 11, to: 20, reward: 1_000 },
  ],
  totalBudget: 0,
  dailyBudget: 0,
};

export const arenaConfigAnswer = z.object({ version: int(), savedAt: z.string().nullable(), settings: arenaSettings, defaults: arenaSettings });
export const arenaConfigUpdateBody = z.strictObject({ settings: z.unknown() });

// ------------------------------------------------------------------------------ challenges and reigns

export const ARENA_STATES = ['pending', 'defended', 'won', 'seated', 'void'] as const;
export type ArenaState = (typeof ARENA_STATES)[number];
export const ARENA_OUTCOMES = ['defended', 'beaten', 'void'] as const;
export const ARENA_ENDINGS = ['holding', 'beaten', 'removed', 'closed'] as const;

export const arenaChallengeRow = z.object({
  id: int(),
  table: z.string(),
  tableName: z.string(),
  uid: int(),
  name: z.string(),
  partner: int(),
  free: z.boolean(),
  price: int(),
  boughtAt: z.string(),
  state: z.enum(ARENA_STATES),
  defenderUid: int().nullable(),
  defenderName: z.string(),
  streak: int().nullable(),
  reward: int(),
  bonus: int(),
  paid: int(),
  note: z.string(),
  refunded: z.boolean(),
  resultAt: z.string().nullable(),
  matchId: z.string(),
});
export type ArenaChallengeRow = z.infer<typeof arenaChallengeRow>;

export const arenaReignRow = z.object({
  id: int(),
  table: z.string(),
  tableName: z.string(),
  uid: int(),
  name: z.string(),
  partner: int(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  defences: int(),
  earned: int(),
  ended: z.enum(ARENA_ENDINGS),
  endedBy: z.string(),
  reason: z.string(),
  open: z.boolean(),
  pending: int(),
});
export type ArenaReignRow = z.infer<typeof arenaReignRow>;

export const arenaRemoveBody = z.strictObject({
  reignId: whole(1, Number.MAX_SAFE_INTEGER),
  reason: requiredText(200).refine((v) => v.trim().length > 0, { message: 'Required' }),
});

// ------------------------------------------------------------------------------ ticket ranking and seasons

/** A season: the Monday (GMT+08:00) it starts, 'YYYY-MM-DD'. */
export const arenaSeasonKey = calendarDay('Must be YYYY-MM-DD');

export const arenaRankRow = z.object({
  rank: int(),
  uid: int(),
  name: z.string(),
  partner: int(),
  tickets: int(),
  free: int(),
  spent: int(),
  reachedAt: z.string().nullable(),
  tier: z.string().nullable(),
  reward: int(),
});
export type ArenaRankRow = z.infer<typeof arenaRankRow>;

/** The ticket ranking (season default the current one, top default 50); the list screen's paging parameters are accepted and ignored. */
export const arenaRankQuery = z.strictObject({
  season: z.union([arenaSeasonKey, z.literal('')]).optional(),
  top: z.union([queryInt(1, 100), z.literal('').transform(() => undefined)]).optional(),
  cursor: text(200).optional(),
  pageSize: text(4).optional(),
  sort: text(32).optional(),
  order: text(8).optional(),
});
export const arenaRankAnswer = z.object({
  code: z.literal(200),
  data: z.object({
    season: z.object({ key: z.string(), start: z.string(), end: z.string(), ended: z.boolean(), settled: z.boolean() }),
    items: z.array(arenaRankRow),
    nextCursor: z.null(),
  }),
});

export const arenaSeasonLineRow = z.object({
  id: int(),
  season: z.string(),
  rank: int(),
  uid: int(),
  name: z.string(),
  partner: int(),
  tickets: int(),
  tier: z.string(),
  amount: int(),
  state: z.enum(['paid', 'skipped']),
  reason: z.string(),
  entryId: int().nullable(),
  at: z.string(),
});
export type ArenaSeasonLineRow = z.infer<typeof arenaSeasonLineRow>;

export const arenaSettleBody = z.strictObject({});
export const arenaSettleAnswer = z.object({
  code: z.literal(200),
  data: z.object({ settled: z.array(z.object({ season: z.string(), paid: int(), skipped: int(), amount: int() })) }),
});

// ------------------------------------------------------------------------------ platform (the game server)

/** POST /api/platform/tongitsarena/ticket: a challenger's ticket for a table (idempotent by requestId). */
export const arenaTicketBody = z.strictObject({ requestId: requiredText(64), uid: platformUid, table: arenaTableId });
export const arenaTicketAnswer = z.object({
  challengeId: int(),
  table: z.string(),
  uid: int(),
  free: z.boolean(),
  price: int(),
  balance: int().nullable(),
  season: z.string(),
  /** pending or seated when bought; a repeated request answers the challenge's state now. */
  state: z.enum(ARENA_STATES),
  defender: z.object({ uid: int(), name: z.string() }).nullable(),
  repeated: z.boolean(),
});

/** POST /api/platform/tongitsarena/result: how a challenge ended (once; the same again answers the first). */
export const arenaResultBody = z.strictObject({
  challengeId: whole(1, Number.MAX_SAFE_INTEGER),
  outcome: z.enum(ARENA_OUTCOMES, { message: 'Must be defended, beaten or void' }),
  matchId: text(64).optional(),
});
export const arenaResultAnswer = z.object({
  challengeId: int(),
  table: z.string(),
  uid: int(),
  state: z.enum(ARENA_STATES),
  defenderUid: int().nullable(),
  streak: int().nullable(),
  reward: int(),
  bonus: int(),
  paid: int(),
  note: z.string(),
  refunded: z.boolean(),
  seat: z.object({ uid: int(), since: z.string() }).nullable(),
  repeated: z.boolean(),
});

export const platformArenaTablesQuery = z.strictObject({ uid: queryInt(1, 2_147_483_647).optional() });
export const platformArenaTablesAnswer = z.object({
  code: z.literal(200),
  data: z.object({
    ticketPrice: int(),
    tables: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        stake: int(),
        defenceReward: int(),
        streakSteps: z.array(z.object({ streak: int(), bonus: int() })),
        defender: arenaDefender.omit({ reignId: true }).nullable(),
      }),
    ),
    me: z.object({ uid: int(), freeTicket: z.boolean(), pending: int().nullable(), defending: z.string().nullable() }).nullable(),
  }),
});

export const platformArenaRankingQuery = z.strictObject({ season: arenaSeasonKey.optional(), uid: queryInt(1, 2_147_483_647).optional() });
export const platformArenaRankingAnswer = z.object({
  code: z.literal(200),
  data: z.object({
    season: z.object({ key: z.string(), start: z.string(), end: z.string(), ended: z.boolean() }),
    top: z.array(z.object({ rank: int(), uid: int(), name: z.string(), tickets: int(), reward: int() })),
    me: z.object({ uid: int(), rank: int().nullable(), tickets: int(), reward: int() }).nullable(),
  }),
});
