/**
 * verifyRound: an honest round passes; a tampered seed, hash, result or payout is caught and
 * named; bets that break the rules are reported; hostile records never make it throw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import golden from './__golden__/rounds.json';
import { newSeed, seedHash } from './rng';
import { verifyRound, type ReportedRound } from './verify';

const rounds = golden as unknown as ReportedRound[];
const byGame = (id: string) => structuredClone(rounds.find((r) => r.game === id)!);

describe('verifyRound', () => {
  it.each(rounds.map((r) => [r.game, r] as const))('%s: the honest golden round verifies', (_id, round) => {
    expect(verifyRound(round)).toMatchObject({ ok: true, differences: [] });
  });

  it('settings left out default, and key order does not matter', () => {
    const r = byGame('horse');
    expect(verifyRound({ ...r, settings: {}, result: { order: (r.result as { order: number[] }).order } }).ok).toBe(true);
  });

  it('a different seed than the committed hash: hash mismatch, and the outcome differs', () => {
    const r = byGame('colorgame');
    const v = verifyRound({ ...r, seed: newSeed() });
    expect(v.ok).toBe(false);
    expect(v.differences[0]).toMatchObject({ kind: 'hash', reported: r.seedHash });
    // (A new seed gives other dice with probability 215/216; the hash check alone flags it anyway.)
  });

  it("a hash that is not the seed's is flagged even when everything else is right", () => {
    const r = byGame('rocket');
    expect(verifyRound({ ...r, seedHash: seedHash(newSeed()) }).differences).toEqual([{ kind: 'hash', expected: r.seedHash, reported: expect.any(String) }]);
  });

  it('a reported result that the seed does not give is flagged with both values', () => {
    const r = byGame('rocket');
    const v = verifyRound({ ...r, result: { crash: 1000 } });
    expect(v.differences).toEqual([{ kind: 'result', expected: { crash: 144 }, reported: { crash: 1000 } }]);
  });

  it('a tampered payout is flagged per seat and field', () => {
    const r = byGame('mines1v1');
    const payouts = structuredClone(r.payouts) as { seat: string; win: number; fee: number }[];
    payouts[1].win += 10;
    payouts[1].fee -= 10;
    expect(verifyRound({ ...r, payouts }).differences).toEqual([
      { kind: 'payout', index: 1, seat: 'p2', field: 'win', expected: 190, reported: 200 },
      { kind: 'payout', index: 1, seat: 'p2', field: 'fee', expected: 10, reported: 0 },
    ]);
    const lucky = byGame('lucky9');
    const lp = structuredClone(lucky.payouts) as { win: number }[];
    lp[0].win = 200; // Player lost; a payout of 200 reported
    expect(verifyRound({ ...lucky, payouts: lp }).differences).toEqual([{ kind: 'payout', index: 0, seat: 'p1', field: 'win', expected: 0, reported: 200 }]);
  });

  it('a missing or an extra payout is flagged', () => {
    const r = byGame('lucky9');
    const payouts = r.payouts as unknown[];
    expect(verifyRound({ ...r, payouts: payouts.slice(0, 2) }).differences).toMatchObject([{ kind: 'payout', index: 2, seat: 'p3', field: 'missing' }]);
    expect(verifyRound({ ...r, payouts: [...payouts, { seat: 'ghost', bet: 1, win: 1 }] }).differences).toMatchObject([
      { kind: 'payout', index: 3, seat: 'ghost', field: 'extra' },
    ]);
  });

  it('bets that break the rules, bad settings, a bad seed or an unknown game are reported, not thrown', () => {
    const r = byGame('mines');
    expect(verifyRound({ ...r, bets: [{ seat: 'p1', amount: 100, mines: 3, picks: [13, 14] }] }).differences).toEqual([
      { kind: 'bets', message: 'picks: Picks continue after a mine' },
    ]);
    expect(verifyRound({ ...r, settings: { edgeBps: 5 } }).differences).toEqual([{ kind: 'settings', message: 'edgeBps: Must be at least 100' }]);
    expect(verifyRound({ ...r, seed: 'xyz' }).differences).toEqual([{ kind: 'seed', message: 'seed: Must be 64 lowercase hex characters' }]);
    expect(verifyRound({ ...r, game: 'poker' }).differences).toEqual([{ kind: 'game', message: 'No game poker' }]);
  });

  it('a Pusoy seat that reports cards it was not dealt is flagged', () => {
    const r = byGame('pusoy');
    const bets = structuredClone(r.bets) as { front: string[] }[];
    [bets[0].front[0], bets[1].front[0]] = [bets[1].front[0], bets[0].front[0]];
    expect(verifyRound({ ...r, bets }).differences).toMatchObject([{ kind: 'bets', message: expect.stringContaining('not the cards dealt') }]);
  });

  it('fuzz: hostile round records give a verification, never an exception', () => {
    const anything = fc.jsonValue({ maxDepth: 3 });
    const record = fc.record({
      game: fc.oneof(fc.constantFrom(...rounds.map((r) => r.game)), fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString')),
      settings: fc.oneof(fc.constant({}), anything),
      seedHash: fc.oneof(fc.constant(rounds[0].seedHash), fc.string()),
      seed: fc.oneof(
        fc.constantFrom(...rounds.map((r) => r.seed)),
        fc.string(),
        fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex')),
      ),
      bets: fc.oneof(fc.constantFrom(...rounds.map((r) => r.bets)), anything),
      result: anything,
      payouts: fc.oneof(fc.constantFrom(...rounds.map((r) => r.payouts)), anything, fc.array(anything)),
    });
    fc.assert(
      fc.property(record, (round) => {
        const v = verifyRound(round);
        expect(typeof v.ok).toBe('boolean');
        expect(v.ok).toBe(v.differences.length === 0);
      }),
      { numRuns: 1500 },
    );
  });
});
