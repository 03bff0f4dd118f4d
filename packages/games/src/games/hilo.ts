/**
 * Hi-Lo: a card is shown; the player bets that the next card of the same deck is higher or
 * the same ("higher") or lower or the same ("lower"), aces low. The bet pays
 * stake · (1 − edge) / p, p the chance of the guess from the 51 unseen cards, floored to the
 * centavo: the multiplier is 0.97 / p at the default 3% edge, and every guess returns 97%.
 * Stream: the two cards are draw(52, 2) (shown card first).
 */
import { z } from 'zod';
import { defineGame } from '../define';
import { cardName, rankOf } from '../cards';
import { mulDiv } from '../money';
import { amount, baseSettings, checkBetLimits, seat, whole } from '../settings';

const settings = z
  .strictObject({
    ...baseSettings,
    /** House edge, basis points (300 = 3%). */
    edgeBps: whole(100, 500).default(300),
  })
  .superRefine(checkBetLimits);
type Settings = z.infer<typeof settings>;

const bets = z
  .array(
    z.strictObject({
      seat,
      amount,
      guess: z.enum(['higher', 'lower'], { message: 'Must be higher or lower' }),
    }),
    { message: 'Expected array' },
  )
  .min(1, { message: 'At least one bet' })
  .max(100, { message: 'At most 100 bets' });

/** Of the 51 unseen cards, how many make the guess win when the shown rank is r (1…13). */
export const winningCards = (r: number, guess: 'higher' | 'lower') => (guess === 'higher' ? 4 * (13 - r) + 3 : 4 * (r - 1) + 3);

export const hilo = defineGame({
  id: 'hilo',
  name: { en: 'Hi-Lo', zh: '猜大小' },
  kind: 'house',
  rules:
    'A card is shown; bet that the next card is higher or the same, or lower or the same (aces low). The bet pays 0.97 / p (p the chance of the guess), a 3% edge on every guess.',
  settings,
  bets,
  labels: { edgeBps: { en: 'House edge (basis points)', zh: '庄家优势（基点）' } },
  resolve(s: Settings, rng, list) {
    const [shown, next] = rng.draw(52, 2);
    const r = rankOf(shown);
    const n = rankOf(next);
    return {
      result: { shown: cardName(shown), next: cardName(next) },
      payouts: list.map((b) => {
        const won = b.guess === 'higher' ? n >= r : n <= r;
        // (1 − edge) · 51 / winning cards, exactly.
        const win = won ? mulDiv(b.amount, (10_000 - s.edgeBps) * 51, 10_000 * winningCards(r, b.guess)) : 0;
        return { seat: b.seat, bet: b.amount, win, fee: 0, jackpot: 0 };
      }),
    };
  },
  rtp(s) {
    const e = 1 - s.edgeBps / 10_000;
    let second = 0;
    for (let r = 1; r <= 13; r++) second += (e * e * 51) / winningCards(r, 'higher') / 13;
    return { rtp: e, sd: Math.sqrt(second - e * e), reference: 'a bet on higher', exact: true };
  },
  sampleBets: (s) => [{ seat: 'p1', amount: Math.max(s.minBet, 100), guess: 'higher' as const }],
});
