/**
 * The activity engine on each database, through the signed platform API and the staff screens:
 * a relief grant paid through the ledger once (a repeat answers the first payment), the gap and
 * daily count, one reward per device and per phone, budgets, banned and self-excluded players
 * refused; a config save that resets the current period's unfinished progress (paid rewards
 * stay) with its configlogs, version and operation log; who may read and save; bad input named;
 * the dashboard, participants and rewards lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { playRound } from '../games/test-fixtures';

const MIN = 60_000;

describe.each(databases())('activities on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  const tokens: Record<string, string> = {};
  const claim = (body: Record<string, unknown>) => p.post('/api/platform/activities/claim', body);
  const live = async (uid: number) => {
    const res = await p.get('/api/platform/activities', `uid=${uid}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.items as Record<string, any>[];
  };
  const chips = async (uid: number) =>
    Number((await t.database.db.selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirstOrThrow()).chip);
  const save = async (activity: string, patch: Record<string, unknown>, who = 'admin') => {
    const current = await t.get(`/api/activities/${activity}/configs`, tokens.admin);
    return t.post(`/api/activities/${activity}/configs/update`, { settings: { ...current.body.data.settings, ...patch } }, tokens[who]);
  };
  const phone = (n: number) => ({ country: '63', number: `917${String(n).padStart(7, '0')}` });

  beforeAll(async () => {
    t = await testApp(kind, { session: { idleMs: 24 * 60 * MIN, absoluteMs: 24 * 60 * MIN, touchEveryMs: MIN } });
    p = await platformClient(t);
    for (let uid = 9101; uid <= 9110; uid++) {
      await p.register(uid, { deviceId: uid === 9104 ? 'dev-9103' : `dev-${uid}`, ...(uid !== 9102 ? { phone: phone(uid === 9105 ? 9101 : uid) } : {}) });
    }
    for (const who of ['admin', 'business', 'service', 'secadmin', 'partner', 'sales']) tokens[who] = await t.loginAs(who);
  });
  afterAll(async () => t?.close());

  it('relief: a broke player with a phone is paid once per grant, through the ledger; a repeat answers the first payment', async () => {
    const items = await live(9101);
    const relief = items.find((i) => i.activity === 'relief')!;
    expect(relief).toMatchObject({ state: 'claimable', tiers: [{ tier: '1', amount: 2_000, reached: true, why: null }] });
    const first = await claim({ uid: 9101, activity: 'relief', tier: '1' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ activity: 'relief', tier: '1', currency: 'chip', amount: 2_000, balance: 2_000, repeated: false });
    const again = await claim({ uid: 9101, activity: 'relief', tier: '1' });
    expect(again.body.data).toMatchObject({ amount: 2_000, repeated: true });
    expect(await chips(9101)).toBe(2_000);
    const entries = await t.database.db.selectFrom('ledger_entry').select(['delta', 'reason', 'idem_key']).where('uid', '=', 9101).execute();
    expect(entries).toEqual([{ delta: expect.anything(), reason: 'activity.relief', idem_key: expect.stringMatching(/^activity:relief:2026-11-22:9101:1$/) }]);
    // the balance is now above the line
    expect((await claim({ uid: 9101, activity: 'relief', tier: '2' })).body).toMatchObject({ code: 409, message: expect.stringContaining('is not below') });
  });

  it('relief: the gap between grants and the daily count', async () => {
    await claim({ uid: 9103, activity: 'relief', tier: '1' });
    // spend it so the balance is below the line again
    await p.post('/api/platform/wallet/debit', { txId: 'spend-9103-1', uid: 9103, currency: 'chip', amount: 2_000, reason: 'game.bet' });
    expect((await claim({ uid: 9103, activity: 'relief', tier: '2' })).body.message).toMatch(/^Next grant in 10 min$/);
    t.clock.advance(10 * MIN);
    expect((await claim({ uid: 9103, activity: 'relief', tier: '2' })).status).toBe(200);
    await p.post('/api/platform/wallet/debit', { txId: 'spend-9103-2', uid: 9103, currency: 'chip', amount: 2_000, reason: 'game.bet' });
    t.clock.advance(10 * MIN);
    expect((await claim({ uid: 9103, activity: 'relief', tier: '3' })).status).toBe(200);
    await p.post('/api/platform/wallet/debit', { txId: 'spend-9103-3', uid: 9103, currency: 'chip', amount: 2_000, reason: 'game.bet' });
    t.clock.advance(10 * MIN);
    expect((await claim({ uid: 9103, activity: 'relief', tier: '4' })).body).toMatchObject({ code: 409, message: 'Nothing to claim for tier 4' });
    expect((await live(9103)).find((i) => i.activity === 'relief')).toMatchObject({ state: 'used', tiers: [] });
  });

  it('one reward per device and per phone; no phone, no relief; banned and self-excluded players get nothing', async () => {
    // 9104 logs in on 9103's device: 9103 took grant 1 today on it
    expect((await claim({ uid: 9104, activity: 'relief', tier: '1' })).body).toMatchObject({ code: 409, message: 'Device already rewarded' });
    // 9105 bound 9101's phone number
    expect((await claim({ uid: 9105, activity: 'relief', tier: '1' })).body).toMatchObject({ code: 409, message: 'Phone already rewarded' });
    expect((await claim({ uid: 9102, activity: 'relief', tier: '1' })).body).toMatchObject({ code: 409, message: 'Bind a phone first' });
    await t.database.db.updateTable('player').set({ status: 'banned' }).where('uid', '=', 9106).execute();
    expect((await claim({ uid: 9106, activity: 'relief', tier: '1' })).body).toMatchObject({ code: 409, message: 'Player is banned' });
    expect((await live(9106)).find((i) => i.activity === 'relief')).toMatchObject({
      blocked: 'Player is banned',
      tiers: [{ reached: false, why: 'Player is banned' }],
    });
    await t.database.db
      .insertInto('player_control')
      .values({
        uid: 9107,
        scope: 'house',
        blocked: '[]',
        cool_until: new Date(t.clock.now + 86_400_000),
        updated_by: 'test',
        updated_at: new Date(t.clock.now),
      })
      .execute();
    expect((await claim({ uid: 9107, activity: 'relief', tier: '1' })).body).toMatchObject({ code: 409, message: 'Player is self-excluded' });
    expect((await chips(9104)) + (await chips(9105)) + (await chips(9106)) + (await chips(9107))).toBe(0);
  });

  it('budgets: the total, the daily and the per-player cap hold', async () => {
    expect((await save('telephonelogin', { totalBudget: 1_500 })).status).toBe(200);
    expect((await claim({ uid: 9108, activity: 'telephonelogin', tier: 'bind' })).status).toBe(200);
    expect((await claim({ uid: 9109, activity: 'telephonelogin', tier: 'bind' })).body).toMatchObject({ code: 409, message: 'Budget exhausted' });
    expect((await save('telephonelogin', { totalBudget: 0, dailyBudget: 1_000 })).status).toBe(200);
    expect((await claim({ uid: 9109, activity: 'telephonelogin', tier: 'bind' })).body).toMatchObject({ code: 409, message: 'Daily budget exhausted' });
    expect((await save('telephonelogin', { dailyBudget: 0, playerCap: 500 })).status).toBe(200);
    expect((await claim({ uid: 9109, activity: 'telephonelogin', tier: 'bind' })).body).toMatchObject({ code: 409, message: 'Player cap reached' });
    expect((await save('telephonelogin', { playerCap: 0, totalBudget: 1_000_000, dailyBudget: 1_000_000 })).status).toBe(200);
    // a claim spends its own activity's budgets only (the guard's OR once leaked to every activity's row)
    const budgets = async () =>
      Object.fromEntries(
        (await t.database.db.selectFrom('activity_budget_day').select(['activity', 'spent']).execute()).map((r) => [r.activity, Number(r.spent)]),
      );
    const before = await budgets();
    expect((await claim({ uid: 9109, activity: 'telephonelogin', tier: 'bind' })).status).toBe(200);
    const after = await budgets();
    expect(after).toEqual({ ...before, telephonelogin: (before.telephonelogin ?? 0) + 1_000 });
    expect(Object.keys(before).length).toBeGreaterThan(1);
    expect((await claim({ uid: 9102, activity: 'telephonelogin', tier: 'bind' })).body).toMatchObject({ code: 409, message: 'Bind a phone first' });
  });

  it("a config save resets the current period's unfinished progress; paid rewards stay; configlogs, versions and the operation log", async () => {
    const start = new Date(t.clock.now - 60 * MIN).toISOString();
    const end = new Date(t.clock.now + 3 * 86_400_000).toISOString();
    expect(
      (
        await save('sprintcarnival', {
          startAt: start,
          endAt: end,
          milestones: [
            { bet: 1, reward: 100 },
            { bet: 100_000_000, reward: 5_000 },
          ],
        })
      ).status,
    ).toBe(200);
    await p.credit(9110, 1_000_000);
    await playRound(p, 'luckyjoker', 9110, { at: new Date(t.clock.now) });
    t.clock.advance(MIN);
    const before = (await live(9110)).find((i) => i.activity === 'sprintcarnival')!;
    expect(before.progress).toBeGreaterThan(0);
    expect(before.state).toBe('claimable');
    expect((await claim({ uid: 9110, activity: 'sprintcarnival', tier: 'm1' })).status).toBe(200);
    const row = await t.database.db
      .selectFrom('activity_player')
      .selectAll()
      .where('activity', '=', 'sprintcarnival')
      .where('uid', '=', 9110)
      .executeTakeFirstOrThrow();
    expect(Number(row.progress)).toBe(before.progress);

    // business reads, only admin saves (§2 "most configs admin only")
    expect((await t.get('/api/activities/sprintcarnival/configlogs', tokens.business)).status).toBe(200);
    expect((await save('sprintcarnival', { open: true }, 'business')).status).toBe(403);
    // bad input named, nothing changes
    const bad = await save('sprintcarnival', {
      milestones: [
        { bet: 5, reward: 1 },
        { bet: 5, reward: 2 },
      ],
    });
    expect(bad.body).toMatchObject({ code: 400, message: 'settings.milestones.1.bet: Must be more than the tier before' });
    expect((await save('sprintcarnival', { endAt: start })).body.message).toBe('settings.endAt: Must be after startAt');
    expect((await t.post('/api/activities/sprintcarnival/configs/update', { settings: { open: 'yes' } }, tokens.admin)).body.message).toMatch(
      /^settings\.open: /,
    );

    t.clock.advance(MIN);
    const saved = await save('sprintcarnival', {
      milestones: [
        { bet: 1, reward: 100 },
        { bet: 200, reward: 300 },
        { bet: 100_000_000, reward: 5_000 },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.reset).toBe(1);
    const after = (await live(9110)).find((i) => i.activity === 'sprintcarnival')!;
    // the bets before the save no longer count; m1 stays paid (not offered again)
    expect(after).toMatchObject({ progress: 0, state: 'sprinting', configVersion: saved.body.data.version });
    expect(after.tiers.map((x: { tier: string }) => x.tier)).toEqual(['m2', 'm3']);
    const reset = await t.database.db
      .selectFrom('activity_player')
      .selectAll()
      .where('activity', '=', 'sprintcarnival')
      .where('uid', '=', 9110)
      .executeTakeFirstOrThrow();
    expect(reset.reset_at).not.toBeNull();
    expect(Number(reset.rewarded)).toBe(100);

    const logs = await t.get('/api/activities/sprintcarnival/configlogs', tokens.service);
    expect(logs.body.data.items[0]).toMatchObject({ actor: 'admin', action: 'update' });
    expect(logs.body.data.total).toBe(2);
    const op = await t.database.db
      .selectFrom('operation_log')
      .select(['operation', 'after'])
      .where('operation', '=', 'activities.sprintcarnival.configs.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(op.after).toMatchObject({ reset: 1 });
  });

  it('dashboard, participants and rewards: every reader of the module; partner scoped', async () => {
    const dash = await t.get('/api/activities/telephonelogin/dashboard', tokens.business, {
      from: '2026-11-16T00:00:00.000+08:00',
      to: '2026-11-22T23:59:59.999+08:00',
    });
    expect(dash.status, JSON.stringify(dash.body)).toBe(200);
    expect(dash.body.data.totals).toMatchObject({ claims: 2, rewardedPlayers: 2, rewarded: 2_000 });
    expect(dash.body.data.days.at(-1)).toMatchObject({ day: '2026-11-22', claims: 2, rewarded: 2_000 });
    // a participant: a player whose app showed progress (claimable here) or who claimed
    const players = await t.get('/api/activities/telephonelogin/players', tokens.service);
    expect(players.body.data.items.length).toBeGreaterThan(2);
    const claimed = await t.get('/api/activities/telephonelogin/players', tokens.service, { state: 'claimed' });
    expect(claimed.body.data.items.map((r: { uid: number; rewarded: number }) => [r.uid, r.rewarded]).sort()).toEqual([
      [9108, 1_000],
      [9109, 1_000],
    ]);
    const rewards = await t.get('/api/activities/telephonelogin/players/rewards', tokens.secadmin, { uid: '9108' });
    expect(rewards.body.data.items).toEqual([expect.objectContaining({ uid: 9108, tier: 'bind', amount: 1_000, phone: '+63 9170009108' })]);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/activities/telephonelogin/players/export?state=claimed',
      headers: { 'x-token': tokens.service },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(3);
    expect((await t.get('/api/activities/telephonelogin/players', tokens.sales)).status).toBe(403);
    expect((await t.get('/api/activities/telephonelogin/players', tokens.business, { state: 'x'.repeat(40) })).body.message).toMatch(/^state: /);
  });

  it('bad claims: named fields, unknown activity and player', async () => {
    expect((await claim({ uid: 0, activity: 'relief', tier: '1' })).body.message).toMatch(/^uid: /);
    expect((await claim({ uid: 9101, activity: 'relief' })).body.message).toBe('tier: Required');
    expect((await claim({ uid: 9101, activity: 'nope', tier: '1' })).body).toMatchObject({ code: 404, message: 'Activity nope not found' });
    expect((await claim({ uid: 999_999, activity: 'relief', tier: '1' })).body).toMatchObject({ code: 404 });
    expect((await claim({ uid: 9101, activity: 'ladderloserebate', tier: 'rebate', period: '2026-10-01' })).body).toMatchObject({
      code: 409,
      message: 'Period 2026-10-01 is not open for claims',
    });
    expect((await p.get('/api/platform/activities', 'uid=abc')).body.message).toMatch(/^uid: /);
  });
});
