import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { totpCode } from './totp';

const SIGNIN = { maxFailuresPerUser: 3, maxFailuresPerAddress: 8, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

async function bindAuthenticator(t: TestApp, username: string): Promise<string> {
  const token = await t.loginAs(username);
  const start = await t.get('/api/admin/userinfo/bind2fa', token);
  const secret = start.body.data.secret as string;
  expect((await t.post('/api/admin/userinfo/bind2fa', { code: totpCode(secret, t.clock.now) }, token)).status).toBe(200);
  t.clock.advance(30_000); // the binding code's step is spent
  return secret;
}

describe.each(databases())('POST /api/login on $kind', (db) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp(db, { signin: SIGNIN });
  });
  afterEach(async () => {
    await t.close();
  });

  const login = (body: unknown) => t.post('/api/login', body);
  const logRecords = (operation: string) => t.database.db.selectFrom('operation_log').selectAll().where('operation', '=', operation).orderBy('id').execute();

  it('answers {code:200, accessToken} and trims the username; a new opaque token at each sign-in', async () => {
    const first = await login({ username: '  admin ', password: 'demo123456' });
    expect(first).toEqual({ status: 200, body: { code: 200, accessToken: expect.stringMatching(/^[\w-]{40,}$/) } });
    const second = await login({ username: 'admin', password: 'demo123456' });
    expect(second.body.accessToken).not.toBe(first.body.accessToken);
    const stored = await t.database.db.selectFrom('account_session').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(first.body.accessToken);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true);
  });

  it('stores argon2id hashes with memory ≥ 19 MiB, time ≥ 2, parallelism 1', async () => {
    const row = await t.database.db.selectFrom('console_account').select('password_hash').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const [, algorithm, , params] = row.password_hash.split('$');
    expect(algorithm).toBe('argon2id');
    const p = Object.fromEntries(params.split(',').map((kv) => kv.split('=')));
    expect(Number(p.m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(p.t)).toBeGreaterThanOrEqual(2);
    expect(Number(p.p)).toBe(1);
  });

  it('answers 401 / 60204 alike for a wrong password, an unknown user and a disabled account', async () => {
    const wrong = await login({ username: 'admin', password: 'nope' });
    const unknown = await login({ username: 'ghost', password: 'demo123456' });
    const admin = await t.loginAs('admin');
    await t.post('/api/admin/userinfo/update', { username: 'service', enabled: false }, admin);
    const disabled = await login({ username: 'service', password: 'demo123456' });
    for (const res of [wrong, unknown, disabled]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 60204, message: wrong.body.message });
    }
  });

  it('refuses bad input with 400 naming the field, never a sign-in attempt', async () => {
    expect((await login({ username: 'admin' })).body).toEqual({ code: 400, message: 'password: Required' });
    expect((await login({ username: 1, password: 'x' })).body.message).toMatch(/^username: /);
    expect((await login({ username: 'admin', password: 'demo123456', role: 'admin' })).body).toEqual({ code: 400, message: 'role: Unknown field' });
  });

  it('with an authenticator: 60205 without a code, 60206 for a wrong code, 200 with the current one, 60206 when reused', async () => {
    const secret = await bindAuthenticator(t, 'business');
    const noCode = await login({ username: 'business', password: 'demo123456' });
    expect(noCode).toEqual({ status: 401, body: { code: 60205, message: 'One-time code required' } });
    const wrongCode = await login({ username: 'business', password: 'demo123456', code: '000000' === totpCode(secret, t.clock.now) ? '111111' : '000000' });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body.code).toBe(60206);
    const code = totpCode(secret, t.clock.now);
    expect((await login({ username: 'business', password: 'demo123456', code })).body.code).toBe(200);
    const replay = await login({ username: 'business', password: 'demo123456', code });
    expect(replay.body.code).toBe(60206);
    const refusals = await logRecords('auth.login');
    expect(refusals.at(-1)).toMatchObject({ result: 'refused', status: 401, target: 'business', message: 'One-time code already used' });
  });

  it('accepts one step of clock drift either way, not two', async () => {
    const secret = await bindAuthenticator(t, 'sales');
    t.clock.advance(60_000);
    const previous = totpCode(secret, t.clock.now - 30_000);
    expect((await login({ username: 'sales', password: 'demo123456', code: previous })).body.code).toBe(200);
    t.clock.advance(30_000);
    const next = totpCode(secret, t.clock.now + 30_000);
    expect((await login({ username: 'sales', password: 'demo123456', code: next })).body.code).toBe(200);
    t.clock.advance(120_000);
    const stale = totpCode(secret, t.clock.now - 60_000);
    const current = totpCode(secret, t.clock.now);
    if (stale !== current) expect((await login({ username: 'sales', password: 'demo123456', code: stale })).body.code).toBe(60206);
  });

  it('locks a username after too many failures (429 with the wait), even for the right password, until the lock ends', async () => {
    for (let i = 0; i < SIGNIN.maxFailuresPerUser; i++) expect((await login({ username: 'maint', password: 'bad' })).status).toBe(401);
    const locked = await login({ username: 'maint', password: 'demo123456' });
    expect(locked).toEqual({ status: 429, body: { code: 429, message: 'Too many attempts, retry in 900 s' } });
    t.clock.advance(10 * 60_000);
    expect((await login({ username: 'maint', password: 'demo123456' })).body.message).toBe('Too many attempts, retry in 300 s');
    expect((await login({ username: 'admin', password: 'demo123456' })).status).toBe(200); // another username is not locked
    t.clock.advance(5 * 60_000 + 1);
    expect((await login({ username: 'maint', password: 'demo123456' })).status).toBe(200);
    const records = await logRecords('auth.login');
    expect(records.filter((r) => r.status === 429 && r.target === 'maint')).toHaveLength(2);
  });

  it('locks a client address after too many failures across usernames', async () => {
    for (let i = 0; i < SIGNIN.maxFailuresPerAddress; i++) await login({ username: `nobody${i}`, password: 'bad' });
    const res = await login({ username: 'editor', password: 'demo123456' });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Too many attempts, retry in \d+ s$/);
  });

  it('does not limit successful sign-ins, and a success clears the username’s failures', async () => {
    for (let i = 0; i < 10; i++) expect((await login({ username: 'main', password: 'demo123456' })).status).toBe(200);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < SIGNIN.maxFailuresPerUser - 1; i++) await login({ username: 'delivery', password: 'bad' });
      expect((await login({ username: 'delivery', password: 'demo123456' })).status).toBe(200);
    }
  });

  it('writes every refused sign-in and every sign-in to the operation log', async () => {
    await login({ username: 'admin', password: 'demo123456' });
    await login({ username: 'ghost', password: 'x' });
    const records = await logRecords('auth.login');
    expect(records.map((r) => [r.target, r.result, r.status])).toEqual([
      ['admin', 'ok', 200],
      ['ghost', 'refused', 401],
    ]);
    expect(JSON.stringify(records)).not.toContain('demo123456');
  });
});

describe('sign-in timing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(databases()[0]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('spends the argon2 time for an unknown username too', async () => {
    await t.post('/api/login', { username: 'ghost', password: 'warm-up' });
    const time = async (username: string) => {
      const start = performance.now();
      await t.post('/api/login', { username, password: 'wrong-password' });
      return performance.now() - start;
    };
    // medians of interleaved tries: one try alone is at the mercy of a busy machine's scheduler
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await time('admin'));
      unknown.push(await time('ghost'));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });
});
