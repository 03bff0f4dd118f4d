/**
 * High-stakes Texas hold'em, 2–9 seats: each player's best five of their two hole cards and
 * the five board cards; the pot (with side pots for all-in players) goes to the best hand
 * among those who did not fold, split on ties. Rake: 5% of the pot, capped at 3 big blinds,
 * taken from the main pot first and charged to the pots' winners.
 * The betting is the game server's: it reports what each seat put in and who folded; this
 * package deals from the seed and settles the pots.
 * Stream: draw(52, 2n + 5) for n seats in bet order (the first seat after the button first):
 * seat k gets cards k and n + k, the board is cards 2n … 2n + 4 (no burn cards).
 * Odd centavos of a split go one each to the winners earliest in seat order.
 */
import { z } from 'zod';
import { defineGame, GameRuleError } from '../define';
import { cardName } from '../cards';
import { bpsOf } from '../money';
import { bestFive, categoryOf } from '../poker';
import { amount, baseSettings, checkBetLimits, seat, whole } from '../settings';

// minBet/maxBet are the table's buy-in range (checked when a player sits down, by the game
// server); a hand's contributions are whatever the betting made them, so they are not checked here.
const settings = z
  .strictObject({
    ...baseSettings,
    /** The big blind, centavos. */
    bigBlind: amount.default(10_000),
    /** Rake on the pot, basis points. */
    rakeBps: whole(0, 1000).default(500),
    /** The rake's cap, in big blinds. */
    rakeCapBigBlinds: whole(0, 10).default(3),
  })
  .superRefine(checkBetLimits);
type Settings = z.infer<typeof settings>;

const bets = z
  .array(
    z.strictObject({
      seat,
      /** All the seat put into the pot in this hand. */
      amount,
      folded: z.boolean(),
    }),
    { message: 'Expected array' },
  )
  .min(2, { message: 'At least 2 seats' })
  .max(9, { message: 'At most 9 seats' });

/** Split `amount` among `n` shares, odd units to the first. */
const split = (amount: number, n: number) => Array.from({ length: n }, (_, i) => Math.floor(amount / n) + (i < amount % n ? 1 : 0));

export const hightexas = defineGame({
  id: 'hightexas',
  name: { en: "High-stakes Texas Hold'em", zh: '高额德州扑克' },
  kind: 'table',
  rules: "Hold'em for 2–9 players: best five of seven cards; side pots for all-in players; ties split. Rake 5% of the pot, capped at 3 big blinds.",
  settings,
  bets,
  labels: {
    bigBlind: { en: 'Big blind', zh: '大盲注' },
    rakeBps: { en: 'Rake (basis points)', zh: '抽水（基点）' },
    rakeCapBigBlinds: { en: 'Rake cap (big blinds)', zh: '抽水上限（大盲注数）' },
  },
  resolve(s: Settings, rng, list) {
    const n = list.length;
    if (new Set(list.map((b) => b.seat)).size !== n) throw new GameRuleError('seat: A seat is listed twice');
    if (list.every((b) => b.folded)) throw new GameRuleError('folded: Somebody must be left in the hand');
    const cards = rng.draw(52, 2 * n + 5);
    const board = cards.slice(2 * n);
    const hands = list.map((b, k) => (b.folded ? null : bestFive([cards[k], cards[n + k], ...board])));
    // Pots by contribution level; a level nobody live reached joins the pot below it.
    const levels = [...new Set(list.map((b) => b.amount))].sort((a, b) => a - b);
    const pots: { amount: number; eligible: number[] }[] = [];
    let prev = 0;
    for (const level of levels) {
      const amountHere = list.reduce((t, b) => t + Math.max(0, Math.min(b.amount, level) - prev), 0);
      const eligible = list.map((_, k) => k).filter((k) => !list[k].folded && list[k].amount >= level);
      if (eligible.length) pots.push({ amount: amountHere, eligible });
      else if (pots.length) pots[pots.length - 1].amount += amountHere;
      else throw new GameRuleError('amount: A live player must have matched the folded bets');
      prev = level;
    }
    const total = pots.reduce((t, p) => t + p.amount, 0);
    let rakeLeft = Math.min(bpsOf(total, s.rakeBps), s.bigBlind * s.rakeCapBigBlinds);
    const win = list.map(() => 0);
    const fee = list.map(() => 0);
    const settled = pots.map((p) => {
      const rake = Math.min(rakeLeft, p.amount);
      rakeLeft -= rake;
      const best = Math.max(...p.eligible.map((k) => hands[k]!.value));
      const winners = p.eligible.filter((k) => hands[k]!.value === best);
      split(p.amount - rake, winners.length).forEach((x, i) => {
        win[winners[i]] += x;
      });
      split(rake, winners.length).forEach((x, i) => {
        fee[winners[i]] += x;
      });
      return { amount: p.amount, rake, winners: winners.map((k) => list[k].seat) };
    });
    return {
      result: {
        board: board.map(cardName),
        seats: list.map((b, k) => ({
          seat: b.seat,
          hole: [cards[k], cards[n + k]].map(cardName),
          best: hands[k] ? hands[k].cards.map(cardName) : null,
          hand: hands[k] ? categoryOf(hands[k].value) : null,
        })),
        pots: settled,
      },
      payouts: list.map((b, k) => ({ seat: b.seat, bet: b.amount, win: win[k], fee: fee[k], jackpot: 0 })),
    };
  },
  rtp: () => ({ rtp: null, sd: null, reference: 'the rake is 5% of each pot up to its cap; its share of stakes depends on pot sizes', exact: false }),
  sampleBets: (s) => [
    { seat: 'p1', amount: s.bigBlind * 4, folded: false },
    { seat: 'p2', amount: s.bigBlind * 4, folded: false },
    { seat: 'p3', amount: s.bigBlind, folded: true },
  ],
});
