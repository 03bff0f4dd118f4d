/**
 * Pusoy (13-card Chinese poker), 2–4 players: each sets the 13 dealt cards into a front row
 * of 3, a middle of 5 and a back of 5 (back ≥ middle ≥ front, or the hand fouls). Every pair
 * of players compares row by row, 1 unit a row; winning all three rows (a scoop) doubles;
 * a foul pays as scooped; a special hand (dragon, six pairs, three flushes, three straights)
 * wins its units from every ordinary hand. Equal rows are decided by suit, ♠ > ♥ > ♦ > ♣.
 * The house takes a fee on each player's net win (5%).
 * Stream: draw(52, 13·players); the seat of the k-th bet gets cards 13k … 13k + 12.
 * Verified: the rows are exactly the dealt cards; fouls, specials, units and fees.
 */
import { z } from 'zod';
import { defineGame, GameRuleError } from '../define';
import { cardName, cardSchema, parseCards, rankOf, suitOf } from '../cards';
import { bpsOf } from '../money';
import { bestFive, categoryOf, handValue, pokerRank, suitTiebreak } from '../poker';
import { amount, baseSettings, checkBetLimits, seat, whole } from '../settings';

const settings = z
  .strictObject({
    ...baseSettings,
    /** Fee on each player's net win, basis points (500 = 5%). */
    feeBps: whole(0, 1000).default(500),
    /** Units a special hand wins from each ordinary hand. */
    specials: z
      .strictObject({
        dragon: whole(0, 52).default(13),
        sixPairs: whole(0, 52).default(3),
        threeFlushes: whole(0, 52).default(3),
        threeStraights: whole(0, 52).default(3),
      })
      .default({ dragon: 13, sixPairs: 3, threeFlushes: 3, threeStraights: 3 }),
  })
  .superRefine(checkBetLimits);
type Settings = z.infer<typeof settings>;

const bets = z
  .array(
    z.strictObject({
      seat,
      /** The unit stake (the same for every seat of the table). */
      amount,
      front: z.array(cardSchema).length(3, { message: 'Must be 3 cards' }),
      middle: z.array(cardSchema).length(5, { message: 'Must be 5 cards' }),
      back: z.array(cardSchema).length(5, { message: 'Must be 5 cards' }),
    }),
    { message: 'Expected array' },
  )
  .min(2, { message: 'At least 2 players' })
  .max(4, { message: 'At most 4 players' });

type Special = keyof Settings['specials'];
const SPECIAL_ORDER: Special[] = ['dragon', 'threeStraights', 'threeFlushes', 'sixPairs'];

function isStraight3(cards: number[]): boolean {
  const r = cards.map(pokerRank).sort((a, b) => a - b);
  const low = cards.map(rankOf).sort((a, b) => a - b);
  return (r[1] === r[0] + 1 && r[2] === r[1] + 1) || (low[1] === low[0] + 1 && low[2] === low[1] + 1);
}

function special(rows: number[][], s: Settings): Special | null {
  const all = rows.flat();
  const ranks = new Map<number, number>();
  for (const c of all) ranks.set(rankOf(c), (ranks.get(rankOf(c)) ?? 0) + 1);
  const found: Special[] = [];
  if (ranks.size === 13) found.push('dragon');
  if ([...ranks.values()].reduce((t, n) => t + Math.floor(n / 2), 0) >= 6) found.push('sixPairs');
  if (rows.every((r) => r.every((c) => suitOf(c) === suitOf(r[0])))) found.push('threeFlushes');
  const cat = (r: number[]) => Math.floor(handValue(r) / 16 ** 5);
  if (isStraight3(rows[0]) && [4, 8].includes(cat(rows[1])) && [4, 8].includes(cat(rows[2]))) found.push('threeStraights');
  // The special worth most units counts (ties: the rarer one, in SPECIAL_ORDER).
  found.sort((a, b) => s.specials[b] - s.specials[a] || SPECIAL_ORDER.indexOf(a) - SPECIAL_ORDER.indexOf(b));
  return found[0] ?? null;
}

/** Row a against row b: +1 if a wins, −1 if b wins (never equal: suits break ties). */
function compareRows(a: number[], b: number[]): number {
  const va = handValue(a),
    vb = handValue(b);
  if (va !== vb) return va > vb ? 1 : -1;
  return suitTiebreak(a, va) > suitTiebreak(b, vb) ? 1 : -1;
}

export const pusoy = defineGame({
  id: 'pusoy',
  name: { en: 'Pusoy', zh: 'Pusoy十三张' },
  kind: 'table',
  rules:
    '2–4 players set 13 cards into rows of 3, 5 and 5 and compare row by row, 1 unit a row; a scoop doubles, a foul pays as scooped, special hands win outright. Fee: 5% of net win.',
  settings,
  bets,
  labels: { feeBps: { en: 'Fee on net win (basis points)', zh: '净赢服务费（基点）' }, specials: { en: 'Special hands (units)', zh: '特殊牌型（注数）' } },
  resolve(s: Settings, rng, list) {
    const unit = list[0].amount;
    if (list.some((b) => b.amount !== unit)) throw new GameRuleError('amount: Every seat plays the same unit');
    if (unit < s.minBet || unit > s.maxBet) throw new GameRuleError(`amount: Must be from ${s.minBet} to ${s.maxBet}`);
    if (new Set(list.map((b) => b.seat)).size !== list.length) throw new GameRuleError('seat: A seat is listed twice');
    const deck = rng.draw(52, 13 * list.length);
    const hands = list.map((b, k) => {
      const seen = new Set<number>();
      const rows = [b.front, b.middle, b.back].map((r) => parseCards(r, `${b.seat} rows`, seen));
      const dealt = deck.slice(13 * k, 13 * k + 13);
      if (!dealt.every((c) => seen.has(c))) throw new GameRuleError(`${b.seat}: The rows are not the cards dealt to this seat`);
      const values = rows.map(handValue);
      const fouled = values[0] > values[1] || values[1] > values[2];
      return { seat: b.seat, dealt, rows, fouled, special: special(rows, s), categories: values.map(categoryOf) };
    });
    const units = hands.map(() => 0);
    for (let i = 0; i < hands.length; i++)
      for (let j = i + 1; j < hands.length; j++) {
        const a = hands[i],
          b = hands[j];
        let toA = 0;
        const sa = a.special ? s.specials[a.special] : 0,
          sb = b.special ? s.specials[b.special] : 0;
        if (a.special || b.special) toA = sa - sb;
        else if (a.fouled || b.fouled) toA = a.fouled === b.fouled ? 0 : a.fouled ? -6 : 6;
        else {
          const rows = [0, 1, 2].reduce((t, r) => t + compareRows(a.rows[r], b.rows[r]), 0);
          toA = Math.abs(rows) === 3 ? rows * 2 : rows;
        }
        units[i] += toA;
        units[j] -= toA;
      }
    return {
      result: {
        hands: hands.map((h, k) => ({ seat: h.seat, dealt: h.dealt.map(cardName), fouled: h.fouled, special: h.special, rows: h.categories, units: units[k] })),
      },
      payouts: hands.map((h, k) => {
        const net = units[k] * unit;
        const fee = net > 0 ? bpsOf(net, s.feeBps) : 0;
        return { seat: h.seat, bet: net < 0 ? -net : 0, win: net > 0 ? net - fee : 0, fee, jackpot: 0 };
      }),
    };
  },
  rtp: () => ({ rtp: null, sd: null, reference: 'the house takes a fee on net wins; its share of stakes depends on the hands', exact: false }),
  sampleBets: (s, preview) => {
    // A simple arrangement: the best five as the back, the best five of the rest as the middle, the last three in front.
    const deck = preview.draw(52, 39);
    return [0, 1, 2].map((k) => {
      const cards = deck.slice(13 * k, 13 * k + 13);
      const back = bestFive(cards).cards;
      const rest = cards.filter((c) => !back.includes(c));
      const middle = bestFive(rest).cards;
      const front = rest.filter((c) => !middle.includes(c));
      return { seat: `p${k + 1}`, amount: Math.max(s.minBet, 100), front: front.map(cardName), middle: middle.map(cardName), back: back.map(cardName) };
    });
  },
});
