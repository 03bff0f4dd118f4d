/**
 * Property: whatever a signed game server reports as game.round (a golden round with its seats,
 * money, seed, bets, result or any field replaced by hostile values, extra fields, repeated ids),
 * the call answers 200 with one result per event, never a 5xx; a 400 names a data field; an
 * applied round is stored once, flagged exactly when verifyRound finds a difference; and at the
 * end the roll-ups equal the sums of the stored seat rows.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { checkRound } from './rounds';
import { GOLDEN, roundData } from './test-fixtures';

const UIDS = [9301, 9302];
const hostile = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', '\u0000', '\ud800', 'x'.repeat(80), 'NaN'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
  fc.integer({ min: -5, max: 2_000_000 }),
);
const FIELDS = ['game', 'roundId', 'server', 'table', 'configVersion', 'seedHash', 'seed', 'bets', 'result', 'seats', 'startedAt', 'endedAt', 'extra'];
const seatChange = fc.record({
  index: fc.nat(3),
  field: fc.constantFrom('seat', 'uid', 'bot', 'bet', 'win', 'fee', 'jackpot', 'more'),
  value: fc.oneof(hostile, fc.constantFrom(...UIDS, 9999)),
});
const mutation = fc.record({
  golden: fc.nat(GOLDEN.length - 1),
  id: fc.oneof(fc.string({ minLength: 1, maxLength: 64 }), fc.constantFrom('same-1', 'same-2')),
  fields: fc.array(fc.record({ key: fc.constantFrom(...FIELDS), value: hostile }), { maxLength: 2 }),
  seats: fc.array(seatChange, { maxLength: 2 }),
  reuseRound: fc.boolean(),
});

describe.each(databases())('hostile game.round events on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    for (const uid of UIDS) await p.register(uid);
  });
  afterAll(async () => t?.close());

  it('never a 5xx; a 400 names a data field; applied rounds verified as verifyRound says; roll-ups equal the seat rows', async () => {
    const seenRounds: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), async (list) => {
        const events = list.map((m) => {
          const data: Record<string, any> = roundData(GOLDEN[m.golden], UIDS, {}, new Date(t.clock.now));
          if (m.reuseRound && seenRounds.length > 0) data.roundId = seenRounds[0];
          for (const s of m.seats) {
            const seat = data.seats[Math.min(s.index, data.seats.length - 1)];
            seat[s.field] = s.value;
          }
          for (const f of m.fields) data[f.key] = f.value;
          return { id: m.id, type: 'game.round', data };
        });
        const res = await p.events(events);
        // a body with a __proto__ or constructor key anywhere is refused whole (http/transport.test.ts); fc.jsonValue makes some
        if (/"(__proto__|constructor)":/.test(JSON.stringify(events))) {
          expect(res.status).toBe(400);
          expect(res.body.message).toMatch(/^(__proto__|constructor): Forbidden key$/);
          return;
        }
        expect(res.status).toBe(200);
        expect(res.body.data.results).toHaveLength(events.length);
        for (const [i, r] of (res.body.data.results as Record<string, any>[]).entries()) {
          expect(['applied', 'rejected', 'duplicate']).toContain(r.status);
          if (r.status === 'rejected' && r.code === 400) expect(r.message).toMatch(/^data(\.|:)/);
          if (r.status === 'applied') {
            const d = events[i].data;
            seenRounds.push(d.roundId);
            const row = await t.database.db
              .selectFrom('game_round')
              .select(['verified', 'why'])
              .where('round_id', '=', d.roundId)
              .where('app_id', '=', 'demo-app')
              .executeTakeFirstOrThrow();
            const expected = checkRound(
              { ...d, seats: d.seats.map((s: Record<string, unknown>) => ({ fee: 0, jackpot: 0, ...s })) } as never,
              d.configVersion === 0 ? GOLDEN[list[i].golden].settings : null,
            );
            expect(row.verified).toBe(expected.verified);
          }
        }
      }),
      { numRuns: 40 },
    );
    const db = t.database.db;
    const raw = await db
      .selectFrom('game_bet')
      .select((eb) => [eb.fn.sum<number>('bet').as('bet'), eb.fn.sum<number>('win').as('win'), eb.fn.countAll<number>().as('n')])
      .where('bot', '=', false)
      .where('uid', 'is not', null)
      .executeTakeFirstOrThrow();
    const rolled = await db
      .selectFrom('game_day')
      .select((eb) => [eb.fn.sum<number>('turnover').as('bet'), eb.fn.sum<number>('wins').as('win'), eb.fn.sum<number>('bets').as('n')])
      .executeTakeFirstOrThrow();
    expect([Number(rolled.bet ?? 0), Number(rolled.win ?? 0), Number(rolled.n ?? 0)]).toEqual([Number(raw.bet ?? 0), Number(raw.win ?? 0), Number(raw.n)]);
    const rounds = await db
      .selectFrom('game_round')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rolledRounds = await db
      .selectFrom('game_day')
      .select((eb) => eb.fn.sum<number>('rounds').as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rolledRounds.n ?? 0)).toBe(Number(rounds.n));
  });
});
