/** Whole-centavo arithmetic: payouts are floored to the centavo, exactly, even past 2^53. */

/** floor(amount · num / den) for non-negative whole numbers, exact (BigInt when the product is large). */
export function mulDiv(amount: number, num: number, den: number): number {
  const product = amount * num;
  if (Number.isSafeInteger(product)) return Math.floor(product / den);
  return Number((BigInt(amount) * BigInt(num)) / BigInt(den));
}

/** floor(amount · bps / 10 000): a share in basis points. */
export const bpsOf = (amount: number, bps: number) => mulDiv(amount, bps, 10_000);

/** floor(amount · num / den) with BigInt inputs (combinatorial multipliers). */
export function mulDivBig(amount: number, num: bigint, den: bigint): number {
  return Number((BigInt(amount) * num) / den);
}

/** C(n, k) as a BigInt. */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}
