/**
 * Tongits, 3 players, one deck: the dealer (first seat) gets 13 cards, the others 12, 15
 * stay in the stock. Melds are 3–4 of a rank or runs of 3+ of one suit (ace low). A hand ends
 * by tongits (a player melds every card), a called draw (others fight or fold) or an empty
 * stock; then the lowest deadwood (A = 1, 2–10 face, J/Q/K = 10) wins, and a player with no
 * exposed meld is burned and cannot win. The winner takes the antes less the table fee and
 * the jackpot contribution.
 * The turn-by-turn play is the game server's: this package deals from the seed and settles a
 * finished hand from the reported final melds and hands (each meld valid, no card twice,
 * points, burned players, the winner by the end rule, the money). It does not replay draws
 * and discards, so it cannot tell that the final cards came from the deal by legal turns.
 * Stream: draw(52, 52); seat 1 (the dealer) cards 1–13, seat 2 cards 14–25, seat 3 26–37,
 * the stock 38–52 in drawing order.
 */
import { z } from 'zod';
import { defineGame, GameRuleError } from '../define';
import { cardName, cardSchema, parseCards, rankOf, suitOf } from '../cards';
import { bpsOf } from '../money';
import { amount, baseSettings, checkBetLimits, seat, whole } from '../settings';

const settings = z
  .strictObject({
    ...baseSettings,
    /** Table fee on each ante, basis points. */
    feeBps: whole(0, 2000).default(500),
    /** Share of each ante to the jackpot pool (1500 = 15% on mega-jackpot rooms), basis points. */
    jackpotBps: whole(0, 1500).default(0),
    /** Seconds a player has for a turn. */
    turnSeconds: whole(5, 60).default(20),
  })
  .superRefine((s, ctx) => {
    checkBetLimits(s, ctx);
    if (s.feeBps + s.jackpotBps > 2500) ctx.addIssue({ code: 'custom', path: ['jackpotBps'], message: 'Fee and jackpot together must be at most 25%' });
  });
type Settings = z.infer<typeof settings>;

const bets = z.strictObject({
  end: z.strictObject({
    how: z.enum(['tongits', 'draw', 'stock'], { message: 'Must be tongits, draw or stock' }),
    /** Who called tongits or the draw, or who drew the last card of the stock. */
    by: seat,
  }),
  seats: z
    .array(
      z.strictObject({
        seat,
        /** The ante (the same for every seat). */
        amount,
        /** Melds the player exposed at the end (cards laid off on them included). */
        melds: z.array(z.array(cardSchema).min(3, { message: 'A meld is 3 cards or more' }).max(13)).max(6),
        /** Cards left in hand (deadwood). */
        hand: z.array(cardSchema).max(13),
        /** Folded when another player called a draw. */
        folded: z.boolean().default(false),
      }),
    )
    .length(3, { message: 'Tongits is 3 players' }),
});

/** Deadwood value of a card: A = 1, 2–10 face value, J/Q/K = 10. */
export const points = (card: number) => Math.min(rankOf(card), 10);

export function isMeld(cards: number[]): boolean {
  if (cards.length >= 3 && cards.length <= 4 && cards.every((c) => rankOf(c) === rankOf(cards[0]))) return true;
  if (!cards.every((c) => suitOf(c) === suitOf(cards[0]))) return false;
  const ranks = cards.map(rankOf).sort((a, b) => a - b);
  return ranks.every((r, i) => i === 0 || r === ranks[i - 1] + 1);
}

export const tongits = defineGame({
  id: 'tongits',
  name: { en: 'Tongits', zh: 'Tongits纸牌' },
  kind: 'table',
  rules:
    'Three players, melds of 3–4 of a kind or same-suit runs; a hand ends by tongits, a called draw (fight or fold) or an empty stock, and the lowest deadwood wins; a player with no exposed meld is burned. The winner takes the antes less the table fee (and jackpot share).',
  settings,
  bets,
  labels: {
    feeBps: { en: 'Table fee on antes (basis points)', zh: '底注台费（基点）' },
    jackpotBps: { en: 'Jackpot share of antes (basis points)', zh: '底注奖池比例（基点）' },
    turnSeconds: { en: 'Turn time (seconds)', zh: '出牌时间（秒）' },
  },
  resolve(s: Settings, rng, round) {
    const list = round.seats;
    const ante = list[0].amount;
    if (list.some((b) => b.amount !== ante)) throw new GameRuleError('amount: Every seat pays the same ante');
    if (ante < s.minBet || ante > s.maxBet) throw new GameRuleError(`amount: Must be from ${s.minBet} to ${s.maxBet}`);
    if (new Set(list.map((b) => b.seat)).size !== 3) throw new GameRuleError('seat: A seat is listed twice');
    const by = list.findIndex((b) => b.seat === round.end.by);
    if (by < 0) throw new GameRuleError('end.by: Not a seat of this hand');
    const deck = rng.draw(52, 52);
    const seen = new Set<number>();
    const hands = list.map((b) => {
      const melds = b.melds.map((m) => parseCards(m, `${b.seat} melds`, seen));
      for (const m of melds) if (!isMeld(m)) throw new GameRuleError(`${b.seat}: ${m.map(cardName).join(' ')} is not a meld`);
      const hand = parseCards(b.hand, `${b.seat} hand`, seen);
      return { seat: b.seat, points: hand.reduce((t, c) => t + points(c), 0), burned: melds.length === 0, folded: b.folded, handSize: hand.length };
    });
    if (round.end.how !== 'draw' && hands.some((h) => h.folded)) throw new GameRuleError('folded: Only a called draw can be folded');
    const turnOrder = [0, 1, 2].map((i) => (by + i) % 3);
    let winner: number;
    if (round.end.how === 'tongits') {
      if (hands[by].handSize !== 0) throw new GameRuleError(`${list[by].seat}: Tongits needs every card melded`);
      winner = by;
    } else if (round.end.how === 'draw') {
      if (hands[by].burned || hands[by].folded) throw new GameRuleError(`${list[by].seat}: A burned or folded player cannot call a draw`);
      // Challengers beat the caller on a tie; among challengers the first in turn order wins a tie.
      const fighters = turnOrder.slice(1).filter((i) => !hands[i].burned && !hands[i].folded);
      winner = by;
      for (const i of fighters) if (hands[i].points <= hands[winner].points && (winner === by || hands[i].points < hands[winner].points)) winner = i;
    } else {
      // Empty stock: lowest points among the players who are not burned; ties to the first in turn order from the last drawer.
      const eligible = turnOrder.filter((i) => !hands[i].burned);
      const pool = eligible.length ? eligible : turnOrder;
      winner = pool.reduce((w, i) => (hands[i].points < hands[w].points ? i : w), pool[0]);
    }
    const fees = list.map(() => bpsOf(ante, s.feeBps));
    const jackpots = list.map(() => bpsOf(ante, s.jackpotBps));
    const pot = 3 * ante - fees.reduce((t, f) => t + f, 0) - jackpots.reduce((t, j) => t + j, 0);
    return {
      result: {
        dealt: list.map((b, k) => ({ seat: b.seat, cards: deck.slice(k === 0 ? 0 : 1 + 12 * k, 13 + 12 * k).map(cardName) })),
        stock: deck.slice(37).map(cardName),
        points: hands.map((h) => ({ seat: h.seat, points: h.points, burned: h.burned, folded: h.folded })),
        winner: list[winner].seat,
      },
      payouts: list.map((b, k) => ({ seat: b.seat, bet: ante, win: k === winner ? pot : 0, fee: fees[k], jackpot: jackpots[k] })),
    };
  },
  rtp: (s) => ({
    rtp: 1 - (s.feeBps + s.jackpotBps) / 10_000,
    sd: null,
    reference: 'the antes of a hand (the winner takes them less fee and jackpot)',
    exact: true,
  }),
  sampleBets: (s, preview) => {
    // A hand ended on an empty stock with the dealt cards as deadwood, one meld-free seat burned.
    const deck = preview.draw(52, 52);
    const ante = Math.max(s.minBet, 100);
    const seats = [0, 1, 2].map((k) => ({
      seat: `p${k + 1}`,
      amount: ante,
      melds: [] as string[][],
      hand: deck.slice(k === 0 ? 0 : 1 + 12 * k, 13 + 12 * k).map(cardName),
      folded: false,
    }));
    return { end: { how: 'stock' as const, by: 'p3' }, seats };
  },
});
