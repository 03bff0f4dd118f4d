/**
 * Creating recharge orders through the signed platform API: the order records the offer,
 * requestId is idempotent per application, and every refusal of docs/decisions/005-recharge.md
 * (404 unknown player, product, channel; 409 closed, maintenance, product not offered or off
 * sale, package not served, paid-only, price) writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { createRechargeOrder } from './orders';
import { callback, createOrder, orderBody, P100, P500, seedChannels } from './test-fixtures';

const ORDERS = '/api/platform/recharge/orders';

describe.each(databases())('recharge orders on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  const orderCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('recharge_order')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    await seedChannels(t.database.db);
    await p.register(7001, { partner: 2 });
    await p.register(7002);
    await p.register(7003, { package: 'com.other' });
  });
  afterAll(async () => t?.close());

  it("creates an order with an unguessable id that records the offer and the player's partner", async () => {
    const res = await p.post(ORDERS, orderBody({ uid: 7001, os: 'ios' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, data: { orderId: expect.stringMatching(/^[0-9a-f]{32}$/), status: 'created' } });
    const row = await t.database.db.selectFrom('recharge_order').selectAll().where('order_id', '=', res.body.data.orderId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      app_id: 'demo-app',
      uid: 7001,
      partner: 2,
      product_id: 'P100',
      channel: 'gcash',
      os: 'ios',
      price: P100.price,
      product_chips: P100.chips,
      product_bonus: P100.bonus,
      status: 'created',
      chips: 0,
      bonus_chips: 0,
      paid_at: null,
    });
    expect(new Date(row.created_at).getTime()).toBe(t.clock.now);
    const other = await createOrder(p, { uid: 7001 });
    expect(other).not.toBe(res.body.data.orderId);
  });

  it('the same requestId answers the same order; other content under it is a 409', async () => {
    const body = orderBody({ uid: 7002, requestId: 'client-42' });
    const first = await p.post(ORDERS, body);
    const before = await orderCount();
    const again = await p.post(ORDERS, body);
    expect(again.body).toEqual(first.body);
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => p.post(ORDERS, body)));
    for (const res of concurrent) expect(res.body).toEqual(first.body);
    const changed = await p.post(ORDERS, { ...body, os: 'web' });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe('requestId client-42 was already used for another order');
    expect(await orderCount()).toBe(before);
  });

  it('a requestId is per application: another application may use the same one', async () => {
    const other = await platformClient(t, { appId: 'other-app', secret: 'other-platform-secret-for-tests' });
    const body = orderBody({ uid: 7002, requestId: 'shared-id' });
    const a = await p.post(ORDERS, body);
    const b = await other.post(ORDERS, body);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.data.orderId).not.toBe(a.body.data.orderId);
  });

  it.each([
    ['an unknown player', { uid: 7999 }, 404, 'Player 7999 not found'],
    ['an unknown product', { uid: 7002, productId: 'P999' }, 404, 'Product P999 not found'],
    ['an unknown channel', { uid: 7002, channel: 'paypal' }, 404, 'Channel paypal not found'],
    ['a closed channel', { uid: 7002, channel: 'maya' }, 409, 'Channel maya is closed'],
    ['a channel in maintenance', { uid: 7002, channel: 'bank' }, 409, 'Channel bank is in maintenance'],
    ['a product the channel does not offer', { uid: 7002, productId: 'P50', price: 5000 }, 409, 'Channel gcash does not offer product P50'],
    ['a product off sale', { uid: 7002, productId: 'OFF', price: 20000 }, 409, 'Product OFF is not on sale'],
    ["a channel that does not serve the player's package", { uid: 7003 }, 409, 'Channel gcash does not serve package com.other'],
    [
      'a paid-only channel for a player who never paid',
      { uid: 7002, channel: 'vip', productId: 'P500', price: P500.price },
      409,
      'Channel vip is only for players who have paid before',
    ],
    ["a price other than the product's", { uid: 7002, price: 9_999 }, 409, "Price 9999 differs from product P100's price 10000"],
  ])('refuses %s and writes nothing', async (_what, inputs, status, message) => {
    const before = await orderCount();
    const res = await p.post(ORDERS, orderBody(inputs));
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ code: status, message });
    expect(await orderCount()).toBe(before);
  });

  it('a paid-only channel serves a player once a recharge of theirs was paid', async () => {
    const orderId = await createOrder(p, { uid: 7002 });
    expect((await callback(p, orderId, P100.price)).body.data.status).toBe('paid');
    const res = await p.post(ORDERS, orderBody({ uid: 7002, channel: 'vip', productId: 'P500', price: P500.price }));
    expect(res.status).toBe(200);
  });

  it('bad input is a 400 naming the field, nothing written', async () => {
    const before = await orderCount();
    for (const [patch, field] of [
      [{ price: '10000' }, 'price'],
      [{ price: 0 }, 'price'],
      [{ price: 1.5 }, 'price'],
      [{ uid: 0 }, 'uid'],
      [{ os: 'symbian' }, 'os'],
      [{ requestId: '' }, 'requestId'],
      [{ requestId: 'x'.repeat(65) }, 'requestId'],
      [{ extra: 1 }, ''],
    ] as const) {
      const res = await p.post(ORDERS, { ...orderBody({ uid: 7002 }), ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.message).toContain(field);
    }
    expect(await orderCount()).toBe(before);
  });

  it('the plain service function answers as the call does (for the simulator)', async () => {
    const answer = await createRechargeOrder(t.database.db, 'demo-app', orderBody({ uid: 7002, requestId: 'in-process' }), new Date(t.clock.now));
    expect(answer.status).toBe('created');
    const again = await p.post(ORDERS, orderBody({ uid: 7002, requestId: 'in-process' }));
    expect(again.body.data.orderId).toBe(answer.orderId);
  });
});
