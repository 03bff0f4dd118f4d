/**
 * Property: random bodies near the valid shape (and hostile ones) at the agent cash-out
 * request, the settings save and the review steps, and at the ground promoter settings, pay and
 * void: never a 5xx, and a refused call (non-200) changes no order, record, setting or account.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { addChannel } from '../cashout/fixtures';
import { simulatedGcash } from '../cashout/providers';
import { reconcile } from '../ledger/reconcile';
import { addAgent, agentRequest } from './fixtures';

const hostile = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', ' ', '\u0000', '-1', '1e309', 'NaN', "' OR 1=1 --", 'x'.repeat(201), '0'.repeat(32)),
);
const number = fc.oneof(fc.constantFrom(0, -1, 1.5, 0.001, 1e12, 1e12 + 1, 2 ** 31, 1e300, 100.123), fc.integer({ min: -10, max: 30_000_000 }));
const value: fc.Arbitrary<unknown> = fc.oneof(hostile, number, fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
const often = <T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: other, weight: 1 });
const maybe = (record: Record<string, fc.Arbitrary<unknown>>) => fc.record(record, { requiredKeys: [] });

describe.each(databases())('hostile bodies at /agentcash and /groundpromoters on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let business: string;
  let orderId: string;
  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    simulatedGcash.script({ lateAfterTimeout: null });
    await addChannel(t.database.db, { channel: 'gcash', min: 100, max: 100_000_000_00, feePercent: 0 });
    await addAgent(t.database.db, { uid: 5001, commission: 50_000_000 });
    orderId = (await p.post('/api/platform/agentcash/orders', agentRequest({ uid: 5001, amount: 500_000 }))).body.data.orderId;
    business = await t.loginAs('business');
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const state = async () => {
    const db = t.database.db;
    const [orders, records, config, settings, accounts] = await Promise.all([
      db.selectFrom('agent_cashout_order').select(['order_id', 'status']).orderBy('id').execute(),
      db.selectFrom('gp_record').select(['id', 'status']).orderBy('id').execute(),
      db.selectFrom('agent_cash_config').selectAll().orderBy('partner').execute(),
      db.selectFrom('gp_setting').selectAll().orderBy('province').execute(),
      db.selectFrom('ledger_account').select(['id', 'balance']).orderBy('id').execute(),
    ]);
    return JSON.stringify([orders, records, config, settings, accounts]);
  };

  const config = maybe({
    minAmount: often(fc.integer({ min: 1, max: 100_000 }), value),
    maxAmount: often(fc.integer({ min: 1, max: 20_000_000 }), value),
    dailyMaxAmount: often(fc.integer({ min: 1, max: 30_000_000 }), value),
    dailyCount: often(fc.integer({ min: 0, max: 120 }), value),
    feePercent: often(fc.constantFrom(0, 1, 2.5, 100, 100.01, 1.234), value),
    autoApproveAmount: often(fc.integer({ min: 0, max: 200_000 }), value),
    fourEyesAmount: often(fc.integer({ min: 0, max: 2_000_000 }), value),
  });
  const setting = maybe({
    bounty: often(fc.integer({ min: -1, max: 10_000 }), value),
    minRecharge: often(fc.integer({ min: 0, max: 100_000 }), value),
    qualifyDays: often(fc.integer({ min: 0, max: 100 }), value),
    requirePhone: often(fc.boolean(), value),
    sharePercent: often(fc.constantFrom(0, 3, 3.5, 101, 2.555), value),
    shareDays: often(fc.integer({ min: -1, max: 400 }), value),
    overridePercent: often(fc.constantFrom(0, 1, 100.5), value),
  });
  const call = fc.oneof(
    fc.record({
      url: fc.constant('platform'),
      body: maybe({
        requestId: often(fc.constantFrom('a', 'b', 'c'), value),
        uid: often(fc.constantFrom(5001, 999), value),
        channel: often(fc.constant('gcash'), value),
        amount: often(fc.integer({ min: -1, max: 20_000_000 }), value),
        account: often(fc.constant('0917'), value),
      }),
    }),
    fc.record({ url: fc.constant('/api/agentcash/config/save'), body: maybe({ partner: often(fc.constantFrom(0, 1, 2), value), config }) }),
    fc.record({
      url: fc.constantFrom('/api/agentcash/claim', '/api/agentcash/deny', '/api/agentcash/resolve', '/api/agentcash/approve'),
      body: maybe({ orderId: often(fc.constant('ORDER'), hostile), reason: often(fc.constant('r'), value), outcome: value, password: value }),
    }),
    fc.record({
      url: fc.constant('/api/groundpromoters/settings/save'),
      body: maybe({ province: often(fc.constantFrom('', 'Cebu', 'Región IV-A'), value), setting }),
    }),
    fc.record({
      url: fc.constantFrom('/api/groundpromoters/records/pay', '/api/groundpromoters/records/void', '/api/groundpromoters/promoters/save'),
      body: maybe({ id: value, reason: value, username: value, province: value, leader: value }),
    }),
  );

  it('never a 5xx; a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(call, async ({ url, body }) => {
        const b = JSON.parse(JSON.stringify(body ?? {}).replaceAll('"ORDER"', JSON.stringify(orderId)));
        const before = await state();
        const res = url === 'platform' ? await p.post('/api/platform/agentcash/orders', b) : await t.post(url, b, business);
        expect(res.status).toBeLessThan(500);
        if (res.status !== 200) expect(await state()).toBe(before);
      }),
      { numRuns: 60 },
    );
    expect((await reconcile(t.database.db)).differences).toEqual([]);
  }, 600_000);
});
