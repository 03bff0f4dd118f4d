/**
 * /agentmanager switched on (CONSOLE_OPTIONAL_MODULES=agentmanager, set before the app and the
 * catalogue load), on both databases: business, secadmin and admin may call it, every other role
 * (partner accounts included) gets 403 before the body; a wholesaler buys stock from its
 * partner's cloud chips, hands it to players of its partner (tier recorded, daily limit, other
 * partner refused), returns it, each movement a ledger entry on both sides, idempotent by
 * requestId, in the operation log; the agent tree pages level by level; one agent's report; the
 * host report computed while open, closed by an explicit action, frozen after.
 */
import { vi } from 'vitest';

vi.hoisted(() => {
  process.env.CONSOLE_OPTIONAL_MODULES = 'agentmanager';
  // the weekly settlement job would settle the weeks this test writes as the settlement does
  process.env.AGENT_SETTLEMENT_JOB = '0';
});

import { ROLES } from '@console/catalog';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient } from '../../test/platform';
import { ensureAccount, issuanceAccount, moveBetweenAccounts } from '../ledger/accounts';

const M = '/api/agentmanager';
const W = `${M}/distribution`;

describe.each(databases())('agentmanager (switched on) on $kind', (database) => {
  let t: TestApp;
  let business: string;
  const db = () => t.database.db;
  const chips = async (uid: number) => Number((await db().selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirstOrThrow()).chip);
  const account = async (kind: string, owner: string) =>
    Number(
      (
        await db()
          .selectFrom('ledger_account')
          .select('balance')
          .where('kind', '=', kind)
          .where('owner', '=', owner)
          .where('currency', '=', 'chip')
          .executeTakeFirst()
      )?.balance ?? 0,
    );

  beforeAll(async () => {
    t = await testApp(database);
    business = await t.loginAs('business');
    const p = await platformClient(t);
    t.clock.advance(-60 * 86_400_000); // players of late September
    // 8201 agent (partner 1): T1 8202, 8205; T2 8203 (invited by 8202); 8204 partner 2; 8206 agent invited by 8201 (a sub-agent)
    await p.register(8201, { partner: 1 });
    await p.register(8202, { partner: 1, inviterUid: 8201 });
    await p.register(8203, { partner: 1, inviterUid: 8202 });
    await p.register(8204, { partner: 2 });
    await p.register(8205, { partner: 1, inviterUid: 8201 });
    await p.register(8206, { partner: 1, inviterUid: 8201 });
    const at = new Date(t.clock.now); // agents since late September
    t.clock.advance(60 * 86_400_000);
    await db()
      .insertInto('agent')
      .values([8201, 8206].map((uid) => ({ uid, partner: 1, name: `Agent ${uid}`, created_at: at, created_by: 'staff:business', updated_at: at })))
      .execute();
    // partner 1's cloud chips
    await db()
      .transaction()
      .execute(async (trx) => {
        const from = await issuanceAccount(trx, 'chip');
        const to = await ensureAccount(trx, 'partner', '1', 1, 'chip');
        await moveBetweenAccounts(trx, from.id, to.id, 500_000, { reason: 'test.cloud', actor: 'system:test', key: 'test-cloud-1', at });
      });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lets business, secadmin and admin in; every other role gets 403 before the body', async () => {
    for (const role of ROLES) {
      const token = await t.loginAs(role);
      const allowed = ['business', 'secadmin', 'admin'].includes(role);
      for (const url of [W, `${M}/distributionlogs`, `${M}/preview`, `${M}/report`, `${M}/hostreport/months`]) {
        expect((await t.get(url, token)).status, `${role} ${url}`).toBe(allowed ? 200 : 403);
      }
      if (!allowed) expect((await t.post(`${W}/stock`, { nonsense: 1 }, token)).status, role).toBe(403);
    }
  });

  it('moves stock through the ledger: buy, hand out (tier, daily limit, partner), return; idempotent by requestId', async () => {
    expect((await t.post(`${W}/create`, { uid: 8202, price: 90, dailyLimit: 0, note: '' }, business)).status).toBe(404); // not an agent
    expect((await t.post(`${W}/create`, { uid: 8201, price: 90, dailyLimit: 50_000, note: 'Cebu north' }, business)).status).toBe(200);
    expect((await t.post(`${W}/create`, { uid: 8201, price: 90, dailyLimit: 50_000, note: '' }, business)).status).toBe(409);
    const stock = (amount: number, requestId: string) => t.post(`${W}/stock`, { uid: 8201, amount, requestId, reason: 'weekly stock' }, business);
    const give = (player: number, amount: number, requestId: string) =>
      t.post(`${W}/distribute`, { uid: 8201, player, amount, requestId, reason: 'sale' }, business);

    const bought = await stock(100_000, 'stock-0001');
    expect(bought.body.data).toMatchObject({ kind: 'stock', amount: 100_000, paid: 90_000, balanceAfter: 100_000 });
    expect(await account('partner', '1')).toBe(400_000);
    expect((await stock(100_000, 'stock-0001')).body.data.id).toBe(bought.body.data.id); // resent: the same movement
    expect(await account('wholesaler', '8201')).toBe(100_000);
    expect((await stock(5, 'stock-0001')).status).toBe(409);
    expect((await stock(10_000_000, 'stock-0002')).body).toMatchObject({ code: 409, message: 'Insufficient balance' });

    const before = await chips(8202);
    expect((await give(8202, 30_000, 'give-00001')).body.data).toMatchObject({ tier: 1, balanceAfter: 70_000 });
    expect(await chips(8202)).toBe(before + 30_000);
    expect((await give(8203, 15_000, 'give-00002')).body.data).toMatchObject({ tier: 2 });
    expect((await give(8203, 10_000, 'give-00003')).body).toMatchObject({ code: 409, message: 'Daily limit 50000 reached (45000 handed out today)' });
    expect((await give(8204, 1_000, 'give-00004')).status).toBe(409); // partner 2's player
    expect((await give(9999, 1_000, 'give-00005')).status).toBe(404);
    expect((await t.post(`${W}/return`, { uid: 8201, amount: 20_000, requestId: 'return-0001', reason: 'unsold' }, business)).body.data).toMatchObject({
      balanceAfter: 35_000,
    });
    expect(await account('partner', '1')).toBe(420_000);

    expect((await t.post(`${W}/status`, { uid: 8201, status: 'frozen', reason: 'audit' }, business)).status).toBe(200);
    expect((await give(8205, 1_000, 'give-00006')).body).toMatchObject({ code: 409, message: 'Wholesaler 8201 is frozen' });
    expect((await t.post(`${W}/status`, { uid: 8201, status: 'active', reason: 'audit done' }, business)).status).toBe(200);

    const list = (await t.get(W, business)).body.data.items;
    expect(list).toEqual([
      expect.objectContaining({
        uid: 8201,
        stock: 35_000,
        today: 45_000,
        stocked: 100_000,
        distributed: 45_000,
        returned: 20_000,
        players: 2,
        status: 'active',
      }),
    ]);
    const logs = (await t.get(`${M}/distributionlogs`, business)).body.data.items;
    expect(logs.map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual([
      ['return', 20_000],
      ['distribute', 15_000],
      ['distribute', 30_000],
      ['stock', 100_000],
    ]);
    expect((await t.get(`${M}/distributionlogs`, business, { kind: 'distribute', uid: '8203' })).body.data.items).toHaveLength(1);
    const ops = await db()
      .selectFrom('operation_log')
      .select(['operation', 'after'])
      .where('target', '=', 'wholesaler:8201')
      .where('result', '=', 'ok')
      .orderBy('id')
      .execute();
    expect(ops.map((o) => o.operation)).toEqual([
      'agentmanager.distribution.create',
      'agentmanager.distribution.stock',
      'agentmanager.distribution.stock',
      'agentmanager.distribution.distribute',
      'agentmanager.distribution.distribute',
      'agentmanager.distribution.return',
      'agentmanager.distribution.status',
      'agentmanager.distribution.status',
    ]);
    // every movement is two entries: the account side and the player's or the other account's
    const entries = await db().selectFrom('account_entry').select('idem_key').where('idem_key', 'like', 'agentmanager:8201:%').execute();
    expect(entries).toHaveLength(3 * 2 - 2 + 2); // stock out/in, return out/in, two hand-outs' account sides
    expect(await db().selectFrom('ledger_entry').select('id').where('idem_key', 'like', 'agentmanager:8201:%').execute()).toHaveLength(2);
  });

  it('pages the agent tree one level at a time', async () => {
    const top = (await t.get(`${M}/preview`, business, { partner: '1' })).body.data;
    expect(top.items.map((n: Record<string, unknown>) => [n.uid, n.invitees, n.t2, n.subAgents, n.wholesaler])).toEqual([
      [8201, 3, 1, 1, true],
      [8206, 0, 0, 0, false],
    ]);
    const first = (await t.get(`${M}/preview/invitees`, business, { uid: '8201', pageSize: '2' })).body.data;
    expect(first.items.map((n: { uid: number }) => n.uid)).toEqual([8202, 8205]);
    const second = (await t.get(`${M}/preview/invitees`, business, { uid: '8201', pageSize: '2', cursor: first.nextCursor })).body.data;
    expect(second).toMatchObject({ items: [{ uid: 8206, agentStatus: 'active', t2: null }], nextCursor: null });
    expect((await t.get(`${M}/preview/invitees`, business, { uid: '8202' })).body.data.items.map((n: { uid: number }) => n.uid)).toEqual([8203]);
    expect((await t.get(`${M}/preview/invitees`, business, { uid: '99999' })).status).toBe(404);
    expect((await t.get(`${M}/preview`, business, { cursor: 'x' })).body.message).toContain('cursor');
  });

  it("reports one agent's weeks and closes a month, whose rows never change after", async () => {
    // a settled October week of 8201 (H3's settlement tables, written as the settlement does: before the week closes)
    const week = '2026-10-12';
    const at = new Date('2026-10-19T00:00:00Z');
    await db().insertInto('agent_week').values({ week, starts_at: '2026-10-11T16:00:00Z', ends_at: '2026-10-18T16:00:00Z' }).execute();
    const run = await db()
      .insertInto('agent_settlement_run')
      .values({ week, status: 'done', claimed_by: 'test', started_at: at, computed_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('agent_rebate')
      .values({
        week,
        agent: 8201,
        partner: 1,
        t1_invitees: 3,
        t2_invitees: 1,
        active_invitees: 2,
        t1_rake: 500_000,
        t1_amount: 100_000,
        t2_rake: 300_000,
        t2_amount: 15_000,
        total: 115_000,
        paid_chips: 115_000,
        currency: 'PHP',
        currency_ratio: 100,
        amount: 115_000,
        status: 'settled',
        run: run.id,
      })
      .execute();
    await db().updateTable('agent_week').set({ status: 'closed', closed_at: at }).where('week', '=', week).execute();

    const report = (await t.get(`${M}/report`, business, { uid: '8201', from: '2026-10-01T00:00:00.000+08:00', to: '2026-10-31T23:59:59.999+08:00' })).body
      .data;
    expect(report.items).toEqual([
      expect.objectContaining({ week, t1Invitees: 3, t1Rake: 500_000, t2Rake: 300_000, rebate: 115_000, paid: 115_000, distributed: 0 }),
    ]);
    expect((await t.get(`${M}/report`, business)).body.data.items).toEqual([]);
    expect((await t.get(`${M}/report`, business, { uid: '8202' })).status).toBe(404);

    const open = (await t.get(`${M}/hostreport`, business, { month: '2026-10' })).body.data.items;
    expect(open).toEqual([
      expect.objectContaining({ agent: 8201, t1Invitees: 3, t2Invitees: 1, newInvitees: 0, t1Rake: 500_000, rebate: 115_000, paid: 115_000, closed: false }),
      expect.objectContaining({ agent: 8206, closed: false }),
    ]);
    expect((await t.post(`${M}/hostreport/close`, { month: '2026-11', note: '' }, business)).body).toMatchObject({
      code: 409,
      message: 'Month 2026-11 is not over yet',
    });
    const secadmin = await t.loginAs('secadmin');
    expect((await t.post(`${M}/hostreport/close`, { month: '2026-10', note: 'October books' }, secadmin)).body.data).toEqual({ month: '2026-10', agents: 2 });
    expect((await t.post(`${M}/hostreport/close`, { month: '2026-10', note: '' }, secadmin)).status).toBe(409);
    const months = (await t.get(`${M}/hostreport/months`, business)).body.data;
    expect(months.find((m: { month: string }) => m.month === '2026-10')).toMatchObject({
      closed: true,
      closedBy: 'secadmin',
      agents: 2,
      note: 'October books',
    });

    // after closing: a new agent appears; the closed month does not change, an open one shows it
    const at2 = new Date(t.clock.now);
    await db()
      .insertInto('agent')
      .values({ uid: 8205, partner: 1, name: 'Agent 8205', created_at: at2, created_by: 'staff:business', updated_at: at2 })
      .execute();
    const closed = (await t.get(`${M}/hostreport`, business, { month: '2026-10' })).body.data.items;
    expect(closed.map((r: { agent: number; closed: boolean; paid: number }) => [r.agent, r.closed, r.paid])).toEqual([
      [8201, true, 115_000],
      [8206, true, 0],
    ]);
    expect((await t.get(`${M}/hostreport`, business, { month: '2026-11' })).body.data.items).toHaveLength(3);
    expect((await t.get(`${M}/hostreport`, business, { month: '2026-09' })).body.data.items).toHaveLength(2);
    await expect(db().updateTable('agentmanager_host_report').set({ paid: 0 }).execute()).rejects.toThrow(/permission/);
    await expect(db().deleteFrom('agentmanager_month').execute()).rejects.toThrow(/permission/);
    const log = await db()
      .selectFrom('operation_log')
      .select(['username', 'after'])
      .where('operation', '=', 'agentmanager.hostreport.close')
      .where('result', '=', 'ok')
      .execute();
    expect(log).toEqual([{ username: 'secadmin', after: { month: '2026-10', agents: 2, rebate: 115_000, paid: 115_000, note: 'October books' } }]);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: [string, unknown, string][] = [
      [`${W}/create`, { uid: 8206, price: 0, dailyLimit: 0, note: '' }, 'price'],
      [`${W}/create`, { uid: 8206, price: 90, dailyLimit: -1, note: '' }, 'dailyLimit'],
      [`${W}/stock`, { uid: 8201, amount: 1.5, requestId: 'stock-0003', reason: 'x' }, 'amount'],
      [`${W}/stock`, { uid: 8201, amount: 10, requestId: 'short', reason: 'x' }, 'requestId'],
      [`${W}/distribute`, { uid: 8201, player: 'x', amount: 10, requestId: 'give-00009', reason: 'x' }, 'player'],
      [`${W}/distribute`, { uid: 8201, player: 8202, amount: 10, requestId: 'give-00009', reason: ' ' }, 'reason'],
      [`${M}/hostreport/close`, { month: '2026-13', note: '' }, 'month'],
    ];
    for (const [url, body, field] of cases) {
      const res = await t.post(url, body, business);
      expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.message).toContain(field);
    }
    expect((await t.get(`${M}/hostreport`, business, { month: '2026-1' })).body.message).toContain('month');
    expect((await t.get(`${M}/hostreport`, business)).body.data.items[0]).toMatchObject({ month: '2026-11', closed: false });
    expect(Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM agentmanager_distribution`.execute(db())).rows[0].n)).toBe(4);
  });
});
