/**
 * invitedetail on each database: the inviter → invitee rows of redfission and newearnmoney, each
 * valid or not (why) under the activity's own invitee rule, the `valid` filter agreeing with the
 * rows and the engine counting the same invitees (redfission's packet); who may read; the export.
 * And the activity zone: a settings document (400 naming the field, admin only, versioned) that
 * the platform list applies (hidden ones left out, the rest by order, each with its banner in the app's language).
 */
import { packetFill, packetStart, findActivity } from '@console/activities';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';

const MIN = 60_000;

describe.each(databases())('invitedetail and the activity zone on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  const tokens: Record<string, string> = {};
  let round = 0;
  const rounds = async (uid: number, n: number) => {
    for (let k = 0; k < n; k += 1) {
      round += 1;
      await sql`INSERT INTO game_bet (round, n, game, at, uid, partner, seat, bot, bet, win, fee, jackpot)
        VALUES (${930_000 + round}, 1, 'tongits', ${new Date(t.clock.now - MIN)}, ${uid}, 0, 'a', false, 1000, 0, 0, 0)`.execute(t.database.db);
    }
  };
  let order = 0;
  const paid = async (uid: number, amount: number) => {
    order += 1;
    const at = new Date(t.clock.now - MIN);
    await sql`INSERT INTO recharge_order (order_id, app_id, request_id, uid, product_id, channel, os, price, product_chips, status, paid_amount, created_at, paid_at)
      VALUES (${`ab${order.toString(16).padStart(30, '0')}`}, 'demo-app', ${`invite-${order}`}, ${uid}, 'p', 'gcash', 'android', ${amount}, ${amount}, 'paid', ${amount}, ${at}, ${at})`.execute(
      t.database.db,
    );
  };
  const phone = (n: number) => ({ country: '63', number: `917${String(n).padStart(7, '0')}` });
  const rows = async (activity: string, query = '') => {
    const res = await t.get(`/api/activities/${activity}/invitedetail?pageSize=100${query}`, tokens.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.items as Record<string, any>[];
  };

  beforeAll(async () => {
    t = await testApp(kind, { session: { idleMs: 24 * 60 * MIN, absoluteMs: 24 * 60 * MIN, touchEveryMs: MIN } });
    p = await platformClient(t);
    await p.register(9301, { deviceId: 'dev-9301' });
    t.clock.advance(MIN);
    // 9302: new phone, new device, 3 rounds, ₱100 first: valid for both
    await p.register(9302, { inviterUid: 9301, deviceId: 'dev-9302', phone: phone(9302) });
    // 9303: on the inviter's device; ₱200 first
    await p.register(9303, { inviterUid: 9301, deviceId: 'dev-9301', phone: phone(9303) });
    // 9304: no phone
    await p.register(9304, { inviterUid: 9301, deviceId: 'dev-9304' });
    t.clock.advance(MIN);
    // 9305: 9302's phone again; 2 rounds
    await p.register(9305, { inviterUid: 9301, deviceId: 'dev-9305', phone: phone(9302) });
    t.clock.advance(MIN);
    await rounds(9302, 3);
    await rounds(9303, 3);
    await rounds(9305, 2);
    await paid(9302, 10_000);
    await paid(9303, 20_000);
    await p.event('player.login', { uid: 9301, ip: '10.0.0.9', deviceId: 'dev-9301' });
    for (const who of ['admin', 'business', 'service', 'partner']) tokens[who] = await t.loginAs(who);
  });
  afterAll(async () => t?.close());

  it('redfission: each invitee valid or why not under its rule (new phone, new device, 3 rounds)', async () => {
    const items = await rows('redfission', '&sort=uid&order=ascend');
    expect(items.map((r) => [r.uid, r.valid, r.why])).toEqual([
      [9302, true, null],
      [9303, false, 'Device used by an earlier player'],
      [9304, false, 'No phone bound'],
      [9305, false, 'Phone bound by an earlier player'],
    ]);
    expect(items[0]).toMatchObject({
      inviterUid: 9301,
      inviterName: 'Player 9301',
      name: 'Player 9302',
      phoneBound: true,
      newPhone: true,
      device: 'dev-9302',
      newDevice: true,
      rounds: 3,
      firstDeposit: 10_000,
      validBet: 3_000,
      firstDepositAt: expect.stringMatching(/\+08:00$/),
      registeredAt: expect.stringMatching(/\+08:00$/),
    });
    // the filter is the rule's SQL twin
    expect((await rows('redfission', '&valid=true')).map((r) => r.uid)).toEqual([9302]);
    expect((await rows('redfission', '&valid=false')).map((r) => r.uid).sort()).toEqual([9303, 9304, 9305]);
    expect((await rows('redfission', '&uid=9304')).map((r) => r.uid)).toEqual([9304]);
    expect(await rows('redfission', '&inviterUid=9302')).toEqual([]);
  });

  it('redfission: the engine counts the same invitees (one valid: one step of the packet)', async () => {
    const res = await p.get('/api/platform/activities', 'uid=9301');
    const item = (res.body.data.items as Record<string, any>[]).find((i) => i.activity === 'redfission')!;
    const s = findActivity('redfission')!.defaults as never;
    const day = item.period as string;
    expect(item).toMatchObject({ state: 'continue', target: 10_000, progress: packetFill(s, packetStart(s, 9301, day), 1) });
  });

  it('newearnmoney: its own rule (phone, ₱100 first recharge); the rule follows the settings in force', async () => {
    expect((await rows('newearnmoney', '&sort=uid&order=ascend')).map((r) => [r.uid, r.valid, r.why])).toEqual([
      [9302, true, null],
      [9303, true, null],
      [9304, false, 'No phone bound'],
      [9305, false, 'No paid recharge yet'],
    ]);
    const current = await t.get('/api/activities/newearnmoney/configs', tokens.admin);
    const saved = await t.post(
      '/api/activities/newearnmoney/configs/update',
      { settings: { ...current.body.data.settings, minFirstDeposit: 15_000 } },
      tokens.admin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await rows('newearnmoney', '&uid=9302'))[0]).toMatchObject({ valid: false, why: 'First recharge ₱100 under ₱150' });
    expect((await rows('newearnmoney', '&valid=true')).map((r) => r.uid)).toEqual([9303]);
  });

  it('who may read; the export', async () => {
    expect((await t.get('/api/activities/redfission/invitedetail', tokens.business)).status).toBe(200);
    expect((await t.get('/api/activities/redfission/invitedetail', tokens.partner)).status).toBe(403);
    // an activity without an invitedetail screen has no such call
    expect((await t.get('/api/activities/relief/invitedetail', tokens.admin)).status).toBe(404);
    const csv = await t.app.inject({ method: 'GET', url: '/api/activities/redfission/invitedetail/export?valid=false', headers: { 'x-token': tokens.admin } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('9304');
    expect(csv.body).not.toContain('9302,');
  });

  it('activityzone: a versioned document (400 naming the field, admin only) applied by the platform list', async () => {
    const first = await t.get('/api/activities/activityzone', tokens.admin);
    expect(first.body.data).toMatchObject({ zone: { items: [] }, version: 0 });
    const zone = {
      items: [
        { activity: 'relief', visible: false, order: 0, banner: { en: '', zh: '' } },
        { activity: 'redfission', visible: true, order: 1, banner: { en: 'Fill the red packet', zh: '集满红包' } },
        { activity: 'newearnmoney', visible: true, order: 2, banner: { en: 'Invite and earn', zh: '邀请赚钱' } },
      ],
    };
    const long = structuredClone(zone);
    long.items[1].banner.en = 'x'.repeat(101);
    expect((await t.post('/api/activities/activityzone/update', { zone: long }, tokens.admin)).body).toMatchObject({
      code: 400,
      message: 'zone.items.1.banner.en: Must be at most 100 characters',
    });
    const twice = { items: [zone.items[1], zone.items[1]] };
    expect((await t.post('/api/activities/activityzone/update', { zone: twice }, tokens.admin)).body).toMatchObject({
      code: 400,
      message: 'zone.items.1.activity: Listed twice',
    });
    expect((await t.post('/api/activities/activityzone/update', { zone }, tokens.business)).status).toBe(403);
    const saved = await t.post('/api/activities/activityzone/update', { zone }, tokens.admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await t.get('/api/activities/activityzone', tokens.admin)).body.data).toMatchObject({ zone, version: saved.body.data.version });
    expect((await t.get('/api/activities/activityzone/versions', tokens.admin)).body.data.items).toHaveLength(1);
    const items = (await p.get('/api/platform/activities', 'uid=9301')).body.data.items as Record<string, any>[];
    const ids = items.map((i) => i.activity);
    expect(ids.slice(0, 2)).toEqual(['redfission', 'newearnmoney']);
    expect(ids).not.toContain('relief');
    // the zone's banners go to the app in its language; an activity the zone does not list has none
    expect(items.slice(0, 2).map((i) => i.banner)).toEqual(['Fill the red packet', 'Invite and earn']);
    expect(items.find((i) => i.activity === 'onlinesign')).toMatchObject({ banner: null });
    const zh = (await p.get('/api/platform/activities', 'uid=9301&lang=zh')).body.data.items as Record<string, any>[];
    expect(zh.slice(0, 2).map((i) => [i.activity, i.banner])).toEqual([
      ['redfission', '集满红包'],
      ['newearnmoney', '邀请赚钱'],
    ]);
  });
});
