/**
 * The engine's newer facts on each database, through the signed platform API: mining's ore since
 * the last claim (VIP bonus, storage, one key per claim), rebacklogin's comeback (the login before
 * the return and the login days since, from player_login) and cardstask's rounds and wins per
 * card game (from game_bet: a win is more than the bet); newearnmoney's invitees (phone, first
 * paid recharge, valid bet of the day).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(databases())('activity facts on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let admin: string;
  const claim = (body: Record<string, unknown>) => p.post('/api/platform/activities/claim', body);
  const item = async (uid: number, activity: string) => {
    const res = await p.get('/api/platform/activities', `uid=${uid}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data.items as Record<string, any>[]).find((i) => i.activity === activity)!;
  };
  const save = async (activity: string, patch: Record<string, unknown>) => {
    const current = await t.get(`/api/activities/${activity}/configs`, admin);
    expect(current.status, JSON.stringify(current.body)).toBe(200);
    const res = await t.post(`/api/activities/${activity}/configs/update`, { settings: { ...current.body.data.settings, ...patch } }, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const login = (uid: number, at: number) => p.event('player.login', { uid, ip: '10.0.0.9', deviceId: `device-${uid}` }, { at: new Date(at).toISOString() });
  let round = 0;
  const seat = async (uid: number, game: string, bet: number, win: number) => {
    round += 1;
    await sql`INSERT INTO game_bet (round, n, game, at, uid, partner, seat, bot, bet, win, fee, jackpot)
      VALUES (${900_000 + round}, 1, ${game}, ${new Date(t.clock.now - 60_000)}, ${uid}, 0, 'a', false, ${bet}, ${win}, 0, 0)`.execute(t.database.db);
  };

  let order = 0;
  const paid = async (uid: number, amount: number) => {
    order += 1;
    const at = new Date(t.clock.now - 60_000);
    await sql`INSERT INTO recharge_order (order_id, app_id, request_id, uid, product_id, channel, os, price, product_chips, status, paid_amount, created_at, paid_at)
      VALUES (${order.toString(16).padStart(32, '0')}, 'demo-app', ${`facts-${order}`}, ${uid}, 'p', 'gcash', 'android', ${amount}, ${amount}, 'paid', ${amount}, ${at}, ${at})`.execute(
      t.database.db,
    );
  };

  beforeAll(async () => {
    t = await testApp(kind, { session: { idleMs: DAY, absoluteMs: DAY, touchEveryMs: 60_000 } });
    p = await platformClient(t);
    for (let uid = 9201; uid <= 9206; uid++) await p.register(uid, { deviceId: `device-${uid}` });
    // 9206's invitees: 9207 valid (phone, ₱100 first), 9208 no phone, 9209 first recharge ₱50 (then ₱500)
    await p.register(9207, { inviterUid: 9206, phone: { country: '63', number: '9170009207' } });
    await p.register(9208, { inviterUid: 9206 });
    await p.register(9209, { inviterUid: 9206, phone: { country: '63', number: '9170009209' } });
    admin = await t.loginAs('admin');
  });
  afterAll(async () => t?.close());

  it('mining: ore since the start, the VIP bonus and the storage; a claim pays it once and the storage starts again', async () => {
    // without a start date the first storage would be full at once
    await save('mining', { startAt: new Date(t.clock.now).toISOString() });
    await t.database.db.updateTable('player').set({ vip: 2 }).where('uid', '=', 9202).execute();
    t.clock.advance(3 * HOUR);
    expect(await item(9201, 'mining')).toMatchObject({ state: 'claimable', progress: 30, target: 80, tiers: [{ tier: 'c1', amount: 30, reached: true }] });
    expect(await item(9202, 'mining')).toMatchObject({ progress: 36, target: 96, tiers: [{ tier: 'c1', amount: 36 }] });
    const first = await claim({ uid: 9201, activity: 'mining', tier: 'c1' });
    expect(first.body.data).toMatchObject({ tier: 'c1', amount: 30, repeated: false, state: 'accruing' });
    expect((await claim({ uid: 9201, activity: 'mining', tier: 'c1' })).body.data).toMatchObject({ amount: 30, repeated: true });
    expect((await claim({ uid: 9201, activity: 'mining', tier: 'c2' })).body).toMatchObject({ code: 409, message: 'Mined 0 ore of the 10 a claim takes' });
    t.clock.advance(20 * HOUR);
    expect(await item(9201, 'mining')).toMatchObject({ state: 'full', progress: 80, tiers: [{ tier: 'c2', amount: 80 }] });
    expect(await item(9202, 'mining')).toMatchObject({ state: 'full', progress: 96 });
    expect((await claim({ uid: 9201, activity: 'mining', tier: 'c2' })).body.data).toMatchObject({ amount: 80, repeated: false });
    const paid = await t.database.db
      .selectFrom('activity_reward')
      .select(['tier', 'amount'])
      .where('activity', '=', 'mining')
      .where('uid', '=', 9201)
      .orderBy('id')
      .execute();
    expect(paid.map((r) => [r.tier, Number(r.amount)])).toEqual([
      ['c1', 30],
      ['c2', 80],
    ]);
  });

  it('rebacklogin: a login after 7 days away opens the calendar; each day logged in pays once', async () => {
    const now = t.clock.now;
    // 9203 logged in 10 days ago and today: back; 9204 five days ago and today: not away long enough
    await login(9203, now - 10 * DAY);
    await login(9203, now - HOUR);
    await login(9204, now - 5 * DAY);
    await login(9204, now - HOUR);
    const back = await item(9203, 'rebacklogin');
    expect(back).toMatchObject({ state: 'claimable', progress: 1 });
    const day1 = back.tiers[0];
    expect(day1).toMatchObject({ amount: 200, reached: true });
    expect(back.tiers.slice(1).every((x: { reached: boolean }) => !x.reached)).toBe(true);
    expect(await item(9204, 'rebacklogin')).toMatchObject({ state: 'away', tiers: [] });
    expect((await claim({ uid: 9203, activity: 'rebacklogin', tier: day1.tier })).body.data).toMatchObject({ amount: 200, repeated: false });
    expect((await claim({ uid: 9203, activity: 'rebacklogin', tier: day1.tier })).body.data).toMatchObject({ repeated: true });
    // the next day's login: day 2
    t.clock.advance(DAY);
    await login(9203, t.clock.now);
    const next = await item(9203, 'rebacklogin');
    expect(next).toMatchObject({ state: 'claimable', progress: 2 });
    expect(next.tiers.filter((x: { reached: boolean }) => x.reached).map((x: { tier: string; amount: number }) => [x.tier, x.amount])).toEqual([
      [day1.tier.replace(/:1$/, ':2'), 300],
    ]);
  });

  it("cardstask: rounds and wins per card game from the day's bets; a win is more than the bet", async () => {
    for (let i = 0; i < 3; i++) await seat(9205, 'tongits', 1_000, 2_000);
    await seat(9205, 'pusoy', 1_000, 1_000); // even: not a win
    await seat(9205, 'lucky9', 1_000, 5_000); // not a card game of the tasks
    const it1 = await item(9205, 'cardstask');
    expect(it1).toMatchObject({ state: 'claimable', progress: 30, target: 60 });
    expect((await claim({ uid: 9205, activity: 'cardstask', tier: 'chest1' })).body.data).toMatchObject({ amount: 300, repeated: false });
    expect((await claim({ uid: 9205, activity: 'cardstask', tier: 'chest2' })).body).toMatchObject({
      code: 409,
      message: expect.stringMatching(/^30 more points/),
    });
    for (let i = 0; i < 2; i++) await seat(9205, 'pusoy', 1_000, 0);
    expect(await item(9205, 'cardstask')).toMatchObject({ progress: 40 });
    expect(await item(9206, 'cardstask')).toMatchObject({ state: 'accruing', progress: 0 });
  });

  it("newearnmoney: ₱10 once per valid invitee at once, 0.3% of their day's valid bet when the day ends", async () => {
    await paid(9207, 10_000);
    await paid(9208, 50_000);
    await paid(9209, 5_000);
    t.clock.advance(1_000);
    await paid(9209, 50_000);
    for (const uid of [9207, 9208, 9209]) await seat(uid, 'lucky9', 100_000, 0);
    const today = await item(9206, 'newearnmoney');
    expect(today).toMatchObject({ state: 'claimable', progress: 1 });
    expect(today.tiers.map((x: Record<string, unknown>) => [x.tier, x.amount, x.reached])).toEqual([
      ['inv9207', 1_000, true],
      ['bet', 300, false],
    ]);
    expect((await claim({ uid: 9206, activity: 'newearnmoney', tier: 'inv9207' })).body.data).toMatchObject({ amount: 1_000, repeated: false });
    expect((await claim({ uid: 9206, activity: 'newearnmoney', tier: 'bet' })).body).toMatchObject({ code: 409, message: 'Claimable when the day ends' });
    const day = today.period as string;
    t.clock.advance(DAY);
    const next = await item(9206, 'newearnmoney');
    // the invitee's bonus is not offered again; today's commission starts at 0; yesterday's is claimable
    expect(next.tiers).toEqual([expect.objectContaining({ tier: 'bet', amount: 0, reached: false })]);
    const yesterday = (await p.get('/api/platform/activities', 'uid=9206')).body.data.items.find(
      (i: Record<string, unknown>) => i.activity === 'newearnmoney' && i.period === day,
    );
    expect(yesterday).toMatchObject({ state: 'claimable', tiers: [{ tier: 'bet', amount: 300, reached: true }] });
    expect((await claim({ uid: 9206, activity: 'newearnmoney', tier: 'bet', period: day })).body.data).toMatchObject({ amount: 300, repeated: false });
  });
});
