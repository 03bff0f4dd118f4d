/**
 * The rebate formulas (docs/domain.md "Partners, agents and promoters"; decision 021), in plain
 * numbers: what settlement.ts computes in SQL, kept here for the table tests and the screens'
 * previews. Chips are centavos; rates are basis points (2000 = 20%).
 */

export const BPS = 10_000;

/** A line's rebate: Σ over days of rake × the day's rate, floored once to a whole chip. */
export function lineRebate(days: readonly { rake: number; bps: number }[]): number {
  let sum = 0n;
  for (const d of days) sum += BigInt(d.rake) * BigInt(d.bps);
  return Number(sum / BigInt(BPS));
}

/** T1 + T2 of one agent for a week at one rate version. */
export function tierRebate(t1Rake: number, t1Bps: number, t2Rake: number, t2Bps: number): { t1: number; t2: number; total: number } {
  const t1 = lineRebate([{ rake: t1Rake, bps: t1Bps }]);
  const t2 = lineRebate([{ rake: t2Rake, bps: t2Bps }]);
  return { t1, t2, total: t1 + t2 };
}

/** What a week pays and carries: a result ≤ 0 pays nothing and is carried into the next week. */
export function settle(earned: number, adjustments: number, carriedIn: number): { total: number; paidChips: number; carryOut: number } {
  const total = earned + adjustments + carriedIn;
  return total > 0 ? { total, paidChips: total, carryOut: 0 } : { total, paidChips: 0, carryOut: total };
}

/** Chips → the currency's smallest unit (centavos): floor(chips × 100 / ratio); ratio = chips per unit. */
export const paidAmount = (chips: number, currencyRatio: number): number => Number((BigInt(chips) * 100n) / BigInt(currencyRatio));

/** Whether a rate version is valid: the field at fault and why, or undefined. */
export function rateProblem(r: { rate: number; t1: number; t2: number }): { field: string; message: string } | undefined {
  if (r.t1 > r.rate) return { field: 't1', message: `Must not exceed rate (${r.rate})` };
  if (r.t1 + r.t2 > r.rate) return { field: 't2', message: `t1 + t2 must not exceed rate (${r.t1} + ${r.t2} > ${r.rate})` };
  return undefined;
}
