/**
 * /usermanager/search and /usermanager/searchsales: each key finds the right players (a device
 * or address: everyone who used it), the phone needs its country code, bad keys and values
 * are 400s naming the parameter, partner accounts see their own players only, sales accounts
 * only their share code's players (none without a code, and /mine says so), roles first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { PHONE_NEEDS_COUNTRY } from './search';
import { seedRecords } from './test-fixtures';

describe.each(databases())('player search on $kind', (db) => {
  let t: TestApp;
  let admin: string;
  let service: string;
  let partner: string;

  beforeAll(async () => {
    t = await testApp(db);
    await seedRecords(t.database.db);
    [admin, service, partner] = [await t.loginAs('admin'), await t.loginAs('service'), await t.loginAs('partner')];
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (path: string, query: Record<string, string>, token = admin) => t.get(`/api/usermanager/${path}`, token, query);
  async function walk(path: string, query: Record<string, string>, token = admin) {
    const items: Record<string, any>[] = [];
    let cursor = '';
    for (let step = 0; step < 100; step++) {
      const res = await get(path, { ...query, cursor }, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      items.push(...res.body.data.items);
      if (res.body.data.nextCursor === null) return items;
      cursor = res.body.data.nextCursor;
    }
    throw new Error('walk did not end');
  }
  const uids = async (query: Record<string, string>, token = admin, path = 'search') =>
    (await walk(path, { pageSize: '2', ...query }, token)).map((r) => r.uid);

  it('finds players by each key, in name order (any case, byte order), then uid', async () => {
    expect(await uids({ key: 'uid', value: '12' })).toEqual([12]);
    expect(await uids({ key: 'uid', value: '999' })).toEqual([]);
    expect(await uids({ key: 'name', value: 'ZED_1' })).toEqual([1, 11, 13, 15, 17, 19]);
    expect(await uids({ key: 'name', value: 'zed%2' })).toEqual([2, 20, 22, 24]);
    expect(await uids({ key: 'name', value: 'zed_2' })).toEqual([21, 23]); // '_' is literal, not a wildcard
    expect(await uids({ key: 'phone', country: '63', value: '9170000008' })).toEqual([8]);
    expect(await uids({ key: 'phone', country: '+86', value: '9170000008' })).toEqual([4]);
    expect(await uids({ key: 'gcash', value: '091712' })).toEqual([12]);
    expect(await uids({ key: 'shareId', value: 'GP1' })).toEqual([8, 7, 9]); // zed%8 < zed_7 < zed_9
    // every player who ever used the device or address, not only its last user
    expect(await uids({ key: 'device', value: 'shared-dev' })).toEqual([2, 11, 3]);
    expect(await uids({ key: 'ip', value: '192.168.1.1' })).toEqual([2, 11, 3]);
    expect(await uids({ key: 'ip', value: '10.0.0.3' })).toEqual([3]);
    expect(await uids({ key: 'ip', value: '10.9.9.9' })).toEqual([]); // a login IP not in player_ip
  });

  it('answers the player columns, player-written names as they are', async () => {
    const res = await get('search', { key: 'uid', value: '5' });
    expect(res.body.data.items).toEqual([
      {
        uid: 5,
        name: '<img src=x onerror=alert(1)>',
        phone: '+63 9170000005',
        status: 'active',
        suspendedUntil: null,
        vip: 2,
        chip: 50,
        partner: 2,
        shareId: 'SALES1',
        registeredAt: '2026-10-01T05:00:00.000+08:00',
        lastLoginAt: null,
      },
    ]);
  });

  it('without a key nothing is listed; a broad prefix walks by name in keyset steps, both ways', async () => {
    expect((await get('search', {})).body.data).toEqual({ items: [], nextCursor: null });
    const even = [10, 12, 14, 16, 18, 2, 20, 22, 24, 4, 6, 8]; // 'zed%10' < 'zed%12' < … < 'zed%8'
    const odd = [1, 11, 13, 15, 17, 19, 21, 23, 3, 7, 9]; // '%' < '_'; 5's name is markup
    const rows = await walk('search', { key: 'name', value: 'zed', pageSize: '5' });
    expect(rows.map((r) => r.uid)).toEqual([...even, ...odd]);
    const back = await walk('search', { key: 'name', value: 'ZE', order: 'descend', pageSize: '4' });
    expect(back.map((r) => r.uid)).toEqual([...even, ...odd].reverse());
    await t.database.db.updateTable('player').set({ name: 'Zed_11' }).where('uid', '=', 13).execute(); // a tie: by uid
    expect(await uids({ key: 'name', value: 'zed_1', pageSize: '1' })).toEqual([1, 11, 13, 15, 17, 19]);
    await t.database.db.updateTable('player').set({ name: 'Zed_13' }).where('uid', '=', 13).execute();
  });

  it('a phone look-up needs the country code; bad keys and values are 400s naming the parameter', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ key: 'phone', value: '9170000008' }, `country: ${PHONE_NEEDS_COUNTRY}`],
      [{ key: 'phone', country: '63', value: '91-70' }, 'value: Must be 4 to 15 digits'],
      [{ key: 'phone', country: '6a', value: '9170000008' }, 'country: Must be a country code of 1 to 4 digits'],
      [{ key: 'uid', country: '63', value: '1' }, 'country: Only for a phone look-up'],
      [{ key: 'uid', value: 'abc' }, 'value: Must be a player id (an integer 1 to 2147483647)'],
      [{ key: 'uid', value: '2147483648' }, 'value: Must be a player id (an integer 1 to 2147483647)'],
      [{ key: 'email', value: 'x' }, 'key: Must be one of uid, name, phone, device, ip, gcash, shareId'],
      [{ key: 'name' }, 'value: Required'],
      [{ key: 'name', value: '   ' }, 'value: Required'],
      [{ value: 'x' }, 'key: Required with a value'],
      [{ key: 'name', value: 'x'.repeat(65) }, 'value: Over 64 characters'],
      [{ key: 'device', value: 'x'.repeat(129) }, 'value: Over 128 characters'],
      [{ key: 'device', value: 'a\u0000b' }, 'value: Contains a NUL character'],
      [{ key: 'uid', value: '1', sort: 'uid' }, 'sort: Must be one of name'],
      [{ key: 'uid', value: '1', page: '1' }, 'page: Unknown field'],
    ];
    for (const [query, message] of cases) {
      const res = await get('search', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toEqual({ code: 400, message });
    }
  });

  it('a partner account finds only its own players, by any key', async () => {
    expect(await uids({ key: 'device', value: 'shared-dev' }, partner)).toEqual([]); // 2, 3, 11 are partners 2, 0, 2
    expect(await uids({ key: 'name', value: 'zed' }, partner)).toEqual([10, 16, 22, 4, 1, 13, 19, 7]);
    expect(await uids({ key: 'uid', value: '12' }, partner)).toEqual([]);
    expect(await uids({ key: 'phone', country: '86', value: '9170000008' }, partner)).toEqual([4]);
  });

  it('roles come from the screen, before the query is read', async () => {
    const maint = await t.loginAs('maint');
    expect((await get('search', { key: 'nonsense' }, maint)).status).toBe(403);
    expect((await get('search', { key: 'uid', value: '1' }, service)).status).toBe(200);
    expect((await get('searchsales', {}, service)).status).toBe(403);
    expect((await get('search', { key: 'uid', value: '1' }, await t.loginAs('sales'))).status).toBe(403);
  });

  it('searchsales: an account sees the players of its own share code, whatever code it asks for', async () => {
    const sales = await t.loginAs('sales');
    const gp = await t.loginAs('groundpromoter');
    expect(await uids({}, sales, 'searchsales')).toEqual([6, 5, 4, 3, 2, 1]);
    expect(await uids({ shareCode: 'GP1' }, sales, 'searchsales')).toEqual([6, 5, 4, 3, 2, 1]);
    expect(await uids({ name: 'zed%' }, sales, 'searchsales')).toEqual([6, 4, 2]);
    expect(await uids({}, gp, 'searchsales')).toEqual([9, 8, 7]);
    expect((await get('searchsales/mine', {}, sales)).body.data).toEqual({ shareCode: 'SALES1', seesAll: false });
    const csv = await t.app.inject({ method: 'GET', url: '/api/usermanager/searchsales/export', headers: { 'x-token': gp } });
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => Number(l.split(',')[0])),
    ).toEqual([9, 8, 7]);
  });

  it('searchsales: admin sees every player and filters by share code; an account without a code sees none', async () => {
    expect(await uids({}, admin, 'searchsales')).toHaveLength(24);
    expect(await uids({ shareCode: 'GP1' }, admin, 'searchsales')).toEqual([9, 8, 7]);
    expect((await get('searchsales/mine', {}, admin)).body.data).toEqual({ shareCode: null, seesAll: true });
    await t.database.db.updateTable('console_account').set({ share_code: null }).where('username', '=', 'groundpromoter').execute();
    const gp = await t.loginAs('groundpromoter');
    expect(await uids({ shareCode: 'SALES1' }, gp, 'searchsales')).toEqual([]);
    expect((await get('searchsales/mine', {}, gp)).body.data).toEqual({ shareCode: null, seesAll: false });
    expect((await get('searchsales', { shareCode: '' }, gp)).body.message).toBe('shareCode: Required');
  });
});
