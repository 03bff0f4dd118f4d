/**
 * actives, registers, lostusers, emoteStat on a small known dataset (fixtures.ts): figures by
 * GMT+08:00 day, partner scoping, bounded ranges and 400s naming the parameter, roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type Answer, type TestApp } from '../../test/harness';
import { seedReports } from './fixtures';

const range = { from: '2026-11-20T00:00:00.000+08:00', to: '2026-11-22T23:59:59.999+08:00' };

describe.each(databases())('activity reports on $kind', (db) => {
  let t: TestApp;
  let admin: string;
  let partner: string;

  beforeAll(async () => {
    t = await testApp(db);
    await seedReports(t.database.db);
    admin = await t.loginAs('admin');
    partner = await t.loginAs('partner');
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (path: string, query: Record<string, string> = {}, token = admin) => t.get(`/api/usermanager/${path}`, token, query);

  it('actives: active players, logins, new players and mean session by day, and the range totals', async () => {
    const res = await get('actives', range);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      totals: { activePlayers: 5, logins: 8, newPlayers: 6 },
      days: [
        { day: '2026-11-20', activePlayers: 1, logins: 2, newPlayers: 2, avgSessionSeconds: 450 },
        { day: '2026-11-21', activePlayers: 3, logins: 3, newPlayers: 2, avgSessionSeconds: 150 },
        { day: '2026-11-22', activePlayers: 3, logins: 3, newPlayers: 2, avgSessionSeconds: 360 },
      ],
    });
  });

  it('actives: a partner account counts only its own players', async () => {
    const res = await get('actives', range, partner);
    expect(res.body.data.totals).toEqual({ activePlayers: 2, logins: 3, newPlayers: 2 });
    expect(res.body.data.days[1]).toEqual({ day: '2026-11-21', activePlayers: 1, logins: 1, newPlayers: 2, avgSessionSeconds: null });
  });

  it('actives: the last 30 days by default (the test clock is 22 Nov), zero days included', async () => {
    const res = await get('actives');
    expect(res.body.data.days).toHaveLength(30);
    expect(res.body.data.days[0]).toEqual({ day: '2026-10-24', activePlayers: 0, logins: 0, newPlayers: 0, avgSessionSeconds: null });
    expect(res.body.data.days.at(-1).day).toBe('2026-11-22');
  });

  it('actives by day as a table: sorted, paged, exported', async () => {
    const res = await get('actives/days', { ...range, sort: 'logins', order: 'descend', pageSize: '2' });
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.items.map((d: { day: string }) => d.day)).toEqual(['2026-11-22', '2026-11-21']);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/usermanager/actives/days/export',
      headers: { 'x-token': admin },
      query: {
        ...range,
        columns: JSON.stringify([
          { key: 'day', title: 'Day' },
          { key: 'logins', title: 'Logins', format: 'int' },
        ]),
      },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe('\uFEFFDay,Logins\r\n2026-11-22,3\r\n2026-11-21,3\r\n2026-11-20,2\r\n');
  });

  it('ranges: refused when reversed, half given, too long or not ISO — nothing else said', async () => {
    for (const [query, message] of [
      [{ from: range.to, to: range.from }, 'to: Must not be before from'],
      [{ from: range.from }, 'to: Required with the other end of the range'],
      [{ from: '2026-01-01T00:00:00+08:00', to: range.to }, 'to: The range is at most 92 days'],
      [{ from: '2026-11-20', to: range.to }, 'from: Must be an ISO 8601 date-time with offset'],
      // an empty end is no date: the parameter's own refusal, not a 500 from reading it as one
      [{ from: range.from, to: '' }, 'to: Must be an ISO 8601 date-time with offset'],
      [{ from: 'x', to: range.to }, 'from: Must be an ISO 8601 date-time with offset'],
    ] as const) {
      const res = await get('actives', query);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await get('emoteStat', { from: '2026-10-01T00:00:00+08:00', to: range.to })).body.message).toBe('to: The range is at most 31 days');
    expect((await get('actives/days', { bogus: '1' })).status).toBe(400);
  });

  it('registers: registrations by day and the registered players, filtered and partner scoped', async () => {
    const days = await get('registers/days', range);
    expect(days.body.data).toEqual({
      totals: { registrations: 6 },
      days: [
        { day: '2026-11-20', registrations: 2 },
        { day: '2026-11-21', registrations: 2 },
        { day: '2026-11-22', registrations: 2 },
      ],
    });
    const list = await get('registers', { from: '2026-11-21T00:00:00.000+08:00', to: '2026-11-21T23:59:59.999+08:00', cursor: '' });
    expect(list.body.data.items.map((p: { uid: number }) => p.uid)).toEqual([104, 103]);
    expect(list.body.data.items[1]).toEqual({
      uid: 103,
      name: 'P103',
      package: 'com.b',
      registerIp: '10.0.0.103',
      device: 'dev-103',
      partner: 1,
      shareId: 'S101',
      inviterUid: 101,
      registeredAt: '2026-11-21T00:10:00.000+08:00',
    });
    expect((await get('registers', { package: 'com.a' })).body.data.items.map((p: { uid: number }) => p.uid)).toEqual([106, 105, 102, 101]);
    expect((await get('registers', { partner: '2' })).body.data.items.map((p: { uid: number }) => p.uid)).toEqual([106]);
    expect((await get('registers', {}, partner)).body.data.items.map((p: { uid: number }) => p.uid)).toEqual([104, 103]);
    expect((await get('registers/days', range, partner)).body.data.totals).toEqual({ registrations: 2 });
    expect((await get('registers', { partner: 'x' })).body.message).toBe('partner: Must be an integer');
  });

  it('lostusers: no login for `days` days (default 7), never-logged-in included, sorted by last login or chip', async () => {
    const uids = (res: Answer) => (res.body.data.items as { uid: number }[]).map((p) => p.uid);
    expect(uids(await get('lostusers'))).toEqual([102, 103, 104]);
    expect(uids(await get('lostusers', { days: '30' }))).toEqual([103, 104]);
    expect(uids(await get('lostusers', { days: '2' }))).toEqual([101, 102, 103, 104]);
    expect(uids(await get('lostusers', { sort: 'chip', order: 'descend' }))).toEqual([104, 103, 102]);
    expect(uids(await get('lostusers', {}, partner))).toEqual([103, 104]);
    const first = (await get('lostusers')).body.data.items[0];
    expect(first).toMatchObject({ uid: 102, vip: 0, partner: 0, status: 'active', chip: 0, netWin: 1020 });
    for (const days of ['0', '-1', '1.5', 'x', '3651']) expect((await get('lostusers', { days })).status).toBe(400);
  });

  it('emoteStat: uses, players and chips per emote over the range (default 7 days), partner scoped', async () => {
    const res = await get('emoteStat');
    expect(res.body.data).toEqual({
      total: 2,
      items: [
        { emoteId: 'heart', uses: 3, players: 2, chips: 60 },
        { emoteId: 'laugh', uses: 1, players: 1, chips: 5 },
      ],
    });
    expect((await get('emoteStat', { from: '2026-11-01T00:00:00+08:00', to: '2026-11-01T23:59:59+08:00' })).body.data.items).toEqual([
      { emoteId: 'heart', uses: 1, players: 1, chips: 20 },
    ]);
    expect((await get('emoteStat', {}, partner)).body.data.items).toEqual([{ emoteId: 'heart', uses: 1, players: 1, chips: 20 }]);
  });

  it('roles: the figures screens refuse service (403), whatever the query', async () => {
    const service = await t.loginAs('service');
    for (const path of ['actives', 'actives/days', 'registers', 'registers/days', 'lostusers', 'emoteStat', 'profitslogs', 'profitslogs/days']) {
      const res = await get(path, { bogus: 'x' }, service);
      expect(res.status, path).toBe(403);
    }
    const business = await t.loginAs('business');
    expect((await get('actives', {}, business)).status).toBe(200);
  });
});
