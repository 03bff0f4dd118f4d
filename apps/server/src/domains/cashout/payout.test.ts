/**
 * Payouts through the provider adapter: failure returns the hold once and counts against the
 * channel (its max closes it, logged); success resets the count; a timeout leaves the order
 * undetermined and never pays twice; a late success after a manual fail is flagged, not paid.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { reconcile } from '../ledger/reconcile';
import { addPlayer } from '../players/fixtures';
import { addChannel, orderRow, requestCashout, reviewerToken, withdrawable } from './fixtures';
import { abbreviate } from './orders';
import { providerOutcome, recoverPayouts, runPayout, STALE_PAYOUT_MS } from './payout';
import { simulatedBank, simulatedGcash } from './providers';

describe.each(databases())('payouts on $kind', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let leader: string;
  beforeEach(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    simulatedGcash.script({});
    simulatedBank.script({});
    await addPlayer(t.database.db, { uid: 1001, balances: { withdrawable: 1_000_000 } });
    await addChannel(t.database.db, { channel: 'gcash', min: 100, max: 500_000, feePercent: 1, maxFailures: 3 });
    await addChannel(t.database.db, { channel: 'bank_bdo', min: 100, max: 500_000, feePercent: 0 });
    leader = await reviewerToken(t, 'serviceleader');
  });
  afterEach(async () => {
    await t.close();
  });

  const clean = async () => expect((await reconcile(t.database.db)).differences).toEqual([]);
  const approve = async (orderId: string) => (await t.post('/api/cashout/approve', { orderId }, leader)).body;
  const channel = (name: string) =>
    t.database.db.selectFrom('cashout_channel').select(['status', 'consecutive_failures']).where('channel', '=', name).executeTakeFirstOrThrow();
  const order = (account?: string, ch = 'gcash') => requestCashout(p, { uid: 1001, channel: ch, amount: 10_000, account });

  it('a failed payout returns hold and fee once; the channel closes itself at its max and the log says why; a success resets the count', async () => {
    const first = await order('0917000000'); // the simulated provider fails accounts ending in 0
    expect((await approve(first.orderId)).data.order.status).toBe('fail');
    expect(await withdrawable(t.database.db, 1001)).toBe(1_000_000);
    expect(await channel('gcash')).toEqual({ status: 'open', consecutive_failures: 1 });
    expect((await approve((await order('0917000001')).orderId)).data.order.status).toBe('succeed');
    expect(await channel('gcash')).toEqual({ status: 'open', consecutive_failures: 0 });
    simulatedGcash.script({ next: 'failure' });
    for (let i = 0; i < 3; i += 1) expect((await approve((await order()).orderId)).data.order.status).toBe('fail');
    expect(await channel('gcash')).toEqual({ status: 'close', consecutive_failures: 3 });
    const log = await t.database.db.selectFrom('operation_log').selectAll().where('operation', '=', 'remoteconfig.cashOutEdter.autoClose').execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      username: 'system',
      target: 'cashOutEdter:gcash',
      before: { status: 'open', consecutiveFailures: 2 },
      after: { status: 'close', consecutiveFailures: 3 },
      message: 'Closed after 3 consecutive payout failures (max 3)',
    });
    expect((await p.post('/api/platform/cashout/orders', { requestId: 'after-close', uid: 1001, channel: 'gcash', amount: 1_000, account: 'x' })).status).toBe(
      409,
    );
    expect(await withdrawable(t.database.db, 1001)).toBe(1_000_000 - 10_100);
    // bank channels go to the bank provider
    expect((await approve((await order('ACC-1', 'bank_bdo')).orderId)).data.order.status).toBe('succeed');
    expect(simulatedBank.calls).toHaveLength(1);
    await clean();
  });

  it('a provider timeout leaves the order undetermined, never paid twice; set fail returns the hold; a late success is flagged, not paid', async () => {
    simulatedGcash.script({ next: 'timeout', lateAfterTimeout: null });
    const { orderId } = await order();
    expect((await approve(orderId)).data.order.status).toBe('undetermined');
    expect(await withdrawable(t.database.db, 1001)).toBe(1_000_000 - 10_100);
    expect((await approve(orderId)).message).toBe(`Order ${abbreviate(orderId)} is awaiting its payout outcome (undetermined)`);
    expect(await runPayout(t.database.db, orderId, t.config.now)).toBe(null);
    expect(simulatedGcash.calls).toHaveLength(1);
    const failed = await t.post('/api/cashout/resolve', { orderId, outcome: 'fail', reason: 'GCash statement shows no transfer' }, leader);
    expect(failed.body.data.order).toMatchObject({ status: 'fail', resolvedBy: 'serviceleader' });
    expect(await withdrawable(t.database.db, 1001)).toBe(1_000_000);
    expect((await t.post('/api/cashout/resolve', { orderId, outcome: 'success', reason: 'x' }, leader)).body.message).toBe(
      `Order ${abbreviate(orderId)} is already failed: only an undetermined payout can be set by hand`,
    );
    // the provider reports after all that the money went out: flagged for finance, nothing moves
    expect(await providerOutcome(t.database.db, { orderId, status: 'success', reference: 'GCASH-LATE' }, t.config.now)).toBe('fail');
    expect(await providerOutcome(t.database.db, { orderId, status: 'success', reference: 'GCASH-LATE' }, t.config.now)).toBe('fail');
    expect(await orderRow(t.database.db, orderId)).toMatchObject({ status: 'fail', late_outcome: 'success', provider_ref: 'GCASH-LATE' });
    expect(await withdrawable(t.database.db, 1001)).toBe(1_000_000);
    const refunds = await t.database.db.selectFrom('ledger_entry').select('delta').where('reason', '=', 'cashout.refund').execute();
    expect(refunds).toEqual([{ delta: 10_100 }]);
    expect((await t.get('/api/cashout/orders', leader, { late: 'true' })).body.data.items.map((i: { orderId: string }) => i.orderId)).toEqual([orderId]);
    await clean();
  });

  it('a late callback settles an undetermined payout once; set success settles without moving money', async () => {
    simulatedGcash.script({ next: 'timeout', lateAfterTimeout: 'success', lateDelayMs: 10 });
    const { orderId } = await order();
    expect((await approve(orderId)).data.order.status).toBe('undetermined');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await orderRow(t.database.db, orderId)).toMatchObject({ status: 'succeed', provider_ref: expect.stringMatching(/^GCASH-/), late_outcome: null });
    simulatedGcash.script({ next: 'timeout', lateAfterTimeout: null });
    const second = await order();
    await approve(second.orderId);
    const set = await t.post('/api/cashout/resolve', { orderId: second.orderId, outcome: 'success', reason: 'Seen on the statement' }, leader);
    expect(set.body.data.order.status).toBe('set_success');
    // the provider then says it failed: flagged, no refund
    await providerOutcome(t.database.db, { orderId: second.orderId, status: 'failure' }, t.config.now);
    expect(await orderRow(t.database.db, second.orderId)).toMatchObject({ status: 'set_success', late_outcome: 'failure' });
    expect(await withdrawable(t.database.db, 1001)).toBe(1_000_000 - 2 * 10_100);
    await clean();
  });

  it('a provider that never answers is a timeout at the deadline; a payout left by a dead process turns undetermined', async () => {
    simulatedGcash.script({ next: 'hang' });
    const { orderId } = await order();
    const row = await orderRow(t.database.db, orderId);
    // approved by hand (as if the approving process died right after its commit)
    await t.database.db
      .updateTable('cashout_order')
      .set({ status: 'approved', approved_by: 'serviceleader', claimed_by: 'serviceleader' })
      .where('id', '=', row.id)
      .execute();
    expect(await runPayout(t.database.db, orderId, t.config.now, 50)).toBe('undetermined');
    const stuck = await order();
    const stuckRow = await orderRow(t.database.db, stuck.orderId);
    await t.database.db
      .updateTable('cashout_order')
      .set({ status: 'approved', payout_started_at: new Date(t.clock.now), attempts: 1 })
      .where('id', '=', stuckRow.id)
      .execute();
    await recoverPayouts(t.database.db, t.config.now);
    expect((await orderRow(t.database.db, stuck.orderId)).status).toBe('approved');
    t.clock.advance(STALE_PAYOUT_MS + 1);
    await recoverPayouts(t.database.db, t.config.now);
    expect(await orderRow(t.database.db, stuck.orderId)).toMatchObject({ status: 'undetermined', attempts: 1 });
    expect(simulatedGcash.calls).toHaveLength(1);
    await clean();
  });
});
