/**
 * The /usermanager recharge lists and the staff decision on a held order: roles from the
 * catalogue (checked before the input), partner scoping of lists, exports and decisions,
 * every filter, keyset paging, and credit/refuse with the operation log's before and after.
 */
import { screenRoles, type Role } from '@console/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { reconcile } from '../ledger/reconcile';
import { callback, chipsOf, createOrder, entriesOf, P100, P500, seedChannels } from './test-fixtures';

const LISTS = ['paymentlogs', 'createdPaymentLogs', 'payorder'] as const;
const ROLES: Role[] = ['admin', 'secadmin', 'business', 'service', 'serviceleader', 'partner', 'sales', 'maint', 'main', 'editor', 'delivery'];

describe.each(databases())('recharge lists on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let leader: string;
  let partner: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    await seedChannels(t.database.db);
    await p.register(7201, { partner: 1 }, 50);
    await p.register(7202, { partner: 2 }, 50);
    await p.register(7203, {}, 50);
    // one order per minute, so the time order is certain
    const step = async (name: string, make: () => Promise<string>) => {
      t.clock.advance(60_000);
      ids[name] = await make();
    };
    await step('paid1', () => createOrder(p, { uid: 7201, os: 'ios' }));
    await callback(p, ids.paid1, P100.price, 'paid', 'GC-0001');
    await step('paid2', () => createOrder(p, { uid: 7202, productId: 'P500', price: P500.price }));
    await callback(p, ids.paid2, P500.price, 'paid', 'GC-0002');
    await step('created1', () => createOrder(p, { uid: 7201, os: 'web' }));
    await step('created2', () => createOrder(p, { uid: 7203 }));
    await step('held1', () => createOrder(p, { uid: 7201 }));
    await callback(p, ids.held1, 5_000, 'paid', 'GC-0005');
    await step('held2', () => createOrder(p, { uid: 7202 }));
    await callback(p, ids.held2, 12_000, 'paid', 'GC-0006');
    await step('failed1', () => createOrder(p, { uid: 7203 }));
    await callback(p, ids.failed1, P100.price, 'failed', 'GC-0007');
    leader = await t.loginAs('serviceleader');
    partner = await t.loginAs('partner');
  });
  afterAll(async () => t?.close());

  const list = async (screen: string, token: string, query: Record<string, string> = {}) => {
    const res = await t.get(`/api/usermanager/${screen}`, token, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.items as Array<Record<string, any>>;
  };
  const orderIds = (items: Array<Record<string, any>>) => items.map((i) => i.orderId);

  it('each list and its export answer exactly the roles of its catalogue screen, before reading the query', async () => {
    for (const screen of LISTS) {
      const allowed = screenRoles(`/usermanager/${screen}`);
      for (const role of ROLES) {
        const token = await t.loginAs(role);
        const expected = role === 'admin' || allowed.includes(role) ? 200 : 403;
        expect((await t.get(`/api/usermanager/${screen}`, token)).status, `${screen} ${role}`).toBe(expected);
        expect((await t.get(`/api/usermanager/${screen}`, token, { uid: 'not-a-number' })).status, `${screen} ${role}`).toBe(expected === 200 ? 400 : 403);
        const csv = await t.app.inject({ method: 'GET', url: `/api/usermanager/${screen}/export`, headers: { 'x-token': token } });
        expect(csv.statusCode, `${screen} export ${role}`).toBe(expected);
      }
    }
    expect(screenRoles('/usermanager/paymentlogs')).toContain('service');
    expect(screenRoles('/usermanager/payorder')).not.toContain('service');
  });

  it('paymentlogs: paid orders by payment time; createdPaymentLogs: not yet paid; payorder: every order', async () => {
    expect(orderIds(await list('paymentlogs', leader))).toEqual([ids.paid2, ids.paid1]);
    expect(orderIds(await list('createdPaymentLogs', leader))).toEqual([ids.created2, ids.created1]);
    expect(orderIds(await list('payorder', leader))).toEqual(['failed1', 'held2', 'held1', 'created2', 'created1', 'paid2', 'paid1'].map((n) => ids[n]));
    const [paid] = await list('paymentlogs', leader, { orderId: ids.paid1 });
    expect(paid).toMatchObject({
      orderId: ids.paid1,
      uid: 7201,
      partner: 1,
      productId: 'P100',
      channel: 'gcash',
      os: 'ios',
      price: P100.price,
      status: 'paid',
      channelOrderId: 'GC-0001',
      paidAmount: P100.price,
      chips: P100.chips,
      bonusChips: P100.bonus,
      callbacks: 1,
      createdAt: expect.stringMatching(/\+08:00$/),
      paidAt: expect.stringMatching(/\+08:00$/),
    });
  });

  it("a partner account sees only its partner's orders, in lists and exports", async () => {
    expect(orderIds(await list('payorder', partner))).toEqual([ids.held1, ids.created1, ids.paid1]);
    expect(orderIds(await list('paymentlogs', partner))).toEqual([ids.paid1]);
    expect(orderIds(await list('payorder', partner, { uid: '7202' }))).toEqual([]);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/usermanager/payorder/export',
      headers: { 'x-token': partner },
      query: {
        columns: JSON.stringify([
          { key: 'orderId', title: 'Order' },
          { key: 'uid', title: 'UID' },
        ]),
      },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe(`\uFEFFOrder,UID\r\n${[ids.held1, ids.created1, ids.paid1].map((id) => `${id},7201`).join('\r\n')}\r\n`);
  });

  it('filters: status, attention, uid, order id, channel order id, channel, product, os, amount range, time range', async () => {
    const q = async (query: Record<string, string>) => orderIds(await list('payorder', leader, query));
    expect(await q({ status: 'held' })).toEqual([ids.held2, ids.held1]);
    expect(await q({ attention: 'true' })).toEqual([ids.held2, ids.held1]);
    expect(await q({ uid: '7203' })).toEqual([ids.failed1, ids.created2]);
    expect(await q({ orderId: ids.created1 })).toEqual([ids.created1]);
    expect(await q({ channelOrderId: 'GC-0006' })).toEqual([ids.held2]);
    expect(await q({ channel: 'maya' })).toEqual([]);
    expect(await q({ productId: 'P500' })).toEqual([ids.paid2]);
    expect(await q({ os: 'web' })).toEqual([ids.created1]);
    expect(await q({ pesosMin: '200' })).toEqual([ids.paid2]);
    expect(await q({ pesosMax: '100', status: 'paid' })).toEqual([ids.paid1]);
    const created = (await list('payorder', leader, { orderId: ids.held1 }))[0].createdAt as string;
    expect(await q({ from: created, to: created })).toEqual([ids.held1]);
    for (const [query, field] of [
      [{ pesosMin: '5', pesosMax: '1' }, 'pesosMax'],
      [{ status: 'refunded' }, 'status'],
      [{ os: 'x' }, 'os'],
      [{ from: 'yesterday' }, 'from'],
      [{ orderId: 'x'.repeat(33) }, 'orderId'],
    ] as const) {
      const res = await t.get('/api/usermanager/payorder', leader, query);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('keyset paging walks every order once, sorted by amount too', async () => {
    const seen: string[] = [];
    let cursor = '';
    do {
      const res = await t.get('/api/usermanager/payorder', leader, { pageSize: '2', sort: 'price', order: 'ascend', cursor });
      seen.push(...res.body.data.items.map((i: { orderId: string }) => i.orderId));
      cursor = res.body.data.nextCursor ?? '';
    } while (cursor);
    expect(new Set(seen).size).toBe(7);
    expect(seen.at(-1)).toBe(ids.paid2);
  });

  it('credit: a held order is paid through the ledger, logged before and after; never twice', async () => {
    const before = await chipsOf(t.database.db, 7201);
    const res = await t.post('/api/usermanager/payorder/credit', { orderId: ids.held1, reason: 'GCash statement shows ₱100 received' }, leader);
    expect(res.body).toEqual({ code: 200, data: { orderId: ids.held1, status: 'paid' } });
    // 7201's first paid order (paid1) took the bonus: chips only
    expect(await chipsOf(t.database.db, 7201)).toBe(before + P100.chips);
    expect(await entriesOf(t.database.db, ids.held1)).toEqual([
      { reason: 'recharge', delta: P100.chips, actor: 'staff:serviceleader', idem_key: `recharge:${ids.held1}` },
    ]);
    const log = await t.database.db.selectFrom('operation_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      operation: 'usermanager.payorder.credit',
      username: 'serviceleader',
      target: `recharge:${ids.held1}`,
      status: 200,
      before: { uid: 7201, status: 'held', heldReason: 'amount', price: P100.price, paidAmount: 5_000, chips: 0, resolution: null },
      after: {
        uid: 7201,
        status: 'paid',
        heldReason: 'amount',
        chips: P100.chips,
        bonusChips: 0,
        resolution: 'credited',
        reason: 'GCash statement shows ₱100 received',
      },
    });
    const again = await t.post('/api/usermanager/payorder/credit', { orderId: ids.held1, reason: 'again' }, leader);
    expect(again.body).toEqual({ code: 409, message: `Order ${ids.held1.slice(0, 4)}…${ids.held1.slice(-4)} is paid, not held` });
    // a later paid callback does not pay it again
    await callback(p, ids.held1, P100.price, 'paid', 'GC-0005');
    expect(await chipsOf(t.database.db, 7201)).toBe(before + P100.chips);
    const [item] = await list('payorder', leader, { orderId: ids.held1 });
    expect(item).toMatchObject({ status: 'paid', resolution: 'credited', resolvedBy: 'serviceleader', resolutionNote: 'GCash statement shows ₱100 received' });
  });

  it('refuse: a held order fails, nothing moves; a partner account decides no held order (finance leaders do)', async () => {
    const other = await t.post('/api/usermanager/payorder/refuse', { orderId: ids.held2, reason: 'not ours' }, partner);
    expect(other.status).toBe(403);
    const before = await chipsOf(t.database.db, 7202);
    const res = await t.post('/api/usermanager/payorder/refuse', { orderId: ids.held2, reason: 'Channel confirms ₱120 was refunded' }, leader);
    expect(res.body).toEqual({ code: 200, data: { orderId: ids.held2, status: 'failed' } });
    expect(await chipsOf(t.database.db, 7202)).toBe(before);
    await callback(p, ids.held2, P100.price, 'paid', 'GC-0006');
    expect((await list('payorder', leader, { orderId: ids.held2 }))[0]).toMatchObject({ status: 'failed', resolution: 'refused' });
    expect((await t.post('/api/usermanager/payorder/credit', { orderId: ids.held2, reason: 'x' }, leader)).status).toBe(409);
  });

  it('decisions: roles before input, 400 naming the field, 404 unknown order', async () => {
    for (const role of ['service', 'editor', 'sales', 'partner'] as const) {
      const token = await t.loginAs(role);
      expect((await t.post('/api/usermanager/payorder/credit', { junk: true }, token)).status).toBe(403);
    }
    const bad = await t.post('/api/usermanager/payorder/credit', { orderId: ids.created1, reason: 'x'.repeat(201) }, leader);
    expect(bad.body).toEqual({ code: 400, message: 'reason: Over 200 characters' });
    const unknown = await t.post('/api/usermanager/payorder/refuse', { orderId: '0'.repeat(32), reason: 'x' }, leader);
    expect(unknown.status).toBe(404);
    const notHeld = await t.post('/api/usermanager/payorder/refuse', { orderId: ids.created1, reason: 'x' }, leader);
    expect(notHeld.status).toBe(409);
    expect((await reconcile(t.database.db)).differences).toEqual([]);
  });
});
