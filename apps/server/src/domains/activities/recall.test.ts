/**
 * callbackactivity and pwaguide on each database, through the signed platform API: the
 * player.recall and player.pwaLogin events (stored once, a bad payload refused naming the field,
 * an unknown player 404), a recall that pays the recaller and the returner once each through the
 * ledger, the 15-day boundary, the last link before a return taking the credit, the cap of 10
 * friends a recaller, and the installed-app reward paid once however often claimed, one per device.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe.each(databases())('recall and installed-app facts on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  const iso = (at: number) => new Date(at).toISOString();
  const claim = (body: Record<string, unknown>) => p.post('/api/platform/activities/claim', body);
  const item = async (uid: number, activity: string) => {
    const res = await p.get('/api/platform/activities', `uid=${uid}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data.items as Record<string, any>[]).find((i) => i.activity === activity)!;
  };
  const login = async (uid: number, at: number) =>
    expect((await p.event('player.login', { uid, ip: '10.0.0.9', deviceId: `device-${uid}` }, { at: iso(at) })).status).toBe('applied');
  const recall = (uid: number, friendUid: number, at: number, extra: Record<string, unknown> = {}) =>
    p.event('player.recall', { uid, friendUid, ...extra }, { at: iso(at) });
  let round = 0;
  /** `n` rounds of `uid` from `at`, ten minutes apart. */
  const play = async (uid: number, at: number, n: number) => {
    for (let k = 0; k < n; k++) {
      round += 1;
      await sql`INSERT INTO game_bet (round, n, game, at, uid, partner, seat, bot, bet, win, fee, jackpot)
        VALUES (${950_000 + round}, 1, 'lucky9', ${new Date(at + k * 10 * MIN)}, ${uid}, 0, 'a', false, 100, 0, 0, 0)`.execute(t.database.db);
    }
  };
  const entries = async (uid: number, activity: string) =>
    (
      await t.database.db
        .selectFrom('ledger_entry')
        .select(['delta', 'idem_key'])
        .where('uid', '=', uid)
        .where('reason', '=', `activity.${activity}`)
        .orderBy('id')
        .execute()
    ).map((e) => [Number(e.delta), e.idem_key]);

  let start = 0;
  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    start = t.clock.now;
    for (const uid of [9301, 9302, 9303, 9304, 9305, 9306, 9340, 9342]) await p.register(uid);
    await p.register(9341, { deviceId: 'device-9340' });
    // 9351 is 9350's second account, on 9350's device
    await p.register(9350);
    await p.register(9351, { deviceId: 'device-9350' });
    expect((await p.event('player.login', { uid: 9351, ip: '10.0.0.9', deviceId: 'device-9350' }, { at: iso(start) })).status).toBe('applied');
    for (let uid = 9320; uid <= 9331; uid++) await p.register(uid);
    // everyone's last login at the start, 20 days ago; 9304 again four days later (14 days away at its recall)
    for (const uid of [9302, 9303, 9304, 9305]) await login(uid, start);
    await login(9304, start + 4 * DAY);
    t.clock.advance(20 * DAY);
  });
  afterAll(async () => t?.close());

  it('player.recall and player.pwaLogin: stored once, a bad payload refused naming the field, an unknown player 404', async () => {
    const at = iso(t.clock.now - 10 * DAY);
    const res = await p.events([
      { id: 'rc-self', type: 'player.recall', at, data: { uid: 9306, friendUid: 9306 } },
      { id: 'rc-nofriend', type: 'player.recall', at, data: { uid: 9306 } },
      { id: 'rc-text', type: 'player.recall', at, data: { uid: 9306, friendUid: 9303, channel: 'x'.repeat(33) } },
      { id: 'rc-extra', type: 'player.recall', at, data: { uid: 9306, friendUid: 9303, via: 'sms' } },
      { id: 'rc-uid', type: 'player.recall', at, data: { uid: '9306', friendUid: 9303 } },
      { id: 'rc-unknown', type: 'player.recall', at, data: { uid: 9306, friendUid: 99_999 } },
      { id: 'rc-ok', type: 'player.recall', at, data: { uid: 9306, friendUid: 9303, channel: 'messenger' } },
      { id: 'rc-ok', type: 'player.recall', at, data: { uid: 9306, friendUid: 9304 } },
      { id: 'rc-surrogate', type: 'player.recall', at, data: { uid: 9306, friendUid: 9304, channel: 'sms\ud800' } },
      { id: 'pwa-nodevice', type: 'player.pwaLogin', at, data: { uid: 9342 } },
      { id: 'pwa-unknown', type: 'player.pwaLogin', at, data: { uid: 99_999, deviceId: 'd' } },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.results).toEqual([
      { id: 'rc-self', status: 'rejected', code: 400, message: 'data.friendUid: Cannot recall oneself' },
      { id: 'rc-nofriend', status: 'rejected', code: 400, message: expect.stringMatching(/^data\.friendUid: /) },
      { id: 'rc-text', status: 'rejected', code: 400, message: 'data.channel: Over 32 characters' },
      { id: 'rc-extra', status: 'rejected', code: 400, message: 'data.via: Unknown field' },
      { id: 'rc-uid', status: 'rejected', code: 400, message: 'data.uid: Expected number' },
      { id: 'rc-unknown', status: 'rejected', code: 404, message: 'Player 99999 not found' },
      { id: 'rc-ok', status: 'applied' },
      { id: 'rc-ok', status: 'duplicate' },
      { id: 'rc-surrogate', status: 'applied' },
      { id: 'pwa-nodevice', status: 'rejected', code: 400, message: expect.stringMatching(/^data\.deviceId: /) },
      { id: 'pwa-unknown', status: 'rejected', code: 404, message: 'Player 99999 not found' },
    ]);
    // a repeated id in a later call answers the first outcome and writes nothing
    const again = await p.events([
      { id: 'rc-unknown', type: 'player.recall', at, data: { uid: 9306, friendUid: 9303 } },
      { id: 'rc-ok', type: 'player.pwaLogin', at, data: { uid: 9306, deviceId: 'd' } },
    ]);
    expect(again.body.data.results).toEqual([
      { id: 'rc-unknown', status: 'duplicate', code: 404, message: 'Player 99999 not found' },
      { id: 'rc-ok', status: 'duplicate' },
    ]);
    const rows = await sql<{
      uid: number;
      friend_uid: number;
      channel: string | null;
    }>`SELECT uid, friend_uid, channel FROM player_recall WHERE uid = 9306 ORDER BY id`.execute(t.database.db);
    // an unpaired surrogate, which PostgreSQL cannot store, becomes U+FFFD as in every event
    expect(rows.rows).toEqual([
      { uid: 9306, friend_uid: 9303, channel: 'messenger' },
      { uid: 9306, friend_uid: 9304, channel: 'sms\ufffd' },
    ]);
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM player_pwa_login`.execute(t.database.db)).rows[0].n)).toBe(0);
    // recalls of friends only 10 and 6 days away count for nothing (9303 and 9304 logged in 10 and 6 days before these links)
    expect(await item(9306, 'callbackactivity')).toMatchObject({ state: 'norecall', tiers: [] });
  });

  it('a recall pays the recaller and the returner once each through the ledger', async () => {
    const now = t.clock.now;
    // 9302 away 18 days: 9301 sends the link; 9302 is back an hour later and plays 3 rounds, then 2 more the next day
    expect((await recall(9301, 9302, now - 2 * DAY)).status).toBe('applied');
    expect(await item(9301, 'callbackactivity')).toMatchObject({
      state: 'recalling',
      progress: 0,
      target: 10,
      tiers: [{ tier: 'f9302', amount: 500, reached: false, why: 'Friend 9302 has not come back yet' }],
    });
    await login(9302, now - 2 * DAY + HOUR);
    await play(9302, now - 2 * DAY + 2 * HOUR, 3);
    expect(await item(9302, 'callbackactivity')).toMatchObject({
      state: 'recalling',
      tiers: [{ tier: 'back', amount: 1_000, reached: false, why: expect.stringMatching(/^Play 2 more rounds by /) }],
    });
    expect((await claim({ uid: 9302, activity: 'callbackactivity', tier: 'back' })).body).toMatchObject({
      code: 409,
      message: expect.stringMatching(/^Play 2 more rounds/),
    });
    await play(9302, now - DAY, 2);
    expect(await item(9301, 'callbackactivity')).toMatchObject({ state: 'claimable', tiers: [{ tier: 'f9302', amount: 500, reached: true }] });
    expect(await item(9302, 'callbackactivity')).toMatchObject({ state: 'claimable', tiers: [{ tier: 'back', amount: 1_000, reached: true }] });
    for (let k = 0; k < 3; k++) {
      const r = await claim({ uid: 9301, activity: 'callbackactivity', tier: 'f9302' });
      expect(r.body.data, JSON.stringify(r.body)).toMatchObject({ tier: 'f9302', amount: 500, repeated: k > 0 });
      const b = await claim({ uid: 9302, activity: 'callbackactivity', tier: 'back' });
      expect(b.body.data, JSON.stringify(b.body)).toMatchObject({ tier: 'back', amount: 1_000, repeated: k > 0 });
    }
    expect(await entries(9301, 'callbackactivity')).toEqual([[500, 'activity:callbackactivity:once:9301:f9302']]);
    expect(await entries(9302, 'callbackactivity')).toEqual([[1_000, 'activity:callbackactivity:once:9302:back']]);
    expect(await item(9301, 'callbackactivity')).toMatchObject({ state: 'norecall', progress: 1, tiers: [] });
    expect(await item(9302, 'callbackactivity')).toMatchObject({ state: 'norecall', tiers: [] });
    // a second link to the same friend pays nothing more
    await recall(9301, 9302, t.clock.now - HOUR);
    expect((await claim({ uid: 9301, activity: 'callbackactivity', tier: 'f9302' })).body.data).toMatchObject({ repeated: true });
  });

  it('the 15-day boundary, and the last link before a return takes the credit', async () => {
    const now = t.clock.now;
    // 9304 logged in 14 days before the link: it does not count, whatever follows
    await recall(9301, 9304, now - 2 * DAY);
    await login(9304, now - 2 * DAY + HOUR);
    await play(9304, now - 2 * DAY + 2 * HOUR, 5);
    expect((await item(9301, 'callbackactivity')).tiers).toEqual([]);
    expect(await item(9304, 'callbackactivity')).toMatchObject({ state: 'norecall', tiers: [] });
    // 9305: 9301 sends a link, 9306 another an hour later; 9305 comes back after both: 9306's
    await recall(9301, 9305, now - 3 * DAY);
    await recall(9306, 9305, now - 3 * DAY + HOUR);
    await login(9305, now - 3 * DAY + 2 * HOUR);
    await play(9305, now - 3 * DAY + 3 * HOUR, 5);
    expect((await item(9301, 'callbackactivity')).tiers).toEqual([]);
    expect((await claim({ uid: 9301, activity: 'callbackactivity', tier: 'f9305' })).body).toMatchObject({
      code: 409,
      message: 'Nothing to claim for tier f9305',
    });
    expect((await claim({ uid: 9306, activity: 'callbackactivity', tier: 'f9305' })).body.data).toMatchObject({ amount: 500, repeated: false });
    expect((await claim({ uid: 9305, activity: 'callbackactivity', tier: 'back' })).body.data).toMatchObject({ amount: 1_000, repeated: false });
  });

  it("a friend on the recaller's device (one person, two accounts) pays neither side", async () => {
    const now = t.clock.now;
    expect((await recall(9350, 9351, now - 2 * DAY)).status).toBe('applied');
    expect((await p.event('player.login', { uid: 9351, ip: '10.0.0.9', deviceId: 'device-9350' }, { at: iso(now - 2 * DAY + HOUR) })).status).toBe('applied');
    await play(9351, now - 2 * DAY + 2 * HOUR, 5);
    expect((await item(9350, 'callbackactivity')).tiers).toEqual([]);
    expect((await item(9351, 'callbackactivity')).tiers).toEqual([]);
    expect((await claim({ uid: 9350, activity: 'callbackactivity', tier: 'f9351' })).body).toMatchObject({ code: 409 });
    expect((await claim({ uid: 9351, activity: 'callbackactivity', tier: 'back' })).body).toMatchObject({ code: 409 });
    expect(await entries(9350, 'callbackactivity')).toEqual([]);
    expect(await entries(9351, 'callbackactivity')).toEqual([]);
  });

  it('at most 10 friends pay a recaller', async () => {
    const now = t.clock.now;
    for (let friend = 9321; friend <= 9331; friend++) {
      await recall(9320, friend, now - 2 * DAY);
      await login(friend, now - 2 * DAY + HOUR);
      await play(friend, now - 2 * DAY + 2 * HOUR, 5);
    }
    const before = await item(9320, 'callbackactivity');
    expect(before.tiers.filter((x: { reached: boolean }) => x.reached)).toHaveLength(10);
    expect(before.tiers.at(-1)).toMatchObject({ tier: 'f9331', reached: false, why: 'At most 10 recalled friends pay' });
    const answers = [];
    for (let friend = 9321; friend <= 9331; friend++) answers.push((await claim({ uid: 9320, activity: 'callbackactivity', tier: `f${friend}` })).body);
    expect(answers.slice(0, 10).every((a) => a.data?.amount === 500 && a.data.repeated === false)).toBe(true);
    expect(answers[10]).toMatchObject({ code: 409, message: 'Nothing to claim for tier f9331' });
    expect(await entries(9320, 'callbackactivity')).toHaveLength(10);
    expect(await item(9320, 'callbackactivity')).toMatchObject({ state: 'finished', progress: 10, target: 10, tiers: [] });
    // each friend is still paid as a returner
    expect((await claim({ uid: 9331, activity: 'callbackactivity', tier: 'back' })).body.data).toMatchObject({ amount: 1_000 });
  });

  it('pwaguide: the first login from the installed app pays once however often claimed; one reward per device', async () => {
    expect(await item(9340, 'pwaguide')).toMatchObject({ state: 'uninstalled', tiers: [{ tier: 'install', amount: 500, reached: false }] });
    expect((await claim({ uid: 9340, activity: 'pwaguide', tier: 'install' })).body).toMatchObject({
      code: 409,
      message: 'Add the app to your home screen and log in from it',
    });
    await login(9340, t.clock.now - MIN);
    expect((await p.event('player.pwaLogin', { uid: 9340, deviceId: 'device-9340' })).status).toBe('applied');
    expect((await p.event('player.pwaLogin', { uid: 9340, deviceId: 'device-9340' })).status).toBe('applied');
    expect(await item(9340, 'pwaguide')).toMatchObject({ state: 'claimable', progress: 1, tiers: [{ tier: 'install', amount: 500, reached: true }] });
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim({ uid: 9340, activity: 'pwaguide', tier: 'install' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.data.repeated === false)).toHaveLength(1);
    expect(await entries(9340, 'pwaguide')).toEqual([[500, 'activity:pwaguide:once:9340:install']]);
    t.clock.advance(DAY);
    await p.event('player.pwaLogin', { uid: 9340, deviceId: 'device-9340' });
    expect(await item(9340, 'pwaguide')).toMatchObject({ state: 'claimed', tiers: [] });
    expect((await claim({ uid: 9340, activity: 'pwaguide', tier: 'install' })).body.data).toMatchObject({ repeated: true });
    expect(await entries(9340, 'pwaguide')).toHaveLength(1);
    // 9341 registered on 9340's device
    await p.event('player.pwaLogin', { uid: 9341, deviceId: 'device-9340' });
    expect((await claim({ uid: 9341, activity: 'pwaguide', tier: 'install' })).body).toMatchObject({ code: 409, message: 'Device already rewarded' });
  });
});
