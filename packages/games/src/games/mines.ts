/**
 * Mines: a 5×5 board hides M mines (1–24, the player's choice within the settings). The
 * player opens cells one by one; a mine loses the stake, and cashing out after r safe cells
 * pays stake · (1 − edge) · C(25, r) / C(25 − M, r) (3 mines, 1%: 1.12×, 1.48×, 2.0×, 5.0×
 * after 1, 3, 5, 10), floored to the centavo. Every cash-out point returns 1 − edge.
 * Stream: the mine cells are draw(25, M) (cells 0…24, row by row).
 */
import { z } from 'zod';
import { defineGame, GameRuleError } from '../define';
import { choose, mulDivBig } from '../money';
import { amount, baseSettings, checkBetLimits, seat, whole } from '../settings';

export const CELLS = 25;

export const minesSettings = z
  .strictObject({
    ...baseSettings,
    /** House edge in basis points (100 = 1%). */
    edgeBps: whole(100, 300).default(100),
    /** Fewest and most mines a player may choose. */
    minMines: whole(1, 24).default(1),
    maxMines: whole(1, 24).default(24),
  })
  .superRefine((s, ctx) => {
    checkBetLimits(s, ctx);
    if (s.minMines > s.maxMines) ctx.addIssue({ code: 'custom', path: ['maxMines'], message: 'Must be at least minMines' });
  });
type Settings = z.infer<typeof minesSettings>;

const cell = whole(0, CELLS - 1);
const bets = z
  .array(
    z.strictObject({
      seat,
      amount,
      mines: whole(1, 24),
      /** The cells opened, in order; the last one may be a mine (then the bet lost). */
      picks: z.array(cell).min(1, { message: 'At least one pick' }).max(24, { message: 'At most 24 picks' }),
    }),
    { message: 'Expected array' },
  )
  .length(1, { message: 'A round is one bet' });

/** The multiplier after r safe picks with M mines, as an exact fraction. */
export function minesMultiplier(edgeBps: number, mines: number, r: number): { num: bigint; den: bigint } {
  return { num: BigInt(10_000 - edgeBps) * choose(CELLS, r), den: 10_000n * choose(CELLS - mines, r) };
}

export const mines = defineGame({
  id: 'mines',
  name: { en: 'Mines', zh: '扫雷' },
  kind: 'house',
  rules:
    '5×5 board with 1–24 mines; open cells one by one and cash out any time; a mine loses the stake. After r safe cells the bet pays (1 − edge) · C(25, r) / C(25 − M, r).',
  settings: minesSettings,
  bets,
  labels: {
    edgeBps: { en: 'House edge (basis points)', zh: '庄家优势（基点）' },
    minMines: { en: 'Fewest mines', zh: '最少雷数' },
    maxMines: { en: 'Most mines', zh: '最多雷数' },
  },
  resolve(s: Settings, rng, list) {
    const b = list[0];
    if (b.mines < s.minMines || b.mines > s.maxMines) throw new GameRuleError(`mines: Must be from ${s.minMines} to ${s.maxMines}`);
    if (b.picks.length > CELLS - b.mines) throw new GameRuleError(`picks: At most ${CELLS - b.mines} picks with ${b.mines} mines`);
    if (new Set(b.picks).size !== b.picks.length) throw new GameRuleError('picks: A cell is picked twice');
    const mineCells = rng.draw(CELLS, b.mines);
    const hit = b.picks.findIndex((p) => mineCells.includes(p));
    if (hit >= 0 && hit < b.picks.length - 1) throw new GameRuleError('picks: Picks continue after a mine');
    const safe = hit < 0 ? b.picks.length : hit;
    const m = minesMultiplier(s.edgeBps, b.mines, safe);
    return {
      result: { mines: [...mineCells].sort((x, y) => x - y), safePicks: safe, hitMine: hit >= 0 },
      payouts: [{ seat: b.seat, bet: b.amount, win: hit >= 0 ? 0 : mulDivBig(b.amount, m.num, m.den), fee: 0, jackpot: 0 }],
    };
  },
  rtp(s) {
    const r = 1 - s.edgeBps / 10_000;
    const p = Number(choose(22, 5)) / Number(choose(25, 5));
    const q = r / p;
    return { rtp: r, sd: Math.sqrt(q * q * p - r * r), reference: '3 mines, cash out after 5 safe picks', exact: true };
  },
  sampleBets: (s, preview) => {
    // Open cells 0, 1, 2, … and cash out after 5 safe ones, stopping at a mine (the board is random, so any order does).
    const mineCells = preview.draw(CELLS, 3);
    const picks: number[] = [];
    for (let c = 0; picks.length < 5; c++) {
      picks.push(c);
      if (mineCells.includes(c)) break;
    }
    return [{ seat: 'p1', amount: Math.max(s.minBet, 100), mines: 3, picks }];
  },
});
