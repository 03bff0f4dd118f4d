import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { post } from '../ledger/ledger';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { addPlayer, FIXTURE_AT } from './fixtures';

describe.each(databases())('player detail on $kind', (kind) => {
  let t: TestApp;
  let service: string;
  beforeEach(async () => {
    t = await testApp(kind);
    service = await t.loginAs('service');
    const { db } = t.database;
    await addPlayer(db, {
      uid: 1001,
      name: '<img src=x onerror=alert(1)>',
      device: 'shared-dev',
      ip: '10.1.1.1',
      balances: { chip: 5000, safe: 300, bean: 7, withdrawable: 12 },
    });
    await addPlayer(db, { uid: 1002, device: 'shared-dev', inviterUid: 1001 });
    await addPlayer(db, { uid: 1003, device: 'shared-dev', ip: '10.1.1.1', partner: 1, inviterUid: 1001 });
    await addPlayer(db, { uid: 2001, partner: 1, ip: '10.1.1.1' });
  });
  afterEach(async () => {
    await t.close();
  });

  const detail = (token: string, uid: string) => t.get('/api/players/detail', token, { uid });

  it('shows every §3 field, every balance, devices and addresses with the accounts sharing them', async () => {
    const res = await detail(service, '1001');
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.profile).toEqual({
      uid: 1001,
      name: '<img src=x onerror=alert(1)>',
      avatar: '',
      phone: { country: '63', number: '9170001001' },
      phoneBoundAt: null,
      registerIp: '10.1.1.1',
      registerDevice: 'shared-dev',
      registerPackage: '',
      registeredAt: '2026-11-20T18:00:00.000+08:00',
      loginIp: '10.1.1.1',
      loginDevice: 'shared-dev',
      lastLoginAt: '2026-11-20T18:00:00.000+08:00',
      loginCount: 1,
      shareId: null,
      inviterUid: null,
      vip: 0,
      gcash: '',
      bank: '',
      partner: 0,
      status: 'active',
      suspendedUntil: null,
      statusReason: '',
      netWin: 0,
    });
    expect(d.balances).toEqual({ chip: 5000, bean: 7, safe: 300, bonus: 0, diamond: 0, charisma: 0, withdrawable: 12 });
    expect(d.devices).toEqual([
      {
        value: 'shared-dev',
        firstAt: '2026-11-20T18:00:00.000+08:00',
        lastAt: '2026-11-20T18:00:00.000+08:00',
        sharedUids: [1003, 1002],
        sharedCount: 2,
        banId: null,
      },
    ]);
    expect(d.ips).toEqual([expect.objectContaining({ value: '10.1.1.1', sharedUids: [2001, 1003], sharedCount: 2 })]);
    expect(d.bans).toEqual([]);
    expect(d.inviteeCount).toBe(2);
    const invited = (await detail(service, '1002')).body.data.profile;
    expect(invited).toMatchObject({ inviterUid: 1001, shareId: 'S1001' });
  });

  it('a partner account sees its own players only (404 otherwise) and only its own among the sharing accounts', async () => {
    const partner = await t.loginAs('partner');
    expect(await detail(partner, '1001')).toEqual({ status: 404, body: { code: 404, message: 'Player 1001 not found' } });
    expect((await t.get('/api/players/ledger', partner, { uid: '1001' })).status).toBe(404);
    expect((await t.get('/api/players/invitees', partner, { uid: '1001' })).status).toBe(404);
    const own = await detail(partner, '1003');
    expect(own.status).toBe(200);
    expect(own.body.data.devices[0]).toMatchObject({ value: 'shared-dev', sharedUids: [], sharedCount: 0 });
    expect(own.body.data.ips[0]).toMatchObject({ sharedUids: [2001], sharedCount: 1 });
    expect((await detail(service, '9999')).status).toBe(404);
  });

  it('refuses roles without the search screen before reading the query, and bad queries with 400 naming the field', async () => {
    const sales = await t.loginAs('sales');
    expect(await detail(sales, 'not-a-uid')).toEqual({ status: 403, body: { code: 403, message: 'Forbidden' } });
    expect((await t.get('/api/players/ledger', sales, {})).status).toBe(403);
    expect((await detail(service, 'abc')).body).toEqual({ code: 400, message: 'uid: Must be an integer' });
    expect((await detail(service, '0')).body).toEqual({ code: 400, message: 'uid: Must be at least 1' });
    expect((await detail(service, '2147483648')).body.message).toBe('uid: Must be at most 2147483647');
    expect((await t.get('/api/players/detail', service, {})).body).toEqual({ code: 400, message: 'uid: Required' });
    expect((await t.get('/api/players/ledger', service, { uid: '1001', cursor: 'abc' })).body.message).toBe('cursor: Invalid cursor');
    expect((await t.get('/api/players/ledger', service, { uid: '1001', currency: 'gold' })).body.message).toMatch(/^currency: /);
    expect((await t.get('/api/players/logins', service, { uid: '1001', pageSize: '201' })).body.message).toBe('pageSize: Must be at most 200');
  });

  it('pages the ledger by keyset, newest first, with a currency filter', async () => {
    const { db } = t.database;
    for (let i = 1; i <= 4; i++) {
      await post(db, { uid: 1001, currency: 'chip', delta: -i, reason: 'test.spend', actor: 'system:test', at: new Date(FIXTURE_AT.getTime() + i * 60_000) });
    }
    const walk = async (query: Record<string, string>) => {
      const seen: any[] = [];
      let cursor = '';
      for (let step = 0; step < 10; step++) {
        const res = await t.get('/api/players/ledger', service, { uid: '1001', pageSize: '2', ...query, ...(cursor ? { cursor } : {}) });
        expect(res.status).toBe(200);
        expect(res.body.data.items.length).toBeLessThanOrEqual(2);
        seen.push(...res.body.data.items);
        if (!res.body.data.nextCursor) break;
        cursor = res.body.data.nextCursor;
      }
      return seen;
    };
    const all = await walk({});
    expect(all.map((e) => [e.currency, e.delta])).toEqual([
      ['chip', -4],
      ['chip', -3],
      ['chip', -2],
      ['chip', -1],
      ['withdrawable', 12],
      ['bean', 7],
      ['safe', 300],
      ['chip', 5000],
    ]);
    expect(all[0]).toMatchObject({ balanceAfter: 4990, reason: 'test.spend', ref: '', actor: 'system:test', at: '2026-11-20T18:04:00.000+08:00' });
    expect((await walk({ currency: 'chip' })).map((e) => e.delta)).toEqual([-4, -3, -2, -1, 5000]);
  });

  it('pages logins, invitees, profile changes and the ban log', async () => {
    const { db } = t.database;
    for (let i = 1; i <= 3; i++) {
      await db
        .insertInto('player_login')
        .values({ uid: 1001, at: new Date(FIXTURE_AT.getTime() + i * 3_600_000), ip: `10.9.9.${i}`, device_id: 'shared-dev', duration_seconds: i })
        .execute();
      await db
        .insertInto('player_profile_change')
        .values({ uid: 1001, at: new Date(FIXTURE_AT.getTime() + i * 1000), field: 'name', old_value: `n${i - 1}`, new_value: `n${i}` })
        .execute();
    }
    const logins = await t.get('/api/players/logins', service, { uid: '1001', pageSize: '3' });
    expect(logins.body.data.items.map((l: any) => l.ip)).toEqual(['10.9.9.3', '10.9.9.2', '10.9.9.1']);
    const rest = await t.get('/api/players/logins', service, { uid: '1001', pageSize: '3', cursor: logins.body.data.nextCursor });
    expect(rest.body.data).toEqual({ items: [expect.objectContaining({ ip: '10.1.1.1', deviceId: 'shared-dev', durationSeconds: 60 })], nextCursor: null });
    const invitees = await t.get('/api/players/invitees', service, { uid: '1001', pageSize: '1' });
    expect(invitees.body.data.items.map((p: any) => p.uid)).toEqual([1003]);
    const next = await t.get('/api/players/invitees', service, { uid: '1001', pageSize: '1', cursor: invitees.body.data.nextCursor });
    expect(next.body.data).toEqual({ items: [expect.objectContaining({ uid: 1002, name: 'player1002', partner: 0, status: 'active' })], nextCursor: null });
    const changes = await t.get('/api/players/changes', service, { uid: '1001' });
    expect(changes.body.data.items.map((c: any) => c.newValue)).toEqual(['n3', 'n2', 'n1']);
    expect((await t.get('/api/players/banlog', service, { uid: '1001' })).body.data).toEqual({ items: [], nextCursor: null });
  });
});
