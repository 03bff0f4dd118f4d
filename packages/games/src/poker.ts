/**
 * Poker hand values (hold'em, Pusoy rows). Aces are high (and low in the wheel A-2-3-4-5).
 * A value is one number: category · 16^5 + the ranks that break ties, most significant
 * first (ranks 2…14, grouped by count then rank), so higher value = better hand. Three-card
 * hands (Pusoy's front row) use the same scale with missing kickers as 0, so a front row
 * compares directly with a middle row (no straights or flushes of three).
 */
import { rankOf, suitOf } from './cards';

export const CATEGORIES = ['high card', 'pair', 'two pair', 'three of a kind', 'straight', 'flush', 'full house', 'four of a kind', 'straight flush'] as const;
const BASE = 16 ** 5;

/** Rank for poker: 2…14 (ace high). */
export const pokerRank = (card: number) => (rankOf(card) === 1 ? 14 : rankOf(card));

export function handValue(cards: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const c of cards) counts.set(pokerRank(c), (counts.get(pokerRank(c)) ?? 0) + 1);
  // Ranks ordered by how many of them, then by rank: [pair rank, kickers…] and so on.
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const ranks = groups.map((g) => g[0]);
  let category: number;
  let tiebreak = ranks;
  if (cards.length === 5) {
    const flush = cards.every((c) => suitOf(c) === suitOf(cards[0]));
    const distinct = groups.length === 5;
    let high = 0;
    if (distinct && ranks[0] - ranks[4] === 4) high = ranks[0];
    else if (distinct && ranks[0] === 14 && ranks[1] === 5) high = 5; // the wheel
    if (high && flush) {
      category = 8;
      tiebreak = [high];
    } else if (groups[0][1] === 4) category = 7;
    else if (groups[0][1] === 3 && groups[1][1] === 2) category = 6;
    else if (flush) category = 5;
    else if (high) {
      category = 4;
      tiebreak = [high];
    } else category = groupCategory(groups);
  } else {
    category = groupCategory(groups);
  }
  let v = category;
  for (let i = 0; i < 5; i++) v = v * 16 + (tiebreak[i] ?? 0);
  return v;
}

function groupCategory(groups: [number, number][]): number {
  if (groups[0][1] === 4) return 7;
  if (groups[0][1] === 3) return groups[1]?.[1] === 2 ? 6 : 3;
  if (groups[0][1] === 2) return groups[1]?.[1] === 2 ? 2 : 1;
  return 0;
}

export const categoryOf = (value: number) => CATEGORIES[Math.floor(value / BASE)];

/** The best five of seven (or more) cards: its value and the cards. */
export function bestFive(cards: readonly number[]): { value: number; cards: number[] } {
  let best = { value: -1, cards: [] as number[] };
  const n = cards.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++)
          for (let e = d + 1; e < n; e++) {
            const five = [cards[a], cards[b], cards[c], cards[d], cards[e]];
            const value = handValue(five);
            if (value > best.value) best = { value, cards: five };
          }
  return best;
}

/**
 * Pusoy's suit tie-break (♠ > ♥ > ♦ > ♣) between rows of equal value: the highest suit
 * among the cards of the row's deciding rank (the top of a straight, the rank of the
 * biggest group, the highest card otherwise).
 */
export function suitTiebreak(cards: readonly number[], value: number): number {
  const top = Math.floor(value / 16 ** 4) % 16; // first tie-break rank: the deciding one (5 for the wheel)
  return Math.max(...cards.filter((c) => pokerRank(c) === top).map(suitOf));
}
