/**
 * The list machinery through the /usermanager lists declared on it: filters (each kind,
 * and a 400 naming a bad one), keyset paging that neither skips nor repeats rows when many
 * share a sort value, page-size bounds, cursors that are refused, partner scoping and roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { seedPlayers, type SeededEntry, type SeededPlayer } from './test-fixtures';

describe.each(databases())('list machinery on $kind', (db) => {
  let t: TestApp;
  let admin: string;
  let partner: string;
  let players: SeededPlayer[];
  let entries: SeededEntry[];

  beforeAll(async () => {
    t = await testApp(db);
    ({ players, entries } = await seedPlayers(t.database.db));
    admin = await t.loginAs('admin');
    partner = await t.loginAs('partner');
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (path: string, query: Record<string, string>, token = admin) => t.get(`/api/usermanager/${path}`, token, query);

  /** Every item of a keyset walk, checking each step's shape. */
  async function walk(path: string, query: Record<string, string>, token = admin) {
    const items: Record<string, any>[] = [];
    let cursor = '';
    for (let step = 0; step < 200; step++) {
      const res = await get(path, { ...query, cursor }, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(['items', 'nextCursor']);
      items.push(...res.body.data.items);
      if (res.body.data.nextCursor === null) return items;
      cursor = res.body.data.nextCursor;
    }
    throw new Error('walk did not end');
  }

  it('walks every player once, in (chip, uid) order, across long runs of equal chips', async () => {
    for (const order of ['ascend', 'descend'] as const) {
      const got = await walk('userlist', { sort: 'chip', order, pageSize: '4' });
      const sign = order === 'ascend' ? 1 : -1;
      const expected = [...players].sort((a, b) => sign * (a.chip - b.chip || a.uid - b.uid)).map((p) => p.uid);
      expect(got.map((r) => r.uid)).toEqual(expected);
    }
  });

  it('orders a nullable sort (last login) with never-logged-in players lowest, and times keep their order', async () => {
    const got = await walk('userlist', { sort: 'lastLoginAt', order: 'descend', pageSize: '3' });
    const expected = [...players].sort((a, b) => (b.lastLoginAt ?? -Infinity) - (a.lastLoginAt ?? -Infinity) || b.uid - a.uid);
    expect(got.map((r) => r.uid)).toEqual(expected.map((p) => p.uid));
    expect(got.at(-1)!.lastLoginAt).toBeNull();
  });

  it('default order, item shape and the first step without cursor', async () => {
    const res = await get('userlist', { pageSize: '2' });
    expect(res.body.data.items.map((r: { uid: number }) => r.uid)).toEqual([30, 29]);
    expect(res.body.data.items[1]).toMatchObject({ uid: 29, name: 'Alpha_29', phone: '+63 9170000029', chip: 100, partner: 2, status: 'active' });
    expect(res.body.data.items[1].registeredAt).toBe('2026-10-02T05:00:00.000+08:00');
    expect(typeof res.body.data.nextCursor).toBe('string');
  });

  it('filters: eq, prefix in any case with LIKE characters taken literally, enum, date range', async () => {
    const uids = async (q: Record<string, string>) => (await walk('userlist', { ...q, sort: 'uid', order: 'ascend' })).map((r) => r.uid);
    expect(await uids({ uid: '7' })).toEqual([7]);
    expect(await uids({ name: 'alpha_1' })).toEqual([1, 11, 13, 15, 17, 19]);
    expect(await uids({ name: 'BETA%2' })).toEqual([2, 20, 22, 24, 26, 28]);
    expect(await uids({ name: 'beta_' })).toEqual([]); // '_' is not a wildcard
    expect(await uids({ status: 'banned' })).toEqual([7, 14, 21, 28]);
    expect(await uids({ vip: '3', partner: '1' })).toEqual([7, 19]);
    expect(await uids({ phone: '9170000012' })).toEqual([12]);
    expect(await uids({ from: '2026-10-01T03:00:00+08:00', to: '2026-10-01T05:00:00+08:00' })).toEqual([3, 4, 5]);
  });

  it('a bad filter, sort, page size or unknown parameter is a 400 naming it', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ uid: 'x' }, 'uid: Must be an integer'],
      [{ uid: '0' }, 'uid: Must be at least 1'],
      [{ status: 'gone' }, 'status: Must be one of active, suspended, banned'],
      [{ from: '2026-10-01' }, 'from: Must be an ISO 8601 date-time with offset'],
      [{ from: '2026-10-02T00:00:00Z', to: '2026-10-01T00:00:00Z' }, 'to: Must not be before from'],
      [{ sort: 'name' }, 'sort: Must be one of uid, chip, registeredAt, lastLoginAt'],
      [{ order: 'up' }, 'order: Must be ascend or descend'],
      [{ pageSize: '501' }, 'pageSize: Must be at most 500'],
      [{ page: '2' }, 'page: Unknown field'],
      [{ name: 'x'.repeat(65) }, 'name: Over 64 characters'],
    ];
    for (const [query, message] of cases) {
      const res = await get('userlist', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toEqual({ code: 400, message });
    }
  });

  it('a forged, garbled or foreign cursor is a 400, never a 500', async () => {
    const first = await get('userlist', { pageSize: '2', sort: 'chip', order: 'ascend' });
    const cursor = first.body.data.nextCursor as string;
    const forge = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const cases: [string, Record<string, string>, string][] = [
      ['not-base64-json', {}, 'cursor: Invalid cursor'],
      [cursor, { sort: 'uid', order: 'ascend' }, 'cursor: Made for another sort or order'],
      [cursor, { sort: 'chip', order: 'descend' }, 'cursor: Made for another sort or order'],
      [forge(['chip', 'a', 'abc', 1]), { sort: 'chip', order: 'ascend' }, 'cursor: Invalid cursor'],
      [forge(['chip', 'a', '1', 1.5]), { sort: 'chip', order: 'ascend' }, 'cursor: Invalid cursor'],
      [forge(['registeredAt', 'a', '2026-13-45 99:00:00+00', 1]), { sort: 'registeredAt', order: 'ascend' }, 'cursor: Invalid cursor'],
      ['a'.repeat(1025), {}, 'cursor: Over 1024 characters'],
    ];
    for (const [c, query, message] of cases) {
      const res = await get('userlist', { ...query, cursor: c });
      expect(res.status, c).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('ledger lists: newest first by (at, id) over entries sharing an instant, per currency or all', async () => {
    const gold = await walk('goldlogs', { pageSize: '7' });
    const chipEntries = entries.filter((e) => e.currency === 'chip');
    expect(gold).toHaveLength(chipEntries.length);
    expect(new Set(gold.map((e) => e.id)).size).toBe(gold.length);
    for (let i = 1; i < gold.length; i++) {
      const [a, b] = [gold[i - 1], gold[i]];
      expect(Date.parse(a.at) > Date.parse(b.at) || (a.at === b.at && a.id > b.id)).toBe(true);
    }
    expect(gold.every((e) => e.currency === 'chip')).toBe(true);
    const money = await walk('moneylogs', { pageSize: '9' });
    expect(money).toHaveLength(entries.length);
    expect((await walk('moneylogs', { currency: 'bean' })).map((e) => e.uid).sort((a, b) => a - b)).toEqual(players.map((p) => p.uid));
    expect((await walk('goldlogs', { uid: '6', reason: 'test.take' })).map((e) => [e.uid, e.delta, e.balanceAfter])).toEqual([[6, -50, 200]]);
    expect((await get('goldlogs', { currency: 'bean' })).body.message).toBe('currency: Unknown field');
  });

  it('a partner account sees only its own partner, whatever it filters', async () => {
    const mine = await walk('userlist', {}, partner);
    expect(mine.map((r) => r.uid).sort((a, b) => a - b)).toEqual(players.filter((p) => p.partner === 1).map((p) => p.uid));
    expect(await walk('userlist', { partner: '2' }, partner)).toEqual([]);
    const ledger = await walk('moneylogs', {}, partner);
    expect(ledger.length).toBe(entries.filter((e) => e.partner === 1).length);
    expect(ledger.every((e) => e.partner === 1)).toBe(true);
  });

  it('roles come from the screen: 403 for a role without it, 401 without a token', async () => {
    const maint = await t.loginAs('maint');
    expect((await get('userlist', {}, maint)).status).toBe(403);
    const service = await t.loginAs('service');
    expect((await get('userlist', {}, service)).status).toBe(200);
    expect((await get('moneylogs', {}, service)).status).toBe(403); // moneylogs: money roles only
    expect((await t.get('/api/usermanager/goldlogs')).status).toBe(401);
  });
});
