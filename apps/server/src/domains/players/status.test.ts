import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { addPlayer, scopedAccount } from './fixtures';

// the harness clock starts at 2026-11-22T10:00:00Z
const FUTURE = '2026-11-25T18:00:00+08:00';

describe.each(databases())('suspensions on $kind', (kind) => {
  let t: TestApp;
  let leader: string;
  beforeEach(async () => {
    t = await testApp(kind);
    leader = await t.loginAs('serviceleader');
    await addPlayer(t.database.db, { uid: 1001, partner: 2 });
  });
  afterEach(async () => {
    await t.close();
  });

  const suspend = (body: unknown, token = leader) => t.post('/api/players/suspend', body, token);
  const banLog = () => t.database.db.selectFrom('ban_log').selectAll().orderBy('id').execute();
  const profile = async () => (await t.get('/api/players/detail', leader, { uid: '1001' })).body.data.profile;
  const lastLog = async () => t.database.db.selectFrom('operation_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('needs an expiry date ("Date must be filled in") in the future, and writes nothing otherwise', async () => {
    expect((await suspend({ uid: 1001 })).body).toEqual({ code: 400, message: 'until: Date must be filled in' });
    expect((await suspend({ uid: 1001, until: '' })).body).toEqual({ code: 400, message: 'until: Date must be filled in' });
    expect((await suspend({ uid: 1001, until: 'next week' })).body).toEqual({ code: 400, message: 'until: Must be an ISO 8601 date-time with offset' });
    expect((await suspend({ uid: 1001, until: '2026-11-22T17:59:59+08:00' })).body).toEqual({ code: 400, message: 'until: Must be in the future' });
    expect((await suspend({ uid: 1001, until: '2199-01-01T00:00:00Z' })).body).toEqual({ code: 400, message: 'until: Must be within 100 years' });
    expect((await suspend({ uid: 1001, until: FUTURE, reason: 'x'.repeat(201) })).body).toEqual({ code: 400, message: 'reason: Over 200 characters' });
    expect((await suspend({ uid: 1001, until: 5 })).body.message).toMatch(/^until: /);
    expect(await banLog()).toEqual([]);
    expect((await profile()).status).toBe('active');
  });

  it('refuses roles without the ban editor with 403 before reading the body', async () => {
    for (const role of ['service', 'partner', 'sales']) {
      const token = await t.loginAs(role);
      expect(await suspend({}, token), role).toEqual({ status: 403, body: { code: 403, message: 'Forbidden' } });
      expect((await t.post('/api/players/unsuspend', { junk: 1 }, token)).status).toBe(403);
    }
  });

  it('suspends until the date, logs it in ban_log and the operation log, and the suspension ends by itself', async () => {
    const res = await suspend({ uid: 1001, until: FUTURE, reason: 'Abusive chat' });
    expect(res.body).toEqual({ code: 200, data: { uid: 1001, status: 'suspended', suspendedUntil: '2026-11-25T18:00:00.000+08:00', changed: true } });
    expect(await profile()).toMatchObject({ status: 'suspended', suspendedUntil: '2026-11-25T18:00:00.000+08:00', statusReason: 'Abusive chat' });
    expect(await banLog()).toEqual([
      expect.objectContaining({
        kind: 'account',
        value: '1001',
        action: 'suspend',
        reason: 'Abusive chat',
        operator: 'serviceleader',
        partner: 2,
        until: new Date(FUTURE),
      }),
    ]);
    expect(await lastLog()).toMatchObject({
      operation: 'players.suspend',
      target: 'player:1001',
      before: { status: 'active', suspendedUntil: null },
      after: { status: 'suspended', suspendedUntil: '2026-11-25T18:00:00.000+08:00', reason: 'Abusive chat' },
    });
    t.clock.advance(4 * 86_400_000);
    leader = await t.loginAs('serviceleader');
    expect(await profile()).toMatchObject({ status: 'active', suspendedUntil: null });
  });

  it('lifts a suspension once; lifting again changes nothing', async () => {
    await suspend({ uid: 1001, until: FUTURE });
    const lifted = await t.post('/api/players/unsuspend', { uid: 1001, reason: 'Appeal accepted' }, leader);
    expect(lifted.body.data).toEqual({ uid: 1001, status: 'active', suspendedUntil: null, changed: true });
    expect(await lastLog()).toMatchObject({ operation: 'players.unsuspend', before: { status: 'suspended' }, after: { status: 'active' } });
    expect((await t.post('/api/players/unsuspend', { uid: 1001 }, leader)).body.data.changed).toBe(false);
    expect((await banLog()).map((r) => [r.action, r.reason])).toEqual([
      ['suspend', ''],
      ['unsuspend', 'Appeal accepted'],
    ]);
    expect((await profile()).status).toBe('active');
  });

  it('refuses to suspend a banned player (409), and 404 for unknown or out-of-scope players', async () => {
    await t.post('/api/players/ban', { kind: 'account', value: '1001', reason: 'Cheating' }, leader);
    expect(await suspend({ uid: 1001, until: FUTURE })).toEqual({ status: 409, body: { code: 409, message: 'Player 1001 is banned' } });
    expect((await suspend({ uid: 4242, until: FUTURE })).status).toBe(404);
    const scoped = await scopedAccount(t, await t.loginAs('admin'), ['serviceleader']);
    expect(await suspend({ uid: 1001, until: FUTURE }, scoped)).toEqual({ status: 404, body: { code: 404, message: 'Player 1001 not found' } });
    expect((await t.post('/api/players/unsuspend', { uid: 1001 }, scoped)).status).toBe(404);
  });
});
