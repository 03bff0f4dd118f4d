/**
 * Properties of the player controls:
 *  - whatever reaches their staff operations (near-valid and hostile bodies and queries), the
 *    answer is never a 5xx, its code agrees with its status, a 400 names a field, and an answer
 *    other than 200 leaves the controls, the providers and the log as they were;
 *  - a bet under random controls is answered as a model of the rules says: refused (409 naming
 *    the control, balance and ledger unchanged) exactly when a limit forbids it, otherwise
 *    taken whole; a control never changes what an accepted bet moves.
 */
import { CONTROL_REFUSAL } from '@console/schemas';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { FIELD_MESSAGE, testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { consoleDay } from '@console/time';

const H = '/api/personalcontrol';
const T = '/api/TPpersonalcontrol';

const hostile = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'luckyjoker',
    'jili-app',
    "' OR 1=1 --",
    'a b',
    'x'.repeat(65),
    'x'.repeat(300),
    '2026-11-22T10:00:00Z',
    '2026-11-22',
    'true',
  ),
);
const number = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 100, 2 ** 31, 1e13, 1e300, 0.125),
  fc.integer({ min: -5, max: 2_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  hostile,
  number,
  fc.boolean(),
  fc.constant(null),
  fc.array(hostile, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const often = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: value, weight: 1 });

const uid = fc.constantFrom(9101, 9102, 9999);
const amount = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_000_000 }));
const controlBody = fc.record(
  {
    uid: often(uid),
    maxBet: often(amount),
    dayLossCap: often(amount),
    blocked: often(fc.uniqueArray(fc.constantFrom('luckyjoker', 'rocket', 'jili-app'), { maxLength: 3 })),
    coolOffUntil: often(fc.oneof(fc.constant(null), fc.constant('2026-11-23T10:00:00+08:00'))),
    cashoutReview: often(fc.boolean()),
    reason: often(fc.string({ minLength: 1, maxLength: 20 })),
    extra: fc.constant(undefined),
  },
  { requiredKeys: [] },
);
const configBody = fc.record(
  { maxBet: often(amount), dayLossCap: often(amount), refusalLogSeconds: often(fc.integer({ min: 0, max: 90_000 })) },
  { requiredKeys: [] },
);
const providerBody = fc.record(
  {
    appId: often(fc.constantFrom('jili-app', 'pg-app')),
    game: often(fc.constantFrom('', 'fortune-gems')),
    name: often(fc.constantFrom('JILI', 'PG')),
    maxBet: often(amount),
    closed: often(fc.boolean()),
  },
  { requiredKeys: [] },
);
const call = fc.oneof(
  fc.tuple(fc.constantFrom(`${H}/userconfigs/set`, `${T}/userconfigs/set`), fc.oneof(controlBody, value)),
  fc.tuple(
    fc.constantFrom(`${H}/userconfigs/clear`, `${T}/userconfigs/clear`),
    fc.oneof(fc.record({ uid: often(uid), reason: often(fc.constantFrom('ok', '')) }, { requiredKeys: [] }), value),
  ),
  fc.tuple(fc.constantFrom(`${H}/configs/save`, `${T}/configs/save`), fc.oneof(configBody, value)),
  fc.tuple(fc.constantFrom(`${H}/wgconfigs/save`), fc.oneof(providerBody, value)),
  fc.tuple(
    fc.constantFrom(`${H}/wgconfigs/remove`, `${H}/configs/versions/restore`),
    fc.oneof(
      fc.record({ appId: often(fc.constantFrom('jili-app', 'pg-app')), game: often(fc.constant('')), id: often(fc.nat(5)) }, { requiredKeys: [] }),
      value,
    ),
  ),
);
const query = fc.tuple(
  fc.constantFrom(`${H}/userconfigs`, `${H}/logs`, `${H}/ranking`, `${H}/payRank`, `${H}/wgconfigs`, `${T}/logs`, `${H}/userconfigs/find`),
  fc.dictionary(
    fc.constantFrom('uid', 'kind', 'control', 'side', 'from', 'to', 'page', 'pageSize', 'cursor', 'sort', 'blocked', 'coolingOff'),
    fc.oneof(hostile, fc.constantFrom('9101', 'refusal', 'maxBet', 'winners', 'takers', '2026-11-20T00:00:00.000+08:00', '1', '600', 'true')),
  ),
);

describe.each(databases())('player control properties on $kind', (database) => {
  let t: TestApp;
  let business: string;
  let p: PlatformClient;
  let jili: PlatformClient;
  let tx = 0;

  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        t.database.db.selectFrom('player_control').selectAll().orderBy('uid').orderBy('scope').execute(),
        t.database.db.selectFrom('control_provider').selectAll().orderBy('id').execute(),
        t.database.db.selectFrom('control_log').select(['id', 'kind', 'uid']).orderBy('id').execute(),
      ]),
    );
  const check = (res: { status: number; body: Record<string, any> }) => {
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(res.status);
    if (res.status === 400) expect(res.body.message).toMatch(FIELD_MESSAGE);
  };

  beforeAll(async () => {
    t = await testApp(database);
    business = await t.loginAs('business');
    p = await platformClient(t);
    jili = await platformClient(t, { appId: 'jili-app', secret: 'jili-property-secret-012345' });
    await p.register(9101, {}, 50_000_000);
    await p.register(9102, { partner: 1 }, 50_000_000);
  }, 180_000);
  afterAll(async () => t?.close());

  it('hostile staff calls: never a 5xx, a 400 names the field, a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(call, async ([url, body]) => {
        const before = await snapshot();
        const res = await t.post(url, body, business);
        check(res);
        if (res.status !== 200) expect(await snapshot()).toBe(before);
      }),
      { numRuns: 120 },
    );
    await fc.assert(
      fc.asyncProperty(query, async ([url, q]) => check(await t.get(url, business, q))),
      { numRuns: 80 },
    );
  });

  it('a bet is refused exactly when a control forbids it; an accepted bet moves its amount, nothing else', async () => {
    // clean slate for the model
    for (const base of [H, T]) {
      await t.post(`${base}/configs/save`, { maxBet: 0, dayLossCap: 0, refusalLogSeconds: 60 }, business);
      for (const u of [9101, 9102]) await t.post(`${base}/userconfigs/clear`, { uid: u, reason: 'reset' }, business);
    }
    await t.post(`${H}/wgconfigs/save`, { appId: 'jili-app', game: '', name: 'JILI', maxBet: 0, closed: false }, business);
    await t.post(`${H}/wgconfigs/remove`, { appId: 'jili-app', game: 'fortune-gems' }, business);
    const limits = fc.record({
      maxBet: fc.constantFrom(0, 500, 5_000),
      dayLossCap: fc.constantFrom(0, 2_000, 50_000),
      platformMaxBet: fc.constantFrom(0, 3_000),
      cooling: fc.boolean(),
      blocked: fc.uniqueArray(fc.constantFrom<string>('luckyjoker', 'jili-app'), { maxLength: 2 }),
    });
    const bet = fc.record({ amount: fc.integer({ min: 1, max: 6_000 }), game: fc.constantFrom('', 'luckyjoker', 'rocket'), viaProvider: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(limits, fc.array(bet, { minLength: 1, maxLength: 4 }), async (l, bets) => {
        const uid = 9101;
        t.clock.advance(86_400_000); // a new day each run: the day's loss starts at 0
        business = await t.loginAs('business');
        const now = () => t.clock.now;
        for (const base of [H, T]) {
          await t.post(`${base}/configs/save`, { maxBet: l.platformMaxBet, dayLossCap: 0, refusalLogSeconds: 60 }, business);
          const set = await t.post(
            `${base}/userconfigs/set`,
            {
              uid,
              maxBet: l.maxBet,
              dayLossCap: l.dayLossCap,
              blocked: l.blocked,
              cashoutReview: false,
              reason: 'property',
              coolOffUntil: l.cooling ? new Date(now() + 60_000).toISOString() : null,
            },
            business,
          );
          expect(set.status).toBe(200);
        }
        for (const b of bets) {
          const day = await t.database.db
            .selectFrom('player_day_game')
            .select(['bets', 'wins'])
            .where('uid', '=', uid)
            .where('day', '=', consoleDay(now()))
            .executeTakeFirst();
          const loss = day ? Math.max(0, Number(day.bets) - Number(day.wins)) : 0;
          const app = b.viaProvider ? 'jili-app' : 'demo-app';
          const expected = l.cooling
            ? 'coolOff'
            : l.blocked.includes(app) || (b.game !== '' && l.blocked.includes(b.game))
              ? 'blocked'
              : l.maxBet > 0 && b.amount > l.maxBet
                ? 'maxBet'
                : l.platformMaxBet > 0 && b.amount > l.platformMaxBet
                  ? 'platformMaxBet'
                  : l.dayLossCap > 0 && loss + b.amount > l.dayLossCap
                    ? 'dayLossCap'
                    : null;
          const balance = async () =>
            Number((await t.database.db.selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirstOrThrow()).chip);
          const before = await balance();
          const client = b.viaProvider ? jili : p;
          const res = await client.post('/api/platform/wallet/debit', {
            txId: `pb-${(tx += 1)}`,
            uid,
            currency: 'chip',
            amount: b.amount,
            reason: b.game ? `game.bet.${b.game}` : 'game.bet',
            ref: `pr-${tx}`,
          });
          if (expected) {
            expect(res.status).toBe(409);
            expect(res.body.message).toMatch(new RegExp(`^${CONTROL_REFUSAL}: ${expected} `));
            expect(await balance()).toBe(before);
          } else {
            expect(res.status).toBe(200);
            expect(res.body.data.balance).toBe(before - b.amount);
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it("platform limits alone (the wallet statement's own check, migration 055): a bet is refused exactly when the max bet or the day loss cap forbids it", async () => {
    for (const base of [H, T]) for (const u of [9101, 9102]) await t.post(`${base}/userconfigs/clear`, { uid: u, reason: 'reset' }, business);
    const limits = fc.record({ platformMaxBet: fc.constantFrom(0, 3_000), platformDayLossCap: fc.constantFrom(0, 2_000, 9_000) });
    const move = fc.record({ amount: fc.integer({ min: 1, max: 4_000 }), win: fc.boolean(), viaProvider: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(limits, fc.array(move, { minLength: 1, maxLength: 6 }), async (l, moves) => {
        const uid = 9102;
        t.clock.advance(86_400_000);
        business = await t.loginAs('business');
        for (const base of [H, T]) {
          expect(
            (await t.post(`${base}/configs/save`, { maxBet: l.platformMaxBet, dayLossCap: l.platformDayLossCap, refusalLogSeconds: 60 }, business)).status,
          ).toBe(200);
        }
        for (const m of moves) {
          const day = await t.database.db
            .selectFrom('player_day_game')
            .select(['bets', 'wins'])
            .where('uid', '=', uid)
            .where('day', '=', consoleDay(t.clock.now))
            .executeTakeFirst();
          const loss = day ? Math.max(0, Number(day.bets) - Number(day.wins)) : 0;
          const client = m.viaProvider ? jili : p;
          const chip = async () =>
            Number((await t.database.db.selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirstOrThrow()).chip);
          const before = await chip();
          tx += 1;
          if (m.win) {
            // a win is never refused by a control, and lowers the day's loss
            const res = await client.post('/api/platform/wallet/credit', {
              txId: `pl-${tx}`,
              uid,
              currency: 'chip',
              amount: m.amount,
              reason: 'game.win',
              ref: `plr-${tx}`,
            });
            expect(res.status).toBe(200);
            expect(res.body.data.balance).toBe(before + m.amount);
            continue;
          }
          const expected =
            l.platformMaxBet > 0 && m.amount > l.platformMaxBet
              ? 'platformMaxBet'
              : l.platformDayLossCap > 0 && loss + m.amount > l.platformDayLossCap
                ? 'platformDayLossCap'
                : null;
          const res = await client.post('/api/platform/wallet/debit', {
            txId: `pl-${tx}`,
            uid,
            currency: 'chip',
            amount: m.amount,
            reason: 'game.bet.rocket',
            ref: `plr-${tx}`,
          });
          if (expected) {
            expect([res.status, res.body.message]).toEqual([409, expect.stringMatching(new RegExp(`^${CONTROL_REFUSAL}: ${expected} `))]);
            expect(await chip()).toBe(before);
            expect(await t.database.db.selectFrom('wallet_tx').select('tx_id').where('tx_id', '=', `pl-${tx}`).executeTakeFirst()).toBeUndefined();
          } else {
            expect([res.status, res.body.data?.balance]).toEqual([200, before - m.amount]);
          }
        }
      }),
      { numRuns: 25 },
    );
    for (const base of [H, T]) await t.post(`${base}/configs/save`, { maxBet: 0, dayLossCap: 0, refusalLogSeconds: 60 }, business);
  });
});
