/**
 * Leaderboards (rank): the boards (/activities/rank, edited through /activities/rankmanage),
 * their standings and settlements, the platform call. docs/api/rank.md.
 */
import { z } from 'zod';
import { GAME_IDS } from '@console/games/src/define';
import { calendarDay, queryInt, text } from './text';

const int = () => z.number().int();
/** Amounts in centavos of chips. */
const MAX = 1_000_000_000_000;
const budget = int()
  .min(0, { message: 'Must not be negative' })
  .max(MAX, { message: `Must be at most ${MAX}` });
const amount = int()
  .min(1, { message: 'Must be more than 0' })
  .max(MAX, { message: `Must be at most ${MAX}` });

export const RANK_METRICS = ['wins', 'validBet', 'deposits'] as const;
export type RankMetric = (typeof RANK_METRICS)[number];
export const RANK_PERIODS = ['day', 'week'] as const;
export const RANK_GAMES = ['all', ...GAME_IDS] as const;
/** The reward tiers of the domain: rank 1, 2–3, 4–10, 11–50 (the tier's key in activity_reward). */
export const RANK_TIERS = [
  { key: '1', from: 1, to: 1 },
  { key: '2-3', from: 2, to: 3 },
  { key: '4-10', from: 4, to: 10 },
  { key: '11-50', from: 11, to: 50 },
] as const;
export type RankTierKey = (typeof RANK_TIERS)[number]['key'];
export const tierOfRank = (rank: number) => RANK_TIERS.find((t) => rank >= t.from && rank <= t.to) ?? null;

export const rankBoard = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, { message: 'Must be 1–32 of a-z, 0-9, _ and - (starting with a letter or digit)' }),
    game: z.enum(RANK_GAMES, { message: `Must be all or a game id (${GAME_IDS.join(', ')})` }),
    metric: z.enum(RANK_METRICS, { message: 'Must be wins, validBet or deposits' }),
    period: z.enum(RANK_PERIODS, { message: 'Must be day or week' }),
    /** The reward of each rank of the tier (every rank 2 and 3 gets rewards['2-3']…), chips in centavos. */
    rewards: z.strictObject({ 1: amount, '2-3': amount, '4-10': amount, '11-50': amount }),
    open: z.boolean(),
  })
  .superRefine((b, ctx) => {
    if (b.metric === 'deposits' && b.game !== 'all')
      ctx.addIssue({ code: 'custom', path: ['game'], message: 'Must be all for a deposits board (deposits belong to no game)' });
  });
export type RankBoard = z.infer<typeof rankBoard>;

export const rankSettings = z
  .strictObject({
    boards: z.array(rankBoard).max(50, { message: 'At most 50 boards' }),
    /** What the leaderboards may pay in all / a GMT+08:00 day, centavos; 0: no limit. */
    totalBudget: budget,
    dailyBudget: budget,
  })
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.boards.forEach((b, i) => {
      if (seen.has(b.id)) ctx.addIssue({ code: 'custom', path: ['boards', i, 'id'], message: `Must not repeat board ${b.id}` });
      seen.add(b.id);
    });
  });
export type RankSettings = z.infer<typeof rankSettings>;
export const RANK_DEFAULTS: RankSettings = { boards: [], totalBudget: 0, dailyBudget: 0 };

export const rankConfigAnswer = z.object({ version: int(), savedAt: z.string().nullable(), settings: rankSettings, defaults: rankSettings });
export const rankConfigUpdateBody = z.strictObject({ settings: z.unknown() });

/** A period key: 'YYYY-MM-DD' (a day board: the day; a week board: the Monday). */
const periodKey = calendarDay('Must be YYYY-MM-DD');

export const rankStanding = z.object({
  rank: int(),
  uid: int(),
  name: z.string(),
  partner: int(),
  value: int(),
  reachedAt: z.string().nullable(),
  tier: z.string().nullable(),
  reward: int(),
});
export type RankStanding = z.infer<typeof rankStanding>;
/** board: default the first board; the list screen's paging and sort parameters are accepted and ignored (always the top 50). */
export const rankStandingsQuery = z.strictObject({
  board: text(32).optional(),
  period: z.union([periodKey, z.literal('')]).optional(),
  cursor: text(200).optional(),
  pageSize: text(4).optional(),
  sort: text(32).optional(),
  order: text(8).optional(),
});
export const rankStandingsAnswer = z.object({
  code: z.literal(200),
  data: z.object({
    board: z.object({ id: z.string(), game: z.string(), metric: z.string(), period: z.string(), open: z.boolean() }).nullable(),
    period: z.object({ key: z.string(), start: z.string(), end: z.string(), ended: z.boolean(), settled: z.boolean() }).nullable(),
    items: z.array(rankStanding),
    nextCursor: z.null(),
  }),
});

/** One line of a past settlement: who got what, or why not. */
export const rankSettlementRow = z.object({
  id: int(),
  board: z.string(),
  period: z.string(),
  rank: int(),
  uid: int(),
  name: z.string(),
  partner: int(),
  value: int(),
  tier: z.string(),
  amount: int(),
  state: z.enum(['paid', 'skipped']),
  reason: z.string(),
  entryId: int().nullable(),
  at: z.string(),
});
export type RankSettlementRow = z.infer<typeof rankSettlementRow>;

export const rankSettleBody = z.strictObject({});
export const rankSettleAnswer = z.object({
  code: z.literal(200),
  data: z.object({ settled: z.array(z.object({ board: z.string(), period: z.string(), paid: int(), skipped: int(), amount: int() })) }),
});

export const platformRankQuery = z.strictObject({
  board: text(32).min(1, { message: 'Required' }),
  period: periodKey.optional(),
  uid: queryInt(1, 2_147_483_647).optional(),
});
export const platformRankAnswer = z.object({
  code: z.literal(200),
  data: z.object({
    board: z.object({ id: z.string(), game: z.string(), metric: z.string(), period: z.string(), rewards: z.record(z.string(), int()) }),
    period: z.object({ key: z.string(), start: z.string(), end: z.string(), ended: z.boolean() }),
    top: z.array(z.object({ rank: int(), uid: int(), name: z.string(), value: int(), reward: int() })),
    me: z.object({ uid: int(), rank: int().nullable(), value: int(), reward: int() }).nullable(),
  }),
});
