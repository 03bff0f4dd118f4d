/**
 * GET /api/platform/lobby: signed like every platform call; the demo lobby in order; the
 * player's platform and pay limits; version and ETag (304 while unchanged); the staff preview
 * answers the very same lobby.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSignature } from '../../http/platform-operation';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { seedPaymentConfig } from '../payment-config/demo';
import { seedLobby } from './demo';

type Lobby = { package: string; version: string; categories: { code: string; games: { tag: string }[] }[] };
const tags = (lobby: Lobby) => lobby.categories.flatMap((c) => c.games.map((g) => g.tag));

describe.each(databases())('the platform lobby call on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  const lobby = async (query: string, headers: Record<string, string> = {}) => {
    const timestamp = String(t.clock.now);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/platform/lobby?${query}`,
      headers: { 'x-app-id': p.appId, 'x-timestamp': timestamp, 'x-signature': platformSignature('demo-platform-secret', timestamp, query), ...headers },
    });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : {}, etag: res.headers.etag, raw: res.body };
  };
  const pay = async (uid: number, productId: string, price: number, requestId: string) => {
    const order = await p.post('/api/platform/recharge/orders', { requestId, uid, productId, channel: 'gcash', price, os: 'android' });
    expect(order.status).toBe(200);
    const paid = await p.post('/api/platform/recharge/callback', {
      orderId: order.body.data.orderId,
      channelOrderId: `CH-${requestId}`,
      amount: price,
      status: 'paid',
    });
    expect(paid.body.data.status).toBe('paid');
  };

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
    await seedLobby(t.database.db, new Date(t.clock.now));
  });
  afterAll(async () => t?.close());

  it("answers the demo package's lobby in order, and the seed is idempotent", async () => {
    const res = await lobby('package=com.demo');
    expect(res.status).toBe(200);
    const data = res.body.data as Lobby;
    expect(data.categories.map((c) => c.code)).toEqual(['cards', 'slots', 'quick', 'lottery', 'thirdparty']);
    expect(data.categories[0]).toEqual({
      code: 'cards',
      name: { en: 'Card games', zh: '棋牌游戏' },
      icon: 'cards',
      games: [
        { tag: 'tongits', provider: 'house', name: { en: 'Tongits', zh: 'Tongits纸牌' }, icon: 'tongits', initValue: 10_000_000, platform: 'all', payLimit: 0 },
        expect.objectContaining({ tag: 'pusoy' }),
        expect.objectContaining({ tag: 'lucky9' }),
        expect.objectContaining({ tag: 'hightexas', payLimit: 50_000 }),
      ],
    });
    expect(tags(data)).toHaveLength(21);
    const lite = (await lobby('package=com.demo.lite')).body.data as Lobby;
    expect(lite.categories.map((c) => [c.code, c.games.map((g) => g.tag)])).toEqual([
      ['quick', ['colorgame', 'rocket', 'mines', 'hilo', 'mines1v1']],
      ['cards', ['tongits', 'lucky9', 'pusoy']],
    ]);
    const versions = await t.database.db.selectFrom('config_version').select('id').execute();
    await seedLobby(t.database.db);
    expect(await t.database.db.selectFrom('config_version').select('id').execute()).toHaveLength(versions.length);
  });

  it("filters by the player's platform and by the pay limits the player's paid recharges reach", async () => {
    const ios = tags((await lobby('package=com.demo&platform=ios')).body.data);
    expect(ios).not.toContain('jili.superace');
    expect(ios).toContain('pg.mahjongways2');
    expect(tags((await lobby('package=com.demo&platform=android')).body.data)).toContain('jili.superace');

    await p.register(7301);
    const newcomer = tags((await lobby('package=com.demo&uid=7301&platform=android')).body.data);
    expect(newcomer).not.toContain('hightexas');
    expect(newcomer).not.toContain('jili.superace');
    expect(newcomer).toContain('tongits');
    await pay(7301, 'php100', 10_000, 'lobby-1');
    const payer = tags((await lobby('package=com.demo&uid=7301&platform=android')).body.data);
    expect(payer).toContain('jili.superace');
    expect(payer).not.toContain('hightexas');
    await pay(7301, 'php500', 50_000, 'lobby-2');
    expect(tags((await lobby('package=com.demo&uid=7301&platform=android')).body.data)).toContain('hightexas');

    expect((await lobby('package=com.demo&uid=999999')).status).toBe(404);
    const unknown = await lobby('package=no.such.app');
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Package no.such.app not found']);
  });

  it('answers 304 while the lobby is unchanged, and a new version once it changes', async () => {
    const first = await lobby('package=com.demo&platform=ios', {});
    expect(first.status).toBe(200);
    expect(first.etag).toBe(`"${first.body.data.version}"`);
    const again = await lobby('package=com.demo&platform=ios', { 'if-none-match': first.etag! });
    expect([again.status, again.raw]).toEqual([304, '']);
    // another answer (the JILI games are Android's) is another version
    expect((await lobby('package=com.demo&platform=android', { 'if-none-match': first.etag! })).status).toBe(200);
    // the same answer by another filter is the same version (every partner2 game is for every platform)
    const web = await lobby('package=com.demo.partner2&platform=web', {});
    expect((await lobby('package=com.demo.partner2', { 'if-none-match': web.etag! })).status).toBe(304);

    const business = await t.loginAs('business');
    const games = (await t.get('/api/gamehomepage/configs/games', business, { tag: 'bingo' })).body.data.items[0];
    const { id: _id, updatedAt: _u, ...doc } = games;
    expect((await t.post('/api/gamehomepage/configs/games/update', { ...doc, visible: false }, business)).status).toBe(200);
    const changed = await lobby('package=com.demo&platform=ios', { 'if-none-match': first.etag! });
    expect(changed.status).toBe(200);
    expect(changed.body.data.version).not.toBe(first.body.data.version);
    expect(tags(changed.body.data)).not.toContain('bingo');
  });

  it('the preview is the very answer of the platform call', async () => {
    const admin = await t.loginAs('admin');
    for (const [preview, platform] of [
      [{ package: 'com.demo.partner1' }, 'package=com.demo.partner1'],
      [{ package: 'com.demo', platform: 'ios' }, 'package=com.demo&platform=ios'],
    ] as const) {
      const staff = await t.get('/api/gamehomepage/packagename/preview', admin, preview);
      expect(staff.body.data).toEqual((await lobby(platform)).body.data);
    }
    const paid = await t.get('/api/gamehomepage/packagename/preview', admin, { package: 'com.demo', platform: 'android', paid: '10000' });
    expect(tags(paid.body.data)).toContain('jili.superace');
    expect(tags(paid.body.data)).not.toContain('hightexas');
  });

  it('refuses a bad query with a 400 naming it, and an unsigned or badly signed call with a 401', async () => {
    for (const [query, field] of [
      ['', 'package'],
      ['package=', 'package'],
      ['package=com.demo&platform=pc', 'platform'],
      ['package=com.demo&uid=0', 'uid'],
      ['package=com.demo&uid=1.5', 'uid'],
      ['package=com.demo&uid=abc', 'uid'],
      ['package=com.demo&x=1', 'x'],
    ]) {
      const res = await lobby(query);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.body.message).toContain(field);
    }
    expect((await p.get('/api/platform/lobby', 'package=com.demo', { secret: 'wrong-secret-1234567' })).status).toBe(401);
    expect((await p.get('/api/platform/lobby', 'package=com.demo', { signature: null })).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/platform/lobby?package=com.demo' })).statusCode).toBe(401);
  });
});
