/**
 * Sessions and headers: the staff token is read from X-Token only, the query token
 * of userinfo is ignored and never logged; API answers are not stored; HSTS over HTTPS; the
 * client address comes from X-Forwarded-For only through the proxies TRUST_PROXY names (a hop
 * count or addresses, never "anything").
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { trustProxyFromEnv } from '../config';
import { DEMO_PASSWORD } from '../seed/demo';
import { databases } from '../test/databases';
import { testApp, type TestApp } from '../test/harness';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 192.168.0.0/16,::1', ['10.0.0.5', '192.168.0.0/16', '::1']],
    ['fd00::/8', ['fd00::/8']],
  ])('%o → %o', (raw, expected) => {
    expect(trustProxyFromEnv(raw)).toEqual(expected);
  });

  it.each(['true', '*', 'proxy.internal', '11', '10.0.0.0/33', '10.0.0.1/8/1', '1.2.3'])('refuses %o, naming the setting', (raw) => {
    expect(() => trustProxyFromEnv(raw)).toThrow(/^TRUST_PROXY must be/);
  });
});

describe.each(databases())('sessions and headers on $kind', (kind) => {
  let t: TestApp;
  const logged: string[] = [];
  let logging: App;
  let byHop: App;
  let byAddress: App;
  let token: string;

  beforeAll(async () => {
    t = await testApp(kind);
    token = await t.loginAs('service');
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    });
    logging = await buildApp({ db: t.database.db, config: t.config, logger: pino({ level: 'trace' }, sink), batchWorker: false });
    byHop = await buildApp({ db: t.database.db, config: { ...t.config, trustProxy: 1 }, batchWorker: false });
    byAddress = await buildApp({ db: t.database.db, config: { ...t.config, trustProxy: ['10.0.0.0/8'] }, batchWorker: false });
  });
  afterAll(async () => {
    await logging?.close();
    await byHop?.close();
    await byAddress?.close();
    await t?.close();
  });

  it('reads the token from X-Token only: the query token is ignored, and appears in no log', async () => {
    const other = await t.loginAs('maint');
    // the spec's query token, even another account's or garbage, changes nothing
    for (const query of [`?token=${token}`, `?token=${other}`, '?token=nonsense', '']) {
      const res = await logging.inject({ method: 'GET', url: `/api/admin/userinfo${query}`, headers: { 'x-token': token } });
      expect(res.statusCode, query).toBe(200);
      expect(JSON.parse(res.body).userinfo.username).toBe('service');
    }
    // a token in the query alone signs nobody in
    const alone = await logging.inject({ method: 'GET', url: `/api/admin/userinfo?token=${token}` });
    expect(JSON.parse(alone.body)).toEqual({ code: -1, message: 'Your login has expired, please log in again' });
    // refusals with the token in the URL: a bad query, an unknown path, a forbidden screen
    await logging.inject({ method: 'GET', url: `/api/admin/userinfo?token=${token}&extra=1`, headers: { 'x-token': token } });
    await logging.inject({ method: 'GET', url: `/api/nowhere?token=${token}`, headers: { 'x-token': token } });
    await logging.inject({ method: 'GET', url: `/api/adminmanager/list?token=${token}`, headers: { 'x-token': token } });
    await logging.inject({
      method: 'POST',
      url: `/api/admin/logout?token=${token}`,
      headers: { 'x-token': other, 'content-type': 'application/json' },
      payload: { token },
    });
    const log = await t.database.db.selectFrom('operation_log').selectAll().execute();
    for (const secret of [token, other]) {
      expect(logged.join('\n')).not.toContain(secret);
      expect(JSON.stringify(log)).not.toContain(secret);
    }
  });

  it('API answers are not stored; HSTS only over HTTPS that a trusted proxy vouches for', async () => {
    const direct = await logging.inject({ method: 'GET', url: '/api/admin/userinfo', headers: { 'x-token': token } });
    expect(direct.headers['cache-control']).toBe('no-store');
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    expect(direct.headers['permissions-policy']).toContain('camera=()');
    // an untrusting server does not believe a client that says it came over HTTPS
    const claimed = await logging.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    const proxied = await byHop.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('the client address comes through the trusted hops or addresses only', async () => {
    const failedFrom = async (server: App, remoteAddress: string, forwardedFor: string) => {
      const username = `nobody-${Math.random().toString(36).slice(2, 8)}`;
      await server.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        payload: { username, password: `${DEMO_PASSWORD}x` },
      });
      const row = await t.database.db.selectFrom('operation_log').select('ip').where('username', '=', username).executeTakeFirstOrThrow();
      return row.ip;
    };
    // one hop: the proxy in front is believed about the client, not about what the client claimed before it
    expect(await failedFrom(byHop, '127.0.0.1', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    // addresses: a proxy inside 10/8 is believed; the same header from elsewhere is not
    expect(await failedFrom(byAddress, '10.1.2.3', '198.51.100.8')).toBe('198.51.100.8');
    expect(await failedFrom(byAddress, '127.0.0.1', '198.51.100.8')).toBe('127.0.0.1');
    // trusting none: X-Forwarded-For is the client's to write, and ignored
    expect(await failedFrom(logging, '127.0.0.1', '198.51.100.9')).toBe('127.0.0.1');
  });
});
