/**
 * Cash-out review under concurrency on PostgreSQL with TWO server processes on one fresh
 * database (skipped without TEST_DATABASE_URL):
 *   - 1,000 concurrent approve calls on one order (two reviewers, four eyes) → one first
 *     approval, one second, exactly one payout;
 *   - 1,000 concurrent approve / deny / claim / set-fail calls over 20 orders → each order in
 *     one final state, its money where that state says, and reconciliation finds nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pool, signedPost, staffPost, twoServers, withClient } from '../../test/server-processes';
import { defaultConfig } from '../../config';
import { hashPassword } from '../auth/passwords';
import { reconcile } from '../ledger/reconcile';

const baseUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = 'reviewer-secret';
const REVIEWERS = ['leader_one', 'leader_two'];

describe.skipIf(!baseUrl)('cash-out review with two server processes on one PostgreSQL database', () => {
  const two = twoServers(baseUrl, 'cashout_conc', async (url) => {
    const hash = await hashPassword(PASSWORD, defaultConfig().argon2);
    await withClient(url, async (c) => {
      for (const username of REVIEWERS) {
        await c.query(`INSERT INTO console_account (username, password_hash, name, roles) VALUES ($1, $2, $1, '["serviceleader"]')`, [username, hash]);
      }
      await c.query(
        `INSERT INTO cashout_channel (channel, name, status, min_amount, max_amount, fee_percent) VALUES ('gcash', 'GCash', 'open', 100, 100000000, 2)`,
      );
      await c.query(`INSERT INTO cashout_rules (four_eyes_amount, daily_count, review_from_hour, review_to_hour) VALUES (1000000, 0, 9, 21)`);
    });
  });
  const { servers, port } = two;
  const tokens: string[] = [];
  let seq = 0;

  beforeAll(async () => {
    for (const [i, username] of REVIEWERS.entries()) {
      const login = await staffPost(port(i), '/api/login', { username, password: PASSWORD });
      const token = login.body.accessToken as string;
      expect((await staffPost(port(i + 1), '/api/cashout/reauth', { password: PASSWORD }, token)).status).toBe(200);
      tokens.push(token);
    }
    const reg = await signedPost(port(0), '/api/platform/events', {
      events: [
        {
          id: 'reg-1',
          type: 'player.registered',
          at: new Date().toISOString(),
          data: { uid: 7001, name: 'P7001', ip: '10.9.0.1', deviceId: 'dev-7001', package: 'com.demo' },
        },
      ],
    });
    expect(reg.body.data.results[0].status).toBe('applied');
    expect(
      (await signedPost(port(1), '/api/platform/wallet/credit', { txId: 'seed-1', uid: 7001, currency: 'withdrawable', amount: 100_000_000, reason: 'seed' }))
        .status,
    ).toBe(200);
  }, 240_000);

  // the simulated GCash pays accounts ending in 1, fails those ending in 0, times out on 9 (then reports success late)
  const order = async (amount: number, account = '09171234561') => {
    const res = await signedPost(port(seq), '/api/platform/cashout/orders', { requestId: `c-${(seq += 1)}`, uid: 7001, channel: 'gcash', amount, account });
    expect(res.status).toBe(200);
    return res.body.data.orderId as string;
  };
  const transitions = async (orderId: string) =>
    (
      await two.database.db
        .selectFrom('cashout_transition as t')
        .innerJoin('cashout_order as o', 'o.id', 't.order_id')
        .select(['t.to_status', 't.from_status'])
        .where('o.order_id', '=', orderId)
        .orderBy('t.id')
        .execute()
    ).map((r) => `${r.from_status}>${r.to_status}`);

  it('1,000 concurrent approve calls on one four-eyes order over both processes: one first approval, one second, exactly one payout', async () => {
    const orderId = await order(2_000_000);
    expect((await staffPost(port(0), '/api/cashout/claim', { orderId }, tokens[0])).status).toBe(200);
    const answers = await pool(
      Array.from({ length: 1000 }, (_, i) => () => staffPost(port(i >> 1), '/api/cashout/approve', { orderId }, tokens[i % 2])),
      32,
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(998);
    const row = await two.database.db.selectFrom('cashout_order').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'succeed', attempts: 1, approved_by: 'leader_one', second_approved_by: 'leader_two' });
    expect(await transitions(orderId)).toEqual([
      'null>not_reviewed',
      'not_reviewed>in_review',
      'in_review>in_review',
      'in_review>approved',
      'approved>succeed',
    ]);
    const moves = await two.database.db.selectFrom('ledger_entry').select(['reason', 'delta']).where('ref', '=', orderId).orderBy('id').execute();
    expect(moves).toEqual([
      { reason: 'cashout.hold', delta: -2_000_000 },
      { reason: 'cashout.fee', delta: -40_000 },
    ]);
    for (const server of servers) expect(server.process.exitCode).toBe(null);
  }, 180_000);

  it('1,000 concurrent approve, deny, claim and set-fail calls over 20 orders: one final state each, reconciliation finds nothing', async () => {
    const orderIds: string[] = [];
    for (let i = 0; i < 20; i += 1) orderIds.push(await order(10_000 + i * 1_000, `0917123456${[1, 0, 9][i % 3]}`));
    const kinds = ['/api/cashout/approve', '/api/cashout/deny', '/api/cashout/claim', '/api/cashout/resolve'] as const;
    const answers = await pool(
      Array.from({ length: 1000 }, (_, i) => async () => {
        const orderId = orderIds[(i * 7) % orderIds.length];
        const path = kinds[Math.floor(Math.random() * kinds.length)];
        const body =
          path === '/api/cashout/deny'
            ? { orderId, reason: 'race' }
            : path === '/api/cashout/resolve'
              ? { orderId, outcome: 'fail', reason: 'race' }
              : { orderId };
        return staffPost(port(i), path, body, tokens[(i >> 2) % 2]);
      }),
      32,
    );
    for (const a of answers) expect([200, 409], JSON.stringify(a.body)).toContain(a.status);
    expect((await reconcile(two.database.db)).differences).toEqual([]);
    const rows = await two.database.db
      .selectFrom('cashout_order')
      .select(['order_id', 'status', 'amount', 'fee', 'attempts'])
      .where('order_id', 'in', orderIds)
      .execute();
    for (const r of rows) {
      expect(['succeed', 'fail', 'denied', 'in_review', 'not_reviewed', 'set_success', 'undetermined'], r.status).toContain(r.status);
      const returned = r.status === 'denied' || r.status === 'fail';
      const moves = await two.database.db.selectFrom('ledger_entry').select(['reason', 'delta']).where('ref', '=', r.order_id).execute();
      const net = moves.reduce((s, m) => s + Number(m.delta), 0);
      expect(net, r.order_id).toBe(returned ? 0 : -(Number(r.amount) + Number(r.fee)));
      expect(moves.filter((m) => m.reason === 'cashout.refund')).toHaveLength(returned ? 1 : 0);
      // paid at most once: a provider call only for orders that got through approval
      expect(r.attempts).toBe(['not_reviewed', 'in_review', 'denied'].includes(r.status) ? 0 : 1);
      const history = await transitions(r.order_id);
      // one way through: no state entered twice
      const entered = history.map((h) => h.split('>')[1]).filter((s, i, all) => s !== all[i - 1]);
      expect(new Set(entered).size, history.join(' ')).toBe(entered.length);
    }
    expect(rows.some((r) => r.status === 'succeed') && rows.some((r) => r.status === 'denied')).toBe(true);
  }, 240_000);
});
