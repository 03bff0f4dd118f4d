import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { totpCode } from './totp';

describe.each(databases())('account settings on $kind', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('bind2fa: GET shows a secret and an otpauth URL, POST binds with the current code, twice is refused', async () => {
    const token = await t.loginAs('business');
    const start = await t.get('/api/admin/userinfo/bind2fa', token);
    expect(start.body).toEqual({
      code: 200,
      data: { secret: expect.stringMatching(/^[A-Z2-7]{32}$/), otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\/.*business.*secret=/) },
    });
    const secret = start.body.data.secret;
    const wrong = totpCode(secret, t.clock.now) === '123456' ? '654321' : '123456';
    expect(await t.post('/api/admin/userinfo/bind2fa', { code: wrong }, token)).toEqual({
      status: 400,
      body: { code: 400, message: 'Verification code has expired,Please verify again' },
    });
    expect((await t.post('/api/admin/userinfo/bind2fa', { code: 12 }, token)).body.message).toMatch(/^code: /);
    expect(await t.post('/api/admin/userinfo/bind2fa', { code: totpCode(secret, t.clock.now) }, token)).toEqual({ status: 200, body: { code: 200 } });
    expect((await t.get('/api/admin/userinfo', token, { token })).body.userinfo.bind2fa).toBe(true);
    const again = { status: 409, body: { code: 409, message: 'Unable to bind repeatedly, please contact the administrator' } };
    expect(await t.get('/api/admin/userinfo/bind2fa', token)).toEqual(again);
    expect(await t.post('/api/admin/userinfo/bind2fa', { code: totpCode(secret, t.clock.now) }, token)).toEqual(again);
    const secrets = await t.database.db.selectFrom('operation_log').select(['before', 'after']).execute();
    expect(JSON.stringify(secrets)).not.toContain(secret);
  });

  it('changepwd: wrong old password, too short, then success with the new password', async () => {
    const token = await t.loginAs('service');
    expect(await t.post('/api/admin/userinfo/changepwd', { old: 'nope-nope', password: 'abcdefg' }, token)).toEqual({
      status: 400,
      body: { code: 400, message: 'The current password is incorrect' },
    });
    expect(await t.post('/api/admin/userinfo/changepwd', { old: 'demo123456', password: '12345' }, token)).toEqual({
      status: 400,
      body: { code: 400, message: 'password: Password cannot be less than 6 characters' },
    });
    expect((await t.post('/api/admin/userinfo/changepwd', { old: 'demo123456', password: 'new-pass-1' }, token)).status).toBe(200);
    expect((await t.post('/api/login', { username: 'service', password: 'demo123456' })).body.code).toBe(60204);
    expect((await t.post('/api/login', { username: 'service', password: 'new-pass-1' })).body.code).toBe(200);
  });

  it('changepwd of an account with an authenticator needs its current, unused code', async () => {
    const token = await t.loginAs('delivery');
    const secret = (await t.get('/api/admin/userinfo/bind2fa', token)).body.data.secret;
    await t.post('/api/admin/userinfo/bind2fa', { code: totpCode(secret, t.clock.now) }, token);
    t.clock.advance(30_000);
    const body = { old: 'demo123456', password: 'another-1' };
    expect((await t.post('/api/admin/userinfo/changepwd', body, token)).body).toEqual({ code: 400, message: 'code: One-time code required' });
    expect((await t.post('/api/admin/userinfo/changepwd', { ...body, code: totpCode(secret, t.clock.now - 30_000) }, token)).body.message).toBe(
      'Verification code has expired,Please verify again',
    );
    expect((await t.post('/api/admin/userinfo/changepwd', { ...body, code: totpCode(secret, t.clock.now) }, token)).status).toBe(200);
  });

  const logOf = (username: string, operation: string) =>
    t.database.db
      .selectFrom('operation_log')
      .select(['result', 'message', 'after'])
      .where('username', '=', username)
      .where('operation', '=', operation)
      .orderBy('id')
      .execute();

  it('starting an enrolment is logged, without the secret', async () => {
    const token = await t.loginAs('maint');
    const secret = (await t.get('/api/admin/userinfo/bind2fa', token)).body.data.secret as string;
    const records = await logOf('maint', 'auth.bind2fa.start');
    expect(records).toEqual([{ result: 'ok', message: '', after: { enrolment: 'started' } }]);
    expect(JSON.stringify(records)).not.toContain(secret);
  });

  it('a reused code at changepwd is refused with the usual message and logged as a reuse', async () => {
    const token = await t.loginAs('groundpromoter');
    const secret = (await t.get('/api/admin/userinfo/bind2fa', token)).body.data.secret;
    await t.post('/api/admin/userinfo/bind2fa', { code: totpCode(secret, t.clock.now) }, token);
    const answer = await t.post('/api/admin/userinfo/changepwd', { old: 'demo123456', password: 'another-2', code: totpCode(secret, t.clock.now) }, token);
    expect(answer.body).toEqual({ code: 400, message: 'Verification code has expired,Please verify again' });
    expect(await logOf('groundpromoter', 'auth.changepwd')).toEqual([{ result: 'failed', message: 'One-time code already used', after: null }]);
  });
});
