/**
 * Rocket (crash): the multiplier climbs until the crash point; a bet cashed out at m before
 * the crash pays stake · m. Crash point = max(1, floor(100 · (1 − edge) / (1 − U)) / 100)
 * with U = float(), so P(crash ≥ m) = (1 − edge) / m for every m ≥ 1.01 and every
 * cash-out target returns exactly 1 − edge (99% by default; 1% of rounds crash at 1.00×).
 * Multipliers are in hundredths (250 = 2.50×).
 */
import { z } from 'zod';
import { defineGame, GameRuleError } from '../define';
import { mulDiv } from '../money';
import { amount, baseSettings, checkBetLimits, seat, whole } from '../settings';

const settings = z
  .strictObject({
    ...baseSettings,
    /** House edge in basis points (100 = 1%). */
    edgeBps: whole(50, 1000).default(100),
    /** Highest cash-out a bet may name, hundredths (100000 = 1000×). */
    maxCashout: whole(200, 1_000_000).default(100_000),
  })
  .superRefine(checkBetLimits);
type Settings = z.infer<typeof settings>;

const bets = z
  .array(
    z.strictObject({
      seat,
      amount,
      /** Where the bet was cashed out (auto or by hand), hundredths ≥ 101; null when it rode to the crash. */
      cashoutAt: whole(101, 1_000_000).nullable(),
    }),
    { message: 'Expected array' },
  )
  .min(1, { message: 'At least one bet' })
  .max(1000, { message: 'At most 1000 bets' });

/** Crash point in hundredths from U = float(): in IEEE doubles, floor((100·(10000 − edgeBps) / 10000) / (1 − U)), at least 100. */
export function crashPoint(edgeBps: number, u: number): number {
  return Math.max(100, Math.floor((100 * (10_000 - edgeBps)) / 10_000 / (1 - u)));
}

export const rocket = defineGame({
  id: 'rocket',
  name: { en: 'Rocket', zh: '火箭' },
  kind: 'house',
  rules:
    'The multiplier climbs from 1.00× until the rocket crashes; a bet cashed out before the crash pays its stake times the cash-out. Crash point = max(1, 0.99 / (1 − U)): 49.5% of rounds reach 2×, 9.9% reach 10×.',
  settings,
  bets,
  labels: {
    edgeBps: { en: 'House edge (basis points)', zh: '庄家优势（基点）' },
    maxCashout: { en: 'Highest cash-out (hundredths)', zh: '最高兑现倍数（百分之一）' },
  },
  resolve(s: Settings, rng, list) {
    const crash = crashPoint(s.edgeBps, rng.float());
    return {
      result: { crash },
      payouts: list.map((b) => {
        if (b.cashoutAt !== null && b.cashoutAt > s.maxCashout) throw new GameRuleError(`cashoutAt: Must be at most maxCashout ${s.maxCashout}`);
        const won = b.cashoutAt !== null && b.cashoutAt <= crash;
        return { seat: b.seat, bet: b.amount, win: won ? mulDiv(b.amount, b.cashoutAt as number, 100) : 0, fee: 0, jackpot: 0 };
      }),
    };
  },
  rtp(s) {
    const r = 1 - s.edgeBps / 10_000;
    // Cash-out at 2×: pays 2 with probability r / 2.
    return { rtp: r, sd: Math.sqrt(2 * r - r * r), reference: 'a bet cashed out at 2.00×', exact: true };
  },
  sampleBets: (s) => [{ seat: 'p1', amount: Math.max(s.minBet, 100), cashoutAt: 200 }],
});
