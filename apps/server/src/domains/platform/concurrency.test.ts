/**
 * Concurrency on PostgreSQL with TWO server processes on one fresh database (skipped without
 * TEST_DATABASE_URL): 200 concurrent 10-chip debits on a balance of 1,000 split over both
 * processes → exactly 100 succeed and the balance ends at 0; 1,000 random credits, debits and
 * transfers over 10 wallets from both processes → reconciliation finds nothing and no chip is
 * made or lost.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APP, databaseUrl, signedPost, startServerProcess, stopServerProcess, withClient, type ServerProcess } from '../../test/server-processes';
import { openDatabase, type OpenedDatabase } from '../../db/open';
import { reconcile } from '../ledger/reconcile';

const baseUrl = process.env.TEST_DATABASE_URL;
const APP = DEMO_APP;


describe.skipIf(!baseUrl)('two server processes on one PostgreSQL database', () => {
  const name = `platform_conc_${randomBytes(5).toString('hex')}`;
  const url = baseUrl ? databaseUrl(baseUrl, name) : '';
  const servers: ServerProcess[] = [];
  let database: OpenedDatabase;
  let seq = 0;
  const id = (prefix: string) => `${prefix}-${(seq += 1)}`;
  const port = (i: number) => servers[i % 2]!.port;

  beforeAll(async () => {
    await withClient(baseUrl!, (c) => c.query(`CREATE DATABASE ${name}`));
    // one after the other: the first migrates, the second finds it done. No demo mode (its
    // simulated history takes a minute): the test creates demo-app itself.
    servers.push(await startServerProcess(url));
    await withClient(url, (c) => c.query(`INSERT INTO platform_application (app_id, name, secret) VALUES ($1, 'Demo', $2) ON CONFLICT DO NOTHING`, [APP.appId, APP.secret]));
    servers.push(await startServerProcess(url));
    database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  }, 240_000);

  afterAll(async () => {
    servers.forEach(stopServerProcess);
    await database?.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (baseUrl) await withClient(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }, 60_000);

  const register = async (uid: number, chips: number) => {
    const res = await signedPost(port(uid), '/api/platform/events', { events: [{ id: id('reg'), type: 'player.registered', at: new Date().toISOString(),
      data: { uid, name: `P${uid}`, ip: '10.9.0.1', deviceId: `dev-${uid}`, package: 'com.demo' } }] });
    expect(res.body.data.results[0].status).toBe('applied');
    if (chips > 0) expect((await signedPost(port(uid + 1), '/api/platform/wallet/credit', { txId: id('seed'), uid, currency: 'chip', amount: chips, reason: 'seed' })).status).toBe(200);
  };
  const chip = async (uid: number) => (await database.db.selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirstOrThrow()).chip;

  it('200 concurrent 10-chip debits on 1,000 chips over both processes: exactly 100 succeed, the balance ends at 0', async () => {
    await register(5000, 1000);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) =>
      signedPost(port(i), '/api/platform/wallet/debit', { txId: `race-${i}`, uid: 5000, currency: 'chip', amount: 10, reason: 'game.bet' })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 409)).toHaveLength(100);
    for (const a of answers) if (a.status === 409) expect(a.body).toEqual({ code: 409, message: 'Insufficient balance' });
    expect(await chip(5000)).toBe(0);
    const entries = await database.db.selectFrom('ledger_entry').select('delta').where('uid', '=', 5000).execute();
    expect(entries.map((e) => e.delta).reduce((a, b) => a + b, 0)).toBe(0);
    expect(entries).toHaveLength(101);
  }, 120_000);

  it('1,000 random credits, debits and transfers over 10 wallets from both processes: reconciliation finds nothing', async () => {
    const uids = Array.from({ length: 10 }, (_, i) => 5100 + i);
    for (const uid of uids) await register(uid, 500);
    const pick = () => uids[Math.floor(Math.random() * uids.length)]!;
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
        const res = await signedPost(port(i), '/api/platform/events', { events: [{ id: `mix-${i}`, type: 'chips.transferred', at: new Date().toISOString(), data: { fromUid: from, toUid: to, amount } }] });
        expect(res.status).toBe(200);
        expect(['applied', 'rejected']).toContain(res.body.data.results[0].status);
      }
    });
    // 24 in flight at a time, spread over both processes
    let next = 0;
    await Promise.all(Array.from({ length: 24 }, async () => {
      while (next < operations.length) await operations[next++]!();
    }));
    expect((await reconcile(database.db)).differences).toEqual([]);
    const total = (await database.db.selectFrom('player_balance').select((eb) => eb.fn.sum<number>('chip').as('s')).where('uid', 'in', uids).executeTakeFirstOrThrow()).s;
    expect(Number(total)).toBe(10 * 500 + credited - debited);
    for (const server of servers) expect(server.process.exitCode).toBe(null);
  }, 180_000);
});
