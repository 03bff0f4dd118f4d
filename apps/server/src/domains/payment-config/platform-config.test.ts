/**
 * The platform side of the configuration: the signed channel calls (only open channels of
 * that package, in their order, enabled products), the demo configuration, and applications
 * (a secret shown once; rotation with an overlap during which both secrets sign).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { seedPaymentConfig } from './demo';
import { isoInConsoleZone } from '../../http/time';

const api = '/api/remoteconfig';

describe.each(databases())('platform configuration calls on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let secadmin: string;
  beforeAll(async () => {
    t = await testApp(kind);
    await t.database.db
      .insertInto('partner')
      .values([
        { id: 1, name: 'Demo Partner' },
        { id: 2, name: 'Second Partner' },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    p = await platformClient(t);
    await seedPaymentConfig(t.database.db, new Date(t.clock.now));
    secadmin = await t.loginAs('secadmin');
  });
  afterAll(async () => t?.close());

  it('the demo opens recharge channels for com.demo with the packs, and GCash and bank cash-out', async () => {
    const res = await p.get('/api/platform/recharge/channels', 'package=com.demo');
    expect(res.status).toBe(200);
    // gcash and maya are open; online banking is paid-only, GrabPay in maintenance
    expect(res.body.data.channels.map((c: { channel: string }) => c.channel)).toEqual(['gcash', 'maya']);
    expect(res.body.data.channels[1]).toEqual({
      channel: 'maya',
      name: 'Maya',
      icon: 'maya',
      status: 'open',
      products: [5_000, 10_000, 20_000, 50_000, 100_000, 500_000].map((price, i) => ({
        productId: `php${price / 100}`,
        price,
        chips: [5_000, 10_000, 20_000, 51_000, 105_000, 550_000][i],
      })),
    });
    const cash = await p.get('/api/platform/cashout/channels');
    expect(cash.body.data.channels).toEqual([
      { channel: 'gcash', name: 'GCash', status: 'open', min: 10_000, max: 5_000_000, feePercent: 2 },
      { channel: 'maya', name: 'Maya', status: 'open', min: 10_000, max: 5_000_000, feePercent: 1.5 },
      { channel: 'bank', name: 'Bank transfer', status: 'open', min: 50_000, max: 10_000_000, feePercent: 0 },
      { channel: 'grabpay', name: 'GrabPay', status: 'maintenance', min: 10_000, max: 2_000_000, feePercent: 2 },
    ]);
    // seeding again changes nothing
    const versions = await t.database.db.selectFrom('config_version').select('id').execute();
    await seedPaymentConfig(t.database.db);
    expect(await t.database.db.selectFrom('config_version').select('id').execute()).toHaveLength(versions.length);
  });

  it('follows the configuration: order, status, package links, disabled products', async () => {
    const channels = (await t.get(`${api}/payControl/channels`, secadmin)).body.data.items;
    const maya = channels.find((c: { channel: string }) => c.channel === 'maya');
    const { id: _id, updatedAt: _u, ...doc } = maya;
    await t.post(`${api}/payControl/channels/update`, { ...doc, sortOrder: 1 }, secadmin);
    const php50 = (await t.get(`${api}/payControl/products`, secadmin, { productId: 'php50' })).body.data.items[0];
    const { id: _pid, ...product } = php50;
    await t.post(`${api}/payControl/products/update`, { ...product, enabled: false }, secadmin);
    let res = await p.get('/api/platform/recharge/channels', 'package=com.demo');
    expect(res.body.data.channels.map((c: { channel: string }) => c.channel)).toEqual(['maya', 'gcash']);
    expect(res.body.data.channels[0].products.map((x: { productId: string }) => x.productId)).not.toContain('php50');

    res = await p.get('/api/platform/recharge/channels', 'package=com.demo.partner2');
    expect(res.body.data.channels.map((c: { channel: string }) => c.channel)).toEqual(['gcash']);
    await t.post(`${api}/payControl/channels/update`, { ...doc, sortOrder: 1, status: 'close' }, secadmin);
    res = await p.get('/api/platform/recharge/channels', 'package=com.demo');
    expect(res.body.data.channels.map((c: { channel: string }) => c.channel)).toEqual(['gcash']);
    expect((await p.get('/api/platform/recharge/channels', 'package=no.such.app')).body).toEqual({ code: 200, data: { channels: [] } });
  });

  it('refuses a bad package with a 400 naming it, and an unsigned call with a 401', async () => {
    for (const query of ['', 'package=', 'package=a%20b', 'package=com.demo&x=1']) {
      const res = await p.get('/api/platform/recharge/channels', query);
      expect([query, res.status]).toEqual([query, 400]);
    }
    expect((await p.get('/api/platform/recharge/channels', 'package=')).body.message).toContain('package');
    expect((await p.get('/api/platform/cashout/channels', '', { secret: 'wrong-secret-1234567' })).status).toBe(401);
  });

  it('creates an application whose secret is answered once and never listed', async () => {
    const maint = await t.loginAs('maint');
    const created = await t.post(`${api}/application/applications/create`, { appId: 'game-ios', name: 'iOS game' }, maint);
    expect(created.status).toBe(200);
    const { secret } = created.body.data;
    expect(secret).toMatch(/^[\w-]{32}$/);
    expect((await t.post(`${api}/application/applications/create`, { appId: 'game-ios', name: 'again' }, maint)).status).toBe(409);
    const listed = JSON.stringify((await t.get(`${api}/application/applications`, maint)).body);
    const history = JSON.stringify((await t.get(`${api}/application/versions`, maint)).body);
    const log = JSON.stringify(await t.database.db.selectFrom('operation_log').select(['before', 'after']).execute());
    for (const text of [listed, history, log]) expect(text).not.toContain(secret);
    // a new application signs with version 2 and reads the configuration only (decision 042)
    const app = await platformClient(t, { appId: 'game-ios', secret, version: 2 });
    expect((await app.get('/api/platform/cashout/channels')).status).toBe(200);
    // the history of applications cannot be restored: it never held a secret
    const version = (await t.get(`${api}/application/versions`, maint)).body.data.items[0];
    expect((await t.post(`${api}/application/versions/restore`, { id: version.id }, maint)).status).toBe(409);
  });

  it('rotation: both secrets sign during the overlap, only the new one after it; disabled refuses both', async () => {
    let maint = await t.loginAs('maint');
    const { secret: first } = (await t.post(`${api}/application/applications/create`, { appId: 'game-web', name: 'Web' }, maint)).body.data;
    const rotated = await t.post(`${api}/application/applications/rotate`, { appId: 'game-web', overlapHours: 2 }, maint);
    expect(rotated.status).toBe(200);
    const second = rotated.body.data.secret as string;
    expect(second).not.toBe(first);
    expect(rotated.body.data.previousUntil).toBe(isoInConsoleZone(new Date(t.clock.now + 2 * 3_600_000)));
    const call = (secret: string) => p.get('/api/platform/cashout/channels', '', { appId: 'game-web', secret, version: 2 });
    expect((await call(first)).status).toBe(200);
    expect((await call(second)).status).toBe(200);
    const row = (await t.get(`${api}/application/applications`, maint, { appId: 'game-web' })).body.data.items[0];
    expect(row).toMatchObject({ appId: 'game-web', previousUntil: rotated.body.data.previousUntil });

    t.clock.advance(2 * 3_600_000 - 1_000);
    expect((await call(first)).status).toBe(200);
    t.clock.advance(1_000);
    expect((await call(first)).body).toEqual({ code: 401, message: 'Bad signature' });
    expect((await call(second)).status).toBe(200);

    // a rotation without overlap drops the old secret at once (a new session: the clock ran past the idle limit)
    maint = await t.loginAs('maint');
    const third = (await t.post(`${api}/application/applications/rotate`, { appId: 'game-web', overlapHours: 0 }, maint)).body.data.secret as string;
    expect((await call(second)).status).toBe(401);
    expect((await call(third)).status).toBe(200);

    expect((await t.post(`${api}/application/applications/update`, { appId: 'game-web', name: 'Web', enabled: false }, maint)).status).toBe(200);
    expect((await call(third)).body).toEqual({ code: 401, message: 'Unknown application' });
    const actions = (await t.get(`${api}/application/versions`, maint, { key: 'game-web' })).body.data.items.map((v: { action: string }) => v.action);
    expect(actions).toEqual(['disable', 'rotate', 'rotate', 'create']);
    expect((await t.post(`${api}/application/applications/rotate`, { appId: 'nope', overlapHours: 1 }, maint)).status).toBe(404);
    expect((await t.post(`${api}/application/applications/rotate`, { appId: 'game-web', overlapHours: 169 }, maint)).status).toBe(400);
  });
});
