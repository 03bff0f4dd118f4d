/**
 * Concurrency on PostgreSQL with TWO server processes on one fresh database (skipped without
 * TEST_DATABASE_URL): 200 concurrent 10-chip debits on a balance of 1,000 split over both
 * processes → exactly 100 succeed and the balance ends at 0; 1,000 random credits, debits and
 * transfers over 10 wallets from both processes → reconciliation finds nothing and no chip is
 * made or lost.
 */
import { describe, expect, it } from 'vitest';
import { signedPost, twoServers } from '../../test/server-processes';
import { reconcile } from '../ledger/reconcile';
import { allScopes } from '@console/schemas';
import { APPLICATION_CACHE_MS } from '../../http/platform-operation';

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('two server processes on one PostgreSQL database', () => {
  const two = twoServers(baseUrl, 'platform_conc');
  const { servers, port } = two;
  let seq = 0;
  const id = (prefix: string) => `${prefix}-${(seq += 1)}`;

  const register = async (uid: number, chips: number) => {
    const res = await signedPost(port(uid), '/api/platform/events', {
      events: [
        {
          id: id('reg'),
          type: 'player.registered',
          at: new Date().toISOString(),
          data: { uid, name: `P${uid}`, ip: '10.9.0.1', deviceId: `dev-${uid}`, package: 'com.demo' },
        },
      ],
    });
    expect(res.body.data.results[0].status).toBe('applied');
    if (chips > 0)
      expect(
        (await signedPost(port(uid + 1), '/api/platform/wallet/credit', { txId: id('seed'), uid, currency: 'chip', amount: chips, reason: 'seed' })).status,
      ).toBe(200);
  };
  const chip = async (uid: number) => (await two.database.db.selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirstOrThrow()).chip;

  it('200 concurrent 10-chip debits on 1,000 chips over both processes: exactly 100 succeed, the balance ends at 0', async () => {
    await register(5000, 1000);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        signedPost(port(i), '/api/platform/wallet/debit', { txId: `race-${i}`, uid: 5000, currency: 'chip', amount: 10, reason: 'game.bet' }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 409)).toHaveLength(100);
    for (const a of answers) if (a.status === 409) expect(a.body).toEqual({ code: 409, message: 'Insufficient balance' });
    expect(await chip(5000)).toBe(0);
    const entries = await two.database.db.selectFrom('ledger_entry').select('delta').where('uid', '=', 5000).execute();
    expect(entries.map((e) => e.delta).reduce((a, b) => a + b, 0)).toBe(0);
    expect(entries).toHaveLength(101);
  }, 120_000);

  it('1,000 random credits, debits and transfers over 10 wallets from both processes: reconciliation finds nothing', async () => {
    const uids = Array.from({ length: 10 }, (_, i) => 5100 + i);
    for (const uid of uids) await register(uid, 500);
    const pick = () => uids[Math.floor(Math.random() * uids.length)];
    let credited = 0;
    let debited = 0;
    const operations = Array.from({ length: 1000 }, (_, i) => async () => {
      const kind = i % 3;
      const amount = 1 + Math.floor(Math.random() * 120);
      if (kind === 0) {
        const res = await signedPost(port(i), '/api/platform/wallet/credit', { txId: `mix-${i}`, uid: pick(), currency: 'chip', amount, reason: 'game.win' });
        expect(res.status).toBe(200);
        credited += amount;
      } else if (kind === 1) {
        const res = await signedPost(port(i), '/api/platform/wallet/debit', { txId: `mix-${i}`, uid: pick(), currency: 'chip', amount, reason: 'game.bet' });
        expect([200, 409]).toContain(res.status);
        if (res.status === 200) debited += amount;
      } else {
        const from = pick();
        let to = pick();
        if (to === from) to = uids[(uids.indexOf(from) + 1) % uids.length]!;
        const res = await signedPost(port(i), '/api/platform/events', {
          events: [{ id: `mix-${i}`, type: 'chips.transferred', at: new Date().toISOString(), data: { fromUid: from, toUid: to, amount } }],
        });
        expect(res.status).toBe(200);
        expect(['applied', 'rejected']).toContain(res.body.data.results[0].status);
      }
    });
    // 24 in flight at a time, spread over both processes
    let next = 0;
    await Promise.all(
      Array.from({ length: 24 }, async () => {
        while (next < operations.length) await operations[next++]();
      }),
    );
    expect((await reconcile(two.database.db)).differences).toEqual([]);
    const total = (
      await two.database.db
        .selectFrom('player_balance')
        .select((eb) => eb.fn.sum<number>('chip').as('s'))
        .where('uid', 'in', uids)
        .executeTakeFirstOrThrow()
    ).s;
    expect(Number(total)).toBe(10 * 500 + credited - debited);
    for (const server of servers) expect(server.process.exitCode).toBe(null);
  }, 180_000);

  it("a scope's day total under 200 concurrent credits over both processes: exactly what fits passes", async () => {
    await register(5200, 0);
    // demo-app's chip credits capped at 1,000 a day: 100 credits of 10 fit, the other 100 are 403
    const scopes = { ...allScopes(), 'wallet.credit': { limits: [{ currency: 'chip', maxAmount: 1_000, dayTotal: 1_000 }] } };
    await two.database.db
      .updateTable('platform_application')
      .set({ scopes: JSON.stringify(scopes) })
      .where('app_id', '=', 'demo-app')
      .execute();
    await new Promise((r) => setTimeout(r, APPLICATION_CACHE_MS + 200)); // both processes read the application again
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          signedPost(port(i), '/api/platform/wallet/credit', { txId: `cap-${i}`, uid: 5200, currency: 'chip', amount: 10, reason: 'promo' }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(100);
      expect(statuses.filter((s) => s === 403)).toHaveLength(100);
      expect(await chip(5200)).toBe(1_000);
      const day = await two.database.db
        .selectFrom('platform_app_day')
        .select('total')
        .where('app_id', '=', 'demo-app')
        .where('scope', '=', 'wallet.credit')
        .execute();
      expect(day.reduce((sum, d) => sum + Number(d.total), 0)).toBe(1_000);
      expect(await two.database.db.selectFrom('wallet_tx').select('tx_id').where('tx_id', 'like', 'cap-%').execute()).toHaveLength(100);
    } finally {
      await two.database.db
        .updateTable('platform_application')
        .set({ scopes: JSON.stringify(allScopes()) })
        .where('app_id', '=', 'demo-app')
        .execute();
    }
  }, 120_000);
});
