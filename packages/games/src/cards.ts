/**
 * Playing cards. A card is a number 0…51 (the unshuffled deck order): suit = floor(n / 13)
 * in the order ♣ c, ♦ d, ♥ h, ♠ s (also Pusoy's suit order, lowest first), rank = n mod 13 + 1
 * (A = 1, 2…10, J = 11, Q = 12, K = 13). Written as rank letter + suit letter: "As", "Td", "9c".
 * A dealt deck is rng.draw(52, k): card i of the deal is the i-th drawn.
 */
import { z } from 'zod';
import type { Rng } from './rng';
import { GameRuleError } from './define';

export const SUITS = ['c', 'd', 'h', 's'] as const;
export const RANK_LETTERS = 'A23456789TJQK';

export const suitOf = (card: number) => Math.floor(card / 13);
/** 1 (ace) … 13 (king). */
export const rankOf = (card: number) => (card % 13) + 1;
export const cardName = (card: number) => RANK_LETTERS[card % 13] + SUITS[suitOf(card)];

export const cardSchema = z.string().regex(/^[A2-9TJQK][cdhs]$/, { message: 'Must be a card like As, Td or 9c' });

export function parseCard(name: string): number {
  const rank = RANK_LETTERS.indexOf(name[0]);
  const suit = SUITS.indexOf(name[1] as (typeof SUITS)[number]);
  if (name.length !== 2 || rank < 0 || suit < 0) throw new GameRuleError(`${name} is not a card`);
  return suit * 13 + rank;
}

/** The first k cards of a deck shuffled from the stream. */
export const deal = (rng: Rng, k: number) => rng.draw(52, k);

/** Cards by name, refusing a card named twice. */
export function parseCards(names: readonly string[], what: string, seen = new Set<number>()): number[] {
  return names.map((n) => {
    const c = parseCard(n);
    if (seen.has(c)) throw new GameRuleError(`${what}: ${n} appears twice`);
    seen.add(c);
    return c;
  });
}
