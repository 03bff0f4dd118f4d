/**
 * Rate limits (decision 046): staff calls per account and platform calls per
 * application and minute, a 429 with Retry-After past the limit, the next minute open again;
 * counted across server instances (the shared rows); the limited calls counted in the tally
 * rather than logged one by one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { defaultConfig } from '../config';
import { databases } from '../test/databases';
import { testApp, type TestApp } from '../test/harness';
import { platformClient } from '../test/platform';
import { RATE_WINDOW_MS, rateLimiterOf } from './rate-limit';
import { refusalTallyOf } from './refusal-tally';

const limits = { staffPerMinute: 5, platformPerMinute: 8, flushMs: 0, countInjected: true };

describe('rate limits from the environment', () => {
  it('are read with the other settings, 0 meaning none', async () => {
    const { configFromEnv } = await import('../config');
    expect(configFromEnv({}).rateLimits).toMatchObject({ staffPerMinute: 1_200, platformPerMinute: 600_000 });
    expect(configFromEnv({ RATE_LIMIT_STAFF_PER_MINUTE: '0', RATE_LIMIT_PLATFORM_PER_MINUTE: '100' }).rateLimits).toMatchObject({
      staffPerMinute: 0,
      platformPerMinute: 100,
    });
    expect(() => configFromEnv({ RATE_LIMIT_STAFF_PER_MINUTE: '-1' })).toThrow('RATE_LIMIT_STAFF_PER_MINUTE');
    expect(defaultConfig().rateLimits.countInjected).toBe(false);
  });
});

describe.each(databases())('rate limits on $kind', (kind) => {
  let t: TestApp;
  let other: App;
  beforeAll(async () => {
    t = await testApp(kind, { rateLimits: limits });
    // the start of a window, so the test's calls all fall in one
    t.clock.now = Math.ceil(t.clock.now / RATE_WINDOW_MS) * RATE_WINDOW_MS;
    other = await buildApp({ db: t.database.db, config: t.config, batchWorker: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('a staff account gets 429 with Retry-After past its calls a minute; others do not; the next minute it may again', async () => {
    const service = await t.loginAs('service');
    const maint = await t.loginAs('maint');
    const call = (token: string) => t.app.inject({ method: 'GET', url: '/api/admin/userinfo', headers: { 'x-token': token } });
    for (let i = 0; i < 5; i++) expect((await call(service)).statusCode, `call ${i + 1}`).toBe(200);
    t.clock.advance(20_000);
    const limited = await call(service);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 429, message: 'Too many requests, retry in 40 s' });
    expect(limited.headers['retry-after']).toBe('40');
    expect((await call(maint)).statusCode).toBe(200);
    // counted, not logged
    const logged = await t.database.db.selectFrom('operation_log').select('id').where('status', '=', 429).execute();
    expect(logged).toEqual([]);
    expect(await refusalTallyOf(t.app).flush()).toBe(1);
    const tally = await t.database.db.selectFrom('refusal_tally').selectAll().where('source', '=', 'staff').execute();
    expect(tally).toEqual([expect.objectContaining({ who: 'service', reason: 'Too many requests, retry in 40 s', target: 'auth.userinfo', count: 1 })]);
    t.clock.advance(40_000);
    expect((await call(service)).statusCode).toBe(200);
  });

  it('a platform application gets 429 past its calls a minute, counted over both server instances', async () => {
    const demo = await platformClient(t);
    t.clock.now = Math.ceil(t.clock.now / RATE_WINDOW_MS) * RATE_WINDOW_MS + 1_000;
    const balance = async (app: App) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/platform/wallet/balance?uid=1',
        headers: demo.headersFor('GET', '/api/platform/wallet/balance', 'uid=1'),
      });
      await rateLimiterOf(app).flush();
      return res.statusCode;
    };
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) answers.push(await balance(i % 2 === 0 ? t.app : other));
    // each instance knows the other's calls as of its own last flush: at most one call past the
    // limit slips through per other instance (here the other's last call), and then no more
    const admitted = answers.filter((s) => s !== 429).length;
    expect(admitted).toBeGreaterThanOrEqual(8);
    expect(admitted).toBeLessThanOrEqual(9);
    expect(answers.slice(admitted)).toEqual(Array(12 - admitted).fill(429));
    const { count } = await t.database.db.selectFrom('rate_count').select('count').where('key', '=', 'app:demo-app').executeTakeFirstOrThrow();
    expect(count).toBe(admitted);
  });
});
