/**
 * The trust boundary between applications (contract "Platform API", Scopes and
 * signature version 2; decision 042): a call outside an application's scopes is a 403 naming
 * the missing scope and writes nothing; a provider cannot credit withdrawable; an unmatched
 * credit is refused; single-amount caps and day totals hold; app B cannot pay app A's recharge
 * order; a captured version-2 debit cannot be replayed as a credit; refusals are counted per
 * application (not one operation-log record each); the scope editor refuses bad input with a 400.
 */
import fc from 'fast-check';
import { providerScopes, type AppScopes } from '@console/schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSignatureV2 } from '../../http/platform-operation';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { createOrder, P100, seedChannels } from '../recharge/test-fixtures';

const PROVIDER = { appId: 'prov-app', secret: 'provider-secret-0001', scopes: providerScopes(50_000, 100_000) };

describe.each(databases())('application scopes on $kind', (kind) => {
  let t: TestApp;
  let demo: PlatformClient;
  let provider: PlatformClient;
  beforeAll(async () => {
    t = await testApp(kind);
    demo = await platformClient(t);
    provider = await platformClient(t, PROVIDER);
    for (const uid of [3001, 3002, 3003, 3004]) await demo.register(uid, {}, 10_000);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const written = async () => {
    const { rows } = await sql<{ e: string; w: string; ev: string; o: string }>`SELECT (SELECT count(*) FROM ledger_entry) AS e,
      (SELECT count(*) FROM wallet_tx) AS w, (SELECT count(*) FROM platform_event) AS ev, (SELECT count(*) FROM recharge_order) AS o`.execute(db());
    return rows[0];
  };
  const move = (client: PlatformClient, kind: 'debit' | 'credit', body: Record<string, unknown>) =>
    client.post(`/api/platform/wallet/${kind}`, { reason: kind === 'debit' ? 'game.bet' : 'game.win', currency: 'chip', ...body });
  const refusals = async (appId: string) =>
    (await db().selectFrom('platform_app_refusal').select(['scope', 'refused']).where('app_id', '=', appId).orderBy('scope').execute()).map((r) => [
      r.scope,
      Number(r.refused),
    ]);

  it('a call outside the scopes is a 403 naming the scope, writes nothing, and is counted without an operation-log record', async () => {
    const before = await written();
    const logBefore = await db()
      .selectFrom('operation_log')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const cases: Array<[Promise<{ status: number; body: any }>, string]> = [
      [
        provider.post('/api/platform/events', {
          events: [{ id: 'e1', type: 'player.login', at: new Date(t.clock.now).toISOString(), data: { uid: 3001, ip: '10.0.0.1', deviceId: 'd' } }],
        }),
        'events',
      ],
      [
        provider.post('/api/platform/recharge/orders', { requestId: 'r1', uid: 3001, productId: 'p', channel: 'gcash', price: 100, os: 'android' }),
        'recharge.orders',
      ],
      [provider.post('/api/platform/cashout/orders', { requestId: 'c1', uid: 3001, channel: 'gcash', amount: 100, account: '0917' }), 'cashout'],
      [move(provider, 'credit', { txId: 'w1', uid: 3001, currency: 'withdrawable', amount: 100, ref: 'r-1' }), 'wallet.credit: currency withdrawable'],
      [move(provider, 'debit', { txId: 'w2', uid: 3001, currency: 'diamond', amount: 100 }), 'wallet.debit: currency diamond'],
    ];
    for (const [call, scope] of cases) {
      const res = await call;
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 403, message: expect.stringContaining(`Missing scope ${scope}`) });
    }
    expect(await written()).toEqual(before);
    expect(await refusals('prov-app')).toEqual([
      ['cashout', 1],
      ['events', 1],
      ['recharge.orders', 1],
      ['wallet.credit', 1],
      ['wallet.debit', 1],
    ]);
    const logAfter = await db()
      .selectFrom('operation_log')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(logAfter.n).toBe(logBefore.n);
    // the txIds refused are free: the same call with an allowed currency goes through
    expect((await move(provider, 'debit', { txId: 'w2', uid: 3001, amount: 100, ref: 'round-a' })).status).toBe(200);
  });

  it('a credit must match a debit of the same application, player and round in the last 24 hours', async () => {
    const before = await written();
    // no debit in that round
    let res = await move(provider, 'credit', { txId: 'm1', uid: 3002, amount: 500, ref: 'round-m' });
    expect(res.body).toEqual({ code: 403, message: expect.stringContaining('Missing scope wallet.credit.unmatched for chip') });
    // no ref: the txId is the round, which no debit named
    expect((await move(provider, 'credit', { txId: 'm1b', uid: 3002, amount: 500 })).status).toBe(403);
    // another application's debit in that round does not count
    expect((await move(demo, 'debit', { txId: 'dm-demo', uid: 3002, amount: 100, ref: 'round-m' })).status).toBe(200);
    expect((await move(provider, 'credit', { txId: 'm1', uid: 3002, amount: 500, ref: 'round-m' })).status).toBe(403);
    // nor does the same application's debit of another player
    expect((await move(provider, 'debit', { txId: 'dm-other', uid: 3003, amount: 100, ref: 'round-m' })).status).toBe(200);
    expect((await move(provider, 'credit', { txId: 'm1', uid: 3002, amount: 500, ref: 'round-m' })).status).toBe(403);
    expect(Number((await written()).w)).toBe(Number(before.w) + 2);
    // its own debit of that player in that round: the win goes through
    expect((await move(provider, 'debit', { txId: 'dm-1', uid: 3002, amount: 100, ref: 'round-m' })).status).toBe(200);
    res = await move(provider, 'credit', { txId: 'm1', uid: 3002, amount: 500, ref: 'round-m' });
    expect(res.status).toBe(200);
    // a debit rolled back no longer matches; one older than 24 hours neither
    expect((await move(provider, 'debit', { txId: 'dm-2', uid: 3002, amount: 100, ref: 'round-rb' })).status).toBe(200);
    expect((await provider.post('/api/platform/wallet/rollback', { txId: 'rb-2', originalTxId: 'dm-2' })).status).toBe(200);
    expect((await move(provider, 'credit', { txId: 'm2', uid: 3002, amount: 100, ref: 'round-rb' })).status).toBe(403);
    expect((await move(provider, 'debit', { txId: 'dm-3', uid: 3002, amount: 100, ref: 'round-old' })).status).toBe(200);
    t.clock.advance(24 * 3_600_000 + 1_000);
    expect((await move(provider, 'credit', { txId: 'm3', uid: 3002, amount: 100, ref: 'round-old' })).status).toBe(403);
    // an application holding wallet.credit.unmatched for chips (demo-app) credits without a debit
    expect((await move(demo, 'credit', { txId: 'u1', uid: 3002, amount: 100, ref: 'promo-1' })).status).toBe(200);
  });

  it('the single-amount cap and the day total of a scope hold; the next day starts again', async () => {
    // providerScopes(50,000 each, 100,000 a day)
    expect((await move(provider, 'debit', { txId: 'cap-0', uid: 3004, amount: 50_001, ref: 'round-cap' })).body).toEqual({
      code: 403,
      message: expect.stringContaining("over this application's single-amount cap of 50000"),
    });
    expect((await move(provider, 'debit', { txId: 'cap-1', uid: 3004, amount: 1_000, ref: 'round-cap' })).status).toBe(200);
    const won = await db().selectFrom('platform_app_day').select('total').where('app_id', '=', 'prov-app').where('scope', '=', 'wallet.credit').execute();
    const already = won.reduce((a, r) => a + Number(r.total), 0);
    let credited = 0;
    for (let i = 0; credited + 40_000 <= 100_000 - already; i += 1) {
      expect((await move(provider, 'credit', { txId: `cap-w${i}`, uid: 3004, amount: 40_000, ref: 'round-cap' })).status).toBe(200);
      credited += 40_000;
    }
    const balance = (await db().selectFrom('player_balance').select('chip').where('uid', '=', 3004).executeTakeFirstOrThrow()).chip;
    const res = await move(provider, 'credit', { txId: 'cap-over', uid: 3004, amount: 40_000, ref: 'round-cap' });
    expect(res.body).toEqual({ code: 403, message: expect.stringContaining('Scope wallet.credit: the day total of 100000 chip') });
    expect((await db().selectFrom('player_balance').select('chip').where('uid', '=', 3004).executeTakeFirstOrThrow()).chip).toBe(balance);
    t.clock.advance(24 * 3_600_000);
    expect((await move(provider, 'debit', { txId: 'cap-2', uid: 3004, amount: 1_000, ref: 'round-cap2' })).status).toBe(200);
    expect((await move(provider, 'credit', { txId: 'cap-over', uid: 3004, amount: 40_000, ref: 'round-cap2' })).status).toBe(200);
  });

  it("a day's total is split over 64 slots; a day begun with the eight slots of before keeps them and stays exact", async () => {
    const slotsOf = async (day: string) =>
      (
        await sql<{ slot: number; total: number }>`SELECT slot, total FROM platform_app_day
          WHERE app_id = 'prov-app' AND scope = 'wallet.credit' AND day = ${day}::date ORDER BY slot`.execute(db())
      ).rows;
    const dayOf = async () => (await sql<{ d: string }>`SELECT report_day(${new Date(t.clock.now)}::timestamptz)::text AS d`.execute(db())).rows[0].d;
    // a new day: its first capped call makes slots 8-71
    t.clock.advance(24 * 3_600_000);
    expect((await move(provider, 'debit', { txId: 'sl-b1', uid: 3004, amount: 1_000, ref: 'round-sl1' })).status).toBe(200);
    expect((await move(provider, 'credit', { txId: 'sl-w1', uid: 3004, amount: 30_000, ref: 'round-sl1' })).status).toBe(200);
    const fresh = await slotsOf(await dayOf());
    expect(fresh.map((r) => r.slot)).toEqual(Array.from({ length: 64 }, (_, i) => i + 8));
    expect(fresh.reduce((a, r) => a + r.total, 0)).toBe(30_000);
    // a day whose slots 0-7 were made before: no other slot is added, and the cap holds to the unit
    t.clock.advance(24 * 3_600_000);
    const day = await dayOf();
    await sql`INSERT INTO platform_app_day (app_id, scope, currency, day, slot, total)
      SELECT 'prov-app', 'wallet.credit', 'chip', ${day}::date, s, 0 FROM generate_series(0, 7) s`.execute(db());
    expect((await move(provider, 'debit', { txId: 'sl-b2', uid: 3004, amount: 1_000, ref: 'round-sl2' })).status).toBe(200);
    for (const [i, amount] of [40_000, 40_000, 19_999].entries()) {
      expect((await move(provider, 'credit', { txId: `sl-w2-${i}`, uid: 3004, amount, ref: 'round-sl2' })).status).toBe(200);
    }
    expect((await move(provider, 'credit', { txId: 'sl-w2-over', uid: 3004, amount: 2, ref: 'round-sl2' })).status).toBe(403);
    expect((await move(provider, 'credit', { txId: 'sl-w2-last', uid: 3004, amount: 1, ref: 'round-sl2' })).status).toBe(200);
    const old = await slotsOf(day);
    expect(old.map((r) => r.slot)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(old.reduce((a, r) => a + r.total, 0)).toBe(100_000);
  });

  it('event types: only those listed, or the round reports under rounds', async () => {
    const client = await platformClient(t, { appId: 'login-app', secret: 'login-app-secret-01', scopes: { events: { types: ['player.login'] } } });
    const at = new Date(t.clock.now).toISOString();
    const before = await written();
    const res = await client.post('/api/platform/events', {
      events: [
        { id: 'l1', type: 'player.login', at, data: { uid: 3001, ip: '10.0.0.1', deviceId: 'd' } },
        { id: 'l2', type: 'player.registered', at, data: { uid: 3999, name: 'X', ip: '10.0.0.1', deviceId: 'd', package: 'com.demo' } },
      ],
    });
    expect(res.body).toEqual({ code: 403, message: 'Missing scope events: event type player.registered' });
    expect(await written()).toEqual(before);
    expect((await client.event('player.login', { uid: 3001, ip: '10.0.0.1', deviceId: 'd' })).status).toBe('applied');
    // a round report needs rounds (the provider holds it) or the type listed
    expect((await client.post('/api/platform/events', { events: [{ id: 'g1', type: 'game.round', at, data: {} }] })).body.message).toBe(
      'Missing scope rounds: event type game.round',
    );
  });

  it("app B cannot pay app A's recharge order: a callback is accepted only from an application bound to its channel", async () => {
    const a = await platformClient(t, {
      appId: 'shop-a',
      secret: 'shop-a-secret-000001',
      scopes: { 'recharge.orders': {}, 'recharge.callback': { channels: ['gcash'] } },
    });
    const b = await platformClient(t, { appId: 'shop-b', secret: 'shop-b-secret-000001', scopes: { 'recharge.callback': { channels: ['maya'] } } });
    await seedChannels(db());
    const product = P100;
    const orderId = await createOrder(a, { uid: 3001 });
    const chips = async () => (await db().selectFrom('player_balance').select('chip').where('uid', '=', 3001).executeTakeFirstOrThrow()).chip;
    const before = await chips();
    const paid = { orderId, channelOrderId: 'ch-1', amount: product.price, status: 'paid' };
    expect((await b.post('/api/platform/recharge/callback', paid)).body).toEqual({ code: 403, message: 'Missing scope recharge.callback: channel gcash' });
    expect(await chips()).toBe(before);
    expect((await db().selectFrom('recharge_order').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('created');
    expect((await a.post('/api/platform/recharge/callback', paid)).body).toEqual({ code: 200, data: { orderId, status: 'paid' } });
  });

  it('signature version 2: a captured debit cannot be replayed as a credit; an application that requires it refuses version 1', async () => {
    const v2 = await platformClient(t, {
      appId: 'v2-app',
      secret: 'v2-app-secret-000001',
      scopes: {
        'wallet.debit': { limits: [{ currency: 'chip', maxAmount: 1_000_000, dayTotal: null }] },
        'wallet.credit': { limits: [{ currency: 'chip', maxAmount: 1_000_000, dayTotal: null }] },
        'wallet.credit.unmatched': { currencies: ['chip'] },
      },
      version: 2,
    });
    await db().updateTable('platform_application').set({ signature_version: 2 }).where('app_id', '=', 'v2-app').execute();
    t.clock.advance(2_000); // past the applications' cache
    const body = JSON.stringify({ txId: 'v2-1', uid: 3001, currency: 'chip', amount: 100, reason: 'game.bet', ref: 'round-v2' });
    const ts = String(t.clock.now);
    const headers = {
      'x-app-id': 'v2-app',
      'x-timestamp': ts,
      'x-signature-version': '2',
      'x-signature': platformSignatureV2('v2-app-secret-000001', ts, 'POST', '/api/platform/wallet/debit', body),
      'content-type': 'application/json',
    };
    const replay = await t.app.inject({ method: 'POST', url: '/api/platform/wallet/credit', payload: body, headers });
    expect([replay.statusCode, JSON.parse(replay.body)]).toEqual([401, { code: 401, message: 'Bad signature' }]);
    const real = await t.app.inject({ method: 'POST', url: '/api/platform/wallet/debit', payload: body, headers });
    expect(real.statusCode).toBe(200);
    // version 1 is refused for this application, and a version the contract does not know for any
    expect(
      (await v2.post('/api/platform/wallet/debit', { txId: 'v2-2', uid: 3001, currency: 'chip', amount: 1, reason: 'game.bet' }, { version: 1 })).body,
    ).toEqual({ code: 401, message: 'This application requires X-Signature-Version: 2' });
    expect((await demo.get('/api/platform/wallet/balance', 'uid=3001', { version: 2 })).status).toBe(200);
    expect((await v2.get('/api/platform/wallet/balance', 'uid=3001')).status).toBe(200);
  });

  it('maint edits the scopes after which the very next call sees them; bad input is a 400 naming the field and changes nothing', async () => {
    const maint = await t.loginAs('maint');
    const api = '/api/remoteconfig/application/applications';
    const created = await t.post(`${api}/create`, { appId: 'new-app', name: 'New' }, maint);
    expect(created.status).toBe(200);
    const row = async () => (await t.get(api, maint, { appId: 'new-app' })).body.data.items[0];
    expect(await row()).toMatchObject({ scopes: { 'config.read': {} }, signatureVersion: 2, refused: 0, lastRefusal: null });
    const client = await platformClient(t, { appId: 'new-app', secret: created.body.data.secret, version: 2 });
    expect((await client.post('/api/platform/wallet/debit', { txId: 'n1', uid: 3001, currency: 'chip', amount: 5, reason: 'game.bet' })).status).toBe(403);
    expect(await row()).toMatchObject({ refused: 1, lastRefusal: { scope: 'wallet.debit', message: expect.stringContaining('Missing scope wallet.debit') } });
    const scopes: AppScopes = { 'wallet.debit': { limits: [{ currency: 'chip', maxAmount: 1_000, dayTotal: 10_000 }] }, 'config.read': {} };
    expect((await t.post(`${api}/scopes`, { appId: 'new-app', scopes, signatureVersion: 2 }, maint)).status).toBe(200);
    expect((await client.post('/api/platform/wallet/debit', { txId: 'n1', uid: 3001, currency: 'chip', amount: 5, reason: 'game.bet' })).status).toBe(200);
    const versions = (await t.get('/api/remoteconfig/application/versions', maint, { key: 'new-app' })).body.data.items;
    expect(versions.map((v: { action: string }) => v.action)).toEqual(['scopes', 'create']);
    expect(versions[0].after.scopes).toEqual(scopes);

    const bad: Array<[unknown, string]> = [
      [{ appId: 'new-app', scopes: { 'wallet.debit': { limits: [] } }, signatureVersion: 2 }, 'scopes.wallet.debit.limits'],
      [{ appId: 'new-app', scopes: { 'wallet.debit': { limits: [{ currency: 'gold', maxAmount: 1, dayTotal: null }] } }, signatureVersion: 2 }, 'currency'],
      [{ appId: 'new-app', scopes: { 'wallet.credit': { limits: [{ currency: 'chip', maxAmount: 0, dayTotal: null }] } }, signatureVersion: 2 }, 'maxAmount'],
      [{ appId: 'new-app', scopes: { teleport: {} }, signatureVersion: 2 }, 'scopes'],
      [{ appId: 'new-app', scopes: { events: { types: ['a b'] } }, signatureVersion: 2 }, 'types'],
      [{ appId: 'new-app', scopes: {}, signatureVersion: 3 }, 'signatureVersion'],
    ];
    for (const [body, field] of bad) {
      const res = await t.post(`${api}/scopes`, body, maint);
      expect([field, res.status]).toEqual([field, 400]);
      expect(res.body.message).toContain(field);
    }
    expect((await t.post(`${api}/scopes`, { appId: 'nope', scopes: {}, signatureVersion: 2 }, maint)).status).toBe(404);
    expect((await row()).scopes).toEqual(scopes);
    // a role without the screen cannot set scopes
    expect((await t.post(`${api}/scopes`, { appId: 'new-app', scopes: {}, signatureVersion: 1 }, await t.loginAs('service'))).status).toBe(403);
  });

  it('fuzz: the scope editor answers 200 or 400 (never a 500) and a 400 changes nothing', async () => {
    const maint = await t.loginAs('maint');
    const api = '/api/remoteconfig/application/applications';
    const before = JSON.stringify((await t.get(api, maint, { appId: 'prov-app' })).body.data.items[0].scopes);
    const anyScopes = fc.dictionary(
      fc.constantFrom('events', 'rounds', 'wallet.debit', 'wallet.credit', 'wallet.credit.unmatched', 'recharge.callback', 'x'),
      fc.oneof(
        fc.constant({}),
        fc.record({
          limits: fc.array(
            fc.record({
              currency: fc.constantFrom('chip', 'gold'),
              maxAmount: fc.oneof(fc.integer(), fc.double(), fc.string()),
              dayTotal: fc.oneof(fc.constant(null), fc.integer()),
            }),
            { maxLength: 3 },
          ),
        }),
        fc.record({ types: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }) }),
        fc.record({ currencies: fc.array(fc.constantFrom('chip', 'x')) }),
        fc.anything(),
      ),
    );
    await fc.assert(
      fc.asyncProperty(anyScopes, fc.oneof(fc.constant(1), fc.constant(2), fc.anything()), async (scopes, signatureVersion) => {
        const res = await t.post(`${api}/scopes`, { appId: 'prov-app', scopes, signatureVersion }, maint);
        expect([200, 400]).toContain(res.status);
        if (res.status === 400) expect(JSON.stringify((await t.get(api, maint, { appId: 'prov-app' })).body.data.items[0].scopes)).toBe(before);
        else await t.post(`${api}/scopes`, { appId: 'prov-app', scopes: JSON.parse(before), signatureVersion: 1 }, maint);
      }),
      { numRuns: 40 },
    );
  });
});
