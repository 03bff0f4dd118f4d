/**
 * The channel callback: a paid callback credits the order's chips (plus the first-recharge
 * bonus on the player's first paid order) through the ledger once, however often and however
 * concurrently it comes; a differing amount holds the order and credits nothing; failed,
 * paid-after-failed and failed-after-paid do what docs/decisions/005-recharge.md says; the
 * ledger reconciles.
 */
import { allScopes } from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { reconcile } from '../ledger/reconcile';
import { rechargeCallback } from './callback';
import { callback, chipsOf, createOrder, entriesOf, P100, P500, seedChannels } from './test-fixtures';

describe.each(databases())('recharge callbacks on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  const order = (orderId: string) => t.database.db.selectFrom('recharge_order').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    await seedChannels(t.database.db);
    for (const uid of [7101, 7102, 7103, 7104, 7105, 7106]) await p.register(uid, {}, 100);
  });
  afterAll(async () => t?.close());

  it('a callback sent 100 times, 50 at once, credits the chips and the first-recharge bonus once', async () => {
    const orderId = await createOrder(p, { uid: 7101 });
    const answers = [];
    for (let round = 0; round < 2; round++) {
      answers.push(...(await Promise.all(Array.from({ length: 50 }, () => callback(p, orderId, P100.price)))));
    }
    expect(answers).toHaveLength(100);
    for (const res of answers) expect(res.body).toEqual({ code: 200, data: { orderId, status: 'paid' } });
    expect(await chipsOf(t.database.db, 7101)).toBe(100 + P100.chips + P100.bonus);
    expect(await entriesOf(t.database.db, orderId)).toEqual([
      { reason: 'recharge', delta: P100.chips, actor: 'app:demo-app', idem_key: `recharge:${orderId}` },
      { reason: 'recharge.bonus', delta: P100.bonus, actor: 'app:demo-app', idem_key: `recharge:${orderId}:bonus` },
    ]);
    expect(await order(orderId)).toMatchObject({
      status: 'paid',
      paid_amount: P100.price,
      chips: P100.chips,
      bonus_chips: P100.bonus,
      callbacks: 100,
      flag: null,
      channel_order_id: `CH-${orderId.slice(0, 8)}`,
    });
  });

  it('the bonus comes with the first paid order only, even when two are paid at once', async () => {
    const a = await createOrder(p, { uid: 7102 });
    const b = await createOrder(p, { uid: 7102 });
    await Promise.all([callback(p, a, P100.price), callback(p, b, P100.price), callback(p, a, P100.price), callback(p, b, P100.price)]);
    expect(await chipsOf(t.database.db, 7102)).toBe(100 + 2 * P100.chips + P100.bonus);
    const bonuses = (await order(a)).bonus_chips + (await order(b)).bonus_chips;
    expect(bonuses).toBe(P100.bonus);
    const third = await createOrder(p, { uid: 7102, productId: 'P500', price: P500.price });
    await callback(p, third, P500.price);
    expect(await order(third)).toMatchObject({ chips: P500.chips, bonus_chips: 0 });
  });

  it('an amount that differs from the price holds the order and credits nothing, however often it comes', async () => {
    const orderId = await createOrder(p, { uid: 7103 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => callback(p, orderId, 9_000)));
    for (const res of answers) expect(res.body.data).toEqual({ orderId, status: 'held' });
    // the right amount afterwards does not release it either: a person decides
    expect((await callback(p, orderId, P100.price)).body.data.status).toBe('held');
    expect(await chipsOf(t.database.db, 7103)).toBe(100);
    expect(await entriesOf(t.database.db, orderId)).toEqual([]);
    expect(await order(orderId)).toMatchObject({ status: 'held', held_reason: 'amount', paid_amount: 9_000, chips: 0, callbacks: 11 });
  });

  it('a failed callback fails the order; money after a failure is held for a person, never credited by itself', async () => {
    const orderId = await createOrder(p, { uid: 7104 });
    expect((await callback(p, orderId, P100.price, 'failed')).body.data.status).toBe('failed');
    expect((await callback(p, orderId, P100.price, 'failed')).body.data.status).toBe('failed');
    expect((await callback(p, orderId, P100.price, 'paid', 'CH-LATE')).body.data.status).toBe('held');
    expect(await order(orderId)).toMatchObject({ status: 'held', held_reason: 'afterFailed', channel_order_id: 'CH-LATE', chips: 0 });
    expect(await chipsOf(t.database.db, 7104)).toBe(100);
  });

  it('a failure after payment keeps the order paid and flags it; nothing is taken back or paid again', async () => {
    const orderId = await createOrder(p, { uid: 7105 });
    await callback(p, orderId, P100.price);
    const chips = await chipsOf(t.database.db, 7105);
    expect((await callback(p, orderId, P100.price, 'failed')).body.data.status).toBe('paid');
    expect((await callback(p, orderId, P100.price)).body.data.status).toBe('paid');
    expect(await order(orderId)).toMatchObject({ status: 'paid', flag: 'failedAfterPaid' });
    expect(await chipsOf(t.database.db, 7105)).toBe(chips);
  });

  it('a paid callback naming another channel order id is flagged, not paid again', async () => {
    const orderId = await createOrder(p, { uid: 7105 });
    await callback(p, orderId, P100.price, 'paid', 'CH-1');
    const chips = await chipsOf(t.database.db, 7105);
    await callback(p, orderId, P100.price, 'paid', 'CH-2');
    expect(await order(orderId)).toMatchObject({ status: 'paid', flag: 'channelOrderId', channel_order_id: 'CH-1' });
    expect(await chipsOf(t.database.db, 7105)).toBe(chips);
  });

  it('an unknown order is a 404; bad input a 400 naming the field; neither writes', async () => {
    const unknown = await callback(p, 'f'.repeat(32), 100);
    expect(unknown.body).toEqual({ code: 404, message: 'Order ffff…ffff not found' });
    const bad = await p.post('/api/platform/recharge/callback', { orderId: 'abc', channelOrderId: 'x', amount: 1, status: 'paid' });
    expect(bad.body).toEqual({ code: 400, message: expect.stringMatching(/^orderId: /) });
    const orderId = await createOrder(p, { uid: 7106 });
    for (const body of [{ amount: '10000' }, { amount: 0 }, { status: 'refunded' }, { channelOrderId: '' }, { extra: true }]) {
      const res = await p.post('/api/platform/recharge/callback', { orderId, channelOrderId: 'CH', amount: P100.price, status: 'paid', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await order(orderId)).toMatchObject({ status: 'created', callbacks: 0 });
  });

  it('the plain service function credits once too (for the simulator)', async () => {
    const orderId = await createOrder(p, { uid: 7106 });
    const body = { orderId, channelOrderId: 'SIM-1', amount: P100.price, status: 'paid' as const };
    const answers = await Promise.all(
      [1, 2, 3].map(() => rechargeCallback(t.database.db, { appId: 'demo-app', scopes: allScopes() }, body, new Date(t.clock.now))),
    );
    for (const a of answers) expect(a).toEqual({ orderId, status: 'paid' });
    expect(await entriesOf(t.database.db, orderId)).toHaveLength(2);
  });

  it('mixed callbacks at once (paid, a wrong amount, failed) end in one state, with the money that state says', async () => {
    for (let round = 0; round < 5; round++) {
      const orderId = await createOrder(p, { uid: 7106 });
      const before = await chipsOf(t.database.db, 7106);
      const calls = Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ? callback(p, orderId, P100.price) : i % 3 === 1 ? callback(p, orderId, 9_000) : callback(p, orderId, P100.price, 'failed'),
      );
      for (const res of await Promise.all(calls)) expect(res.status).toBe(200);
      const row = await order(orderId);
      const credited = (await entriesOf(t.database.db, orderId)).reduce((sum, e) => sum + Number(e.delta), 0);
      expect(credited, row.status).toBe(row.status === 'paid' ? P100.chips : 0);
      expect(await chipsOf(t.database.db, 7106)).toBe(before + credited);
      expect(row.callbacks).toBe(30);
    }
  });

  it('the ledger reconciles', async () => {
    expect((await reconcile(t.database.db)).differences).toEqual([]);
  });
});
