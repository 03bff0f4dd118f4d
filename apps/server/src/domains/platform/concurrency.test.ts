/**
 * Concurrency on PostgreSQL with TWO server processes on one fresh database (skipped without
 * TEST_DATABASE_URL): 200 concurrent 10-chip debits on a balance of 1,000 split over both
 * processes → exactly 100 succeed and the balance ends at 0; 1,000 random credits, debits and
 * transfers over 10 wallets from both processes → reconciliation finds nothing and no chip is
 * made or lost.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../db/open';
import { reconcile } from '../ledger/reconcile';

const baseUrl = process.env.TEST_DATABASE_URL;
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const APP = { appId: 'demo-app', secret: 'demo-platform-secret' };

function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

interface Server { port: number; process: ChildProcess; output: string[] }

async function startServer(url: string, port: number): Promise<Server> {
  const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: url, MIGRATION_DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DEMO: '0', DATA_DIR: '/tmp/unused', LOG_LEVEL: 'warn' },
  });
  const output: string[] = [];
  child.stdout!.on('data', (b: Buffer) => output.push(b.toString()));
  child.stderr!.on('data', (b: Buffer) => output.push(b.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${output.join('')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { port, process: child, output };
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server on ${port} did not start: ${output.join('')}`);
}

function stopServer(server: Server | undefined): void {
  if (server?.process.pid && server.process.exitCode === null) {
    try { process.kill(-server.process.pid, 'SIGTERM'); } catch { /* already gone */ }
  }
}

async function call(port: number, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const payload = JSON.stringify(body);
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', APP.secret).update(`${timestamp}.${payload}`).digest('hex');
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST', body: payload,
    headers: { 'content-type': 'application/json', 'x-app-id': APP.appId, 'x-timestamp': timestamp, 'x-signature': signature },
  });
  return { status: res.status, body: await res.json() };
}

describe.skipIf(!baseUrl)('two server processes on one PostgreSQL database', () => {
  const name = `platform_conc_${randomBytes(5).toString('hex')}`;
  const url = baseUrl ? databaseUrl(baseUrl, name) : '';
  const servers: Server[] = [];
  let database: OpenedDatabase;
  let seq = 0;
  const id = (prefix: string) => `${prefix}-${(seq += 1)}`;
  const port = (i: number) => servers[i % 2]!.port;

  beforeAll(async () => {
    await admin(baseUrl!, (c) => c.query(`CREATE DATABASE ${name}`));
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    // one after the other: the first migrates, the second finds it done. No demo mode (its
    // simulated history takes a minute): the test creates demo-app itself.
    servers.push(await startServer(url, base));
    await admin(url, (c) => c.query(`INSERT INTO platform_application (app_id, name, secret) VALUES ($1, 'Demo', $2) ON CONFLICT DO NOTHING`, [APP.appId, APP.secret]));
    servers.push(await startServer(url, base + 1));
    database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  }, 240_000);

  afterAll(async () => {
    servers.forEach(stopServer);
    await database?.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (baseUrl) await admin(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }, 60_000);

  const register = async (uid: number, chips: number) => {
    const res = await call(port(uid), '/api/platform/events', { events: [{ id: id('reg'), type: 'player.registered', at: new Date().toISOString(),
      data: { uid, name: `P${uid}`, ip: '10.9.0.1', deviceId: `dev-${uid}`, package: 'com.demo' } }] });
    expect(res.body.data.results[0].status).toBe('applied');
    if (chips > 0) expect((await call(port(uid + 1), '/api/platform/wallet/credit', { txId: id('seed'), uid, currency: 'chip', amount: chips, reason: 'seed' })).status).toBe(200);
  };
  const chip = async (uid: number) => (await database.db.selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirstOrThrow()).chip;

  it('200 concurrent 10-chip debits on 1,000 chips over both processes: exactly 100 succeed, the balance ends at 0', async () => {
    await register(5000, 1000);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) =>
      call(port(i), '/api/platform/wallet/debit', { txId: `race-${i}`, uid: 5000, currency: 'chip', amount: 10, reason: 'game.bet' })));
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
        const res = await call(port(i), '/api/platform/wallet/credit', { txId: `mix-${i}`, uid: pick(), currency: 'chip', amount, reason: 'game.win' });
        expect(res.status).toBe(200);
        credited += amount;
      } else if (kind === 1) {
        const res = await call(port(i), '/api/platform/wallet/debit', { txId: `mix-${i}`, uid: pick(), currency: 'chip', amount, reason: 'game.bet' });
        expect([200, 409]).toContain(res.status);
        if (res.status === 200) debited += amount;
      } else {
        const from = pick();
        let to = pick();
        if (to === from) to = uids[(uids.indexOf(from) + 1) % uids.length]!;
        const res = await call(port(i), '/api/platform/events', { events: [{ id: `mix-${i}`, type: 'chips.transferred', at: new Date().toISOString(), data: { fromUid: from, toUid: to, amount } }] });
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
