/**
 * cardstask (domain.md): daily Tongits and Pusoy tasks (play N rounds, win N rounds) earn
 * points; point chests open at 30, 60 and 100 points, each paid once a GMT+08:00 day. A round
 * is won when the player's seat won more than it bet. The engine's 'cardgames' fact counts the
 * rounds and wins of the tasks' games in the day (from the last settings save when it was saved
 * today: the reset rule). domain.md's "win by tongits" and "no burn" tasks need what the round
 * log does not keep per seat, so only play and win tasks exist.
 *
 * A chest's tier is its place, `chest1`…: a settings change of its points never pays it twice a day.
 */
import { whole } from '@console/games';
import { z } from 'zod';
import { activitySettings, defineActivity, positiveChips, rising } from '../define';

export const CARD_GAMES = ['tongits', 'pusoy'] as const;

const task = z.strictObject({
  game: z.enum(CARD_GAMES, { message: 'Must be tongits or pusoy' }),
  kind: z.enum(['play', 'win'], { message: 'Must be play or win' }),
  count: whole(1, 1_000),
  points: whole(1, 1_000),
});

const chest = z.strictObject({ points: whole(1, 100_000), reward: positiveChips });

const settings = activitySettings(
  {
    tasks: z
      .array(task)
      .min(1, { message: 'Must have at least 1 task' })
      .max(20, { message: 'Must have at most 20 tasks' })
      .default([
        { game: 'tongits', kind: 'play', count: 3, points: 10 },
        { game: 'tongits', kind: 'play', count: 10, points: 20 },
        { game: 'tongits', kind: 'win', count: 3, points: 20 },
        { game: 'pusoy', kind: 'play', count: 3, points: 10 },
        { game: 'pusoy', kind: 'play', count: 10, points: 20 },
        { game: 'pusoy', kind: 'win', count: 3, points: 20 },
      ]),
    chests: z
      .array(chest)
      .min(1, { message: 'Must have at least 1 chest' })
      .max(10, { message: 'Must have at most 10 chests' })
      .default([
        { points: 30, reward: 300 },
        { points: 60, reward: 800 },
        { points: 100, reward: 2_000 },
      ]),
  },
  (s, ctx) => {
    rising(s.chests, 'points', 'chests', ctx);
    const total = s.tasks.reduce((n, t) => n + t.points, 0);
    s.chests.forEach((c, i) => {
      if (c.points > total) ctx.addIssue({ code: 'custom', path: ['chests', i, 'points'], message: `Must be at most the tasks' points (${total})` });
    });
  },
);

type Task = z.output<typeof task>;
const taskLabel = (t: Task) => ({
  en: `${t.kind === 'play' ? 'Play' : 'Win'} ${t.count} ${t.game === 'tongits' ? 'Tongits' : 'Pusoy'} round${t.count === 1 ? '' : 's'}`,
  zh: `${t.game === 'tongits' ? 'Tongits' : 'Pusoy'}${t.kind === 'play' ? '玩' : '赢'}${t.count}局`,
});

export const cardstask = defineActivity({
  id: 'cardstask',
  name: { en: 'Card game tasks', zh: '牌局任务' },
  rules: {
    en: "Each GMT+08:00 day, playing and winning the set number of Tongits and Pusoy rounds completes tasks worth points; a round is won when the seat won more than it bet. Each point chest is claimable once a day when the day's points reach it.",
    zh: '每个北京时间（GMT+8）自然日，完成设定局数的Tongits、Pusoy对局或胜局即完成任务并获得积分；赢分大于下注即为胜局。当日积分达到宝箱积分时，每个宝箱每天可领取一次。',
  },
  settings,
  labels: {
    tasks: { en: 'Tasks (game, play or win, rounds, points)', zh: '任务(游戏,对局或胜局,局数,积分)' },
    chests: { en: 'Point chests (points → reward)', zh: '积分宝箱(积分→奖励)' },
  },
  listens: ['cardgames'],
  period: 'day',
  cardGames: (s) => [...new Set(s.tasks.map((t) => t.game))],
  states: ['accruing', 'claimable', 'finished'],
  final: ['finished'],
  evaluate(s, f, p) {
    const done = s.tasks.filter((t) => {
      const g = f.cardGames[t.game] ?? { rounds: 0, wins: 0 };
      return (t.kind === 'play' ? g.rounds : g.wins) >= t.count;
    });
    const points = done.reduce((n, t) => n + t.points, 0);
    const claimed = new Set(f.claims.filter((c) => c.period === p.key).map((c) => c.tier));
    const next = s.chests.find((c) => c.points > points);
    const tiers = s.chests.flatMap((c, i) => {
      const tier = `chest${i + 1}`;
      if (claimed.has(tier)) return [];
      const reached = points >= c.points;
      const open = s.tasks.filter((t) => !done.includes(t)).map((t) => taskLabel(t).en);
      return [
        {
          tier,
          label: { en: `${c.points}-point chest`, zh: `${c.points}积分宝箱` },
          currency: 'chip' as const,
          amount: c.reward,
          reached,
          why: reached ? undefined : `${c.points - points} more points (${open.slice(0, 2).join(', ')}${open.length > 2 ? ', …' : ''})`,
        },
      ];
    });
    const state = tiers.length === 0 ? 'finished' : tiers.some((t) => t.reached) ? 'claimable' : 'accruing';
    return { state, progress: points, target: next?.points ?? null, tiers };
  },
  examples: [
    { name: 'no rounds', facts: {}, expect: { state: 'accruing', claimable: [], progress: 0, target: 30 } },
    {
      name: '3 Tongits rounds, 3 wins: 30 points, first chest',
      facts: { cardGames: { tongits: { rounds: 3, wins: 3 } } },
      expect: { state: 'claimable', claimable: ['chest1'], amounts: { chest1: 300 }, progress: 30, target: 60 },
    },
    {
      name: 'both games: 40 points; a win is more than the bet',
      facts: { cardGames: { tongits: { rounds: 10, wins: 1 }, pusoy: { rounds: 3, wins: 0 } } },
      expect: { claimable: ['chest1'], progress: 40, target: 60 },
    },
    {
      name: 'every task: 100 points, every chest',
      facts: { cardGames: { tongits: { rounds: 12, wins: 4 }, pusoy: { rounds: 10, wins: 3 } } },
      expect: { claimable: ['chest1', 'chest2', 'chest3'], amounts: { chest3: 2_000 }, progress: 100, target: null },
    },
    {
      name: 'a claimed chest once a day',
      facts: { cardGames: { tongits: { rounds: 3, wins: 3 } }, claims: [{ period: '2026-11-26', tier: 'chest1', at: new Date(), amount: 300 }] },
      expect: { state: 'accruing', claimable: [] },
    },
    {
      name: "yesterday's chest does not count today",
      facts: { cardGames: { tongits: { rounds: 3, wins: 3 } }, claims: [{ period: '2026-11-25', tier: 'chest1', at: new Date(), amount: 300 }] },
      expect: { claimable: ['chest1'] },
    },
    {
      name: 'all chests claimed: finished',
      facts: {
        cardGames: { tongits: { rounds: 12, wins: 4 }, pusoy: { rounds: 10, wins: 3 } },
        claims: ['chest1', 'chest2', 'chest3'].map((tier) => ({ period: '2026-11-26', tier, at: new Date(), amount: 1 })),
      },
      expect: { state: 'finished', claimable: [] },
    },
  ],
});
