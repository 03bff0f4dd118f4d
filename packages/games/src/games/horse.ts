/**
 * Horse racing: six horses with published chances (weights); a bet on the winner pays
 * stake · (1 − margin) · W / w_h (W the total weight, w_h the horse's), so every horse
 * returns 1 − margin (90% by default).
 * Stream: the finishing order is drawn place by place: x = int(weight of the horses still
 * running), the horse is the first whose running total of weights (in horse order) exceeds x.
 */
import { z } from 'zod';
import { defineGame } from '../define';
import { mulDiv } from '../money';
import { amount, baseSettings, checkBetLimits, seat, whole } from '../settings';

export const HORSES = 6;

const settings = z
  .strictObject({
    ...baseSettings,
    /** Each horse's chance to win, as a weight (horse 1 first). */
    weights: z
      .array(whole(1, 10_000))
      .length(HORSES, { message: `Must be ${HORSES} weights` })
      .default([3000, 2200, 1700, 1300, 1000, 800]),
    /** The book's margin, basis points: RTP = 1 − margin (85%–95%). */
    marginBps: whole(500, 1500).default(1000),
  })
  .superRefine(checkBetLimits);
type Settings = z.infer<typeof settings>;

const bets = z
  .array(z.strictObject({ seat, amount, horse: whole(1, HORSES) }), { message: 'Expected array' })
  .min(1, { message: 'At least one bet' })
  .max(1000, { message: 'At most 1000 bets' });

export const horse = defineGame({
  id: 'horse',
  name: { en: 'Horse racing', zh: '赛马' },
  kind: 'house',
  rules: 'Six horses with published chances; a bet on the winner pays (1 − margin) / chance times the stake: 90% RTP on every horse by default.',
  settings,
  bets,
  labels: {
    weights: { en: 'Horse weights (chance to win)', zh: '马匹权重（获胜概率）' },
    marginBps: { en: 'Book margin (basis points)', zh: '庄家抽水（基点）' },
  },
  resolve(s: Settings, rng, list) {
    const running = s.weights.map((w, i) => ({ horse: i + 1, w }));
    const order: number[] = [];
    while (running.length) {
      let x = rng.int(running.reduce((t, h) => t + h.w, 0));
      const i = running.findIndex((h) => (x -= h.w) < 0);
      order.push(running[i].horse);
      running.splice(i, 1);
    }
    const total = s.weights.reduce((t, w) => t + w, 0);
    return {
      result: { order },
      payouts: list.map((b) => ({
        seat: b.seat,
        bet: b.amount,
        fee: 0,
        jackpot: 0,
        win: b.horse === order[0] ? mulDiv(b.amount, (10_000 - s.marginBps) * total, 10_000 * s.weights[b.horse - 1]) : 0,
      })),
    };
  },
  rtp(s) {
    const r = 1 - s.marginBps / 10_000;
    const p = s.weights[0] / s.weights.reduce((t, w) => t + w, 0);
    return { rtp: r, sd: r * Math.sqrt(1 / p - 1), reference: 'a bet on horse 1', exact: true };
  },
  sampleBets: (s) => [{ seat: 'p1', amount: Math.max(s.minBet, 100), horse: 1 }],
});
