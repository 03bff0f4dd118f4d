/**
 * Cash-out orders end to end through the API: the platform request and its hold, the §4
 * state machine with its 409s, four eyes, re-authentication and its expiry, roles and partner
 * scope, batch steps. Payout outcomes and providers: payout.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { reconcile } from '../ledger/reconcile';
import { addPlayer, scopedAccount } from '../players/fixtures';
import { addChannel, orderRow, requestCashout, reviewerToken, withdrawable } from './fixtures';
import { totpCode } from '../auth/totp';
import { abbreviate } from './orders';
import { simulatedGcash } from './providers';

const FOUR_EYES = 1_000_000;

describe.each(databases())('cash-out orders on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  beforeEach(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    simulatedGcash.script({});
    await addPlayer(t.database.db, { uid: 1001, balances: { withdrawable: 5_000_000 } });
    await addPlayer(t.database.db, { uid: 2001, partner: 1, balances: { withdrawable: 50_000 } });
    await addChannel(t.database.db, { channel: 'gcash', min: 10_000, max: 2_000_000, feePercent: 2.5 });
  });
  afterEach(async () => {
    await t.close();
  });

  const entries = (uid: number) =>
    t.database.db
      .selectFrom('ledger_entry')
      .select(['reason', 'delta', 'idem_key'])
      .where('uid', '=', uid)
      .where('reason', 'like', 'cashout.%')
      .orderBy('id')
      .execute();
  const clean = async () => expect((await reconcile(t.database.db)).differences).toEqual([]);

  it('holds amount + ceil(fee) from withdrawable at once; requestId answers the same order; GET shows it', async () => {
    const body = { requestId: 'r-1', uid: 1001, channel: 'gcash', amount: 10_001, account: '09171234567' };
    const first = await p.post('/api/platform/cashout/orders', body);
    expect(first.status).toBe(200);
    // 10,001 × 2.5 % = 250.025 → 251
    expect(first.body).toEqual({ code: 200, data: { orderId: expect.stringMatching(/^[0-9a-f]{32}$/), status: 'not_reviewed', fee: 251 } });
    expect(await withdrawable(t.database.db, 1001)).toBe(5_000_000 - 10_001 - 251);
    const again = await p.post('/api/platform/cashout/orders', body);
    expect(again.body).toEqual(first.body);
    expect(await withdrawable(t.database.db, 1001)).toBe(5_000_000 - 10_252);
    const other = await p.post('/api/platform/cashout/orders', { ...body, amount: 20_000 });
    expect(other.status).toBe(409);
    expect(other.body.message).toContain('requestId r-1 was used for another order');
    const { orderId } = first.body.data;
    const status = await p.get('/api/platform/cashout/orders', `orderId=${orderId}`);
    expect(status.body).toEqual({ code: 200, data: { orderId, status: 'not_reviewed', amount: 10_001, fee: 251 } });
    expect(await entries(1001)).toEqual([
      { reason: 'cashout.hold', delta: -10_001, idem_key: `cashout:${orderId}:hold` },
      { reason: 'cashout.fee', delta: -251, idem_key: `cashout:${orderId}:fee` },
    ]);
    await clean();
  });

  it('refuses with 409 when short, outside the inclusive range, over the daily count, or the channel not open; nothing written', async () => {
    await addChannel(t.database.db, { channel: 'daily', min: 100, max: 1_000, feePercent: 0, dailyMax: 2, dailyMaxEnabled: true });
    await addChannel(t.database.db, { channel: 'shut', status: 'maintenance' });
    const ask = (channel: string, amount: number, uid = 1001) =>
      p.post('/api/platform/cashout/orders', { requestId: `x-${channel}-${amount}-${Math.random()}`, uid, channel, amount, account: 'A1' });
    expect((await ask('gcash', 9_999)).status).toBe(409);
    expect((await ask('gcash', 2_000_001)).status).toBe(409);
    expect((await ask('gcash', 2_000_000)).status).toBe(200); // max inclusive
    expect((await ask('daily', 100)).status).toBe(200); // min inclusive
    expect((await ask('daily', 1_000)).status).toBe(200);
    const third = await ask('daily', 500);
    expect(third.status).toBe(409);
    expect(third.body.message).toContain("channel daily's 2 cash-outs today");
    expect((await ask('shut', 10_000)).body).toEqual({ code: 409, message: 'Cash-out channel shut is not open (maintenance)' });
    const short = await ask('gcash', 50_000, 2001);
    expect(short.body).toEqual({ code: 409, message: 'Insufficient balance' });
    expect(await withdrawable(t.database.db, 2001)).toBe(50_000);
    expect((await ask('gcash', 10_000, 999_999)).status).toBe(404);
    const bad = await p.post('/api/platform/cashout/orders', { requestId: 'b', uid: 1001, channel: 'gcash', amount: '10000', account: 'A' });
    expect(bad.body).toMatchObject({ code: 400, message: expect.stringContaining('amount') });
    const extra = await p.post('/api/platform/cashout/orders', { requestId: 'b', uid: 1001, channel: 'gcash', amount: 10_000, account: 'A', x: 1 });
    expect(extra.status).toBe(400);
    expect(await t.database.db.selectFrom('cashout_order').select('id').where('request_id', '=', 'b').execute()).toEqual([]);
    await clean();
  });

  it('claim → approve (re-authenticated) → paid: the hold settles, nothing else moves, every step logged', async () => {
    const { orderId } = await requestCashout(p, { uid: 1001, channel: 'gcash', amount: 50_000 });
    const leader = await reviewerToken(t, 'serviceleader');
    const claimed = await t.post('/api/cashout/claim', { orderId }, leader);
    expect(claimed.body.data.order).toMatchObject({ status: 'in_review', claimedBy: 'serviceleader', needsTwo: false });
    const again = await t.post('/api/cashout/claim', { orderId }, leader);
    expect(again.body).toEqual({ code: 409, message: `Order ${abbreviate(orderId)} is in review (claimed by serviceleader): you claimed it already` });
    const approved = await t.post('/api/cashout/approve', { orderId }, leader);
    expect(approved.status).toBe(200);
    expect(approved.body.data.order).toMatchObject({ status: 'succeed', approvedBy: 'serviceleader' });
    expect(simulatedGcash.calls.map((c) => c.orderId)).toEqual([orderId]);
    const row = await orderRow(t.database.db, orderId);
    expect(row).toMatchObject({ status: 'succeed', attempts: 1, provider: 'gcash', provider_ref: expect.stringMatching(/^GCASH-/) });
    expect(await withdrawable(t.database.db, 1001)).toBe(5_000_000 - 50_000 - 1_250);
    expect((await entries(1001)).map((e) => e.reason)).toEqual(['cashout.hold', 'cashout.fee']);
    const late = await t.post('/api/cashout/approve', { orderId }, leader);
    expect(late.body).toEqual({ code: 409, message: `Order ${abbreviate(orderId)} is already paid out` });
    const deny = await t.post('/api/cashout/deny', { orderId, reason: 'too late' }, leader);
    expect(deny.body.message).toBe(`Order ${abbreviate(orderId)} is already paid out`);
    const logs = await t.database.db
      .selectFrom('operation_log')
      .select(['operation', 'result', 'before', 'after'])
      .where('target', '=', `cashout:${orderId}`)
      .orderBy('id')
      .execute();
    expect(logs.map((l) => `${l.operation}:${l.result}`)).toEqual([
      'cashout.claim:ok',
      'cashout.claim:failed',
      'cashout.approve:ok',
      'cashout.approve:failed',
      'cashout.deny:failed',
    ]);
    expect(logs[0]).toMatchObject({ before: { status: 'not_reviewed' }, after: { status: 'in_review', claimedBy: 'serviceleader' } });
    const history = await t.database.db
      .selectFrom('cashout_transition')
      .select(['from_status', 'to_status', 'actor'])
      .where('order_id', '=', Number(row.id))
      .orderBy('id')
      .execute();
    expect(history.map((h) => `${h.from_status}>${h.to_status}`)).toEqual([
      'null>not_reviewed',
      'not_reviewed>in_review',
      'in_review>approved',
      'approved>succeed',
    ]);
    await clean();
  });

  it('approving needs a re-authentication of this session within 5 minutes (password or code); wrong answers are counted', async () => {
    const { orderId } = await requestCashout(p, { uid: 1001, channel: 'gcash', amount: 50_000 });
    const leader = await t.loginAs('serviceleader');
    await t.post('/api/cashout/claim', { orderId }, leader);
    const before = await t.post('/api/cashout/approve', { orderId }, leader);
    expect(before.status).toBe(403);
    expect(before.body.message).toContain('Confirm your password');
    expect((await t.post('/api/cashout/reauth', { password: 'wrong-one' }, leader)).body).toEqual({ code: 400, message: 'The password or code is incorrect' });
    expect((await t.post('/api/cashout/reauth', { code: '123456' }, leader)).status).toBe(400); // no authenticator bound
    expect((await t.post('/api/cashout/reauth', { password: 'demo123456', code: '123456' }, leader)).status).toBe(400);
    expect((await t.post('/api/cashout/reauth', { password: 'demo123456' }, leader)).status).toBe(200);
    t.clock.advance(5 * 60_000 + 1);
    expect((await t.post('/api/cashout/approve', { orderId }, leader)).status).toBe(403);
    expect((await orderRow(t.database.db, orderId)).status).toBe('in_review');
    // another session of the same account is not re-authenticated by this one
    await t.post('/api/cashout/reauth', { password: 'demo123456' }, await t.loginAs('serviceleader'));
    expect((await t.post('/api/cashout/approve', { orderId }, leader)).status).toBe(403);
    await t.post('/api/cashout/reauth', { password: 'demo123456' }, leader);
    t.clock.advance(4 * 60_000);
    expect((await t.post('/api/cashout/approve', { orderId }, leader)).body.data.order.status).toBe('succeed');
    for (let i = 0; i < 5; i += 1) await t.post('/api/cashout/reauth', { password: `nope-${i}` }, leader);
    expect((await t.post('/api/cashout/reauth', { password: 'demo123456' }, leader)).status).toBe(429);
  });

  it('a reviewer with an authenticator may confirm with its current code, once', async () => {
    const sec = await t.loginAs('secadmin');
    const started = await t.get('/api/admin/userinfo/bind2fa', sec);
    const secret = started.body.data.secret as string;
    expect((await t.post('/api/admin/userinfo/bind2fa', { code: totpCode(secret, t.clock.now) }, sec)).status).toBe(200);
    t.clock.advance(30_000);
    const code = totpCode(secret, t.clock.now);
    expect((await t.post('/api/cashout/reauth', { code }, sec)).body).toMatchObject({ code: 200, data: { validUntil: expect.stringContaining('+08:00') } });
    // a code is accepted once
    expect((await t.post('/api/cashout/reauth', { code }, sec)).body).toEqual({ code: 400, message: 'The password or code is incorrect' });
    expect((await t.post('/api/cashout/reauth', { code: '12345' }, sec)).status).toBe(400);
    const log = await t.database.db.selectFrom('operation_log').select(['result', 'message']).where('operation', '=', 'cashout.reauth').orderBy('id').execute();
    expect(log.map((l) => l.result)).toEqual(['ok', 'failed']);
  });

  it('four eyes above the configured amount: a second, different reviewer; nobody approves twice', async () => {
    const { orderId } = await requestCashout(p, { uid: 1001, channel: 'gcash', amount: FOUR_EYES + 1 });
    const small = await requestCashout(p, { uid: 1001, channel: 'gcash', amount: FOUR_EYES });
    const leader = await reviewerToken(t, 'serviceleader');
    const second = await reviewerToken(t, 'secadmin');
    expect((await t.post('/api/cashout/claim', { orderId }, leader)).status).toBe(200);
    // the first approval is its reviewer's
    expect((await t.post('/api/cashout/approve', { orderId }, second)).body.message).toBe(
      `Order ${abbreviate(orderId)} is in review (claimed by serviceleader): only its reviewer gives the first approval`,
    );
    const first = await t.post('/api/cashout/approve', { orderId }, leader);
    expect(first.body.data.order).toMatchObject({ status: 'in_review', approvedBy: 'serviceleader', needsTwo: true });
    expect(simulatedGcash.calls).toEqual([]);
    const twice = await t.post('/api/cashout/approve', { orderId }, leader);
    expect(twice.body).toEqual({ code: 409, message: `Order ${abbreviate(orderId)} needs a second reviewer: you approved it already` });
    const done = await t.post('/api/cashout/approve', { orderId }, second);
    expect(done.body.data.order).toMatchObject({ status: 'succeed', approvedBy: 'serviceleader', secondApprovedBy: 'secadmin' });
    expect(simulatedGcash.calls).toHaveLength(1);
    // exactly the amount: one approval is enough
    expect((await t.post('/api/cashout/approve', { orderId: small.orderId }, leader)).body.data.order).toMatchObject({ status: 'succeed', needsTwo: false });
    await clean();
  });

  it('deny returns hold and fee exactly once; denial from in review by another reviewer is refused', async () => {
    const { orderId, fee } = await requestCashout(p, { uid: 1001, channel: 'gcash', amount: 100_000 });
    const leader = await reviewerToken(t, 'serviceleader');
    const other = await t.loginAs('business');
    await t.post('/api/cashout/claim', { orderId }, leader);
    expect((await t.post('/api/cashout/deny', { orderId, reason: 'not mine' }, other)).status).toBe(409);
    const denied = await t.post('/api/cashout/deny', { orderId, reason: 'Account name does not match' }, leader);
    expect(denied.body.data.order).toMatchObject({ status: 'denied', remarks: 'Account name does not match' });
    expect(await withdrawable(t.database.db, 1001)).toBe(5_000_000);
    expect((await t.post('/api/cashout/deny', { orderId, reason: 'again' }, leader)).body).toEqual({
      code: 409,
      message: `Order ${abbreviate(orderId)} is already denied`,
    });
    expect((await t.post('/api/cashout/approve', { orderId }, leader)).body.message).toBe(`Order ${abbreviate(orderId)} is already denied`);
    expect((await entries(1001)).map((e) => e.delta)).toEqual([-100_000, -fee, 100_000 + fee]);
    expect((await t.post('/api/cashout/deny', { orderId, reason: '' }, leader)).body).toMatchObject({ code: 400, message: expect.stringContaining('reason') });
    await clean();
  });

  it('batch approve and deny: each order its own step; refusals reported per order', async () => {
    const orders = await Promise.all([1, 2, 3].map(() => requestCashout(p, { uid: 1001, channel: 'gcash', amount: 20_000 })));
    const big = await requestCashout(p, { uid: 1001, channel: 'gcash', amount: FOUR_EYES + 5 });
    const leader = await reviewerToken(t, 'serviceleader');
    await t.post('/api/cashout/deny', { orderId: orders[2].orderId, reason: 'dup' }, leader);
    const res = await t.post('/api/cashout/approve/batch', { orderIds: [orders[0].orderId, orders[1].orderId, orders[2].orderId, big.orderId] }, leader);
    expect(res.body.data.results.map((r: { status: string; code: number }) => `${r.status}:${r.code}`)).toEqual([
      'succeed:200',
      'succeed:200',
      'refused:409',
      'in_review:200',
    ]);
    const denied = await t.post(
      '/api/cashout/deny/batch',
      { orderIds: [big.orderId, orders[0].orderId], reason: 'Duplicate request' },
      await t.loginAs('secadmin'),
    );
    expect(denied.body.data.results.map((r: { status: string }) => r.status)).toEqual(['denied', 'refused']);
    expect((await t.post('/api/cashout/deny/batch', { orderIds: [big.orderId, big.orderId], reason: 'x' }, leader)).status).toBe(400);
    await clean();
  });

  it('a claim is released by its reviewer, or by another once 30 minutes old; never after an approval', async () => {
    const { orderId } = await requestCashout(p, { uid: 1001, channel: 'gcash', amount: FOUR_EYES + 1 });
    const leader = await reviewerToken(t, 'serviceleader');
    let other = await t.loginAs('business');
    await t.post('/api/cashout/claim', { orderId }, leader);
    expect((await t.post('/api/cashout/release', { orderId }, other)).body.message).toBe(
      `Order ${abbreviate(orderId)} is in review (claimed by serviceleader): only its reviewer releases it within 30 minutes of the claim`,
    );
    expect((await t.post('/api/cashout/release', { orderId }, leader)).body.data.order).toMatchObject({ status: 'not_reviewed', claimedBy: null });
    await t.post('/api/cashout/claim', { orderId }, leader);
    t.clock.advance(30 * 60_000 + 1);
    other = await t.loginAs('business'); // the idle session ended meanwhile
    expect((await t.post('/api/cashout/release', { orderId }, other)).body.data.order.status).toBe('not_reviewed');
    expect((await t.post('/api/cashout/claim', { orderId }, other)).body.data.order.claimedBy).toBe('business');
    await t.post('/api/cashout/reauth', { password: 'demo123456' }, other);
    expect((await t.post('/api/cashout/approve', { orderId }, other)).body.data.order.status).toBe('in_review');
    expect((await t.post('/api/cashout/release', { orderId }, other)).body.message).toContain('business approved it already: approve or deny it');
    expect((await t.post('/api/cashout/release', { orderId }, other)).status).toBe(409);
  });

  it('roles: only the review roles reach the screen; a partner account sees its partner only', async () => {
    const { orderId } = await requestCashout(p, { uid: 1001, channel: 'gcash', amount: 20_000 });
    const theirs = await requestCashout(p, { uid: 2001, channel: 'gcash', amount: 20_000 });
    for (const role of ['service', 'partner', 'maint', 'sales', 'editor']) {
      const token = await t.loginAs(role);
      expect((await t.post('/api/cashout/claim', { orderId }, token)).status, role).toBe(403);
      expect((await t.get('/api/cashout/orders', token)).status, role).toBe(403);
    }
    const scoped = await scopedAccount(t, await t.loginAs('admin'), ['serviceleader']);
    const list = await t.get('/api/cashout/orders', scoped);
    expect(list.body.data.items.map((i: { orderId: string }) => i.orderId)).toEqual([theirs.orderId]);
    expect((await t.post('/api/cashout/claim', { orderId }, scoped)).status).toBe(404);
    expect((await t.get('/api/cashout/context', scoped, { orderId })).status).toBe(404);
    expect((await t.post('/api/cashout/claim', { orderId: theirs.orderId }, scoped)).status).toBe(200);
  });

  it('lists the queues by status with filters and exports them; the context shows the player', async () => {
    await addPlayer(t.database.db, { uid: 1002, device: 'dev-1001', balances: { withdrawable: 100 } });
    const a = await requestCashout(p, { uid: 1001, channel: 'gcash', amount: 20_000 });
    await requestCashout(p, { uid: 1001, channel: 'gcash', amount: 30_000 });
    const leader = await t.loginAs('serviceleader');
    await t.post('/api/cashout/claim', { orderId: a.orderId }, leader);
    const queue = await t.get('/api/cashout/orders', leader, { status: 'not_reviewed' });
    expect(queue.body.data.items.map((i: { amount: number }) => i.amount)).toEqual([30_000]);
    const ranged = await t.get('/api/cashout/orders', leader, { amountMin: '25000', sort: 'amount', order: 'ascend' });
    expect(ranged.body.data.items).toHaveLength(1);
    expect((await t.get('/api/cashout/orders', leader, { status: 'paid' })).status).toBe(400);
    const summary = await t.get('/api/cashout/summary', leader);
    expect(summary.body.data).toEqual({ counts: { not_reviewed: 1, in_review: 1, approved: 0, undetermined: 0 }, late: 0, fourEyesAmount: FOUR_EYES });
    const csv = await t.app.inject({ method: 'GET', url: '/api/cashout/orders/export', headers: { 'x-token': leader } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n').filter(Boolean)).toHaveLength(3);
    await t.database.db
      .insertInto('recharge_order')
      .values({
        order_id: 'c'.repeat(32),
        app_id: 'demo-app',
        request_id: 'rc-1',
        uid: 1001,
        partner: 0,
        product_id: 'p100',
        channel: 'gcash',
        os: 'android',
        price: 10_000,
        product_chips: 100_000,
        status: 'paid',
        created_at: new Date(t.clock.now),
        paid_at: new Date(t.clock.now),
      } as never)
      .execute();
    const context = await t.get('/api/cashout/context', leader, { orderId: a.orderId });
    expect(context.body.data).toMatchObject({
      order: { orderId: a.orderId, status: 'in_review' },
      player: { uid: 1001 },
      balances: { withdrawable: 5_000_000 - 50_000 - 1_250 },
      risks: [{ kind: 'device', value: 'dev-1001', uids: [1002] }],
      cashouts: [{ amount: 30_000 }],
      recharges: [{ orderId: 'c'.repeat(32), channel: 'gcash', price: 10_000, status: 'paid', paidAt: expect.stringContaining('+08:00') }],
    });
    expect(context.body.data.history.map((h: { to: string }) => h.to)).toEqual(['not_reviewed', 'in_review']);
  });

  it('charisma cash-out: recorded unissued, issued by another reviewer once (charisma out, pesos in)', async () => {
    await addPlayer(t.database.db, { uid: 1003, balances: { charisma: 50_000 } });
    const leader = await t.loginAs('serviceleader');
    const sec = await t.loginAs('secadmin');
    const requested = await t.post('/api/cashout/charisma/request', { uid: 1003, charisma: 30_000 }, leader);
    expect(requested.body.data).toMatchObject({ status: 'unissued', charisma: 30_000, amount: 30_000 });
    const id = requested.body.data.id;
    expect((await t.post('/api/cashout/charisma/issue', { id }, leader)).status).toBe(409);
    expect((await t.post('/api/cashout/charisma/issue', { id }, sec)).body.data).toMatchObject({ status: 'issued', issuedBy: 'secadmin' });
    expect((await t.post('/api/cashout/charisma/issue', { id }, sec)).status).toBe(409);
    const bal = await t.database.db.selectFrom('player_balance').select(['charisma', 'withdrawable']).where('uid', '=', 1003).executeTakeFirstOrThrow();
    expect(bal).toEqual({ charisma: 20_000, withdrawable: 30_000 });
    expect((await t.post('/api/cashout/charisma/request', { uid: 1003, charisma: 30_000 }, leader)).status).toBe(409);
    const list = await t.get('/api/cashout/charisma', leader, { status: 'issued' });
    expect(list.body.data.total).toBe(1);
    await clean();
  });
});
