/**
 * /loseuser on each database: a campaign previewed and sent to inactive players through the
 * messages job; a player claims, logs in and recharges through the platform API, another only
 * logs in: the outcomes (reached, returned, paid, reward cost, return on cost) on the campaign
 * list, its players (keyset, outcome filter, export) and the dashboard; partner scoping; who
 * may send; bad input named; the operation log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { startMessageJobs } from '../messages/jobs';
import { callback, createOrder, P100, seedChannels } from '../recharge/test-fixtures';
import { REFRESH_SECONDS } from './refresh';

const DAY = 86_400_000;

describe.each(databases())('lost players on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  const tokens: Record<string, string> = {};
  const ago = (days: number) => new Date(t.clock.now - days * DAY).toISOString();
  const message = { titleEn: 'We miss you, {name}', contentEn: '<p>Come back: {amount}</p>', expiresInDays: 7 };
  const send = async (body: Record<string, unknown>, who = 'business') => {
    const res = await t.post('/api/loseuser/campaigns/send', { name: 'Winback', ...message, ...body }, tokens[who]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await startMessageJobs(t.database.db, () => new Date(t.clock.now));
    return res.body.data as { id: number; sendId: number; planned: number };
  };
  const campaigns = async (who = 'business', query: Record<string, string> = {}) => {
    t.clock.advance((REFRESH_SECONDS + 1) * 1000);
    const res = await t.get('/api/loseuser/campaigns', tokens[who], query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.items as Record<string, any>[];
  };
  const players = (id: number, query: Record<string, string> = {}, who = 'business') =>
    t.get('/api/loseuser/campaigns/players', tokens[who], { campaign: String(id), ...query });

  beforeAll(async () => {
    t = await testApp(kind);
    await t.database.db
      .insertInto('partner')
      .values([
        { id: 1, name: 'Demo Partner' },
        { id: 2, name: 'Second' },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await seedChannels(t.database.db);
    p = await platformClient(t);
    // 8001..8003 of partner 1, 8004..8006 of partner 2; all last seen 20 days ago, but 8006 came 2 days ago
    for (let uid = 8001; uid <= 8006; uid++) {
      const registered = await p.event(
        'player.registered',
        { uid, name: `P${uid}`, ip: '10.0.0.1', deviceId: `d-${uid}`, package: 'com.demo', partner: uid <= 8003 ? 1 : 2 },
        { at: ago(40) },
      );
      expect(registered.status, JSON.stringify(registered)).toBe('applied');
      const login = await p.event('player.login', { uid, ip: '10.0.0.1', deviceId: `d-${uid}` }, { at: ago(uid === 8006 ? 2 : 20) });
      expect(login.status, JSON.stringify(login)).toBe('applied');
    }
    for (const who of ['business', 'partner', 'service', 'secadmin', 'serviceleader', 'sales']) tokens[who] = await t.loginAs(who);
  });
  afterAll(async () => t?.close());

  it('previews, sends, and tracks reached → returned → paid after the return, set-based', async () => {
    const preview = await t.post('/api/loseuser/campaigns/preview', { segment: { inactiveDays: 7 }, reward: 500 }, tokens.business);
    expect(preview.body.data).toMatchObject({ players: 5, exposure: 2500 });
    const narrowed = await t.post(
      '/api/loseuser/campaigns/preview',
      { segment: { inactiveDays: 7, partner: 2, lastLoginFrom: ago(25), lastLoginTo: ago(15) } },
      tokens.business,
    );
    expect(narrowed.body.data.players).toBe(2);
    const sent = await send({ segment: { inactiveDays: 7 }, reward: 500 });
    expect(sent.planned).toBe(5);
    let [row] = await campaigns();
    expect(row).toMatchObject({ id: sent.id, reached: 5, returned: 0, paid: 0, rewardCost: 0, returnOnCost: null, status: 'done' });

    // 8001 claims the reward, logs in, then recharges ₱100; 8002 only logs in; 8006 was never reached
    const inbox = await p.get('/api/platform/messages/inbox', 'uid=8001');
    const messageId = inbox.body.data.items[0].messageId as number;
    t.clock.advance(3_600_000);
    const claim = await p.post('/api/platform/messages/events', {
      events: [{ id: `claim-${kind}`, type: 'message.claimed', at: new Date(t.clock.now).toISOString(), data: { uid: 8001, messageId } }],
    });
    expect(claim.body.data.results[0].status).toBe('applied');
    await p.event('player.login', { uid: 8001, ip: '10.0.0.1', deviceId: 'd-8001' });
    await p.event('player.login', { uid: 8002, ip: '10.0.0.1', deviceId: 'd-8002' });
    await p.event('player.login', { uid: 8006, ip: '10.0.0.1', deviceId: 'd-8006' });
    t.clock.advance(60_000);
    const order = await createOrder(p, { uid: 8001 });
    expect((await callback(p, order, P100.price)).status).toBe(200);
    // a recharge of 8003 without a return does not count (not logged in after the send)
    const other = await createOrder(p, { uid: 8003 });
    await callback(p, other, P100.price);
    // the staff sessions idled out while the clock moved an hour
    for (const who of Object.keys(tokens)) tokens[who] = await t.loginAs(who);

    [row] = await campaigns();
    expect(row).toMatchObject({ reached: 5, claimed: 1, returned: 2, paid: 1, rewardCost: 500, recharge: P100.price, returnOnCost: 20, returnRate: 0.4 });
    const paid = await players(sent.id, { outcome: 'paid' });
    expect(paid.body.data.items.map((i: any) => [i.uid, i.outcome, i.recharge, i.recharges])).toEqual([[8001, 'paid', P100.price, 1]]);
    expect(paid.body.data.items[0].claimedAt).not.toBeNull();
    const returned = await players(sent.id, { outcome: 'returned' });
    expect(returned.body.data.items.map((i: any) => i.uid)).toEqual([8002]);

    // keyset: pages of 2 cover the five once
    const seen: number[] = [];
    let cursor = '';
    for (let step = 0; step < 5; step++) {
      const page = await players(sent.id, { pageSize: '2', ...(cursor ? { cursor } : {}) });
      seen.push(...page.body.data.items.map((i: any) => i.uid));
      if (!page.body.data.nextCursor) break;
      cursor = page.body.data.nextCursor;
    }
    expect(seen).toEqual([8001, 8002, 8003, 8004, 8005]);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/loseuser/campaigns/players/export?campaign=${sent.id}`,
      headers: { 'x-token': tokens.business },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(6);
    expect(csv.body).toContain('8001');

    const dash = await t.get('/api/loseuser/dashboard', tokens.business);
    expect(dash.body.data.totals).toMatchObject({
      campaigns: 1,
      planned: 5,
      reached: 5,
      returned: 2,
      paid: 1,
      rewardCost: 500,
      recharge: P100.price,
      returnOnCost: 20,
    });
    const today = dash.body.data.days[dash.body.data.days.length - 1];
    expect(today).toMatchObject({ reached: 5, returned: 2, paid: 1, rewardCost: 500 });

    const log = await t.database.db
      .selectFrom('operation_log')
      .select(['operation', 'target', 'username'])
      .where('operation', '=', 'loseuser.campaigns.send')
      .execute();
    expect(log).toEqual([{ operation: 'loseuser.campaigns.send', target: `lost_campaign:${sent.id}`, username: 'business' }]);
    // refreshing again changes nothing (idempotent)
    expect((await campaigns())[0]).toMatchObject({ reached: 5, returned: 2, paid: 1, recharge: P100.price });
  });

  it('a partner account reaches and sees its own players and campaigns only', async () => {
    const preview = await t.post('/api/loseuser/campaigns/preview', { segment: { inactiveDays: 7 } }, tokens.partner);
    expect(preview.body.data.players).toBe(1); // of partner 1, 8001 and 8002 came back: 8003 is left
    const other = await t.post('/api/loseuser/campaigns/send', { name: 'x', ...message, segment: { inactiveDays: 7, partner: 2 } }, tokens.partner);
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/^segment: /);
    const own = await send({ segment: { inactiveDays: 1 } }, 'partner');
    expect(own.planned).toBe(1);
    const seen = await campaigns('partner');
    expect(seen.map((c) => c.id)).toEqual([own.id]);
    const businessCampaign = (await campaigns('business')).find((c) => c.id !== own.id)!;
    expect((await players(businessCampaign.id, {}, 'partner')).body.data.items).toEqual([]);
    expect((await players(own.id, {}, 'partner')).body.data.items.map((i: any) => i.uid)).toEqual([8003]);
  });

  it('service, serviceleader and secadmin read but may not send; roles outside the module get 403 before the input is read', async () => {
    for (const who of ['service', 'serviceleader', 'secadmin']) {
      expect((await t.get('/api/loseuser/campaigns', tokens[who])).status).toBe(200);
      expect((await t.get('/api/loseuser/dashboard', tokens[who])).status).toBe(200);
      expect((await t.post('/api/loseuser/campaigns/send', { junk: true }, tokens[who])).status).toBe(403);
      expect((await t.post('/api/loseuser/campaigns/preview', { segment: { inactiveDays: 7 } }, tokens[who])).status).toBe(403);
    }
    expect((await t.get('/api/loseuser/campaigns', tokens.sales)).status).toBe(403);
    expect((await t.get('/api/loseuser/dashboard', tokens.sales)).status).toBe(403);
  });

  it('bad input is a 400 naming the field, and nothing is stored', async () => {
    const before = await t.database.db
      .selectFrom('lost_campaign')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: 'a', ...message, segment: {} }, /^segment\.inactiveDays: Required/],
      [{ name: 'a', ...message, segment: { inactiveDays: 0 } }, /^segment\.inactiveDays: /],
      [{ name: '', ...message, segment: { inactiveDays: 7 } }, /^name: /],
      [{ name: '  ', ...message, segment: { inactiveDays: 7 } }, /^name: Required/],
      [{ name: 'a', ...message, segment: { inactiveDays: 7 }, reward: -1 }, /^reward: /],
      [{ name: 'a', ...message, segment: { inactiveDays: 7 }, reward: 1.5 }, /^reward: /],
      [{ name: 'a', ...message, segment: { inactiveDays: 7, vipMin: 3, vipMax: 1 } }, /^segment\.vipMax: /],
      [{ name: 'a', ...message, segment: { inactiveDays: 7, lastLoginFrom: ago(1), lastLoginTo: ago(5) } }, /^segment\.lastLoginTo: /],
      [{ name: 'a', ...message, segment: { inactiveDays: 7, lastLoginFrom: 'yesterday' } }, /^segment\.lastLoginFrom: /],
      [{ name: 'a', ...message, segment: { inactiveDays: 3000 } }, /^segment: Reaches no player/],
      [{ name: 'a', ...message, expiresInDays: 91, segment: { inactiveDays: 7 } }, /^expiresInDays: /],
      [{ name: 'a', ...message, titleEn: '<b></b>', segment: { inactiveDays: 7 } }, /^titleEn: /],
    ];
    for (const [body, expected] of cases) {
      const res = await t.post('/api/loseuser/campaigns/send', body, tokens.business);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(expected);
    }
    expect((await t.get('/api/loseuser/campaigns/players', tokens.business)).body.message).toMatch(/^campaign: Required/);
    expect((await players(1, { outcome: 'gone' })).body.message).toMatch(/^outcome: /);
    const after = await t.database.db
      .selectFrom('lost_campaign')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
