import { describe, expect, it } from 'vitest';
import { parseCard } from './cards';
import { bestFive, categoryOf, handValue, suitTiebreak } from './poker';

const h = (s: string) => s.split(' ').map(parseCard);
const v = (s: string) => handValue(h(s));

describe('hand values', () => {
  it('orders the categories', () => {
    const ladder = [
      '2c 3d 4h 5s 7c',
      '2c 2d 4h 5s 7c',
      '2c 2d 4h 4s 7c',
      '2c 2d 2h 5s 7c',
      'Ac 2d 3h 4s 5c',
      '2c 3d 4h 5s 6c',
      '2c 4c 6c 8c Tc',
      '2c 2d 2h 5s 5c',
      '2c 2d 2h 2s 7c',
      'Ac 2c 3c 4c 5c',
      'Tc Jc Qc Kc Ac',
    ];
    const values = ladder.map(v);
    for (let i = 1; i < values.length; i++) expect(values[i], ladder[i]).toBeGreaterThan(values[i - 1]);
    expect(ladder.map((x) => categoryOf(v(x)))).toEqual([
      'high card',
      'pair',
      'two pair',
      'three of a kind',
      'straight',
      'straight',
      'flush',
      'full house',
      'four of a kind',
      'straight flush',
      'straight flush',
    ]);
  });

  it('breaks ties by the ranks that matter and ignores suits', () => {
    expect(v('Kc Kd 9h 4s 2c')).toBeGreaterThan(v('Kh Ks 9c 3d 2d'));
    expect(v('Kc Kd 9h 4s 2c')).toBe(v('Kh Ks 9c 4d 2d'));
    expect(v('Ac Ad 3h 3s 2c')).toBeGreaterThan(v('Kh Ks Qc Qd Ad'));
    expect(v('9c 9d 9h 2s 2c')).toBeGreaterThan(v('8c 8d 8h As Ac'));
  });

  it('a three-card front row compares on the same scale as a five-card row', () => {
    expect(v('Qc Qd 2h')).toBeLessThan(v('Qh Qs 3c 4d 5d'));
    expect(v('Qc Qd Ah')).toBeGreaterThan(v('Qh Qs Kc 4d 5d'));
    expect(v('5c 5d 5h')).toBeGreaterThan(v('Ah As Kc Kd Qd'));
    expect(categoryOf(v('2c 3c 4c'))).toBe('high card'); // no straights or flushes of three
  });

  it('best five of seven', () => {
    const best = bestFive(h('2c 3c 9d 4c Kh 5c Ac'));
    expect(categoryOf(best.value)).toBe('straight flush');
    expect(bestFive(h('Ah Ad Kc Ks Qh Qd 2c')).value).toBe(v('Ah Ad Kc Ks Qh'));
  });

  it("Pusoy's suit order ♠ > ♥ > ♦ > ♣ decides equal rows by the deciding rank's best suit", () => {
    const a = h('Ks Kd 9h 4s 2c'),
      b = h('Kh Kc 9c 4d 2d');
    expect(handValue(a)).toBe(handValue(b));
    expect(suitTiebreak(a, handValue(a))).toBeGreaterThan(suitTiebreak(b, handValue(b)));
  });
});
