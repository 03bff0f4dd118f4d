/**
 * Lucky 9, house-banked (baccarat-like): a Player hand and a Banker hand of two or three
 * cards from one 52-card deck; A = 1, 2–9 face value, 10/J/Q/K = 0, a total is the last digit,
 * 9 is best. Bets on Player pay 1:1, on Banker 1:1 less the commission (5% of the win, the
 * seat's fee), on a tie 8:1; a tie returns Player and Banker bets. Third cards follow the
 * punto-banco table (below), so no choice is left to anyone and every round is verifiable.
 * Stream: six cards draw(52, 6); Player gets cards 1 and 3, Banker 2 and 4; a third card
 * goes to Player first (card 5), then Banker takes the next unused card.
 */
import { z } from 'zod';
import { defineGame } from '../define';
import { cardName, rankOf } from '../cards';
import { bpsOf } from '../money';
import { amount, baseSettings, checkBetLimits, seat, whole } from '../settings';

const settings = z
  .strictObject({
    ...baseSettings,
    /** Commission on Banker wins, basis points (500 = 5%). */
    commissionBps: whole(0, 1000).default(500),
    /** Odds of a tie bet (x:1). */
    tiePays: whole(5, 9).default(8),
  })
  .superRefine((s, ctx) => {
    checkBetLimits(s, ctx);
    const r = betRtps(s);
    if (r.banker > 0.995) ctx.addIssue({ code: 'custom', path: ['commissionBps'], message: `Banker RTP ${(r.banker * 100).toFixed(2)}% is over 99.5%` });
  });
type Settings = z.infer<typeof settings>;

const SIDES = ['player', 'banker', 'tie'] as const;
const bets = z
  .array(z.strictObject({ seat, amount, on: z.enum(SIDES, { message: 'Must be player, banker or tie' }) }), { message: 'Expected array' })
  .min(1, { message: 'At least one bet' })
  .max(500, { message: 'At most 500 bets' });

export const cardValue = (rank: number) => (rank >= 10 ? 0 : rank);

/** Does Banker draw, given its two-card total and Player's third card value (null: Player stood)? */
export function bankerDraws(banker: number, playerThird: number | null): boolean {
  if (playerThird === null) return banker <= 5;
  if (banker <= 2) return true;
  if (banker === 3) return playerThird !== 8;
  if (banker === 4) return playerThird >= 2 && playerThird <= 7;
  if (banker === 5) return playerThird >= 4 && playerThird <= 7;
  if (banker === 6) return playerThird === 6 || playerThird === 7;
  return false;
}

/** Player and Banker totals and third cards from the card values in dealing order. */
export function coup(values: (i: number) => number) {
  let p = (values(0) + values(2)) % 10;
  let b = (values(1) + values(3)) % 10;
  let next = 4;
  let playerThird: number | null = null;
  let bankerThird = false;
  if (p < 8 && b < 8) {
    if (p <= 5) {
      playerThird = values(next++);
      p = (p + playerThird) % 10;
    }
    if (bankerDraws(b, playerThird)) {
      b = (b + values(next++)) % 10;
      bankerThird = true;
    }
  }
  return { player: p, banker: b, playerThird: playerThird !== null, bankerThird };
}

let odds: { player: number; banker: number; tie: number } | null = null;
/** Exact chances of a Player win, Banker win and tie from one deck, by enumerating card values with their counts. */
export function coupOdds() {
  if (odds) return odds;
  const counts = [16, 4, 4, 4, 4, 4, 4, 4, 4, 4];
  const acc = { player: 0, banker: 0, tie: 0 };
  const seq: number[] = [];
  const walk = (depth: number, weight: number, left: number) => {
    // Deal lazily: coup asks for card i; a card not yet enumerated branches over the values left.
    const need = (() => {
      try {
        coup((i) => {
          // a plain number, not an Error: the enumeration throws it thousands of times and an Error captures a stack each time
          // eslint-disable-next-line @typescript-eslint/only-throw-error
          if (i >= seq.length) throw i;
          return seq[i];
        });
        return -1;
      } catch (i) {
        return i as number;
      }
    })();
    if (need < 0) {
      const c = coup((i) => seq[i]);
      if (c.player > c.banker) acc.player += weight;
      else if (c.banker > c.player) acc.banker += weight;
      else acc.tie += weight;
      return;
    }
    for (let v = 0; v < 10; v++) {
      if (!counts[v]) continue;
      const w = weight * (counts[v] / left);
      counts[v]--;
      seq.push(v);
      walk(depth + 1, w, left - 1);
      seq.pop();
      counts[v]++;
    }
  };
  walk(0, 1, 52);
  odds = acc;
  return acc;
}

function betRtps(s: { commissionBps: number; tiePays: number }) {
  const o = coupOdds();
  return {
    player: 2 * o.player + o.tie,
    banker: o.banker * (2 - s.commissionBps / 10_000) + o.tie,
    tie: o.tie * (1 + s.tiePays),
  };
}

export const lucky9 = defineGame({
  id: 'lucky9',
  name: { en: 'Lucky 9', zh: '幸运9' },
  kind: 'house',
  rules:
    'Player and Banker hands of two or three cards, A = 1, tens and faces 0, the last digit counts, 9 is best; third cards by the punto-banco table. Player pays 1:1, Banker 1:1 less 5% commission, tie 8:1 (a tie returns Player and Banker bets).',
  settings,
  bets,
  labels: { commissionBps: { en: 'Banker commission (basis points)', zh: '庄家佣金（基点）' }, tiePays: { en: 'Tie odds (x:1)', zh: '和局赔率（x:1）' } },
  resolve(s: Settings, rng, list) {
    const cards = rng.draw(52, 6);
    const c = coup((i) => cardValue(rankOf(cards[i])));
    const used = 4 + (c.playerThird ? 1 : 0) + (c.bankerThird ? 1 : 0);
    const playerCards = [cards[0], cards[2], ...(c.playerThird ? [cards[4]] : [])];
    const bankerCards = [cards[1], cards[3], ...(c.bankerThird ? [cards[used - 1]] : [])];
    const winner = c.player > c.banker ? 'player' : c.banker > c.player ? 'banker' : 'tie';
    return {
      result: { player: playerCards.map(cardName), banker: bankerCards.map(cardName), playerTotal: c.player, bankerTotal: c.banker, winner },
      payouts: list.map((b) => {
        let win = 0;
        let fee = 0;
        if (winner === 'tie') win = b.on === 'tie' ? b.amount * (1 + s.tiePays) : b.amount;
        else if (b.on === winner && winner === 'player') win = 2 * b.amount;
        else if (b.on === winner) {
          fee = bpsOf(b.amount, s.commissionBps);
          win = 2 * b.amount - fee;
        }
        return { seat: b.seat, bet: b.amount, win, fee, jackpot: 0 };
      }),
    };
  },
  rtp(s) {
    const r = betRtps(s);
    const o = coupOdds();
    return { rtp: r.player, sd: Math.sqrt(4 * o.player + o.tie - r.player ** 2), reference: 'a bet on Player', byBet: r, exact: true };
  },
  sampleBets: (s) => SIDES.map((on, i) => ({ seat: `p${i + 1}`, amount: Math.max(s.minBet, 100), on })),
});
