/**
 * Bingo (75 balls, quick draw): each bet buys a card (B 1–15, I 16–30, N 31–45 with a free
 * centre, G 46–60, O 61–75); `balls` balls are drawn and the card pays by how many of its 12
 * lines (5 rows, 5 columns, 2 diagonals) are complete. RTP is exact: the chance that a set
 * of lines is complete depends only on how many numbers they cover (u): C(75 − u, D − u) / C(75, D),
 * and inclusion–exclusion over the 4 096 sets of lines gives the chance of exactly j lines.
 * Stream: the balls first, draw(75, D) (+1); then each card in bet order, column by column
 * B…O: draw(15, 5) (N: draw(15, 4)), + 15·column + 1, filling the column top to bottom
 * (N skips the centre).
 */
import { z } from 'zod';
import { defineGame } from '../define';
import { choose, mulDiv } from '../money';
import { amount, baseSettings, checkBetLimits, seat, whole } from '../settings';

const MAX_LINES = 12;
const settings = z
  .strictObject({
    ...baseSettings,
    /** Balls drawn a round. */
    balls: whole(20, 45).default(30),
    /** pays[j − 1]: multiple of the stake for j complete lines (j = 1…12). */
    pays: z
      .array(whole(0, 1_000_000))
      .length(MAX_LINES, { message: `Must be ${MAX_LINES} amounts` })
      .default([4, 24, 110, 500, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000]),
  })
  .superRefine((s, ctx) => {
    checkBetLimits(s, ctx);
    const r = stats(s).rtp;
    if (r < 0.85 || r > 0.95) ctx.addIssue({ code: 'custom', path: ['pays'], message: `RTP ${(r * 100).toFixed(2)}% is outside 85%–95%` });
  });
type Settings = z.infer<typeof settings>;

/** The 12 lines as cell indices (row-major 5×5; 12 is the free centre). */
export const LINES: number[][] = [
  ...[0, 1, 2, 3, 4].map((r) => [0, 1, 2, 3, 4].map((c) => r * 5 + c)),
  ...[0, 1, 2, 3, 4].map((c) => [0, 1, 2, 3, 4].map((r) => r * 5 + c)),
  [0, 6, 12, 18, 24],
  [4, 8, 12, 16, 20],
];

const lineOdds = new Map<number, number[]>();
/** P(exactly j complete lines), j = 0…12, with D balls (exact rational arithmetic, then one division). */
export function linesDistribution(balls: number): number[] {
  const hit = lineOdds.get(balls);
  if (hit) return hit;
  const ways = new Array<bigint>(MAX_LINES + 1).fill(0n);
  for (let set = 1; set < 1 << MAX_LINES; set++) {
    const cells = new Set<number>();
    let size = 0;
    for (let l = 0; l < MAX_LINES; l++)
      if (set & (1 << l)) {
        size++;
        for (const c of LINES[l]) if (c !== 12) cells.add(c);
      }
    const u = cells.size;
    const all = choose(75 - u, balls - u); // draws that complete every line of the set
    for (let j = 1; j <= size; j++) ways[j] += (size - j) % 2 === 0 ? choose(size, j) * all : -choose(size, j) * all;
  }
  const total = choose(75, balls);
  ways[0] = total - ways.slice(1).reduce((t, w) => t + w, 0n);
  const out = ways.map((w) => Number(w) / Number(total));
  lineOdds.set(balls, out);
  return out;
}

function stats(s: { balls: number; pays: number[] }) {
  const p = linesDistribution(s.balls);
  let rtp = 0,
    second = 0;
  for (let j = 1; j <= MAX_LINES; j++) {
    rtp += p[j] * s.pays[j - 1];
    second += p[j] * s.pays[j - 1] ** 2;
  }
  return { rtp, sd: Math.sqrt(second - rtp * rtp) };
}

const bets = z
  .array(z.strictObject({ seat, amount }), { message: 'Expected array' })
  .min(1, { message: 'At least one card' })
  .max(100, { message: 'At most 100 cards' });

export const bingo = defineGame({
  id: 'bingo',
  name: { en: 'Bingo', zh: '宾果' },
  kind: 'house',
  rules:
    '75-ball bingo, quick draw: each card (free centre) pays by how many of its 12 lines the drawn balls complete. The default 30 balls and paytable return about 90%.',
  settings,
  bets,
  labels: { balls: { en: 'Balls drawn', zh: '开球数' }, pays: { en: 'Pays for 1…12 lines (× stake)', zh: '完成1至12条线的赔付（倍）' } },
  resolve(s: Settings, rng, list) {
    const drawn = rng.draw(75, s.balls).map((b) => b + 1);
    const set = new Set(drawn);
    const cards = list.map(() => {
      const card = new Array<number>(25).fill(0);
      for (let col = 0; col < 5; col++) {
        const nums = rng.draw(15, col === 2 ? 4 : 5).map((n) => n + 15 * col + 1);
        const rows = col === 2 ? [0, 1, 3, 4] : [0, 1, 2, 3, 4];
        rows.forEach((r, i) => {
          card[r * 5 + col] = nums[i];
        });
      }
      const lines = LINES.filter((l) => l.every((c) => c === 12 || set.has(card[c]))).length;
      return { card, lines };
    });
    return {
      result: { balls: drawn, cards },
      payouts: list.map((b, i) => ({
        seat: b.seat,
        bet: b.amount,
        fee: 0,
        jackpot: 0,
        win: cards[i].lines ? mulDiv(b.amount, s.pays[cards[i].lines - 1], 1) : 0,
      })),
    };
  },
  rtp(s) {
    return { ...stats(s), reference: 'one card', exact: true };
  },
  sampleBets: (s) => [{ seat: 'p1', amount: Math.max(s.minBet, 100) }],
});
