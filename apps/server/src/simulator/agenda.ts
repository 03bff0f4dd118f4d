/** A time-ordered agenda (binary heap on time, then insertion order): what happens next. */
export interface Item {
  at: number;
  seq: number;
  fn: (at: number) => void;
  must: boolean;
}

export class Agenda {
  private heap: Item[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  /** `must`: runs even when the run ends before its time (a session is always settled). */
  add(at: number, fn: (at: number) => void, must = false): void {
    const item = { at, seq: this.seq++, fn, must };
    const h = this.heap;
    h.push(item);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(h[i], h[parent])) break;
      [h[i], h[parent]] = [h[parent], h[i]];
      i = parent;
    }
  }

  peek(): Item | undefined {
    return this.heap[0];
  }

  pop(): Item | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && before(h[l], h[m])) m = l;
        if (r < h.length && before(h[r], h[m])) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m], h[i]];
        i = m;
      }
    }
    return top;
  }

  /** Runs every item due before `until` (items they add included), in time order. */
  runUntil(until: number): void {
    for (let next = this.peek(); next && next.at < until; next = this.peek()) {
      this.pop();
      next.fn(next.at);
    }
  }

  /** At the end of a run: what must still happen runs at `at`; the rest is dropped. */
  finish(at: number): void {
    for (let next = this.pop(); next; next = this.pop()) if (next.must) next.fn(Math.min(next.at, at));
  }
}

const before = (a: Item, b: Item) => a.at < b.at || (a.at === b.at && a.seq < b.seq);
