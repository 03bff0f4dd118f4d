/**
 * Property: whatever reaches the cash-out operations (the signed platform calls and every
 * staff step and read, with bodies near the valid shape and hostile ones, every role), the
 * answer is never a 5xx, code and status agree, and an answer other than 200 leaves orders,
 * their history, balances, the ledger and charisma cash-outs exactly as they were. At the
 * end the ledger reconciles and every order's money is where its state says.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { reconcile } from '../ledger/reconcile';
import { addPlayer } from '../players/fixtures';
import { addChannel, requestCashout, reviewerToken, setRules } from './fixtures';
import { simulatedGcash } from './providers';

const STAFF = [
  '/api/cashout/claim',
  '/api/cashout/release',
  '/api/cashout/approve',
  '/api/cashout/deny',
  '/api/cashout/resolve',
  '/api/cashout/approve/batch',
  '/api/cashout/deny/batch',
  '/api/cashout/reauth',
  '/api/cashout/charisma/request',
  '/api/cashout/charisma/issue',
] as const;
const READS = ['/api/cashout/orders', '/api/cashout/context', '/api/cashout/summary', '/api/cashout/charisma', '/api/cashout/orders/export'] as const;
type Target = (typeof STAFF)[number] | 'platform.create' | 'platform.get';

const hostile = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', ' ', '\u0000', '-1', '1e309', 'NaN', "' OR 1=1 --", 'x'.repeat(201), '0'.repeat(32), 'A'.repeat(32), 'gcash', 'success', 'paid'),
);
const number = fc.oneof(fc.constantFrom(1001, 2001, 0, -1, 1.5, 1e12, 1e12 + 1, 2 ** 31, 1e300), fc.integer({ min: -10, max: 3_000_000 }));
const value: fc.Arbitrary<unknown> = fc.oneof(
  hostile,
  number,
  fc.boolean(),
  fc.constant(null),
  fc.array(hostile, { maxLength: 2 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const often = <T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: other, weight: 1 });

describe.each(databases())('hostile input at the cash-out operations on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let tokens: string[];
  const orderIds: string[] = [];
  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    // no late callbacks: they would land between a refused call and its check
    simulatedGcash.script({ lateAfterTimeout: null });
    await addPlayer(t.database.db, { uid: 1001, balances: { withdrawable: 3_000_000, charisma: 100_000 } });
    await addPlayer(t.database.db, { uid: 2001, partner: 1, balances: { withdrawable: 40_000 } });
    await addChannel(t.database.db, { channel: 'gcash', min: 100, max: 2_000_000, feePercent: 1.5 });
    await setRules(t.database.db);
    for (const [i, amount] of [5_000, 20_000, 1_500_000, 300_000, 7_777, 1_000_001].entries()) {
      orderIds.push((await requestCashout(p, { uid: 1001, channel: 'gcash', amount, account: `0917${i}` })).orderId);
    }
    orderIds.push((await requestCashout(p, { uid: 2001, channel: 'gcash', amount: 10_000 })).orderId);
    tokens = [
      await reviewerToken(t, 'serviceleader'),
      await reviewerToken(t, 'secadmin'),
      await t.loginAs('business'),
      await t.loginAs('service'),
      await t.loginAs('partner'),
      await t.loginAs('admin'),
    ];
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const near = () =>
    fc.record({
      orderId: often(fc.constantFrom(...orderIds), hostile),
      orderIds: often(fc.shuffledSubarray(orderIds, { minLength: 1, maxLength: 3 }), value),
      reason: often(fc.constantFrom('Account mismatch', 'Seen on statement'), hostile),
      outcome: often(fc.constantFrom('success', 'fail'), value),
      password: often(fc.constantFrom('demo123456', 'wrong-pass'), value),
      uid: often(fc.constantFrom(1001, 2001, 9999), value),
      charisma: often(fc.integer({ min: 1, max: 150_000 }), value),
      id: often(fc.integer({ min: 1, max: 4 }), value),
      requestId: often(
        fc.constantFrom('fx-1', 'fx-2', 'fx-3').chain((r) => fc.constant(`${r}`)),
        hostile,
      ),
      channel: often(fc.constantFrom('gcash', 'nope'), value),
      amount: often(fc.integer({ min: 1, max: 2_500_000 }), value),
      account: often(fc.constantFrom('09170000001', '09170000000', '09179'), value),
    });
  const FIELDS: Record<Target, string[]> = {
    '/api/cashout/claim': ['orderId'],
    '/api/cashout/release': ['orderId'],
    '/api/cashout/approve': ['orderId'],
    '/api/cashout/deny': ['orderId', 'reason'],
    '/api/cashout/resolve': ['orderId', 'outcome', 'reason'],
    '/api/cashout/approve/batch': ['orderIds'],
    '/api/cashout/deny/batch': ['orderIds', 'reason'],
    '/api/cashout/reauth': ['password'],
    '/api/cashout/charisma/request': ['uid', 'charisma'],
    '/api/cashout/charisma/issue': ['id'],
    'platform.create': ['requestId', 'uid', 'channel', 'amount', 'account'],
    'platform.get': ['orderId'],
  };
  const body = (target: Target) =>
    fc.oneof(
      {
        arbitrary: fc.tuple(near(), fc.nat({ max: 9 }), fc.constantFrom('x', 'orderId', '__proto__', 'amount')).map(([all, twist, extra]) => {
          const fields = FIELDS[target];
          const picked: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f, (all as Record<string, unknown>)[f]]));
          if (twist === 0) delete picked[fields[0]];
          if (twist === 1) picked[extra] = 1;
          return picked;
        }),
        weight: 5,
      },
      fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 4 }),
    );

  const snapshot = async () => {
    const { db } = t.database;
    const [orders, history, balances, ledger, charisma] = await Promise.all([
      db.selectFrom('cashout_order').selectAll().orderBy('id').execute(),
      db
        .selectFrom('cashout_transition')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
      db.selectFrom('player_balance').selectAll().orderBy('uid').execute(),
      db
        .selectFrom('ledger_entry')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
      db.selectFrom('charisma_cashout').selectAll().orderBy('id').execute(),
    ]);
    return JSON.stringify({ orders, history, balances, ledger, charisma });
  };

  it('never answers 5xx and writes nothing unless it answers 200', async () => {
    const seen = new Map<number, number>();
    const targets: Target[] = [...STAFF, 'platform.create', 'platform.get'];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(...targets).chain((target) => fc.tuple(fc.constant(target), body(target))),
          fc.tuple(
            fc.constantFrom(...READS),
            fc.dictionary(
              fc.constantFrom('status', 'orderId', 'uid', 'amountMin', 'cursor', 'late', 'sort', 'x'),
              fc.oneof(hostile, fc.constantFrom(...orderIds, 'in_review', '1001', 'true')),
              { maxKeys: 3 },
            ),
          ),
        ),
        fc.nat({ max: tokens.length }),
        async ([target, payload], who) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (who < tokens.length) headers['x-token'] = tokens[who]!;
          const before = await snapshot();
          let status: number;
          let answer: Record<string, unknown>;
          if (target === 'platform.create') {
            ({ status, body: answer } = await p.post('/api/platform/cashout/orders', payload));
          } else if (target === 'platform.get') {
            const q = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString();
            ({ status, body: answer } = await p.get('/api/platform/cashout/orders', q));
          } else if ((READS as readonly string[]).includes(target)) {
            const res = await t.app.inject({ method: 'GET', url: target, query: payload as Record<string, string>, headers });
            status = res.statusCode;
            answer = target.endsWith('/export') && status === 200 ? { code: 200 } : res.json();
          } else {
            const res = await t.app.inject({ method: 'POST', url: target, payload: JSON.stringify(payload), headers });
            status = res.statusCode;
            answer = res.json();
          }
          seen.set(status, (seen.get(status) ?? 0) + 1);
          expect(status, JSON.stringify(answer)).toBeLessThan(500);
          expect(answer.code).toBe(status === 401 && !String(target).startsWith('platform') ? -1 : status);
          if (status !== 200) expect(await snapshot()).toBe(before);
        },
      ),
      { numRuns: 300 },
    );
    expect(seen.get(200)).toBeGreaterThan(15);
    expect(seen.get(400)).toBeGreaterThan(15);
    expect((seen.get(404) ?? 0) + (seen.get(409) ?? 0)).toBeGreaterThan(0);
    expect((await reconcile(t.database.db)).differences).toEqual([]);
    // every order's money is where its state says: held or paid (hold and fee out, no refund), or
    // returned (denied, failed: exactly one refund of amount + fee)
    const orders = await t.database.db.selectFrom('cashout_order').select(['order_id', 'status', 'amount', 'fee']).execute();
    for (const o of orders) {
      const moved = await t.database.db.selectFrom('ledger_entry').select(['reason', 'delta']).where('ref', '=', o.order_id).execute();
      const net = moved.reduce((s, m) => s + Number(m.delta), 0);
      const returned = o.status === 'denied' || o.status === 'fail';
      expect(net, `${o.order_id} ${o.status}`).toBe(returned ? 0 : -(Number(o.amount) + Number(o.fee)));
      expect(moved.filter((m) => m.reason === 'cashout.refund')).toHaveLength(returned ? 1 : 0);
    }
  }, 300_000);
});
