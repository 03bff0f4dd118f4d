/**
 * Agent cooperation reports and the extra rebate on each database: the roll-ups from the other
 * issues' day roll-ups (game_player_day, report_payer_day, registrations), cooperData by day and
 * by agent, shareData, agentgamelogs, inviteeData (shared device), cooperSearch (the chain to the
 * agent); an extra rebate config (§5 refusals named, versions, stale version 409), its settlement
 * after the agents' week closes (cap, budget pro rata, paid once even when two connections run
 * it at once, into the agent account with reason agent.extra_rebate); partner scoping of every
 * operation; the operation log.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { settleExtraRebates, EXTRA_REBATE_REASON } from './extra-rebate';
import { backgroundRefresh, refreshAgentReports, REFRESH_SECONDS } from './refresh';

const DAY = 86_400_000;
const A = 9001; // agent of partner 1: T1 9002..9006 (9006 shares A's device), T2 9007 (via 9002)
const C = 9201; // agent of partner 1: T1 9202..9204
const B = 9101; // agent of partner 2: T1 9102, 9103
const GAME_DAY = { rounds: 0, flagged: 0, bets: 0, players: 0, turnover: 0, wins: 0, fees: 0, jackpot: 0 };
const ACTIVITY_DAYS = ['2026-11-23', '2026-11-24', '2026-11-25'];

describe.each(databases())('agent reports on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  const tokens: Record<string, string> = {};
  const get = async (url: string, who = 'business', query: Record<string, string> = {}) => {
    const res = await t.get(url, tokens[who], query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const ROLES_USED = ['business', 'partner', 'service', 'secadmin', 'sales', 'admin', 'maint'];
  /** Moves the clock (days pass: the sessions expire, so sign in again). */
  const advance = async (ms: number) => {
    t.clock.advance(ms);
    for (const who of ROLES_USED) tokens[who] = await t.loginAs(who);
  };
  const range = { from: '2026-11-16T00:00:00.000+08:00', to: '2026-11-30T23:59:59.999+08:00' };

  beforeAll(async () => {
    // the extra rebate is settled by hand here: the server's job (5 s after start) would race it
    t = await testApp(kind, {}, { background: false });
    const db = t.database.db;
    await db
      .insertInto('partner')
      .values([
        { id: 1, name: 'Demo Partner' },
        { id: 2, name: 'Second' },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    // §6: accounts without a partner value lose /agentcooperation and /partnermanager; these staff
    // accounts carry one (not the partner role: they still see every partner)
    await db.updateTable('console_account').set({ partner: 1 }).where('username', 'in', ['business', 'service', 'secadmin', 'sales', 'maint']).execute();
    p = await platformClient(t);
    const at = new Date(t.clock.now - 2 * DAY).toISOString();
    const reg = async (uid: number, partner: number, inviterUid?: number, deviceId = `d-${uid}`) => {
      const r = await p.event(
        'player.registered',
        {
          uid,
          name: `P${uid}`,
          ip: `10.1.${Math.floor(uid / 100) % 100}.${uid % 100}`,
          deviceId,
          package: 'com.demo',
          partner,
          ...(inviterUid ? { inviterUid } : {}),
        },
        { at },
      );
      expect(r.status, JSON.stringify(r)).toBe('applied');
    };
    await reg(A, 1);
    await reg(C, 1);
    await reg(B, 2);
    for (const uid of [9002, 9003, 9004, 9005]) await reg(uid, 1, A);
    await reg(9006, 1, A, `d-${A}`);
    await reg(9007, 1, 9002);
    for (const uid of [9202, 9203, 9204]) await reg(uid, 1, C);
    for (const uid of [9102, 9103]) await reg(uid, 2, B);
    const now = new Date(t.clock.now);
    for (const [uid, partner, name] of [
      [A, 1, 'Agent A'],
      [C, 1, 'Agent C'],
      [B, 2, 'Agent B'],
    ] as const) {
      await db.insertInto('agent').values({ uid, partner, name, created_at: now, created_by: 'business', updated_at: now }).execute();
      await db
        .insertInto('agent_rate')
        .values({ agent: uid, effective_at: new Date(t.clock.now - 30 * DAY), rate: 3000, t1: 2000, t2: 500, created_by: 'business', created_at: now })
        .execute();
    }
    // play: each T1 invitee of A 100,000 rake a day (300,000 over 3 days), 9006 too (shared: no extra rebate), 9007 (T2) 40,000 a day;
    // C's invitees 200,000 a day; B's 50,000 a day; recharges ₱500 a day for 9002
    const plays: [number, number, number][] = [
      ...[9002, 9003, 9004, 9005, 9006].map((uid) => [uid, 1, 100_000] as [number, number, number]),
      [9007, 1, 40_000],
      ...[9202, 9203, 9204].map((uid) => [uid, 1, 200_000] as [number, number, number]),
      [9102, 2, 50_000],
      [9103, 2, 50_000],
    ];
    for (const day of ACTIVITY_DAYS) {
      await db
        .insertInto('game_day')
        .values([
          { ...GAME_DAY, day, game: 'tongits', partner: 1, slot: 0 },
          { ...GAME_DAY, day, game: 'tongits', partner: 2, slot: 0 },
        ])
        .execute();
      await db
        .insertInto('game_player_day')
        .values(
          plays.map(([uid, partner, fee]) => ({
            game: 'tongits',
            day,
            uid,
            partner,
            rounds: 10,
            bets: 10,
            turnover: fee * 20,
            wins: fee * 19,
            fees: fee,
            jackpot: 0,
          })),
        )
        .execute();
      await db.insertInto('report_payer_day').values({ day, uid: 9002, channel: 'gcash', os: 'android', partner: 1, orders: 1, amount: 50_000 }).execute();
    }
    for (const who of ROLES_USED) tokens[who] = await t.loginAs(who);
  });
  afterAll(async () => {
    await backgroundRefresh();
    await t?.close();
  });

  it("rolls up the days and answers cooperData by day and by agent (rates' estimate), partner scoped", async () => {
    const refreshed = await refreshAgentReports(t.database.db, new Date(t.clock.now + 5 * DAY), { force: true });
    expect(refreshed.skipped).toBe(false);
    await advance(4 * DAY); // 2026-11-26 18:00 GMT+8
    const all = await get('/api/agentcooperation/cooperData', 'business', range);
    // T1 rake: A 5 × 300,000, C 3 × 600,000, B 2 × 150,000; T2: A 120,000 (9007 via 9002)
    expect(all.totals).toMatchObject({ agents: 3, recharge: 150_000, rake: 1_500_000 + 1_800_000 + 300_000 + 120_000 });
    expect(all.totals.rebateT1).toBe((1_500_000 + 1_800_000 + 300_000) * 0.2);
    expect(all.totals.rebateT2).toBe(120_000 * 0.05);
    expect(all.days.find((d: any) => d.day === '2026-11-23')).toMatchObject({ activeInvitees: 10, rakeT1: 1_200_000 });
    const mine = await get('/api/agentcooperation/cooperData', 'partner', range);
    expect(mine.totals).toMatchObject({ agents: 2, rake: 1_500_000 + 1_800_000 + 120_000 });
    const agents = await get('/api/agentcooperation/cooperData/agents', 'partner', range);
    expect(agents.items.map((i: any) => i.agent).sort()).toEqual([A, C]);
    expect(agents.items.find((i: any) => i.agent === A)).toMatchObject({
      rakeT1: 1_500_000,
      rakeT2: 120_000,
      recharge: 150_000,
      rebateT1: 300_000,
      rebateT2: 6_000,
    });
    const other = await get('/api/agentcooperation/cooperData', 'partner', { ...range, agent: String(B) });
    expect(other.totals.agents).toBe(0);
  });

  it('shareData by week and month, agentgamelogs paged and scoped', async () => {
    const weeks = await get('/api/agentcooperation/shareData', 'business', { ...range, period: 'week' });
    // the week of the registrations (new invitees, 2026-11-20) and the week of the play
    expect(weeks.items.map((i: any) => i.period)).toEqual(['2026-11-23', '2026-11-16']);
    expect(weeks.items[0]).toMatchObject({ agents: 3, rakeT1: 3_600_000, newInvitees: 0 });
    expect(weeks.items[1]).toMatchObject({ newInvitees: 10, rakeT1: 0 });
    const logs = await get('/api/partnermanager/agentgamelogs', 'partner', { ...range, pageSize: '2' });
    expect(logs.total).toBe(6); // 2 agents × 3 days
    expect(logs.items).toHaveLength(2);
    expect(logs.items[0]).toMatchObject({ day: '2026-11-25' });
    const a = await get('/api/partnermanager/agentgamelogs', 'business', { ...range, agent: String(A) });
    expect(a.items[0]).toMatchObject({ agent: A, players: 6, rounds: 60, rake: 540_000 });
    expect((await get('/api/partnermanager/agentgamelogs', 'partner', { ...range, agent: String(B) })).total).toBe(0);
    const csv = await t.app.inject({ method: 'GET', url: `/api/partnermanager/agentgamelogs/export?agent=${A}`, headers: { 'x-token': tokens.business } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(String(A));
    // sales may read the cooperation screens but not the partner manager's
    expect((await t.get('/api/partnermanager/agentgamelogs', tokens.sales)).status).toBe(403);
    expect((await t.get('/api/agentcooperation/cooperData', tokens.maint)).status).toBe(403);
  });

  it('inviteeData lists T1 and T2 invitees with a shared device; cooperSearch walks up to the agent', async () => {
    const inv = await get('/api/agentcooperation/inviteeData', 'partner', { ...range, agent: String(A), pageSize: '50' });
    expect(inv.total).toBe(6);
    expect(inv.items.find((i: any) => i.uid === 9006)).toMatchObject({ tier: 1, sharesDevice: true, active: true, rake: 300_000 });
    expect(inv.items.find((i: any) => i.uid === 9007)).toMatchObject({ tier: 2, via: 9002, sharesDevice: false });
    expect(inv.items.find((i: any) => i.uid === 9002)).toMatchObject({ recharge: 150_000, activeDays: 3 });
    expect((await get('/api/agentcooperation/inviteeData', 'partner', { ...range, agent: String(B) })).total).toBe(0);
    expect((await get('/api/agentcooperation/inviteeData', 'business', { ...range, agent: String(B) })).total).toBe(2);
    const chain = await get('/api/agentcooperation/cooperSearch', 'service', { uid: '9007' });
    expect(chain.items.map((i: any) => [i.level, i.uid, i.relation])).toEqual([
      [-2, A, 'agentT2'],
      [-1, 9002, 'inviter'],
      [0, 9007, 'player'],
    ]);
    const agentView = await get('/api/agentcooperation/cooperSearch', 'service', { uid: String(A) });
    expect(agentView.items.filter((i: any) => i.level === 1)).toHaveLength(5);
    expect((await get('/api/agentcooperation/cooperSearch', 'partner', { uid: '9102' })).total).toBe(0);
    const bad = await t.get('/api/agentcooperation/cooperSearch', tokens.service, { uid: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('uid');
  });

  describe('extra rebate', () => {
    const tiers = [
      { t1Rake: 1_000_000, activeInvitees: 3, rateBp: 200 },
      { t1Rake: 1_500_000, activeInvitees: 3, rateBp: 300 },
    ];
    const body = { name: 'November push', windowFrom: '2026-11-27', windowTo: '2026-12-03', tiers, agentCap: 40_000, budget: 60_000 };
    let config: any;

    it('refuses bad configs naming the field, and a partner cannot configure another partner', async () => {
      const refusals: [Record<string, unknown>, string][] = [
        [{ windowTo: '2026-11-26' }, 'windowTo'],
        [{ tiers: [tiers[1], tiers[0]] }, 'tiers.1'],
        [{ tiers: [{ ...tiers[0], rateBp: 9000 }] }, 'tiers.0.rateBp'],
        [{ agentCap: 70_000 }, 'agentCap'],
        [{ windowFrom: '2026-11-01', windowTo: '2026-11-10' }, 'windowFrom'],
        [{ windowFrom: '2026-02-30' }, 'windowFrom'],
      ];
      for (const [change, field] of refusals) {
        const res = await t.post('/api/agentcooperation/extrarebateconfigs/create', { ...body, partner: 1, ...change }, tokens.business);
        expect(res.status, JSON.stringify(change)).toBe(400);
        expect(res.body.message).toContain(field);
      }
      expect((await t.post('/api/agentcooperation/extrarebateconfigs/create', body, tokens.business)).body.message).toContain('partner');
      expect((await t.post('/api/agentcooperation/extrarebateconfigs/create', { ...body, partner: 2 }, tokens.partner)).status).toBe(403);
      expect((await t.post('/api/agentcooperation/extrarebateconfigs/create', { ...body, partner: 1 }, tokens.service)).status).toBe(403);
      const stored = await t.database.db.selectFrom('extra_rebate_config').select('id').execute();
      expect(stored).toHaveLength(0);
    });

    it('creates, updates with the version it read (stale: 409), keeps versions, scoped', async () => {
      const created = await t.post('/api/agentcooperation/extrarebateconfigs/create', body, tokens.partner);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      config = created.body.data;
      expect(config).toMatchObject({ partner: 1, status: 'open', version: 1 });
      const other = await t.post('/api/agentcooperation/extrarebateconfigs/create', { ...body, name: 'P2 push', partner: 2 }, tokens.business);
      expect(other.status).toBe(200);
      const upd = await t.post('/api/agentcooperation/extrarebateconfigs/update', { ...body, id: config.id, version: 1, budget: 50_000 }, tokens.partner);
      expect(upd.status, JSON.stringify(upd.body)).toBe(200);
      expect(upd.body.data).toMatchObject({ version: 2, budget: 50_000 });
      const stale = await t.post('/api/agentcooperation/extrarebateconfigs/update', { ...body, id: config.id, version: 1 }, tokens.business);
      expect(stale.status).toBe(409);
      expect((await t.post('/api/agentcooperation/extrarebateconfigs/update', { ...body, id: other.body.data.id, version: 1 }, tokens.partner)).status).toBe(
        404,
      );
      expect((await t.post('/api/agentcooperation/extrarebateconfigs/cancel', { id: other.body.data.id, version: 1 }, tokens.partner)).status).toBe(404);
      const list = await get('/api/agentcooperation/extrarebateconfigs', 'partner');
      expect(list.items.map((i: any) => i.id)).toEqual([config.id]);
      const versions = await get('/api/agentcooperation/extrarebateconfigs/versions', 'partner', { key: String(config.id) });
      expect(versions.items.map((v: any) => v.action)).toEqual(['update', 'create']);
      expect((await get('/api/agentcooperation/extrarebateconfigs/versions', 'partner', { key: String(other.body.data.id) })).total).toBe(0);
      // restore version 1 (budget 60,000) as version 3
      const restored = await t.post('/api/agentcooperation/extrarebateconfigs/versions/restore', { id: versions.items[1].id }, tokens.partner);
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      expect(restored.body.data).toMatchObject({ version: 3, budget: 60_000 });
      const log = await t.database.db
        .selectFrom('operation_log')
        .select(['operation', 'username'])
        .where('operation', 'like', 'agentcooperation.extrarebateconfigs.%')
        .execute();
      expect(log.map((l) => l.operation)).toEqual(
        expect.arrayContaining(['agentcooperation.extrarebateconfigs.create', 'agentcooperation.extrarebateconfigs.update']),
      );
      // cancel the partner-2 config: nothing is ever paid for it
      expect((await t.post('/api/agentcooperation/extrarebateconfigs/cancel', { id: other.body.data.id, version: 1 }, tokens.business)).status).toBe(200);
    });

    it('settles after the week closes: highest tier, cap, budget pro rata, once across two connections', async () => {
      const db = t.database.db;
      // the window's play (2 days): A's T1 (4 counted + 9006 shared) 250,000 a day each; C's 3 invitees 350,000 a day each
      for (const day of ['2026-11-28', '2026-11-29']) {
        await db
          .insertInto('game_day')
          .values({ ...GAME_DAY, day, game: 'tongits', partner: 1, slot: 0 })
          .execute();
        await db
          .insertInto('game_player_day')
          .values(
            [9002, 9003, 9004, 9005, 9006, 9202, 9203, 9204].map((uid) => ({
              game: 'tongits',
              day,
              uid,
              partner: 1,
              rounds: 5,
              bets: 5,
              turnover: 1_000_000,
              wins: 900_000,
              fees: uid > 9200 ? 350_000 : 250_000,
              jackpot: 0,
            })),
          )
          .execute();
      }
      await advance(8 * DAY); // 2026-12-04 18:00 GMT+8: the window has ended
      expect((await settleExtraRebates(db, new Date(t.clock.now), 'system:test')).configs).toBe(0); // its week is not closed yet
      await db
        .insertInto('agent_week')
        .values([
          { week: '2026-11-23', starts_at: '2026-11-22T16:00:00Z', ends_at: '2026-11-29T16:00:00Z', status: 'closed', closed_at: new Date(t.clock.now) },
          { week: '2026-11-30', starts_at: '2026-11-29T16:00:00Z', ends_at: '2026-12-06T16:00:00Z', status: 'open' },
        ])
        .execute();
      expect((await settleExtraRebates(db, new Date(t.clock.now), 'system:test')).configs).toBe(0); // nor the week of its last day
      await advance(3 * DAY);
      await db
        .updateTable('agent_week')
        .set({ status: 'closed', closed_at: new Date(t.clock.now) })
        .where('week', '=', '2026-11-30')
        .execute();

      const [one, two] = await Promise.all([
        settleExtraRebates(db, new Date(t.clock.now), 'system:one'),
        settleExtraRebates(db, new Date(t.clock.now), 'system:two'),
      ]);
      expect(one.configs + two.configs).toBe(1);
      // A: 4 × 2 × 250,000 = 2,000,000 (9006 left out) → tier 2, 3% = 60,000 → cap 40,000;
      // C: 3 × 2 × 350,000 = 2,100,000 → 63,000 → cap 40,000; 80,000 > budget 60,000 → 30,000 each
      expect(one.paid + two.paid).toBe(60_000);
      const payouts = await get('/api/agentcooperation/extrarebateconfigs/payouts', 'partner', { config: String(config.id) });
      expect(payouts.items.map((i: any) => [i.agent, i.tier, i.t1Rake, i.active, i.excluded, i.computed, i.amount, i.capped, i.budgetCut]).sort()).toEqual([
        [A, 2, 2_000_000, 4, 1, 60_000, 30_000, true, true],
        [C, 2, 2_100_000, 3, 0, 63_000, 30_000, true, true],
      ]);
      const entries = await db
        .selectFrom('account_entry')
        .select(['owner', 'delta', 'kind'])
        .where('reason', '=', EXTRA_REBATE_REASON)
        .where('kind', '=', 'agent')
        .execute();
      expect(entries.map((e) => [e.owner, Number(e.delta)]).sort()).toEqual([
        [String(A), 30_000],
        [String(C), 30_000],
      ]);
      const again = await settleExtraRebates(db, new Date(t.clock.now), 'system:again');
      expect(again.configs).toBe(0);
      const [row] = await db.selectFrom('extra_rebate_config').select(['status', 'paid', 'agents']).where('id', '=', config.id).execute();
      expect(row).toMatchObject({ status: 'settled', agents: 2 });
      expect(Number(row.paid)).toBe(60_000);
      // a settled config is closed to changes; the analysis weighs its cost against the extra turnover
      expect((await t.post('/api/agentcooperation/extrarebateconfigs/update', { ...body, id: config.id, version: 4 }, tokens.partner)).status).toBe(409);
      await advance((REFRESH_SECONDS + 1) * 1000);
      const analysis = await get('/api/agentcooperation/extrarebateAnalyze', 'partner');
      expect(analysis.items).toHaveLength(1);
      expect(analysis.items[0]).toMatchObject({
        id: config.id,
        cost: 60_000,
        agents: 2,
        turnover: 16_000_000,
        baselineTurnover: 66_000_000,
        extraTurnover: -50_000_000,
      });
      // the 7 days before the window (11-20 … 11-26) hold the earlier play: 5 × 3 × 2,000,000 + 3 × 3 × 4,000,000
      expect(analysis.items[0].costPerExtraTurnover).toBeNull();
      const share = await get('/api/agentcooperation/shareData', 'partner', {
        from: '2026-11-30T00:00:00.000+08:00',
        to: '2026-12-06T23:59:59.999+08:00',
        period: 'week',
      });
      expect(share.items.find((i: any) => i.period === '2026-11-30')?.extraRebate).toBe(60_000);
      expect((await get('/api/agentcooperation/extrarebateAnalyze', 'business', { partner: '2' })).total).toBe(0);
      const staffSettle = await t.post('/api/agentcooperation/extrarebateconfigs/settle', {}, tokens.business);
      expect(staffSettle.body.data).toMatchObject({ configs: 0, paid: 0 });
    });
  });

  it('coindealerlogs shows dealer entries with agents and invitees only, scoped', async () => {
    const db = t.database.db;
    const { ensureAccount, issuanceAccount, moveBetweenAccounts, accountToPlayer } = await import('../ledger/accounts');
    const now = new Date(t.clock.now);
    await db.transaction().execute(async (trx) => {
      const dealer = await ensureAccount(trx, 'dealer', 'dealer-1', 1, 'chip');
      await moveBetweenAccounts(trx, (await issuanceAccount(trx, 'chip')).id, dealer.id, 1_000_000, { reason: 'dealer.stock', actor: 'system:test', at: now });
      for (const uid of [9003, 9007, A]) await accountToPlayer(trx, dealer.id, uid, 10_000, { reason: 'dealer.sold', actor: 'system:test', at: now });
      const dealer2 = await ensureAccount(trx, 'dealer', 'dealer-2', 2, 'chip');
      await moveBetweenAccounts(trx, (await issuanceAccount(trx, 'chip')).id, dealer2.id, 1_000_000, { reason: 'dealer.stock', actor: 'system:test', at: now });
      await accountToPlayer(trx, dealer2.id, 9102, 5_000, { reason: 'dealer.sold', actor: 'system:test', at: now });
    });
    const mine = await get('/api/agentcooperation/coindealerlogs', 'partner');
    expect(mine.items.map((i: any) => [i.uid, i.relation, i.agent, i.amount]).sort()).toEqual(
      [
        [9003, 't1', A, 10_000],
        [9007, 't2', A, 10_000],
        [A, 'agent', A, 10_000],
      ].sort(),
    );
    const all = await get('/api/agentcooperation/coindealerlogs', 'business', { relation: 't1' });
    expect(all.items.map((i: any) => i.uid).sort()).toEqual([9003, 9102]);
  });

  it('a second refresh within the throttle skips; force recomputes the same figures', async () => {
    const db = t.database.db;
    const before = await sql<{ n: string }>`SELECT sum(rake_t1)::text AS n FROM agent_report_day`.execute(db);
    await refreshAgentReports(db, new Date(t.clock.now), { force: true });
    expect((await refreshAgentReports(db, new Date(t.clock.now + 1000))).skipped).toBe(true);
    await refreshAgentReports(db, new Date(t.clock.now), { from: '2026-11-20' });
    const after = await sql<{ n: string }>`SELECT sum(rake_t1)::text AS n FROM agent_report_day`.execute(db);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
