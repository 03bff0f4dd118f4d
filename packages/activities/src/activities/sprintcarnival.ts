/** sprintcarnival (domain.md): cumulative valid-bet milestones over the carnival's days, each paid once. */
import { z } from 'zod';
import { activitySettings, defineActivity, peso, positiveChips, rising } from '../define';

const milestone = z.strictObject({ bet: positiveChips, reward: positiveChips });

const settings = activitySettings(
  {
    milestones: z
      .array(milestone)
      .min(1, { message: 'Must have at least 1 milestone' })
      .max(10, { message: 'Must have at most 10 milestones' })
      .default([
        { bet: 10_000, reward: 100 },
        { bet: 50_000, reward: 600 },
        { bet: 200_000, reward: 3_000 },
        { bet: 1_000_000, reward: 18_000 },
      ]),
  },
  (s, ctx) => {
    rising(s.milestones, 'bet', 'milestones', ctx);
    if (s.startAt && s.endAt) {
      const days = (Date.parse(s.endAt) - Date.parse(s.startAt)) / 86_400_000;
      if (days > 7) ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'Must be at most 7 days after startAt' });
    }
  },
);

export const sprintcarnival = defineActivity({
  id: 'sprintcarnival',
  name: { en: 'Sprint carnival', zh: '冲刺狂欢' },
  rules: {
    en: "Between its start and end (set both; at most 7 days), a player's valid bets add up; each milestone reached pays its reward once.",
    zh: '活动起止时间内（两者都须设置，最长7天）累计有效投注，每达到一个里程碑可领取一次奖励。',
  },
  settings,
  labels: { milestones: { en: 'Milestones (valid bet → reward)', zh: '里程碑(有效投注→奖励)' } },
  listens: ['bets'],
  period: 'window',
  states: ['sprinting', 'claimable', 'finished'],
  final: ['finished'],
  evaluate(s, f) {
    const claimed = new Set(f.claims.map((c) => c.tier));
    const tiers = s.milestones
      .map((m, i) => {
        const reached = f.validBet >= m.bet && !claimed.has(`m${i + 1}`);
        return {
          tier: `m${i + 1}`,
          label: { en: `Bet ${peso(m.bet)}`, zh: `投注${peso(m.bet)}` },
          currency: 'chip' as const,
          amount: m.reward,
          reached,
          why: f.validBet < m.bet ? `Bet ${peso(m.bet - f.validBet)} more` : undefined,
        };
      })
      .filter((t) => !claimed.has(t.tier));
    const next = s.milestones.find((m) => m.bet > f.validBet);
    const state = tiers.some((t) => t.reached) ? 'claimable' : tiers.length === 0 ? 'finished' : 'sprinting';
    return { state, progress: f.validBet, target: next?.bet ?? null, tiers };
  },
  examples: [
    { name: 'no bets yet', facts: {}, expect: { state: 'sprinting', claimable: [], progress: 0, target: 10_000 } },
    { name: 'first milestone', facts: { validBet: 10_000 }, expect: { state: 'claimable', claimable: ['m1'], amounts: { m1: 100 }, target: 50_000 } },
    { name: 'three at once', facts: { validBet: 250_000 }, expect: { claimable: ['m1', 'm2', 'm3'], target: 1_000_000 } },
    {
      name: 'claimed ones are gone',
      facts: { validBet: 250_000, claims: [{ period: 'w', tier: 'm1', at: new Date(), amount: 100 }] },
      expect: { claimable: ['m2', 'm3'] },
    },
    {
      name: 'all four claimed: finished',
      facts: { validBet: 2_000_000, claims: ['m1', 'm2', 'm3', 'm4'].map((tier) => ({ period: 'w', tier, at: new Date(), amount: 1 })) },
      expect: { state: 'finished', claimable: [], target: null },
    },
  ],
});
