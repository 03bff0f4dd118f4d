/**
 * VIP on each database: the daily evaluation from real recharges and bets (level up at once
 * with the gift, the day's rebate and bonus, maintain or down at the end of a period, each
 * change with its reason), exactly once per day even when two evaluations race, the payments
 * through the ledger (reconciled); the settings (admin only, 400 naming the field, versioned);
 * the dashboard and the VIP search (service and serviceleader reach it, decision 026; a partner
 * account sees its own players only).
 */
import { addDays, dayStart, HOUR_MS } from '@console/time';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { playRound } from '../games/test-fixtures';
import { reconcile } from '../ledger/reconcile';
import { callback, createOrder, seedChannels } from '../recharge/test-fixtures';
import { evaluateDueVipDays, evaluateVipDay } from './evaluate';

const DAY = 86_400_000;

describe.each(databases())('VIP on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  const tokens: Record<string, string> = {};
  const now = () => new Date(t.clock.now);
  const vip = async (uid: number) => t.database.db.selectFrom('vip_player').selectAll().where('uid', '=', uid).executeTakeFirst();
  const level = async (uid: number) => Number((await t.database.db.selectFrom('player').select('vip').where('uid', '=', uid).executeTakeFirstOrThrow()).vip);
  const pay = async (uid: number, price = 10_000) => {
    const orderId = await createOrder(p, { uid, productId: 'P100', price });
    expect((await callback(p, orderId, price)).status).toBe(200);
  };

  beforeAll(async () => {
    t = await testApp(kind, { session: { idleMs: 30 * DAY, absoluteMs: 30 * DAY, touchEveryMs: 60_000 } }, { background: false });
    await t.database.db
      .insertInto('partner')
      .values([{ id: 1, name: 'Demo Partner' }])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await seedChannels(t.database.db);
    p = await platformClient(t);
    for (const uid of [9201, 9202, 9203, 9204]) await p.register(uid, uid === 9204 ? { partner: 1 } : {});
    for (const who of ['admin', 'business', 'service', 'serviceleader', 'partner', 'sales']) tokens[who] = await t.loginAs(who);
  });
  afterAll(async () => t?.close());

  it('a day of recharges and bets: level up at once with the gift, the rebate of the new level; player.vip follows', async () => {
    await pay(9201); // ₱100: 10,000 exp → VIP 1
    await p.credit(9202, 5_000_000);
    for (let i = 0; i < 3; i += 1) await playRound(p, 'luckyjoker', 9202, { at: now() });
    await pay(9204);
    // 9203 lost ₱100 at Tongits that day (the day's figures as the rounds leave them)
    await t.database.db
      .insertInto('game_player_day')
      .values({ game: 'tongits', day: '2026-11-22', uid: 9203, partner: 0, rounds: 4, bets: 4, turnover: 10_000, wins: 0, fees: 0, jackpot: 0 })
      .execute();
    const day = '2026-11-22';
    t.clock.advance(dayStart(addDays(day, 1)).getTime() + 2 * HOUR_MS - t.clock.now); // 02:00 of the next day, past midnight GMT+8
    const r = await evaluateVipDay(t.database.db, day, now());
    expect(r).toMatchObject({ day, ups: 2 });
    expect(await level(9201)).toBe(1);
    expect(await vip(9201)).toMatchObject({ level: 1, top_level: 1 });
    const changes = await t.database.db.selectFrom('vip_change').selectAll().where('uid', '=', 9201).execute();
    expect(changes).toEqual([expect.objectContaining({ kind: 'up', from_level: 0, to_level: 1, reason: expect.stringContaining('reached 10000') })]);
    const payouts = await t.database.db.selectFrom('vip_payout').select(['kind', 'period', 'amount', 'entry_id']).where('uid', '=', 9201).execute();
    expect(payouts.map((x) => [x.kind, x.period, Number(x.amount)])).toEqual([['gift', 'L1', 500]]);
    expect(payouts[0].entry_id).not.toBeNull();
    const gift = await t.database.db
      .selectFrom('ledger_entry')
      .select(['delta', 'reason', 'idem_key'])
      .where('uid', '=', 9201)
      .where('reason', '=', 'vip.gift')
      .execute();
    expect(gift.map((g) => [Number(g.delta), g.idem_key])).toEqual([[500, 'vip:gift:L1:9201']]);
    // the same evaluation makes the day's loss rebate claimable for every player who lost ₱5 or more
    const losers = await t.database.db
      .selectFrom('game_player_day')
      .select(['uid', sql<number>`sum(turnover) - sum(wins)`.as('loss')])
      .where(sql<boolean>`day = ${day}::date`)
      .groupBy('uid')
      .having(sql<boolean>`sum(turnover) - sum(wins) >= 500`)
      .execute();
    const claimable = await t.database.db
      .selectFrom('activity_player')
      .select(['uid', 'progress', 'state'])
      .where('activity', '=', 'ladderloserebate')
      .where('period', '=', day)
      .execute();
    expect(claimable.map((x) => [x.uid, Number(x.progress), x.state])).toEqual(losers.map((x) => [x.uid, Number(x.loss), 'claimable']));
    expect(r!.lossRebates).toBe(losers.length);
    expect(claimable.map((x) => x.uid)).toContain(9203);
    // 9202 bet a tenth into exp: below VIP 1 unless the rounds were big; its day is recorded either way
    expect(await t.database.db.selectFrom('vip_day').select('uid').where('day', '=', day).where('uid', '=', 9202).executeTakeFirst()).toBeDefined();
  });

  it('each day once: a second evaluation, and two at the same time, do nothing more', async () => {
    expect(await evaluateVipDay(t.database.db, '2026-11-22', now())).toBeNull();
    const [a, b] = await Promise.all([evaluateVipDay(t.database.db, '2026-11-23', now()), evaluateVipDay(t.database.db, '2026-11-23', now())]);
    expect([a, b].filter((x) => x !== null)).toHaveLength(1);
    const rows = await t.database.db
      .selectFrom('vip_evaluation')
      .select(sql<string>`day::text`.as('day'))
      .execute();
    expect(rows.map((x) => x.day).sort()).toEqual(['2026-11-22', '2026-11-23']);
    expect(await reconcile(t.database.db)).toMatchObject({ differences: [] });
  });

  it('settings: admin only, 400 naming the field, versioned; a short period drops a level that was not kept', async () => {
    const current = (await t.get('/api/activities/newvip/vipconfig', tokens.admin)).body.data.settings;
    expect((await t.post('/api/activities/newvip/vipconfig/update', { settings: current }, tokens.business)).status).toBe(403);
    const bad = await t.post(
      '/api/activities/newvip/vipconfig/update',
      { settings: { ...current, levels: current.levels.map((l: any, i: number) => (i === 1 ? { ...l, upExp: 1 } : l)) } },
      tokens.admin,
    );
    expect(bad.body).toMatchObject({ code: 400, message: 'settings.levels.1.upExp: Must be more than the level before' });
    const saved = await t.post('/api/activities/newvip/vipconfig/update', { settings: { ...current, periodDays: 1 } }, tokens.admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await t.get('/api/activities/newvip/vipconfig/versions', tokens.admin)).body.data.total).toBe(1);
    // the shorter period applies at once: the running one (from the 22nd) ends on the 24th and is
    // kept by the 22nd's exp; the next is the 25th alone, where 9201 does nothing and 9204 pays again
    t.clock.advance(2 * DAY);
    await pay(9204);
    t.clock.advance(DAY);
    const done = await evaluateDueVipDays(t.database.db, now());
    expect(done.map((d) => d.day)).toEqual(['2026-11-24', '2026-11-25']);
    expect(await level(9201)).toBe(0);
    expect(await level(9204)).toBe(1);
    const down = await t.database.db.selectFrom('vip_change').selectAll().where('uid', '=', 9201).where('kind', '=', 'down').execute();
    expect(down).toEqual([expect.objectContaining({ from_level: 1, to_level: 0, reason: expect.stringContaining('< maintain-exp 5000') })]);
    expect(await vip(9201)).toMatchObject({ dropped_from: 1 });
  });

  it('the dashboard and the VIP search: readers, partner scoping, filters', async () => {
    const dash = await t.get('/api/activities/newvip/vipdashboard', tokens.business, {
      from: '2026-11-20T00:00:00.000+08:00',
      to: '2026-11-25T23:59:59.999+08:00',
    });
    expect(dash.status, JSON.stringify(dash.body)).toBe(200);
    expect(dash.body.data.totals).toMatchObject({ ups: 2, downs: 1, maintains: 3 });
    expect(dash.body.data.days.find((d: { day: string }) => d.day === '2026-11-22')).toMatchObject({ ups: 2, gift: 1_000 });
    const changes = await t.get('/api/activities/newvip/vipdashboard/changes', tokens.service, { kind: 'down' });
    expect(changes.body.data.items.map((c: { uid: number }) => c.uid)).toEqual([9201]);
    for (const who of ['service', 'serviceleader', 'business']) {
      const res = await t.get('/api/vipmanager/vipdashboard', tokens[who]);
      expect(res.status, who).toBe(200);
      expect(res.body.data.items.map((r: { uid: number }) => r.uid)).toContain(9204);
    }
    const mine = await t.get('/api/vipmanager/vipdashboard', tokens.partner);
    expect(mine.body.data.items.map((r: { uid: number }) => r.uid)).toEqual([9204]);
    expect((await t.get('/api/vipmanager/vipdashboard', tokens.business, { minLevel: '1' })).body.data.items.map((r: { uid: number }) => r.uid)).toEqual([
      9204,
    ]);
    expect((await t.get('/api/vipmanager/vipdashboard', tokens.business, { level: 'x' })).body.message).toMatch(/^level: /);
    expect((await t.get('/api/vipmanager/vipdashboard', tokens.sales)).status).toBe(403);
    expect((await t.get('/api/vipmanager/vipdashboard/levels', tokens.service)).body.data.levels).toHaveLength(8);
  });
});
