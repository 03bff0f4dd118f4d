import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { totpCode } from './totp';

const EXPIRED = { code: -1, message: 'Your login has expired, please log in again' };

describe.each(databases())('sessions on $kind', (db) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp(db);
  });
  afterEach(async () => {
    await t.close();
  });

  const userinfo = (token: string, queryToken = token) => t.get('/api/admin/userinfo', token, { token: queryToken });

  it('GET userinfo answers exactly the contract shape', async () => {
    const token = await t.loginAs('partner');
    expect(await userinfo(token)).toEqual({
      status: 200,
      body: { code: 200, userinfo: { name: 'Demo Partner', avatar: '', roles: ['partner'], username: 'partner', telephone: '', bind2fa: false, partner: 1 } },
    });
  });

  it('401 / -1 for a missing or unknown token; the token is read from X-Token only (the query token is ignored)', async () => {
    const token = await t.loginAs('admin');
    expect(await t.get('/api/admin/userinfo', undefined, { token })).toEqual({ status: 401, body: EXPIRED });
    expect(await userinfo('garbage')).toEqual({ status: 401, body: EXPIRED });
    expect((await userinfo(token, 'other')).status).toBe(200);
    expect((await t.get('/api/admin/userinfo', token)).status).toBe(200);
    const cookie = await t.app.inject({ method: 'GET', url: `/api/admin/userinfo?token=${token}`, cookies: { token } });
    expect(cookie.statusCode).toBe(401);
  });

  it('expires after 30 idle minutes; use keeps it alive (last seen written at most once a minute)', async () => {
    const token = await t.loginAs('admin');
    for (let i = 0; i < 4; i++) {
      t.clock.advance(29 * 60_000);
      expect((await userinfo(token)).status).toBe(200);
    }
    const seen = async () => (await t.database.db.selectFrom('account_session').select('last_seen_at').executeTakeFirstOrThrow()).last_seen_at.getTime();
    const before = await seen();
    t.clock.advance(30_000);
    await userinfo(token);
    expect(await seen()).toBe(before);
    t.clock.advance(30 * 60_000 + 1);
    expect(await userinfo(token)).toEqual({ status: 401, body: EXPIRED });
  });

  it('expires 12 hours after sign-in whatever its use', async () => {
    const token = await t.loginAs('admin');
    for (let i = 0; i < 24; i++) {
      // 24 × 29 min 59 s = 11 h 59 min 36 s, never idle
      t.clock.advance(29 * 60_000 + 59_000);
      expect((await userinfo(token)).status).toBe(200);
    }
    t.clock.advance(60_000);
    expect((await userinfo(token)).status).toBe(401);
  });

  it('logout {token} revokes it at once; other sessions live on', async () => {
    const first = await t.loginAs('service');
    const second = await t.loginAs('service');
    expect(await t.post('/api/admin/logout', { token: first }, first)).toEqual({ status: 200, body: { code: 200 } });
    expect((await userinfo(first)).status).toBe(401);
    expect((await userinfo(second)).status).toBe(200);
    expect((await t.post('/api/admin/logout', { token: second }, first)).status).toBe(401);
  });

  it('disabling an account, resetting its password or changing its roles revokes its tokens', async () => {
    const admin = await t.loginAs('admin');
    for (const change of [{ enabled: false }, { password: 'brand-new-1' }, { roles: ['sales', 'maint'] }]) {
      await t.post('/api/admin/userinfo/update', { username: 'sales', enabled: true, password: 'demo123456' }, admin);
      const token = await t.loginAs('sales');
      expect((await t.post('/api/admin/userinfo/update', { username: 'sales', ...change }, admin)).status).toBe(200);
      expect((await userinfo(token)).status).toBe(401);
    }
  });

  it('the own password change and an authenticator reset revoke the tokens', async () => {
    const token = await t.loginAs('editor');
    expect((await t.post('/api/admin/userinfo/changepwd', { old: 'demo123456', password: 'secret-2' }, token)).status).toBe(200);
    expect((await userinfo(token)).status).toBe(401);

    const own = await t.loginAs('maint');
    const secret = (await t.get('/api/admin/userinfo/bind2fa', own)).body.data.secret;
    await t.post('/api/admin/userinfo/bind2fa', { code: totpCode(secret, t.clock.now) }, own);
    const admin = await t.loginAs('admin');
    expect(await t.post('/api/admin/userinfo/reset2fa', { username: 'maint' }, admin)).toEqual({ status: 200, body: { code: 200 } });
    expect((await userinfo(own)).status).toBe(401);
    expect((await t.post('/api/login', { username: 'maint', password: 'demo123456' })).body.code).toBe(200);
  });
});
