/**
 * Properties of the room screens:
 *  - whatever reaches their operations (near-valid and hostile template, tier, mini-game and
 *    store bodies, table calls and list queries), the answer is never a 5xx, its code agrees with
 *    its status, a 400 names a field, and an answer other than 200 changes nothing;
 *  - whatever tiers are saved, the tiers of a game never overlap, and quick match seats a
 *    balance in the one tier whose range holds it (none when no tier does).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { FIELD_MESSAGE, testApp, type TestApp } from '../../test/harness';

const P = '/api/platmanager';
const S = '/api/partnermanager/gamestoreV1';

const hostile = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', 'tongits', 'bronze', "' OR 1=1 --", 'A B', 'x'.repeat(33), 'x'.repeat(300), 'true', '-1'),
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
const often = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: value, weight: 1 });

const id = fc.constantFrom('bronze', 'silver', 'p-5', 'new-1', 'new-2');
const money = fc.oneof(fc.constant(0), fc.constantFrom(100, 1_000, 5_000, 100_000, 500_000), fc.integer({ min: 1, max: 2_000_000 }));
const templateBody = fc.record(
  {
    id: often(id),
    game: often(fc.constantFrom('tongits', 'pusoy', 'hightexas', 'mines1v1', 'lucky9')),
    name: often(fc.constantFrom('Room', 'Sala ₱5', '房间')),
    ante: often(money),
    minBalance: often(money),
    maxBalance: often(money),
    // (Tongits and Pusoy rooms take the game's fee, uncapped, and Tongits' turn time: 500, 0, 20 by default)
    rakeBps: often(fc.oneof(fc.constant(500), fc.integer({ min: 0, max: 2_500 }))),
    rakeCap: often(fc.oneof(fc.constant(0), money)),
    seats: often(fc.integer({ min: 0, max: 10 })),
    aiSeats: often(fc.integer({ min: 0, max: 9 })),
    turnSeconds: often(fc.oneof(fc.constant(20), fc.integer({ min: 0, max: 200 }))),
    open: often(fc.boolean()),
    mode: often(fc.constantFrom('table', '1v1')),
  },
  { requiredKeys: [] },
);
const tierBody = fc.record(
  {
    id: often(fc.constantFrom('q-a', 'q-b', 'q-c')),
    game: often(fc.constantFrom('tongits', 'pusoy')),
    name: often(fc.constant('Tier')),
    minBalance: often(money),
    maxBalance: often(money),
    template: often(id),
    open: often(fc.boolean()),
  },
  { requiredKeys: [] },
);
const tinyBody = fc.record(
  {
    game: often(fc.constantFrom('colorgame', 'rocket', 'tongits', 'hilo')),
    minBet: often(money),
    maxBet: often(money),
    countdownSeconds: often(fc.integer({ min: 0, max: 200 })),
    chips: often(fc.array(money, { maxLength: 9 })),
    open: often(fc.boolean()),
  },
  { requiredKeys: [] },
);
const storeBody = fc.record(
  {
    partner: often(fc.constantFrom(1, 2, 3)),
    game: often(fc.constantFrom('tongits', 'rocket', 'chess')),
    enabled: often(fc.boolean()),
    order: often(fc.integer({ min: 0, max: 1_000 })),
    tiers: often(fc.array(fc.constantFrom('q-a', 'q-b', 'nope'), { maxLength: 3 })),
    revenueShareBps: often(fc.integer({ min: -1, max: 10_001 })),
  },
  { requiredKeys: [] },
);

const verbs = (base: string) => [`${base}/create`, `${base}/update`, `${base}/delete`];
const call = fc.oneof(
  fc.tuple(fc.constantFrom(...verbs(`${P}/template`)), fc.oneof(templateBody, value)),
  fc.tuple(fc.constantFrom(...verbs(`${P}/quicktemplate`)), fc.oneof(tierBody, value)),
  fc.tuple(fc.constantFrom(...verbs(`${P}/tinygamequicktemplate`)), fc.oneof(tinyBody, value)),
  fc.tuple(fc.constantFrom(...verbs(S)), fc.oneof(storeBody, value)),
  fc.tuple(
    fc.constantFrom(
      `${P}/table/open`,
      `${P}/quicktable/open`,
      `${P}/table/close`,
      `${P}/table/reopen`,
      `${P}/quicktable/close`,
      `${P}/template/versions/restore`,
    ),
    fc.oneof(
      fc.record(
        { template: often(id), tier: often(fc.constantFrom('q-a', 'q-b')), count: often(fc.integer({ min: 0, max: 25 })), id: often(fc.nat(6)) },
        { requiredKeys: [] },
      ),
      value,
    ),
  ),
);
const query = fc.tuple(
  fc.constantFrom(
    `${P}/template`,
    `${P}/table`,
    `${P}/quicktemplate`,
    `${P}/quicktable`,
    `${P}/tinygamequicktemplate`,
    `${P}/partnergamesum`,
    `${P}/partnergamelogs`,
    S,
    `${P}/quicktemplate/match`,
  ),
  fc.dictionary(
    fc.constantFrom('game', 'open', 'status', 'current', 'template', 'partner', 'from', 'to', 'page', 'pageSize', 'cursor', 'sort', 'order', 'balance', 'uid'),
    fc.oneof(hostile, fc.constantFrom('tongits', '1', 'true', 'open', '2026-11-20T00:00:00.000+08:00', '500', 'ante', 'descend')),
  ),
);

describe.each(databases())('room properties on $kind', (database) => {
  let t: TestApp;
  let admin: string;

  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        t.database.db.selectFrom('room_item').select(['kind', 'key', 'doc']).orderBy('kind').orderBy('key').execute(),
        t.database.db.selectFrom('room_table').select(['id', 'code', 'status']).orderBy('id').execute(),
        t.database.db.selectFrom('config_version').select('id').where('kind', 'like', '%.%').orderBy('id').execute(),
      ]),
    );
  const check = (res: { status: number; body: Record<string, any> }) => {
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(res.status);
    if (res.status === 400) expect(res.body.message).toMatch(FIELD_MESSAGE);
  };

  beforeAll(async () => {
    t = await testApp(database);
    const a = await t.database.db.selectFrom('console_account').select(['password_hash']).where('username', '=', 'admin').executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('console_account')
      .values({ username: 'admin_p1', password_hash: a.password_hash, roles: JSON.stringify(['admin']), partner: 1 })
      .execute();
    admin = await t.loginAs('admin_p1');
    const base = { game: 'tongits', rakeBps: 500, rakeCap: 0, seats: 3, aiSeats: 1, turnSeconds: 20, open: true };
    for (const [tid, ante, min, max] of [
      ['bronze', 100, 1_000, 0],
      ['silver', 500, 5_000, 0],
    ] as const) {
      expect((await t.post(`${P}/template/create`, { ...base, id: tid, name: tid, ante, minBalance: min, maxBalance: max }, admin)).status).toBe(200);
    }
  }, 180_000);
  afterAll(async () => t?.close());

  it('hostile calls: never a 5xx, a 400 names the field, a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(call, async ([url, body]) => {
        const before = await snapshot();
        const res = await t.post(url, body, admin);
        check(res);
        if (res.status !== 200) expect(await snapshot()).toBe(before);
      }),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(query, async ([url, q]) => check(await t.get(url, admin, q))),
      { numRuns: 80 },
    );
  });

  it('saved tiers never overlap, and quick match picks the one tier holding the balance', async () => {
    const range = fc.tuple(fc.integer({ min: 1_000, max: 400_000 }), fc.oneof(fc.constant(0), fc.integer({ min: 1_000, max: 400_000 })));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('q-a', 'q-b', 'q-c'), range, fc.constantFrom('bronze', 'silver')), { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 1, maxLength: 5 }),
        async (saves, balances) => {
          for (const [tid, [min, max], tpl] of saves) {
            const exists = (await t.get(`${P}/quicktemplate`, admin)).body.data.items.some((x: { id: string }) => x.id === tid);
            const res = await t.post(
              `${P}/quicktemplate/${exists ? 'update' : 'create'}`,
              { id: tid, game: 'tongits', name: tid, minBalance: min, maxBalance: max, template: tpl, open: true },
              admin,
            );
            check(res);
            if (res.status === 400) expect(res.body.message).toMatch(/^(minBalance|maxBalance): /);
          }
          const tiers = (await t.get(`${P}/quicktemplate`, admin, { game: 'tongits' })).body.data.items as {
            id: string;
            minBalance: number;
            maxBalance: number;
          }[];
          const top = (x: { maxBalance: number }) => (x.maxBalance === 0 ? Infinity : x.maxBalance);
          for (const a of tiers) for (const b of tiers) if (a.id !== b.id) expect(a.minBalance > top(b) || b.minBalance > top(a)).toBe(true);
          for (const balance of balances) {
            const holding = tiers.filter((x) => balance >= x.minBalance && balance <= top(x));
            expect(holding.length).toBeLessThanOrEqual(1);
            const m = (await t.get(`${P}/quicktemplate/match`, admin, { game: 'tongits', balance: String(balance) })).body.data;
            expect(m.tier?.id ?? null).toBe(holding[0]?.id ?? null);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
