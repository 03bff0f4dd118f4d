/**
 * Scratch card: each ticket is one of a million equally likely outcomes; a prize tier is a
 * multiple of the stake and how many of the million outcomes pay it (RTP = Σ pays·weight / 10^6,
 * 90% by default). The card shows nine prize amounts; three alike is the win.
 * Stream, per ticket in bet order: x = int(1 000 000); the ticket wins the first tier whose
 * running total of weights exceeds x (none: no prize). Then the grid: a winning ticket puts
 * its tier at the cells draw(9, 3); each other cell, in order, shows candidates[int(n)] where
 * the candidates are the other tiers (in tier order) shown fewer than twice so far.
 */
import { z } from 'zod';
import { defineGame } from '../define';
import { mulDiv } from '../money';
import { amount, baseSettings, checkBetLimits, seat, whole } from '../settings';

const OUTCOMES = 1_000_000;
const tier = z.strictObject({ pays: whole(1, 100_000), weight: whole(0, OUTCOMES) });

const settings = z
  .strictObject({
    ...baseSettings,
    /** Prize tiers, biggest first: pays × stake on `weight` of a million tickets. */
    tiers: z
      .array(tier)
      .min(5, { message: 'At least 5 tiers' })
      .max(12, { message: 'At most 12 tiers' })
      .default([
        { pays: 1000, weight: 20 },
        { pays: 100, weight: 300 },
        { pays: 20, weight: 3000 },
        { pays: 10, weight: 8000 },
        { pays: 5, weight: 22_000 },
        { pays: 2, weight: 150_000 },
        { pays: 1, weight: 300_000 },
      ]),
  })
  .superRefine((s, ctx) => {
    checkBetLimits(s, ctx);
    // The card shows amounts: two tiers paying the same would show a losing card three alike.
    if (new Set(s.tiers.map((t) => t.pays)).size !== s.tiers.length) {
      ctx.addIssue({ code: 'custom', path: ['tiers'], message: 'Two tiers pay the same' });
      return;
    }
    const total = s.tiers.reduce((t, x) => t + x.weight, 0);
    if (total > OUTCOMES) {
      ctx.addIssue({ code: 'custom', path: ['tiers'], message: `Weights add up to ${total}, over ${OUTCOMES}` });
      return;
    }
    const r = rtpOf(s.tiers);
    if (r < 0.85 || r > 0.95) ctx.addIssue({ code: 'custom', path: ['tiers'], message: `RTP ${(r * 100).toFixed(2)}% is outside 85%–95%` });
  });
type Settings = z.infer<typeof settings>;

const rtpOf = (tiers: { pays: number; weight: number }[]) => tiers.reduce((t, x) => t + x.pays * x.weight, 0) / OUTCOMES;

const bets = z
  .array(z.strictObject({ seat, amount }), { message: 'Expected array' })
  .min(1, { message: 'At least one ticket' })
  .max(100, { message: 'At most 100 tickets' });

export const scratch = defineGame({
  id: 'scratch',
  name: { en: 'Scratch card', zh: '刮刮乐' },
  kind: 'house',
  rules: 'Each ticket shows nine prize amounts; three alike wins that amount times the stake. Prize tiers and their odds are published; 90% RTP by default.',
  settings,
  bets,
  labels: {
    tiers: { en: 'Prize tiers (pays × stake, tickets per million)', zh: '奖级（赔付倍数，每百万张中奖数）' },
    pays: { en: 'Pays (× stake)', zh: '赔付倍数' },
    weight: { en: 'Tickets per million', zh: '每百万张中奖数' },
  },
  resolve(s: Settings, rng, list) {
    const tickets = list.map(() => {
      let x = rng.int(OUTCOMES);
      const won = s.tiers.findIndex((t) => (x -= t.weight) < 0);
      const grid: number[] = new Array(9).fill(-1);
      const shown = new Array(s.tiers.length).fill(0);
      if (won >= 0)
        for (const c of rng.draw(9, 3)) {
          grid[c] = won;
          shown[won] = 3;
        }
      for (let c = 0; c < 9; c++) {
        if (grid[c] >= 0) continue;
        const candidates = s.tiers.map((_, i) => i).filter((i) => i !== won && shown[i] < 2);
        grid[c] = candidates[rng.int(candidates.length)];
        shown[grid[c]]++;
      }
      return { tier: won < 0 ? null : won, pays: won < 0 ? 0 : s.tiers[won].pays, grid: grid.map((i) => s.tiers[i].pays) };
    });
    return {
      result: { tickets },
      payouts: list.map((b, i) => ({ seat: b.seat, bet: b.amount, win: mulDiv(b.amount, tickets[i].pays, 1), fee: 0, jackpot: 0 })),
    };
  },
  rtp(s) {
    const r = rtpOf(s.tiers);
    const second = s.tiers.reduce((t, x) => t + x.pays * x.pays * x.weight, 0) / OUTCOMES;
    return { rtp: r, sd: Math.sqrt(second - r * r), reference: 'one ticket', exact: true };
  },
  sampleBets: (s) => [{ seat: 'p1', amount: Math.max(s.minBet, 100) }],
});
