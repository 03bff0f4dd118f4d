/**
 * Properties of the Tongits arena's input, on each database: whatever body reaches its staff
 * changes (admin) and its platform calls (near-valid and hostile), the answer is never a 5xx, its
 * code agrees with its status, a 400 names a field, and an answer other than 200 leaves the
 * tables, reigns, challenges, settings, balances, ledger and operation log as they were. Its
 * queries never 5xx either.
 */
import { vi } from 'vitest';

vi.hoisted(() => {
  process.env.TONGITS_ARENA_SETTLEMENT_JOB = '0';
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { FIELD_MESSAGE, testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';

const A = '/api/activities/tongitsarena';
const hostile = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', "' OR 1=1 --", 'x'.repeat(201), 'T1', 't1', 'a b', '2026-13-01', '2026-11-16', '-1', '1e3'),
);
const number = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 2, 1_000, 2 ** 31, 1e13, 1e300),
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
const tableId = fc.constantFrom('t1', 't2', 'zz', 'new-table');
const stepsArb = fc.array(
  fc.record({ streak: often(fc.integer({ min: 0, max: 12 })), bonus: often(fc.integer({ min: 0, max: 5_000 })) }, { requiredKeys: [] }),
  { maxLength: 3 },
);
const table = fc.record(
  {
    id: often(tableId),
    name: often(fc.constantFrom('Arena', ' Arena', '')),
    stake: often(fc.integer({ min: 0, max: 5_000 })),
    defenceReward: often(fc.integer({ min: 0, max: 5_000 })),
    streakSteps: often(stepsArb),
    open: often(fc.boolean()),
  },
  { requiredKeys: [] },
);
const tier = fc.record(
  { from: often(fc.integer({ min: 0, max: 12 })), to: often(fc.integer({ min: 0, max: 12 })), reward: often(fc.integer({ min: 0, max: 9_000 })) },
  { requiredKeys: [] },
);
const settings = fc.record(
  {
    ticketPrice: often(fc.integer({ min: 0, max: 5_000 })),
    tiers: often(fc.array(tier, { maxLength: 3 })),
    totalBudget: often(fc.integer({ min: -1, max: 100_000 })),
    dailyBudget: often(fc.integer({ min: -1, max: 100_000 })),
  },
  { requiredKeys: [] },
);
const staffCall = fc.oneof(
  fc.tuple(fc.constantFrom(`${A}/tables/create`, `${A}/tables/update`), fc.oneof({ arbitrary: table, weight: 4 }, { arbitrary: value, weight: 1 })),
  fc.tuple(
    fc.constant(`${A}/tables/status`),
    fc.oneof(fc.record({ id: often(tableId), open: often(fc.boolean()), reason: often(fc.constant('r')) }, { requiredKeys: [] }), value),
  ),
  fc.tuple(
    fc.constant(`${A}/defenders/remove`),
    fc.oneof(fc.record({ reignId: often(fc.integer({ min: 0, max: 5 })), reason: often(fc.constantFrom('idle', ' ', '')) }, { requiredKeys: [] }), value),
  ),
  fc.tuple(fc.constant(`${A}/configs/update`), fc.oneof(fc.record({ settings: often(settings) }, { requiredKeys: [] }), value)),
  fc.tuple(fc.constant(`${A}/configs/versions/restore`), fc.oneof(fc.record({ id: often(fc.integer({ min: 0, max: 50 })) }, { requiredKeys: [] }), value)),
);
const platformCall = fc.oneof(
  fc.tuple(
    fc.constant('/api/platform/tongitsarena/ticket'),
    fc.oneof(
      fc.record(
        {
          requestId: often(fc.stringMatching(/^[a-z0-9]{4,8}$/)),
          uid: often(fc.constantFrom(9701, 9702, 9703, 99_999)),
          table: often(tableId),
        },
        { requiredKeys: [] },
      ),
      value,
    ),
  ),
  fc.tuple(
    fc.constant('/api/platform/tongitsarena/result'),
    fc.oneof(
      fc.record(
        {
          challengeId: often(fc.integer({ min: 0, max: 8 })),
          outcome: often(fc.constantFrom('defended', 'beaten', 'void', 'draw')),
          matchId: often(fc.constant('m')),
        },
        { requiredKeys: [] },
      ),
      value,
    ),
  ),
);
const query = fc.tuple(
  fc.constantFrom(
    `${A}/tables`,
    `${A}/logs`,
    `${A}/defenders`,
    `${A}/reigns`,
    `${A}/ticketrank`,
    `${A}/seasons`,
    `${A}/configs`,
    `${A}/tables/versions`,
    `${A}/logs/export`,
  ),
  fc.dictionary(
    fc.constantFrom('table', 'uid', 'state', 'ended', 'season', 'top', 'cursor', 'pageSize', 'page', 'from', 'to', 'sort', 'order', 'open', 'id', 'key'),
    fc.oneof(
      hostile,
      fc.constantFrom('9701', 't1', 'pending', 'holding', '2026-11-16', '100', '101', 'true', '2026-11-01T00:00:00.000+08:00', 'boughtAt', 'descend'),
    ),
  ),
);

describe.each(databases())('tongitsarena properties on $kind', (database) => {
  let t: TestApp;
  let p: PlatformClient;
  let admin: string;
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        t.database.db.selectFrom('arena_table').selectAll().orderBy('id').execute(),
        t.database.db.selectFrom('arena_reign').selectAll().orderBy('id').execute(),
        t.database.db.selectFrom('arena_challenge').selectAll().orderBy('id').execute(),
        t.database.db.selectFrom('activity_config').selectAll().orderBy('activity').execute(),
        t.database.db.selectFrom('player_balance').select(['uid', 'chip']).orderBy('uid').execute(),
        t.database.db.selectFrom('ledger_entry').select('id').orderBy('id').execute(),
        t.database.db.selectFrom('operation_log').select('id').where('result', '=', 'ok').orderBy('id').execute(),
      ]),
    );
  const check = (res: { status: number; body: Record<string, any> }) => {
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(res.status);
    if (res.status === 400) expect(res.body.message).toMatch(FIELD_MESSAGE);
  };

  beforeAll(async () => {
    t = await testApp(database, {}, { background: false });
    p = await platformClient(t);
    admin = await t.loginAs('admin');
    for (const uid of [9701, 9702, 9703]) await p.register(uid, { deviceId: `dev-${uid}` }, 3_000);
    for (const id of ['t1', 't2']) {
      expect(
        (
          await t.post(
            `${A}/tables/create`,
            { id, name: `Arena ${id}`, stake: 1_000, defenceReward: 500, streakSteps: [{ streak: 3, bonus: 100 }], open: true },
            admin,
          )
        ).status,
      ).toBe(200);
    }
  }, 180_000);
  afterAll(async () => t?.close());

  it('hostile staff bodies: never a 5xx, a 400 names the field, a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(staffCall, async ([url, body]) => {
        const before = await snapshot();
        const res = await t.post(url, body, admin);
        check(res);
        if (res.status !== 200) expect(await snapshot()).toBe(before);
      }),
      { numRuns: 120 },
    );
  });

  it('hostile platform bodies: never a 5xx, a 400 names the field, a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(platformCall, async ([url, body]) => {
        const before = await snapshot();
        const res = await p.post(url, body);
        check(res);
        if (res.status !== 200) expect(await snapshot()).toBe(before);
      }),
      { numRuns: 120 },
    );
  });

  it('hostile queries: never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(query, async ([url, q]) => {
        const res = await t.app.inject({ method: 'GET', url, query: q, headers: { 'x-token': admin } });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });
});
