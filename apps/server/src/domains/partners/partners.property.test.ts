/**
 * Properties of the partners' operations: whatever reaches them (near-valid and hostile bodies
 * and list queries, as the platform and as a partner account), the answer is never a 5xx, its
 * code agrees with its status, a 400 names a field and changes nothing; and whatever succeeds,
 * every account and player balance still reconciles with its entries and none is negative.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { FIELD_MESSAGE, testApp, type TestApp } from '../../test/harness';
import { platformClient } from '../../test/platform';
import { reconcile } from '../ledger/reconcile';
import { ensureProfile } from './service';

const hostile = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.constantFrom('', ' ', '\u0000', "' OR 1=1 --", 'x'.repeat(201), '2026-11-22', '2026-13-40', 'account', 'player', 'confirm', 'true'),
);
const number = fc.oneof(fc.constantFrom(0, -1, 1.5, 2 ** 31, 1e13, 1e300, 9_007_199_254_740_993), fc.integer({ min: -5, max: 3_000_000 }));
const value: fc.Arbitrary<unknown> = fc.oneof(hostile, number, fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
const often = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: value, weight: 1 });
const small = fc.integer({ min: 1, max: 300_000 });
const id = fc.integer({ min: 1, max: 4 });
const uid = fc.constantFrom(9101, 9102, 9201, 9999);
const body = (shape: Record<string, fc.Arbitrary<unknown>>) =>
  fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, often(v)])), { requiredKeys: [] });

const calls: Array<[string, fc.Arbitrary<unknown>]> = [
  [
    '/api/platmanager/partnerediter/sell',
    body({ partner: fc.constantFrom(1, 2, 9), amount: small, note: fc.string({ maxLength: 5 }), key: fc.constantFrom('a', 'b') }),
  ],
  [
    '/api/platmanager/partnerediter/update',
    body({ id: fc.constantFrom(1, 2), deposit: small, rakeSharePct: fc.constantFrom(0, 60, 100.5), cloudPriceBp: small }),
  ],
  ['/api/platmanager/partnerediter/suspend', body({ id: fc.constantFrom(1, 2), reason: fc.constantFrom('x', '') })],
  ['/api/platmanager/partnerediter/resume', body({ id: fc.constantFrom(1, 2), reason: fc.constantFrom('x', '') })],
  [
    '/api/platmanager/defalutediter/save',
    body({
      deposit: small,
      rakeSharePct: fc.constantFrom(0, 60, 101),
      cloudPriceBp: small,
      transferThreshold: small,
      dealerDailyLimit: small,
      dealerPriceBp: small,
    }),
  ],
  ['/api/platmanager/coinediter/create', body({ name: fc.constantFrom('A', 'B', ''), uid, dailyLimit: small })],
  ['/api/platmanager/coinediter/loads/request', body({ dealer: id, amount: small })],
  ['/api/platmanager/coinediter/sell', body({ dealer: id, uid, amount: small })],
  ['/api/partnermanager/partnerCoinLogs/buy', body({ amount: small, partner: fc.constantFrom(1, 2) })],
  ['/api/partnermanager/partnerCoinLogs/give', body({ uid, amount: small, reason: fc.constantFrom('x', '') })],
  ['/api/partnermanager/partnerCoinLogs/reclaim', body({ uid, amount: small, reason: fc.constantFrom('x', '') })],
  ['/api/partnermanager/coinbusiness/create', body({ name: fc.constantFrom('C', 'D'), dailyLimit: small, priceBp: fc.constantFrom(0, 9000, 30_000) })],
  ['/api/partnermanager/coinbusiness/stock', body({ id, amount: small, key: fc.constantFrom('k1', 'k2') })],
  ['/api/partnermanager/coinbusiness/unstock', body({ id, amount: small })],
  ['/api/partnermanager/coinbusiness/sell', body({ dealer: id, uid, amount: small })],
  ['/api/partnermanager/coinbusiness/freeze', body({ id, frozen: fc.boolean(), reason: fc.constantFrom('x', '') })],
  [
    '/api/partnermanager/accounttransfer/request',
    fc.oneof(
      body({ kind: fc.constant('account'), from: id, to: id, amount: small, reason: fc.constant('r') }),
      body({ kind: fc.constantFrom('player', 'agent', 'other'), uid, toPartner: fc.constantFrom(1, 2, 3), reason: fc.constant('r') }),
    ),
  ],
  ['/api/partnermanager/accounttransfer/decide', body({ id, approve: fc.boolean() })],
  [
    '/api/partnermanager/partnersum/create',
    body({ from: fc.constantFrom('2026-11-01', '2026-11-20', '2026-02-30'), to: fc.constantFrom('2026-11-10', '2026-11-21', '2030-01-01') }),
  ],
  ['/api/partnermanager/partnersum/adjust', body({ id, amount: fc.integer({ min: -50_000, max: 50_000 }), reason: fc.constantFrom('x', '') })],
  ['/api/partnermanager/partnersum/step', body({ id, action: fc.constantFrom('confirm', 'settle', 'dispute', 'pay'), note: fc.constantFrom('', 'n') })],
];
const lists = [
  '/api/platmanager/partnerediter',
  '/api/platmanager/coinediter',
  '/api/platmanager/coinlogs',
  '/api/platmanager/coinlogs/days',
  '/api/partnermanager/partnerCoinLogs',
  '/api/partnermanager/coinbusiness',
  '/api/partnermanager/accounttransfer',
  '/api/partnermanager/partnersum',
];
const query = fc.tuple(
  fc.constantFrom(...lists),
  fc.dictionary(
    fc.constantFrom('partner', 'status', 'kind', 'from', 'to', 'page', 'pageSize', 'cursor', 'sort', 'order', 'differs', 'dealer'),
    fc.oneof(hostile, fc.constantFrom('1', '2', 'active', 'pending', 'id', 'descend', '2026-11-20T00:00:00.000+08:00', 'true', '600')),
  ),
);

describe.each(databases())('partner properties on $kind', (database) => {
  let t: TestApp;
  let tokens: string[];

  const check = (res: { status: number; body: Record<string, any> }) => {
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(res.status);
    if (res.status === 400) expect(res.body.message).toMatch(FIELD_MESSAGE);
  };
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        t.database.db.selectFrom('ledger_account').select(['id', 'balance']).orderBy('id').execute(),
        t.database.db.selectFrom('partner_profile').selectAll().orderBy('partner').execute(),
        t.database.db.selectFrom('coin_dealer').select(['id', 'name', 'status']).orderBy('id').execute(),
        t.database.db.selectFrom('partner_bill').select(['id', 'status']).orderBy('id').execute(),
      ]),
    );

  beforeAll(async () => {
    t = await testApp(database);
    const { db } = t.database;
    await db.updateTable('console_account').set({ partner: 1 }).where('username', '=', 'business').execute();
    for (const p of [1, 2]) await ensureProfile(db, p, new Date(t.clock.now - 10 * 86_400_000));
    tokens = [await t.loginAs('admin'), await t.loginAs('business'), await t.loginAs('partner')];
    const p = await platformClient(t);
    for (const u of [9101, 9102]) await p.register(u, { partner: 1 }, 100_000);
    await p.register(9201, { partner: 2 }, 100_000);
    await t.post('/api/platmanager/partnerediter/sell', { partner: 1, amount: 2_000_000 }, tokens[0]);
  }, 180_000);
  afterAll(async () => t?.close());

  it('never answers 5xx; a 400 names the field and changes nothing; the ledgers always reconcile', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: calls.length - 1 }).chain((i) => fc.tuple(fc.constant(calls[i][0]), calls[i][1])),
        fc.nat(2),
        async ([url, payload], who) => {
          const before = await snapshot();
          const res = await t.post(url, payload, tokens[who]);
          check(res);
          if (res.status === 400) expect(await snapshot()).toBe(before);
        },
      ),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(query, fc.nat(2), async ([url, q], who) => check(await t.get(url, tokens[who], q))),
      { numRuns: 60 },
    );
    const r = await reconcile(t.database.db);
    expect([r.differences, r.accountDifferences]).toEqual([[], []]);
    const negative = await t.database.db.selectFrom('ledger_account').select('id').where('balance', '<', 0).where('kind', '<>', 'issuance').execute();
    expect(negative).toEqual([]);
  }, 300_000);
});
