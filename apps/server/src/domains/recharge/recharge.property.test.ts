/**
 * Property: whatever a signed platform caller sends to the recharge calls, and whatever a
 * finance account sends to the held-order decisions, the answer is never a 5xx, its code
 * agrees with the HTTP status, and a refused call writes nothing (no order, no state change,
 * no ledger entry, no money). Accepted calls keep the invariants: every paid order was
 * credited exactly its chips and bonus, and the ledger reconciles.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type Answer, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { reconcile } from '../ledger/reconcile';
import { callback, createOrder, P100, seedChannels } from './test-fixtures';

const UIDS = [7301, 7302, 7303];

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', 'x\udfffy', "' OR 1=1 --", '1e309', 'NaN', '__proto__', 'constructor'),
  fc.integer({ min: 60, max: 300 }).map((n) => 'y'.repeat(n)),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(0, -1, 1.5, 1e12 + 1, '10000', 2 ** 31),
);
const money = fc.oneof(fc.constantFrom(P100.price, 50_000, 5_000, 9_999), fc.integer({ min: 1, max: 100_000 }), anyValue);

/** A valid body with one field replaced by anything, or an extra key. */
const mutated = <T extends Record<string, unknown>>(valid: fc.Arbitrary<T>) =>
  fc
    .tuple(
      valid,
      fc.oneof(
        fc.constantFrom('requestId', 'uid', 'productId', 'channel', 'price', 'os', 'orderId', 'channelOrderId', 'amount', 'status', 'reason'),
        fc.string({ maxLength: 6 }),
      ),
      anyValue,
    )
    .map(([body, key, value]) => ({ ...body, [key]: value }));

const encodable = (s: string) => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};

describe.each(databases())('hostile input at the recharge calls on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let leader: string;
  const orders: string[] = [];

  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    await seedChannels(t.database.db);
    for (const uid of UIDS) await p.register(uid, {}, 10);
    for (const uid of UIDS) for (let i = 0; i < 4; i++) orders.push(await createOrder(p, { uid }));
    await callback(p, orders[1], 7_777);
    await callback(p, orders[2], P100.price, 'failed');
    leader = await t.loginAs('serviceleader');
  });
  afterAll(async () => t?.close());

  const snapshot = async () =>
    (
      await sql<Record<string, string>>`SELECT
    (SELECT count(*) FROM recharge_order) AS orders, (SELECT count(*) FROM ledger_entry) AS entries,
    (SELECT count(*) FROM recharge_first_paid) AS firsts,
    (SELECT coalesce(string_agg(order_id || status || coalesce(resolution, '') || callbacks, ',' ORDER BY id), '') FROM recharge_order) AS states,
    (SELECT coalesce(sum(chip), 0) FROM player_balance) AS chips,
    (SELECT count(*) FROM operation_log WHERE status = 200) AS logged`.execute(t.database.db)
    ).rows[0];

  /** How many calls of each kind were accepted: the properties must reach the accepting paths too. */
  const accepted: Record<string, number> = {};
  const check = (res: Answer, kind = '') => {
    if (res.status === 200) accepted[kind] = (accepted[kind] ?? 0) + 1;
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(res.status);
    if (res.status !== 200) expect(typeof res.body.message).toBe('string');
  };

  const orderBody = fc.record(
    {
      requestId: fc.oneof(fc.string({ minLength: 1, maxLength: 64 }), fc.constantFrom('dup-1', 'dup-2'), hostileString),
      uid: fc.oneof(fc.constantFrom(...UIDS, 9999), anyValue),
      productId: fc.oneof(fc.constantFrom('P100', 'P500', 'P50', 'OFF', 'none'), hostileString),
      channel: fc.oneof(fc.constantFrom('gcash', 'maya', 'bank', 'vip', 'other', 'none'), hostileString),
      price: money,
      os: fc.oneof(fc.constantFrom('android', 'ios', 'web'), hostileString),
      extra: anyValue,
    },
    { requiredKeys: [] },
  );

  const validOrder = fc.record({
    requestId: fc.stringMatching(/^[a-z0-9-]{1,12}$/),
    uid: fc.constantFrom(...UIDS),
    productId: fc.constant('P100'),
    channel: fc.constant('gcash'),
    price: fc.constant(P100.price),
    os: fc.constantFrom('android', 'ios', 'web'),
  });

  it('order creation: never a 5xx; a refused call writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(validOrder, mutated(validOrder), orderBody, anyValue), async (body) => {
        const before = await snapshot();
        const res = await p.post('/api/platform/recharge/orders', body);
        check(res, 'orders');
        if (res.status !== 200) expect(await snapshot()).toEqual(before);
      }),
      { numRuns: 250 },
    );
    expect(accepted.orders).toBeGreaterThan(0);
  });

  const callbackBody = fc.record(
    {
      orderId: fc.oneof(
        fc.constantFrom(...[0, 1, 2, 3, 4, 5].map((i) => i)).map((i) => orders[i]),
        fc.constant('0'.repeat(32)),
        hostileString,
      ),
      channelOrderId: fc.oneof(fc.constantFrom('CH-1', 'CH-2'), hostileString),
      amount: money,
      status: fc.oneof(fc.constantFrom('paid', 'failed'), hostileString),
      extra: anyValue,
    },
    { requiredKeys: [] },
  );

  it('callbacks: never a 5xx; a refused call writes nothing; a paid order was credited exactly once', async () => {
    const validCallback = fc.record({
      orderId: fc.constantFrom(...orders),
      channelOrderId: fc.constantFrom('CH-1', 'CH-2'),
      amount: fc.constantFrom(P100.price, P100.price, 7_777),
      status: fc.constantFrom('paid', 'failed'),
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(validCallback, mutated(validCallback), callbackBody, anyValue), async (body) => {
        const before = await snapshot();
        const res = await p.post('/api/platform/recharge/callback', body);
        check(res, 'callbacks');
        if (res.status !== 200) expect(await snapshot()).toEqual(before);
      }),
      { numRuns: 250 },
    );
    expect(accepted.callbacks).toBeGreaterThan(0);
    const credits = (
      await sql<{ order_id: string; status: string; entries: string; total: string; chips: string; bonus: string }>`
      SELECT o.order_id, o.status, count(e.id) AS entries, coalesce(sum(e.delta), 0) AS total, o.chips, o.bonus_chips AS bonus
      FROM recharge_order o LEFT JOIN ledger_entry e ON e.ref = o.order_id GROUP BY o.id`.execute(t.database.db)
    ).rows;
    for (const c of credits) {
      expect(Number(c.total), c.order_id).toBe(c.status === 'paid' ? Number(c.chips) + Number(c.bonus) : 0);
      if (c.status === 'paid') expect(Number(c.chips)).toBe(P100.chips);
    }
  });

  it('held-order decisions: never a 5xx; a refused call writes nothing', async () => {
    // orders waiting for a decision, so that valid decisions are accepted too
    for (const uid of UIDS) {
      const held = await createOrder(p, { uid });
      await callback(p, held, 7_777);
      orders.push(held);
    }
    const decision = fc.record(
      {
        orderId: fc.oneof(fc.constantFrom(...orders), fc.constant('f'.repeat(32)), hostileString, anyValue),
        reason: fc.oneof(fc.constantFrom('Checked with the channel'), hostileString, anyValue),
        extra: anyValue,
      },
      { requiredKeys: [] },
    );
    const validDecision = fc.record({ orderId: fc.constantFrom(...orders), reason: fc.constant('Checked with the channel') });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('credit', 'refuse'), fc.oneof(validDecision, mutated(validDecision), decision, anyValue), async (action, body) => {
        const before = await snapshot();
        const res = await t.post(`/api/usermanager/payorder/${action}`, body, leader);
        check(res, 'decisions');
        if (res.status !== 200) expect(await snapshot()).toEqual(before);
      }),
      { numRuns: 200 },
    );
    expect(accepted.decisions).toBeGreaterThan(0);
    expect((await reconcile(t.database.db)).differences).toEqual([]);
  });

  it('list queries: never a 5xx', async () => {
    const params = fc.dictionary(
      fc.constantFrom(
        'uid',
        'orderId',
        'channelOrderId',
        'channel',
        'productId',
        'os',
        'pesosMin',
        'pesosMax',
        'from',
        'to',
        'status',
        'flag',
        'attention',
        'sort',
        'order',
        'cursor',
        'pageSize',
        'x',
      ),
      fc.oneof(hostileString.filter(encodable), fc.integer().map(String)),
      { maxKeys: 5 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('paymentlogs', 'createdPaymentLogs', 'payorder'), params, async (screen, query) => {
        check(await t.get(`/api/usermanager/${screen}`, leader, query));
      }),
      { numRuns: 150 },
    );
  });
});
