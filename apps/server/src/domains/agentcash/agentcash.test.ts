/**
 * Agent cash-outs end to end: the platform request and its hold on the agent's commission
 * account, the review's state machine (the players' steps) with its 409s, holds returned
 * exactly once, auto-approval, the cheat record, active invitees, settings per partner,
 * partner scoping of every operation, figures. Both databases.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { addChannel } from '../cashout/fixtures';
import { abbreviate } from '../cashout/orders';
import { simulatedGcash } from '../cashout/providers';
import { reconcile } from '../ledger/reconcile';
import { scopedAccount } from '../players/fixtures';
import { addAgent, agentRequest, commission } from './fixtures';

describe.each(databases())('agent cash-outs on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  beforeEach(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    simulatedGcash.script({});
    await addChannel(t.database.db, { channel: 'gcash', min: 100, max: 100_000_000_00, feePercent: 0 });
    await addAgent(t.database.db, { uid: 5001, commission: 5_000_000 });
    await addAgent(t.database.db, { uid: 6001, partner: 1, commission: 3_000_000 });
    await addAgent(t.database.db, { uid: 7001, partner: 2, commission: 3_000_000 });
  });
  afterEach(async () => {
    await t.close();
  });

  const clean = async () => {
    const r = await reconcile(t.database.db);
    expect(r.differences).toEqual([]);
  };
  const ask = async (uid: number, amount: number, requestId?: string) => {
    const res = await p.post('/api/platform/agentcash/orders', agentRequest({ uid, amount, requestId }));
    return res;
  };
  const token = async (username: string) => {
    const tk = await t.loginAs(username);
    expect((await t.post('/api/agentcash/reauth', { password: 'demo123456' }, tk)).status).toBe(200);
    return tk;
  };
  const entries = (orderId: string) =>
    t.database.db.selectFrom('account_entry').select(['reason', 'delta', 'idem_key']).where('ref', '=', orderId).orderBy('id').execute();

  it('holds amount + fee at once; at or under the auto-approve amount it is paid at once; requestId idempotent; GET shows it', async () => {
    const small = await ask(5001, 50_000, 'r-1');
    // default settings: fee 1 %, auto-approve up to ₱1,000
    expect(small.body).toEqual({ code: 200, data: { orderId: expect.stringMatching(/^[0-9a-f]{32}$/), status: 'succeed', fee: 500 } });
    expect(await commission(t.database.db, 5001)).toBe(5_000_000 - 50_500);
    expect((await ask(5001, 50_000, 'r-1')).body.data.orderId).toBe(small.body.data.orderId);
    expect((await ask(5001, 60_000, 'r-1')).status).toBe(409);
    const big = await ask(5001, 200_000);
    expect(big.body.data).toMatchObject({ status: 'not_reviewed', fee: 2_000 });
    expect(await commission(t.database.db, 5001)).toBe(5_000_000 - 50_500 - 202_000);
    const status = await p.get('/api/platform/agentcash/orders', `orderId=${big.body.data.orderId}`);
    expect(status.body.data).toEqual({ orderId: big.body.data.orderId, status: 'not_reviewed', amount: 200_000, fee: 2_000 });
    expect((await entries(small.body.data.orderId)).map((e) => `${e.reason}:${e.delta}`)).toEqual([
      'agentcash.hold:-50000',
      'agentcash.hold:50000',
      'agentcash.fee:-500',
      'agentcash.fee:500',
      'agentcash.paid:-50000',
      'agentcash.paid:50000',
    ]);
    await clean();
  });

  it('refuses outside the range, over the day count and amount, without enough active invitees, short, unknown; nothing held', async () => {
    await addAgent(t.database.db, { uid: 5002, commission: 1_000_000, withdrawable: false, activeInvitees: 2 });
    expect((await ask(5001, 9_999)).body.message).toContain('outside the agent cash-out range 10000–10000000');
    expect((await ask(5001, 10_000_001)).status).toBe(409);
    const weak = await ask(5002, 20_000);
    expect(weak.body).toEqual({ code: 409, message: 'Agent 5002 cannot withdraw: 2 active invitees in the last settled week, at least 5 needed' });
    expect(await commission(t.database.db, 5002)).toBe(1_000_000);
    expect((await ask(5001, 600_000)).status).toBe(200);
    expect((await ask(5001, 600_000)).status).toBe(200);
    expect((await ask(5001, 600_000)).status).toBe(200);
    expect((await ask(5001, 20_000)).body.message).toBe('Agent 5001 reached 3 cash-outs today');
    await addAgent(t.database.db, { uid: 5003, commission: 100_000 });
    expect((await ask(5003, 200_000)).body).toEqual({ code: 409, message: 'Insufficient balance' });
    expect((await ask(999_999, 20_000)).status).toBe(404);
    const bad = await p.post('/api/platform/agentcash/orders', { ...agentRequest({ uid: 5001, amount: 20_000 }), amount: '20000' });
    expect(bad.body).toMatchObject({ code: 400, message: expect.stringContaining('amount') });
    await clean();
  });

  it('the review: claim, approve with re-authentication, four eyes above the amount, every other transition a 409 naming the order', async () => {
    const { orderId } = (await ask(5001, 2_000_000)).body.data; // above ₱10,000: two approvers
    const business = await t.loginAs('business');
    expect((await t.post('/api/agentcash/approve', { orderId }, business)).status).toBe(403); // no re-authentication yet
    await t.post('/api/agentcash/reauth', { password: 'demo123456' }, business);
    const claimed = await t.post('/api/agentcash/claim', { orderId }, business);
    expect(claimed.body.data.order).toMatchObject({ status: 'in_review', claimedBy: 'business', needsTwo: true, name: 'agent5001' });
    expect((await t.post('/api/agentcash/claim', { orderId }, business)).body).toEqual({
      code: 409,
      message: `Order ${abbreviate(orderId)} is in review (claimed by business): you claimed it already`,
    });
    const first = await t.post('/api/agentcash/approve', { orderId }, business);
    expect(first.body.data.order).toMatchObject({ status: 'in_review', approvedBy: 'business' });
    expect((await t.post('/api/agentcash/approve', { orderId }, business)).body.message).toContain('needs a second reviewer: you approved it already');
    const sec = await token('secadmin');
    const second = await t.post('/api/agentcash/approve', { orderId }, sec);
    expect(second.body.data.order).toMatchObject({ status: 'succeed', secondApprovedBy: 'secadmin' });
    for (const [url, body] of [
      ['claim', {}],
      ['release', {}],
      ['approve', {}],
      ['deny', { reason: 'x' }],
      ['resolve', { outcome: 'fail', reason: 'x' }],
    ] as const) {
      const res = await t.post(`/api/agentcash/${url}`, { orderId, ...body }, sec);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(new RegExp(`^Order ${abbreviate(orderId)} is already paid out`));
    }
    const logs = await t.database.db
      .selectFrom('operation_log')
      .select(['operation', 'result'])
      .where('target', '=', `agentcash:${orderId}`)
      .orderBy('id')
      .execute();
    expect(logs.slice(0, 4).map((l) => `${l.operation}:${l.result}`)).toEqual([
      'agentcash.claim:ok',
      'agentcash.claim:failed',
      'agentcash.approve:ok',
      'agentcash.approve:failed',
    ]);
    await clean();
  });

  it('a denial and a failed payout return amount + fee exactly once; an undetermined payout set by hand', async () => {
    const denied = (await ask(5001, 300_000)).body.data.orderId;
    const business = await token('business');
    expect((await t.post('/api/agentcash/deny', { orderId: denied, reason: 'documents missing' }, business)).body.data.order.status).toBe('denied');
    expect((await t.post('/api/agentcash/deny', { orderId: denied, reason: 'again' }, business)).status).toBe(409);
    expect(await commission(t.database.db, 5001)).toBe(5_000_000);
    const failing = (await ask(5001, 300_000)).body.data.orderId;
    simulatedGcash.script({ byOrder: { [failing]: 'failure' } });
    expect((await t.post('/api/agentcash/approve', { orderId: failing }, business)).body.data.order.status).toBe('fail');
    expect(await commission(t.database.db, 5001)).toBe(5_000_000);
    expect((await entries(failing)).filter((e) => e.reason === 'agentcash.refund')).toHaveLength(4);
    const unknown = (await ask(5001, 300_000)).body.data.orderId;
    simulatedGcash.script({ byOrder: { [unknown]: 'timeout' }, lateAfterTimeout: null });
    expect((await t.post('/api/agentcash/approve', { orderId: unknown }, business)).body.data.order.status).toBe('undetermined');
    expect(
      (await t.post('/api/agentcash/resolve', { orderId: unknown, outcome: 'fail', reason: 'statement shows nothing' }, business)).body.data.order.status,
    ).toBe('fail');
    expect((await t.post('/api/agentcash/resolve', { orderId: unknown, outcome: 'success', reason: 'x' }, business)).status).toBe(409);
    expect(await commission(t.database.db, 5001)).toBe(5_000_000);
    await clean();
  });

  it('two reviewers racing: one claim wins, one approval pays once, one denial returns once', async () => {
    const [a, b] = await Promise.all([token('business'), token('secadmin')]);
    const { orderId } = (await ask(5001, 300_000)).body.data;
    const claims = await Promise.all([t.post('/api/agentcash/claim', { orderId }, a), t.post('/api/agentcash/claim', { orderId }, b)]);
    expect(claims.map((c) => c.status).sort()).toEqual([200, 409]);
    const second = (await ask(5001, 300_000)).body.data.orderId;
    const races = await Promise.all([
      t.post('/api/agentcash/approve', { orderId: second }, a),
      t.post('/api/agentcash/deny', { orderId: second, reason: 'no' }, b),
      t.post('/api/agentcash/approve', { orderId: second }, b),
      t.post('/api/agentcash/deny', { orderId: second, reason: 'no' }, a),
    ]);
    expect(races.filter((r) => r.status === 200)).toHaveLength(1);
    const refunds = (await entries(second)).filter((e) => e.reason === 'agentcash.refund');
    const paid = (await entries(second)).filter((e) => e.reason === 'agentcash.paid');
    // either denied (amount and fee back: 2 moves, 4 entries) or paid (1 move, 2 entries), never both
    expect([`${refunds.length}/${paid.length}`]).toContain(refunds.length ? '4/0' : '0/2');
    expect(refunds.length === 0 || paid.length === 0).toBe(true);
    await clean();
  });

  it('no payout while a cheat record is open: no auto-approval, approval refused', async () => {
    await t.database.db
      .insertInto('cheat_flag')
      .values({ uid: 5001, partner: 0, reason: 'collusion', flagged_by: 'secadmin', flagged_at: new Date(t.clock.now) })
      .execute();
    const small = await ask(5001, 20_000);
    expect(small.body.data.status).toBe('not_reviewed');
    const business = await token('business');
    const refused = await t.post('/api/agentcash/approve', { orderId: small.body.data.orderId }, business);
    expect(refused.body).toEqual({
      code: 409,
      message: `Order ${abbreviate(small.body.data.orderId)} is not reviewed yet: agent 5001 has an open cheat record: no payout while it is open`,
    });
    await t.database.db.deleteFrom('cheat_flag').where('uid', '=', 5001).execute();
    expect((await t.post('/api/agentcash/approve', { orderId: small.body.data.orderId }, business)).body.data.order.status).toBe('succeed');
  });

  it('settings per partner, versioned; a partner account reads and saves only its own; bad bodies 400 naming the field', async () => {
    const business = await t.loginAs('business');
    const partner = await t.loginAs('partner');
    const config = {
      minAmount: 20_000,
      maxAmount: 500_000,
      dailyMaxAmount: 1_000_000,
      dailyCount: 2,
      feePercent: 2.5,
      autoApproveAmount: 0,
      fourEyesAmount: 300_000,
    };
    expect((await t.post('/api/agentcash/config/save', { partner: 1, config }, partner)).status).toBe(200);
    expect((await t.post('/api/agentcash/config/save', { partner: 2, config }, partner)).status).toBe(403);
    expect((await t.get('/api/agentcash/config', partner, { partner: '2' })).body.data).toMatchObject({ partner: 1, source: 'partner', config });
    expect((await t.get('/api/agentcash/config', business, { partner: '2' })).body.data).toMatchObject({ partner: 2, source: 'default' });
    const bad = await t.post('/api/agentcash/config/save', { partner: 0, config: { ...config, maxAmount: 10 } }, business);
    expect(bad.body).toMatchObject({ code: 400, message: expect.stringContaining('maxAmount') });
    // partner 1's agent now follows partner 1's settings: 2.5 % fee, no auto-approval
    expect((await ask(6001, 20_000)).body.data).toMatchObject({ status: 'not_reviewed', fee: 500 });
    const versions = await t.get('/api/agentcash/config/versions', partner);
    expect(versions.body.data.items).toHaveLength(1);
    expect((await t.get('/api/agentcash/config/versions', business)).body.data.items).toHaveLength(1);
  });

  it("partner scoping of every operation: a partner account sees and moves only its partner's agents", async () => {
    const own = (await ask(6001, 300_000)).body.data.orderId;
    const other = (await ask(7001, 300_000)).body.data.orderId;
    const partner = await token('partner');
    const list = await t.get('/api/agentcash/orders', partner);
    expect(list.body.data.items.map((i: { orderId: string }) => i.orderId)).toEqual([own]);
    for (const url of ['claim', 'approve', 'release']) expect((await t.post(`/api/agentcash/${url}`, { orderId: other }, partner)).status).toBe(404);
    expect((await t.post('/api/agentcash/deny', { orderId: other, reason: 'x' }, partner)).status).toBe(404);
    expect((await t.post('/api/agentcash/resolve', { orderId: other, outcome: 'fail', reason: 'x' }, partner)).status).toBe(404);
    expect((await t.get('/api/agentcash/context', partner, { orderId: other })).status).toBe(404);
    expect((await t.post('/api/agentcash/approve/batch', { orderIds: [other] }, partner)).body.data.results[0].code).toBe(404);
    expect((await t.get('/api/agentcash/summary', partner)).body.data.counts.not_reviewed).toBe(1);
    for (const screen of ['date', 'user']) {
      const res = await t.get(`/api/agentcash/figures/${screen}`, partner);
      expect(res.body).toMatchObject({ code: 200 });
      const rows = res.body.data.items as { requests: number; uid?: number }[];
      expect(rows.reduce((s, r) => s + r.requests, 0)).toBe(1);
    }
    const month = (await t.get('/api/agentcash/figures/month', partner, { year: '2026' })).body.data.items as { requests: number }[];
    expect(month.reduce((s, r) => s + r.requests, 0)).toBe(1);
    expect((await t.get('/api/agentcash/context', partner, { orderId: own })).body.data).toMatchObject({
      balance: 3_000_000 - 303_000,
      held: 303_000,
      cheatRecordOpen: false,
    });
    expect((await t.post('/api/agentcash/approve', { orderId: own }, partner)).body.data.order.status).toBe('succeed');
    // roles: service has no /agentcash
    expect((await t.get('/api/agentcash/orders', await t.loginAs('service'))).status).toBe(403);
    const scoped = await scopedAccount(t, await t.loginAs('admin'), ['business']);
    expect((await t.get('/api/agentcash/orders', scoped)).body.data.items).toHaveLength(1);
    await clean();
  });
});
