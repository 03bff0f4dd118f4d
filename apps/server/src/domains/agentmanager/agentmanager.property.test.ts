/**
 * Properties of /agentmanager's input (switched on), on both databases: whatever body reaches its
 * changes (near-valid and hostile), the answer is never a 5xx, its code agrees with its status, a
 * 400 names a field, and an answer other than 200 leaves wholesalers, movements, accounts, closed
 * months and the operation log as they were.
 * The queries likewise never 5xx.
 */
import { vi } from 'vitest';

vi.hoisted(() => {
  process.env.CONSOLE_OPTIONAL_MODULES = 'agentmanager';
  // the weekly settlement job would settle the weeks this test writes as the settlement does
  process.env.AGENT_SETTLEMENT_JOB = '0';
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { FIELD_MESSAGE, testApp, type TestApp } from '../../test/harness';
import { platformClient } from '../../test/platform';

const M = '/api/agentmanager';
const W = `${M}/distribution`;
const hostile = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', "' OR 1=1 --", 'x'.repeat(201), '2026-13', '2026-10', 'abc', '-1', '1e3'),
);
const number = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 100, 101, 2 ** 31, 1e13, 1e300),
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
const uid = fc.constantFrom(8301, 8302, 8303, 9999);
const movement = fc.record(
  {
    uid: often(fc.constantFrom(8301, 8302)),
    player: often(uid),
    amount: often(fc.integer({ min: 1, max: 200_000 })),
    requestId: often(fc.stringMatching(/^[a-z0-9]{8,12}$/)),
    reason: often(fc.constantFrom('ok', ' ')),
  },
  { requiredKeys: [] },
);
const call = fc.oneof(
  fc.tuple(fc.constantFrom(`${W}/stock`, `${W}/distribute`, `${W}/return`), fc.oneof({ arbitrary: movement, weight: 4 }, { arbitrary: value, weight: 1 })),
  fc.tuple(
    fc.constantFrom(`${W}/create`, `${W}/update`),
    fc.oneof(
      fc.record(
        {
          uid: often(uid),
          price: often(fc.integer({ min: 0, max: 101 })),
          dailyLimit: often(fc.nat(1_000_000)),
          note: often(fc.constant('')),
          reason: often(fc.constant('r')),
        },
        { requiredKeys: [] },
      ),
      value,
    ),
  ),
  fc.tuple(
    fc.constant(`${W}/status`),
    fc.oneof(fc.record({ uid: often(uid), status: often(fc.constantFrom('active', 'frozen')), reason: often(fc.constant('r')) }, { requiredKeys: [] }), value),
  ),
  fc.tuple(
    fc.constant(`${M}/hostreport/close`),
    fc.oneof(fc.record({ month: often(fc.constantFrom('2026-09', '2026-11', '2026-12')), note: often(fc.constant('')) }, { requiredKeys: [] }), value),
  ),
);
const query = fc.tuple(
  fc.constantFrom(W, `${M}/distributionlogs`, `${M}/preview`, `${M}/preview/invitees`, `${M}/report`, `${M}/hostreport`),
  fc.dictionary(
    fc.constantFrom('uid', 'partner', 'status', 'kind', 'month', 'cursor', 'pageSize', 'from', 'to', 'sort', 'order', 'agent', 'name', 'wholesaler'),
    fc.oneof(hostile, fc.constantFrom('8301', '1', 'active', 'stock', '2026-10', '2026-11-01T00:00:00.000+08:00', '500', 'uid', 'descend')),
  ),
);

describe.each(databases())('agentmanager properties on $kind', (database) => {
  let t: TestApp;
  let business: string;
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        t.database.db.selectFrom('agentmanager_wholesaler').selectAll().orderBy('uid').execute(),
        t.database.db.selectFrom('agentmanager_distribution').select(['id', 'amount']).orderBy('id').execute(),
        t.database.db.selectFrom('ledger_account').select(['id', 'balance']).orderBy('id').execute(),
        t.database.db.selectFrom('player_balance').select(['uid', 'chip']).orderBy('uid').execute(),
        t.database.db.selectFrom('agentmanager_month').select('month').execute(),
        t.database.db.selectFrom('operation_log').select('id').where('result', '=', 'ok').orderBy('id').execute(),
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
    const p = await platformClient(t);
    await p.register(8301, { partner: 0 });
    await p.register(8302, { partner: 0, inviterUid: 8301 });
    await p.register(8303, { partner: 0, inviterUid: 8302 });
    const at = new Date(t.clock.now);
    await t.database.db
      .insertInto('agent')
      .values([8301, 8302].map((u) => ({ uid: u, partner: 0, name: `A${u}`, created_at: at, created_by: 'x', updated_at: at })))
      .execute();
    expect((await t.post(`${W}/create`, { uid: 8301, price: 90, dailyLimit: 0, note: '' }, business)).status).toBe(200);
  }, 180_000);
  afterAll(async () => t?.close());

  it('hostile bodies: never a 5xx, a 400 names the field, a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(call, async ([url, body]) => {
        const before = await snapshot();
        const res = await t.post(url, body, business);
        check(res);
        if (res.status !== 200) expect(await snapshot()).toBe(before);
      }),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(query, async ([url, q]) => check(await t.get(url, business, q))),
      { numRuns: 80 },
    );
  });
});
