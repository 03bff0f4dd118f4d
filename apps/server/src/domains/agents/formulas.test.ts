/** The rebate formulas against domain.md's worked examples (table tests). */
import { describe, expect, it } from 'vitest';
import { lineRebate, paidAmount, rateProblem, settle, tierRebate } from './formulas';

describe('rebate formulas', () => {
  it.each([
    // domain.md: 500,000 × 20% + 300,000 × 5% = 115,000 chips → ₱1,150 at ratio 100
    { t1Rake: 500_000, t1: 2000, t2Rake: 300_000, t2: 500, total: 115_000, ratio: 100, amount: 115_000 },
    { t1Rake: 500_000, t1: 2000, t2Rake: 300_000, t2: 500, total: 115_000, ratio: 1000, amount: 11_500 },
    { t1Rake: 0, t1: 2000, t2Rake: 300_000, t2: 500, total: 15_000, ratio: 100, amount: 15_000 },
    { t1Rake: 333, t1: 1500, t2Rake: 7, t2: 300, total: 49, ratio: 100, amount: 49 },
    { t1Rake: 1_000_000, t1: 0, t2Rake: 1_000_000, t2: 0, total: 0, ratio: 100, amount: 0 },
  ])('T1 $t1Rake × $t1 bps + T2 $t2Rake × $t2 bps = $total chips → $amount at ratio $ratio', (c) => {
    const r = tierRebate(c.t1Rake, c.t1, c.t2Rake, c.t2);
    expect(r.total).toBe(c.total);
    expect(paidAmount(r.total, c.ratio)).toBe(c.amount);
  });

  it('a week spanning a rate change pays each day at its own rate, floored once', () => {
    expect(
      lineRebate([
        { rake: 100_000, bps: 2000 },
        { rake: 100_000, bps: 1000 },
      ]),
    ).toBe(30_000);
    expect(
      lineRebate([
        { rake: 3, bps: 3333 },
        { rake: 3, bps: 3333 },
      ]),
    ).toBe(1);
  });

  it.each([
    { earned: 2_000, adjustments: -5_000, carriedIn: 0, total: -3_000, paid: 0, carryOut: -3_000 },
    { earned: 0, adjustments: 0, carriedIn: -3_000, total: -3_000, paid: 0, carryOut: -3_000 },
    { earned: 4_000, adjustments: 0, carriedIn: -3_000, total: 1_000, paid: 1_000, carryOut: 0 },
    { earned: 0, adjustments: 0, carriedIn: 0, total: 0, paid: 0, carryOut: 0 },
    { earned: 115_000, adjustments: 100, carriedIn: 0, total: 115_100, paid: 115_100, carryOut: 0 },
  ])('negative results carry forward: $earned + $adjustments + $carriedIn', (c) => {
    expect(settle(c.earned, c.adjustments, c.carriedIn)).toEqual({ total: c.total, paidChips: c.paid, carryOut: c.carryOut });
  });

  it.each([
    [{ rate: 2500, t1: 2000, t2: 500 }, undefined],
    [{ rate: 2000, t1: 1800, t2: 500 }, 't2'],
    [{ rate: 1000, t1: 2000, t2: 0 }, 't1'],
  ] as const)('t1 + t2 ≤ rate: %j → %s', (r, field) => {
    expect(rateProblem(r)?.field).toBe(field);
  });
});
