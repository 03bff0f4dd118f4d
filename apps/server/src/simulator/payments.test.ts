/**
 * The simulated recharges' callbacks are calls the contract accepts: every amount an integer of
 * at least 1, a short-paid one below its price (held for review), whatever the pack. The ₱50 pack
 * short by ₱50 once sent amount 0, which the callback refuses with a 400 and which stopped the
 * demo seed on the days its draws led there.
 */
import { describe, expect, it } from 'vitest';
import type { Ctx } from './behaviour';
import { PACKS, recharge } from './payments';
import { Rng } from './rng';
import type { PaymentCall } from './types';
import type { PlayerState } from './world';

type Recharge = Extract<PaymentCall, { op: 'recharge' }>;

describe('simulated recharges', () => {
  it('every callback carries an amount the contract accepts; short-paid ones are below the price, for every pack', () => {
    const calls: Recharge[] = [];
    let n = 0;
    const world = {
      requestId: () => `r${++n}`,
      payment: (_at: number, call: PaymentCall) => {
        if (call.op === 'recharge') calls.push(call);
      },
    };
    const ctx = { rng: new Rng(20261127), world } as unknown as Ctx;
    for (let uid = 1; uid <= 60_000; uid++) {
      const player = { p: { uid, package: uid % 5 === 0 ? 'com.lite' : 'com.demo' } } as unknown as PlayerState;
      recharge(ctx, player, Date.UTC(2026, 10, 1) + uid * 1000);
    }
    const callbacks = calls.flatMap((c) => c.callbacks.map((cb) => ({ ...cb, price: c.price })));
    for (const cb of callbacks) {
      expect(Number.isInteger(cb.amount)).toBe(true);
      expect(cb.amount).toBeGreaterThanOrEqual(1);
      expect(cb.amount).toBeLessThanOrEqual(cb.price);
    }
    const short = callbacks.filter((cb) => cb.status === 'paid' && cb.amount !== cb.price);
    // the held-for-review path is drawn for every pack, the smallest included
    expect(new Set(short.map((cb) => cb.price))).toEqual(new Set(PACKS.map(([price]) => price)));
    expect(
      short
        .filter((cb) => cb.price === PACKS[0][0])
        .map((cb) => cb.price - cb.amount)
        .sort(),
    ).toEqual(expect.arrayContaining([100, 1_000]));
  });
});
