/**
 * profitslogs (the day rollup filled by the wallet service, directly and through the real
 * wallet API; other ledger movements stay out of it), invite, usertrace, badgesearch, telephonecode on the small
 * known dataset of fixtures.ts: figures, filters, partner scoping, 400s, roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type Answer, type TestApp } from '../../test/harness';
import { platformClient } from '../../test/platform';
import { seedGames, seedReports } from './fixtures';

const nov = (from: number, to: number) => ({ from: `2026-11-${from}T00:00:00.000+08:00`, to: `2026-11-${to}T23:59:59.999+08:00` });
const pick = (res: Answer, ...keys: string[]) => (res.body.data.items as Record<string, unknown>[]).map((i) => Object.fromEntries(keys.map((k) => [k, i[k]])));

describe.each(databases())('player records reports on $kind', (db) => {
  let t: TestApp;
  let admin: string;
  let partner: string;

  beforeAll(async () => {
    t = await testApp(db);
    await seedReports(t.database.db);
    await seedGames(t.database.db);
    admin = await t.loginAs('admin');
    partner = await t.loginAs('partner');
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (path: string, query: Record<string, string> = {}, token = admin) => t.get(`/api/usermanager/${path}`, token, query);

  it('profitslogs: bets, wins and net per GMT+08:00 day and player, games only, rollbacks taken back; sorted by net', async () => {
    const res = await get('profitslogs', nov(21, 22));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(pick(res, 'day', 'uid', 'bets', 'wins', 'net', 'betCount')).toEqual([
      { day: '2026-11-21', uid: 103, bets: 0, wins: 0, net: 0, betCount: 0 },
      { day: '2026-11-22', uid: 103, bets: 500, wins: 200, net: -300, betCount: 1 },
      { day: '2026-11-22', uid: 101, bets: 400, wins: 0, net: -400, betCount: 1 },
      { day: '2026-11-21', uid: 101, bets: 3000, wins: 1500, net: -1500, betCount: 2 },
    ]);
    expect(res.body.data.items[0]).toMatchObject({ name: 'P103', partner: 1 });
    const asc = await get('profitslogs', { ...nov(21, 22), sort: 'net', order: 'ascend', pageSize: '1' });
    expect(pick(asc, 'uid', 'net')).toEqual([{ uid: 101, net: -1500 }]);
    const next = await get('profitslogs', { ...nov(21, 22), sort: 'net', order: 'ascend', pageSize: '1', cursor: asc.body.data.nextCursor });
    expect(pick(next, 'uid', 'net')).toEqual([{ uid: 101, net: -400 }]);
    expect(pick(await get('profitslogs', { ...nov(22, 22), uid: '101' }), 'uid', 'net')).toEqual([{ uid: 101, net: -400 }]);
    expect(pick(await get('profitslogs', nov(21, 22), partner), 'uid', 'net')).toEqual([
      { uid: 103, net: 0 },
      { uid: 103, net: -300 },
    ]);
  });

  it('profitslogs: day totals of the range, and for one player or a partner account', async () => {
    const res = await get('profitslogs/days', nov(20, 22));
    expect(res.body.data).toEqual({
      totals: { bets: 3900, wins: 1700, net: -2200, houseNet: 2200 },
      days: [
        { day: '2026-11-20', players: 0, bets: 0, wins: 0, net: 0 },
        { day: '2026-11-21', players: 2, bets: 3000, wins: 1500, net: -1500 },
        { day: '2026-11-22', players: 2, bets: 900, wins: 200, net: -700 },
      ],
    });
    expect((await get('profitslogs/days', { ...nov(20, 22), uid: '103' })).body.data.totals).toEqual({ bets: 500, wins: 200, net: -300, houseNet: 300 });
    expect((await get('profitslogs/days', nov(20, 22), partner)).body.data.totals).toEqual({ bets: 500, wins: 200, net: -300, houseNet: 300 });
  });

  it('profitslogs: the range is required and at most 31 days', async () => {
    for (const path of ['profitslogs', 'profitslogs/days']) {
      expect((await get(path)).body.message).toBe('from: Required');
      expect((await get(path, { from: '2026-10-01T00:00:00+08:00', to: '2026-11-22T00:00:00+08:00' })).body.message).toBe('to: The range is at most 31 days');
      expect((await get(path, { from: '2026-10-23T00:00:00+08:00', to: '2026-11-22T23:59:59+08:00' })).status).toBe(200); // 31 days
    }
    expect((await get('profitslogs', { ...nov(21, 22), sort: 'bets' })).status).toBe(400);
  });

  it('profitslogs: game play through the wallet (reasons game.*) lands in the day rollup; other wallet money and events do not', async () => {
    const platform = await platformClient(t);
    await platform.register(900, {}, 5_000); // a wallet credit that is not play: not a win
    const move = (kind: string, txId: string, amount: number, reason: string) =>
      platform.post(`/api/platform/wallet/${kind}`, { txId, uid: 900, currency: 'chip', amount, reason });
    expect((await move('debit', 'd1', 700, 'game.bet')).status).toBe(200);
    expect((await move('credit', 'c1', 1_000, 'game.win')).status).toBe(200);
    expect((await move('debit', 'd1', 700, 'game.bet')).status).toBe(200); // a retry: one entry
    expect((await move('debit', 'd2', 300, 'game.spin')).status).toBe(200);
    expect((await move('debit', 'd3', 100, 'shop.exchange')).status).toBe(200); // money, not play
    expect((await platform.post('/api/platform/wallet/rollback', { txId: 'r1', originalTxId: 'd2' })).status).toBe(200);
    expect((await platform.event('emote.used', { uid: 900, emoteId: 'heart', chips: 50 })).status).toBe('applied');
    const day = { from: '2026-11-22T00:00:00+08:00', to: '2026-11-22T23:59:59+08:00' };
    expect(pick(await get('profitslogs', { ...day, uid: '900' }), 'day', 'bets', 'wins', 'net', 'betCount')).toEqual([
      { day: '2026-11-22', bets: 700, wins: 1_000, net: 300, betCount: 1 },
    ]);
    const player = await t.database.db.selectFrom('player').select('net_win').where('uid', '=', 900).executeTakeFirstOrThrow();
    expect(player.net_win).toBe(300); // the rollup agrees with the player's net win
  });

  it("invite: the searched player's invitees at levels 1 and 2, with their own counts; partner scoped", async () => {
    const res = await get('invite', { uid: '101' });
    expect(res.body.data.total).toBe(3);
    expect(pick(res, 'uid', 'level', 'inviterUid', 'invitees')).toEqual([
      { uid: 102, level: 1, inviterUid: 101, invitees: 1 },
      { uid: 103, level: 1, inviterUid: 101, invitees: 0 },
      { uid: 104, level: 2, inviterUid: 102, invitees: 1 },
    ]);
    expect(pick(await get('invite', { uid: '101', level: '2' }), 'uid')).toEqual([{ uid: 104 }]);
    expect(pick(await get('invite', { uid: '101' }, partner), 'uid')).toEqual([{ uid: 103 }, { uid: 104 }]);
    expect((await get('invite')).body.data).toEqual({ items: [], total: 0 }); // nothing searched yet
    expect((await get('invite', { uid: '101', level: '3' })).body.message).toBe('level: Must be 1 or 2');
  });

  it('invite: top inviters with invitees, second-level invitees and invitees who played', async () => {
    const res = await get('invite/top');
    expect(pick(res, 'uid', 'invitees', 'secondLevel', 'played')).toEqual([
      // ties (one invitee each) in the same direction as the sort: uid descending
      { uid: 101, invitees: 2, secondLevel: 1, played: 1 },
      { uid: 104, invitees: 1, secondLevel: 0, played: 0 },
      { uid: 102, invitees: 1, secondLevel: 1, played: 0 },
    ]);
    expect(pick(await get('invite/top', {}, partner), 'uid')).toEqual([{ uid: 104 }]);
    const service = await t.loginAs('service');
    expect((await get('invite/top', {}, service)).status).toBe(200);
  });

  it('usertrace: a login trail newest first by keyset, and accounts sharing a device or IP', async () => {
    const first = await get('usertrace', { uid: '101', pageSize: '2' });
    expect(pick(first, 'at', 'durationSeconds')).toEqual([
      { at: '2026-11-21T00:30:00.000+08:00', durationSeconds: 100 },
      { at: '2026-11-20T20:00:00.000+08:00', durationSeconds: 300 },
    ]);
    const rest = await get('usertrace', { uid: '101', pageSize: '2', cursor: first.body.data.nextCursor });
    expect(pick(rest, 'at')).toEqual([{ at: '2026-11-20T10:00:00.000+08:00' }]);
    expect(rest.body.data.nextCursor).toBeNull();
    const shared = await get('usertrace/accounts', { uid: '102', sort: 'uid' });
    expect(pick(shared, 'uid', 'via', 'value')).toEqual([
      { uid: 101, via: 'device', value: 'dev-shared' },
      { uid: 103, via: 'ip', value: '10.9.9.9' },
    ]);
    expect(pick(await get('usertrace/accounts', { device: 'dev-shared', sort: 'uid' }), 'uid')).toEqual([{ uid: 101 }, { uid: 102 }]);
    expect(pick(await get('usertrace/accounts', { ip: '10.9.9.9', sort: 'uid' }), 'uid')).toEqual([{ uid: 102 }, { uid: 103 }]);
    expect((await get('usertrace/accounts')).body.data).toEqual({ items: [], total: 0 });
    expect((await get('usertrace/accounts', { uid: '1', ip: '1.1.1.1' })).body.message).toBe('ip: Only one of uid, device or ip');
  });

  it('badgesearch: by uid, badge id or name prefix', async () => {
    expect(pick(await get('badgesearch', { uid: '102' }), 'badgeId')).toEqual([{ badgeId: 'b-new' }, { badgeId: 'b-king' }]);
    expect(pick(await get('badgesearch', { badgeId: 'b-new' }), 'uid', 'playerName', 'name')).toEqual([{ uid: 102, playerName: 'P102', name: 'Newcomer' }]);
    expect(pick(await get('badgesearch', { name: 'king' }), 'uid')).toEqual([{ uid: 102 }, { uid: 101 }]);
  });

  it('telephonecode: a phone needs its country code and number together (§5)', async () => {
    const res = await get('telephonecode', { country: '63', phone: '9171234567' });
    expect(pick(res, 'code', 'phoneCountry')).toEqual([
      { code: '222222', phoneCountry: '63' },
      { code: '111111', phoneCountry: '63' },
    ]);
    expect((await get('telephonecode', { phone: '9171234567' })).body.message).toBe('country: Required with the phone number');
    expect((await get('telephonecode', { country: '63' })).body.message).toBe('phone: Required with the country code');
    expect((await get('telephonecode', { country: '+63', phone: '9171234567' })).status).toBe(400);
    expect((await get('telephonecode', { pageSize: '3' })).body.data.items).toHaveLength(3);
  });

  it('roles: usertrace and telephonecode refuse partner and service; badgesearch refuses partner', async () => {
    const service = await t.loginAs('service');
    for (const path of ['usertrace', 'usertrace/accounts', 'telephonecode']) {
      expect((await get(path, {}, partner)).status, path).toBe(403);
      expect((await get(path, {}, service)).status, path).toBe(403);
    }
    expect((await get('badgesearch', {}, partner)).status).toBe(403);
    expect((await get('usertrace', {}, await t.loginAs('serviceleader'))).status).toBe(200);
  });
});
