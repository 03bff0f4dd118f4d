/**
 * The activity record lists (beanlogs, bonuslogs, giftlogs, playtokplayer, coindealerlogs,
 * banAccountlogs, feedback, tipoffs): keyset walks newest first by (at, id) over rows sharing
 * one instant, each filter, 400s for bad filters, partner scoping and roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../ledger/ledger';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { BASE, seedRecords, type Fixture } from './test-fixtures';

describe.each(databases())('activity records on $kind', (db) => {
  let t: TestApp;
  let admin: string;
  let partner: string;
  let fx: Fixture;

  beforeAll(async () => {
    t = await testApp(db);
    fx = await seedRecords(t.database.db);
    for (const uid of [1, 2, 4]) {
      await post(t.database.db, { uid, currency: 'bean', delta: 10 * uid, reason: 'test.bean', actor: 'system:test', at: new Date(BASE) });
      await post(t.database.db, { uid, currency: 'bonus', delta: uid, reason: 'test.bonus', actor: 'system:test', at: new Date(BASE) });
    }
    [admin, partner] = [await t.loginAs('admin'), await t.loginAs('partner')];
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (path: string, query: Record<string, string>, token = admin) => t.get(`/api/usermanager/${path}`, token, query);
  async function walk(path: string, query: Record<string, string> = {}, token = admin) {
    const items: Record<string, any>[] = [];
    let cursor = '';
    for (let step = 0; step < 100; step++) {
      const res = await get(path, { pageSize: '2', ...query, cursor }, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      items.push(...res.body.data.items);
      if (res.body.data.nextCursor === null) return items;
      cursor = res.body.data.nextCursor;
    }
    throw new Error('walk did not end');
  }
  const newestFirst = (rows: { at: string; id: number }[]) =>
    rows.every((r, i) => i === 0 || Date.parse(rows[i - 1].at) > Date.parse(r.at) || (rows[i - 1].at === r.at && rows[i - 1].id > r.id));
  const byNewest = <T extends { at: number; id: number }>(rows: T[]) => [...rows].sort((a, b) => b.at - a.at || b.id - a.id).map((r) => r.id);

  it('beanlogs and bonuslogs: the ledger list of their currency only', async () => {
    const beans = await walk('beanlogs');
    expect(beans.map((e) => [e.uid, e.currency, e.delta])).toEqual([
      [4, 'bean', 40],
      [2, 'bean', 20],
      [1, 'bean', 10],
    ]);
    expect((await walk('bonuslogs', { uid: '2' })).map((e) => [e.uid, e.currency, e.balanceAfter])).toEqual([[2, 'bonus', 2]]);
    expect((await walk('bonuslogs', {}, partner)).map((e) => e.uid)).toEqual([4, 1]);
    expect((await get('beanlogs', { currency: 'chip' })).body.message).toBe('currency: Unknown field');
  });

  it('giftlogs: every gift once, newest first, ties broken by id; filters', async () => {
    const all = await walk('giftlogs');
    expect(all.map((g) => g.id)).toEqual(byNewest(fx.gifts));
    expect(newestFirst(all as never)).toBe(true);
    expect(all.find((g) => g.id === fx.gifts[0].id)).toEqual({
      id: fx.gifts[0].id,
      at: '2026-10-01T01:00:00.000+08:00',
      fromUid: 1,
      toUid: 2,
      partner: 1,
      giftId: 'rose',
      chips: 10,
      charisma: 1,
    });
    expect((await walk('giftlogs', { fromUid: '3' })).map((g) => g.toUid)).toEqual([4]);
    expect((await walk('giftlogs', { toUid: '3', giftId: 'car' })).map((g) => g.fromUid)).toEqual([2]);
    expect((await walk('giftlogs', { from: '2026-10-01T02:00:00+08:00', to: '2026-10-01T04:00:00+08:00' })).map((g) => g.fromUid)).toEqual([4, 2]);
  });

  it('playtokplayer and coindealerlogs: transfers of their own kind, a sale with its price', async () => {
    const players = await walk('playtokplayer');
    const dealers = await walk('coindealerlogs');
    expect(players.map((r) => r.id)).toEqual(byNewest(fx.transfers.filter((r) => r.kind === 'player')));
    expect(dealers.map((r) => r.id)).toEqual(byNewest(fx.transfers.filter((r) => r.kind === 'coindealer')));
    expect(players.every((r) => r.kind === 'player' && r.price === null)).toBe(true);
    expect(dealers.map((r) => [r.fromUid, r.amount, r.price])).toEqual([
      [12, 1200, 60],
      [8, 800, 40],
      [4, 400, 20],
    ]);
    expect((await walk('coindealerlogs', { toUid: '9' })).map((r) => r.fromUid)).toEqual([8]);
    expect(await walk('coindealerlogs', { fromUid: '1' })).toEqual([]);
  });

  it('banAccountlogs: bans, lifts and suspensions with operator, reason and until; filters', async () => {
    const all = await walk('banAccountlogs');
    expect(all).toHaveLength(6);
    expect(newestFirst(all as never)).toBe(true);
    const suspend = all.find((r) => r.action === 'suspend')!;
    expect(suspend).toMatchObject({ kind: 'account', value: '4', operator: 'secadmin', reason: 'r3', until: '2026-10-21T20:00:00.000+08:00' });
    expect((await walk('banAccountlogs', { kind: 'ip' })).map((r) => r.action)).toEqual(['ban', 'unban']); // the ban at the later shared instant
    expect((await walk('banAccountlogs', { kind: 'account', value: '4', action: 'suspend' })).map((r) => r.operator)).toEqual(['secadmin']);
    expect((await walk('banAccountlogs', { operator: 'serviceleader' })).length).toBe(3);
  });

  it('feedback and tipoffs: newest first, status and category filters, player text as written', async () => {
    const all = await walk('feedback');
    expect(all).toHaveLength(9);
    expect(newestFirst(all as never)).toBe(true);
    expect(all.find((f) => f.uid === 1)!.text).toBe('<script>alert("x")</script>');
    expect((await walk('feedback', { status: 'open', category: 'game' })).map((f) => f.uid)).toEqual([4, 2]);
    expect((await walk('feedback', { status: 'replied' })).map((f) => f.reply)).toEqual(['earlier reply', 'earlier reply']);
    const tips = await walk('tipoffs', { status: 'pending' });
    expect(tips.map((r) => r.id)).toEqual(
      fx.tipoffs
        .slice(0, 6)
        .map((r) => r.id)
        .reverse(),
    ); // one shared instant: by id
    expect((await walk('tipoffs', { targetUid: '15' })).map((r) => r.uid)).toEqual([5]);
  });

  it('bad filters are 400s naming the parameter', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['giftlogs', { fromUid: 'x' }, 'fromUid: Must be an integer'],
      ['playtokplayer', { toUid: '0' }, 'toUid: Must be at least 1'],
      ['coindealerlogs', { from: '2026-10-02T00:00:00Z', to: '2026-10-01T00:00:00Z' }, 'to: Must not be before from'],
      ['banAccountlogs', { kind: 'phone' }, 'kind: Must be one of account, device, ip'],
      ['banAccountlogs', { action: 'kick' }, 'action: Must be one of ban, unban, suspend, unsuspend'],
      ['feedback', { status: 'pending' }, 'status: Must be one of open, replied, closed'],
      ['tipoffs', { status: 'open' }, 'status: Must be one of pending, valid, invalid'],
      ['tipoffs', { sort: 'uid' }, 'sort: Must be one of at'],
      ['feedback', { cursor: 'garbage' }, 'cursor: Invalid cursor'],
      ['giftlogs', { kind: 'player' }, 'kind: Unknown field'],
    ];
    for (const [path, query, message] of cases) {
      const res = await get(path, query);
      expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(400);
      expect(res.body).toEqual({ code: 400, message });
    }
  });

  it('partner accounts see only their own partner rows', async () => {
    const gifts = await walk('giftlogs', {}, partner);
    expect(gifts.map((g) => g.id)).toEqual(byNewest(fx.gifts.filter((g) => g.partner === 1)));
    expect((await walk('playtokplayer', {}, partner)).every((r) => r.partner === 1)).toBe(true);
    expect(await walk('giftlogs', { fromUid: '2' }, partner)).toEqual([]);
  });

  it('roles come from each screen, before the query is read', async () => {
    const service = await t.loginAs('service');
    const business = await t.loginAs('business');
    expect((await get('giftlogs', { fromUid: 'x' }, service)).status).toBe(400); // support: may read, bad filter
    expect((await get('playtokplayer', { fromUid: 'x' }, service)).status).toBe(403); // money: no service
    expect((await get('coindealerlogs', {}, service)).status).toBe(403); // figures
    expect((await get('coindealerlogs', {}, business)).status).toBe(200);
    expect((await get('feedback', { status: 'bad' }, partner)).status).toBe(403); // moderation: no partner
    expect((await get('tipoffs', {}, partner)).status).toBe(403);
    expect((await get('banAccountlogs', {}, partner)).status).toBe(403);
    expect((await get('feedback', {}, service)).status).toBe(200);
    expect((await t.get('/api/usermanager/beanlogs/export', undefined)).status).toBe(401);
  });

  it('exports a list as CSV with the same filters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/usermanager/feedback/export?status=closed', headers: { 'x-token': admin } });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0].split(',')[0]).toBe('id');
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual(['9', '8']);
  });
});
