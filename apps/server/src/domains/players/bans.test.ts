import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient } from '../../test/platform';
import { addPlayer, scopedAccount } from './fixtures';

describe.each(databases())('bans on $kind', (kind) => {
  let t: TestApp;
  let leader: string;
  beforeEach(async () => {
    t = await testApp(kind);
    leader = await t.loginAs('serviceleader');
    await addPlayer(t.database.db, { uid: 1001, device: 'emu-42', ip: '203.0.113.9' });
    await addPlayer(t.database.db, { uid: 2001, partner: 1 });
  });
  afterEach(async () => {
    await t.close();
  });

  const ban = (body: unknown, token = leader) => t.post('/api/players/ban', body, token);
  const unban = (body: unknown, token = leader) => t.post('/api/players/unban', body, token);
  const banLog = () => t.database.db.selectFrom('ban_log').selectAll().orderBy('id').execute();
  const status = async (uid = 1001) => (await t.database.db.selectFrom('player').select('status').where('uid', '=', uid).executeTakeFirstOrThrow()).status;
  const lastLog = async () => t.database.db.selectFrom('operation_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('bans an account: one active row, status banned, ban_log and operation log; a second ban is 409', async () => {
    const res = await ban({ kind: 'account', value: '1001', reason: 'Cheating' });
    expect(res.body.data).toEqual({
      changed: true,
      ban: {
        id: expect.any(Number),
        kind: 'account',
        value: '1001',
        reason: 'Cheating',
        bannedBy: 'serviceleader',
        bannedAt: '2026-11-22T18:00:00.000+08:00',
        liftedBy: null,
        liftedAt: null,
        active: true,
      },
    });
    expect(await status()).toBe('banned');
    expect(await banLog()).toEqual([
      expect.objectContaining({ kind: 'account', value: '1001', action: 'ban', reason: 'Cheating', operator: 'serviceleader', partner: 0 }),
    ]);
    expect(await lastLog()).toMatchObject({
      operation: 'players.ban',
      target: 'player:1001',
      before: { status: 'active' },
      after: { status: 'banned', ban: { id: res.body.data.ban.id } },
    });
    expect(await ban({ kind: 'account', value: '1001', reason: 'Again' })).toEqual({ status: 409, body: { code: 409, message: 'Already banned' } });
    expect(await banLog()).toHaveLength(1);
    const detail = (await t.get('/api/players/detail', leader, { uid: '1001' })).body.data;
    expect(detail.profile).toMatchObject({ status: 'banned', statusReason: 'Cheating' });
    expect(detail.bans).toEqual([res.body.data.ban]);
  });

  it('lifts a ban once (idempotent), restores the status, and allows a new ban afterwards', async () => {
    const { id } = (await ban({ kind: 'account', value: '1001', reason: 'Cheating' })).body.data.ban;
    const lifted = await unban({ id, reason: 'Appeal' });
    expect(lifted.body.data).toMatchObject({ changed: true, ban: { id, active: false, liftedBy: 'serviceleader', liftedAt: '2026-11-22T18:00:00.000+08:00' } });
    expect(await status()).toBe('active');
    expect(await lastLog()).toMatchObject({ operation: 'players.unban', before: { active: true }, after: { active: false } });
    expect((await unban({ id })).body.data).toMatchObject({ changed: false, ban: { id, active: false } });
    expect((await banLog()).map((r) => [r.action, r.reason])).toEqual([
      ['ban', 'Cheating'],
      ['unban', 'Appeal'],
    ]);
    expect((await ban({ kind: 'account', value: '1001', reason: 'Cheating again' })).status).toBe(200);
    expect(await unban({ id: 999_999 })).toEqual({ status: 404, body: { code: 404, message: 'Ban 999999 not found' } });
  });

  it('a lifted account ban gives back a suspension that still runs', async () => {
    await t.post('/api/players/suspend', { uid: 1001, until: '2026-12-01T00:00:00+08:00' }, leader);
    const { id } = (await ban({ kind: 'account', value: '1001', reason: 'Cheating' })).body.data.ban;
    await unban({ id });
    expect(await status()).toBe('suspended');
  });

  it('bans a device and an address: the detail marks them, the player stays active', async () => {
    const device = await ban({ kind: 'device', value: 'emu-42', reason: 'Emulator farm' });
    const ip = await ban({ kind: 'ip', value: '203.0.113.9', reason: 'Proxy' });
    expect(ip.status).toBe(200);
    expect(await ban({ kind: 'ip', value: '203.0.113.9', reason: 'Proxy' })).toEqual({ status: 409, body: { code: 409, message: 'Already banned' } });
    expect((await ban({ kind: 'ip', value: '2001:db8::1', reason: 'v6' })).status).toBe(200);
    const detail = (await t.get('/api/players/detail', leader, { uid: '1001' })).body.data;
    expect(detail.devices[0].banId).toBe(device.body.data.ban.id);
    expect(detail.ips[0].banId).toBe(ip.body.data.ban.id);
    expect(detail.bans.map((b: any) => b.kind).sort()).toEqual(['device', 'ip']);
    expect(await status()).toBe('active');
    expect(await lastLog()).toMatchObject({ operation: 'players.ban', target: 'ip:2001:db8::1', before: { banned: false }, after: { banned: true } });
    expect((await banLog()).map((r) => [r.kind, r.value, r.partner])).toEqual([
      ['device', 'emu-42', 0],
      ['ip', '203.0.113.9', 0],
      ['ip', '2001:db8::1', 0],
    ]);
  });

  it('refuses bad input with 400 naming the field and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ kind: 'email', value: 'x', reason: 'r' }, 'kind: Must be account, device or ip'],
      [{ kind: 'ip', value: '999.1.1.1', reason: 'r' }, 'value: Must be an IPv4 or IPv6 address'],
      [{ kind: 'account', value: 'abc', reason: 'r' }, 'value: Must be a player uid'],
      [{ kind: 'account', value: '2147483648', reason: 'r' }, 'value: Must be a player uid'],
      [{ kind: 'device', value: '', reason: 'r' }, 'value: Required'],
      [{ kind: 'device', value: 'd', reason: 'x'.repeat(201) }, 'reason: Over 200 characters'],
      [{ kind: 'device', value: 'd' }, 'reason: Required'],
      [{ kind: 'device', value: 'd'.repeat(129), reason: 'r' }, 'value: Over 128 characters'],
    ];
    for (const [body, message] of cases) expect((await ban(body)).body, message).toEqual({ code: 400, message });
    expect((await unban({ id: '1' })).body.message).toBe('id: Expected number');
    expect((await unban({ id: 1.5 })).body.message).toBe('id: Must be an integer');
    expect(await ban({ kind: 'account', value: '4242', reason: 'r' })).toEqual({ status: 404, body: { code: 404, message: 'Player 4242 not found' } });
    expect(await banLog()).toEqual([]);
    expect(await t.database.db.selectFrom('ban').selectAll().execute()).toEqual([]);
  });

  it('refuses other roles with 403 before reading the body; partner scope gives 404 for account bans of other partners', async () => {
    for (const role of ['service', 'partner', 'sales']) {
      const token = await t.loginAs(role);
      expect(await ban({ junk: true }, token), role).toEqual({ status: 403, body: { code: 403, message: 'Forbidden' } });
      expect((await unban('x', token)).status).toBe(403);
      expect((await t.get('/api/players/bans', token, { kind: 'nope' })).status).toBe(403);
    }
    const scoped = await scopedAccount(t, await t.loginAs('admin'), ['serviceleader']);
    expect(await ban({ kind: 'account', value: '1001', reason: 'r' }, scoped)).toEqual({ status: 404, body: { code: 404, message: 'Player 1001 not found' } });
    const other = (await ban({ kind: 'account', value: '1001', reason: 'r' })).body.data.ban.id;
    expect(await unban({ id: other }, scoped)).toEqual({ status: 404, body: { code: 404, message: `Ban ${other} not found` } });
    expect((await ban({ kind: 'account', value: '2001', reason: 'r' }, scoped)).status).toBe(200);
    expect((await t.get('/api/players/bans', scoped, {})).body.data.items.map((b: any) => b.value)).toEqual(['2001']);
  });

  it('lists the active bans with filters, paging and a CSV export', async () => {
    await ban({ kind: 'device', value: 'emu-42', reason: 'r' });
    const lifted = (await ban({ kind: 'ip', value: '203.0.113.9', reason: 'r' })).body.data.ban.id;
    await unban({ id: lifted });
    await ban({ kind: 'account', value: '1001', reason: 'r' }, await t.loginAs('secadmin'));
    const list = (q: Record<string, string>) => t.get('/api/players/bans', leader, q);
    expect((await list({})).body.data).toEqual({
      total: 2,
      items: [expect.objectContaining({ kind: 'account', value: '1001', bannedBy: 'secadmin', active: true }), expect.objectContaining({ kind: 'device' })],
    });
    expect((await list({ kind: 'device' })).body.data.items.map((b: any) => b.value)).toEqual(['emu-42']);
    expect((await list({ value: '1001' })).body.data.total).toBe(1);
    expect((await list({ value: '203.0.113.9' })).body.data.total).toBe(0);
    expect((await list({ operator: 'secadmin' })).body.data.total).toBe(1);
    expect((await list({ page: '2', pageSize: '1' })).body.data).toEqual({ total: 2, items: [expect.objectContaining({ kind: 'device' })] });
    expect((await list({ sort: 'bannedAt', order: 'ascend' })).body.data.items.map((b: any) => b.kind)).toEqual(['device', 'account']);
    expect((await list({ kind: 'email' })).body).toEqual({ code: 400, message: 'kind: Must be one of account, device, ip' });
    expect((await list({ active: 'true' })).body).toEqual({ code: 400, message: 'active: Unknown field' });
    const csv = await t.app.inject({ method: 'GET', url: '/api/players/bans/export', headers: { 'x-token': leader } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('emu-42');
    expect(csv.body).not.toContain('203.0.113.9');
  });

  it('two bans of the same value at once: exactly one succeeds', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => ban({ kind: 'device', value: 'race-dev', reason: 'r' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await t.database.db.selectFrom('ban').select('id').where('value', '=', 'race-dev').execute()).toHaveLength(1);
    expect(await banLog()).toHaveLength(1);
  });

  it('the platform API refuses registrations and logins from what staff banned or suspended, and accepts them once lifted', async () => {
    const p = await platformClient(t);
    const register = (uid: number, deviceId: string, ip = '198.51.100.7') => p.event('player.registered', { uid, name: 'N', ip, deviceId, package: 'pkg' });
    const login = (uid: number, deviceId = 'ok-dev', ip = '198.51.100.8') => p.event('player.login', { uid, ip, deviceId });
    const device = (await ban({ kind: 'device', value: 'farm-device', reason: 'Farm' })).body.data.ban.id;
    const ip = (await ban({ kind: 'ip', value: '192.0.2.99', reason: 'Proxy' })).body.data.ban.id;
    expect(await register(5001, 'farm-device')).toMatchObject({ status: 'rejected', code: 409 });
    expect(await register(5001, 'ok-dev', '192.0.2.99')).toMatchObject({ status: 'rejected', code: 409 });
    expect(await login(1001, 'farm-device')).toMatchObject({ status: 'rejected', code: 409 });
    await unban({ id: device });
    await unban({ id: ip });
    expect(await register(5001, 'farm-device')).toMatchObject({ status: 'applied' });
    const account = (await ban({ kind: 'account', value: '5001', reason: 'Cheat' })).body.data.ban.id;
    expect(await login(5001)).toMatchObject({ status: 'rejected', code: 409 });
    await unban({ id: account });
    expect(await login(5001)).toMatchObject({ status: 'applied' });
    await t.post('/api/players/suspend', { uid: 5001, until: '2026-11-23T18:00:00+08:00' }, leader);
    expect(await login(5001)).toMatchObject({ status: 'rejected', code: 409 });
    await t.post('/api/players/unsuspend', { uid: 5001 }, leader);
    expect(await login(5001)).toMatchObject({ status: 'applied' });
  });
});
