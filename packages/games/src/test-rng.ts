/** Test helper: a stream whose draws are given (a stacked deck), to build exact hands. */
import { Rng } from './rng';

export class StackedRng extends Rng {
  constructor(
    private draws: number[][],
    private ints: number[] = [],
    private floats: number[] = [],
  ) {
    super();
  }
  uint32(): number {
    throw new Error('StackedRng gives draws, ints and floats only');
  }
  clone(): Rng {
    return new StackedRng(
      this.draws.map((d) => [...d]),
      [...this.ints],
      [...this.floats],
    );
  }
  override draw(n: number, k: number): number[] {
    const d = this.draws.shift();
    if (!d) throw new Error('No stacked draw left');
    // Complete a partial stack with the unused items in order, so a test names only the cards it needs.
    const rest = Array.from({ length: n }, (_, i) => i).filter((i) => !d.includes(i));
    return [...d, ...rest].slice(0, k);
  }
  override int(n: number): number {
    const v = this.ints.shift();
    if (v === undefined || v >= n) throw new Error(`No stacked int below ${n}`);
    return v;
  }
  override float(): number {
    const v = this.floats.shift();
    if (v === undefined) throw new Error('No stacked float');
    return v;
  }
}

/** Cards by name for stacking: "As" → 39 (the deck order of cards.ts). */
export { parseCard as card } from './cards';
