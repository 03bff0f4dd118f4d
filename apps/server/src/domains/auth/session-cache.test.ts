import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { MAX_AGE_MS, SessionCache, type CachedSession } from './session-cache';

const entry = (): CachedSession => ({
  user: {
    accountId: 1,
    username: 'a',
    name: '',
    avatar: '',
    telephone: '',
    roles: [],
    partner: 0,
    bind2fa: false,
    mustBind: false,
    signedInAt: 0,
    tokenHash: 'h',
  },
  createdAt: 0,
  lastSeen: 0,
  lastWritten: 0,
});

describe('SessionCache', () => {
  it('does not store a read that started before an invalidation', () => {
    const cache = new SessionCache();
    const generation = cache.generation;
    cache.invalidateAll();
    cache.set('h', entry(), generation);
    expect(cache.get('h')).toBeUndefined();
    cache.set('h', entry(), cache.generation);
    expect(cache.get('h')).toBeDefined();
  });

  it('is unused while suspended and resumes empty', () => {
    const cache = new SessionCache({ suspended: true });
    cache.set('h', entry(), cache.generation);
    expect(cache.get('h')).toBeUndefined();
    cache.resume();
    cache.set('h', entry(), cache.generation);
    expect(cache.get('h')).toBeDefined();
    cache.suspend();
    expect(cache.get('h')).toBeUndefined();
    cache.resume();
    expect(cache.get('h')).toBeUndefined();
  });

  it(`drops an entry read more than ${MAX_AGE_MS} ms ago`, () => {
    const cache = new SessionCache();
    const e = entry();
    cache.set('h', e, cache.generation);
    e.readAt = Date.now() - MAX_AGE_MS - 1;
    expect(cache.get('h')).toBeUndefined();
  });
});

const postgres = databases().find((d) => d.kind === 'postgres');

/** Two server instances on one PostgreSQL database, each with its own session cache. */
describe.runIf(postgres)('session cache across instances on PostgreSQL', () => {
  let t: TestApp;
  let other: App;
  beforeEach(async () => {
    t = await testApp(postgres!);
    other = await buildApp({ db: t.database.db, config: t.config, cacheSessions: { listen: t.database.url! } });
  });
  afterEach(async () => {
    await other.close();
    await t.close();
  });

  const userinfoOnOther = async (token: string) =>
    (await other.inject({ method: 'GET', url: '/api/admin/userinfo', query: { token }, headers: { 'x-token': token } })).statusCode;

  /** The other instance refuses the token within a second (notification delivery). */
  async function refusedSoon(token: string): Promise<number> {
    const deadline = Date.now() + 1000;
    let status = await userinfoOnOther(token);
    while (status === 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
      status = await userinfoOnOther(token);
    }
    return status;
  }

  async function sql(text: string): Promise<void> {
    const client = new pg.Client({ connectionString: t.database.url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  it('a logout through one instance ends the session on the other', async () => {
    const token = await t.loginAs('sales');
    expect(await userinfoOnOther(token)).toBe(200);
    expect(await userinfoOnOther(token)).toBe(200); // now served from its cache
    expect((await t.post('/api/admin/logout', { token }, token)).status).toBe(200);
    expect(await refusedSoon(token)).toBe(401);
  });

  it('disabling an account through one instance refuses its token on the other', async () => {
    const admin = await t.loginAs('admin');
    const token = await t.loginAs('sales');
    expect(await userinfoOnOther(token)).toBe(200);
    expect((await t.post('/api/admin/userinfo/update', { username: 'sales', enabled: false }, admin)).status).toBe(200);
    expect(await refusedSoon(token)).toBe(401);
  });

  it('a change made by hand in SQL reaches the cache too', async () => {
    const token = await t.loginAs('sales');
    expect(await userinfoOnOther(token)).toBe(200);
    const schema = (await t.database.db.selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('s')).executeTakeFirstOrThrow()).s;
    await sql(`UPDATE ${schema}.console_account SET enabled = false WHERE username = 'sales'`);
    expect(await refusedSoon(token)).toBe(401);
  });

  it('while the listener is cut off the cache is not used, so nothing is missed', async () => {
    const token = await t.loginAs('sales');
    expect(await userinfoOnOther(token)).toBe(200);
    // cut every LISTEN connection (both instances'), then change the account at once
    await sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN console_session_change%' AND pid <> pg_backend_pid()`);
    await new Promise((r) => setTimeout(r, 50));
    const schema = (await t.database.db.selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('s')).executeTakeFirstOrThrow()).s;
    await sql(`DELETE FROM ${schema}.account_session`);
    expect(await userinfoOnOther(token)).toBe(401);
    // and it comes back: a fresh token is served again
    const fresh = await t.loginAs('sales');
    expect(await userinfoOnOther(fresh)).toBe(200);
  });
});
