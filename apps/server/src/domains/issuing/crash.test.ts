/**
 * Crash: a 10,000-recipient batch sent to a real server process, which is killed with SIGKILL
 * at random moments while it credits the batch and started again; in the end every recipient
 * is credited exactly once and reconciliation finds nothing. PostgreSQL only (a fresh
 * database, dropped afterwards): skipped without TEST_DATABASE_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config';
import { migrate } from '../../db/migrate';
import { openDatabase, type OpenedDatabase } from '../../db/open';
import { hashPassword } from '../auth/passwords';
import { reconcile } from '../ledger/reconcile';
import { addPlayers, batchLedger, batchText } from './testing';

const url = process.env.TEST_DATABASE_URL;
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const LINES = 10_000;
const KILLS = 4;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!url)('a batch survives SIGKILL of its server process (PostgreSQL)', () => {
  const name = `issuing_crash_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string;
  let database: OpenedDatabase;
  let port: number;
  let server: ChildProcess | null = null;
  let output = '';

  async function admin(query: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  async function start(): Promise<void> {
    output = '';
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, MIGRATION_DATABASE_URL: '', DEMO: '0', LOG_LEVEL: 'warn' },
    });
    server.stdout!.on('data', (d) => {
      output += d;
    });
    server.stderr!.on('data', (d) => {
      output += d;
    });
    for (let i = 0; i < 600; i++) {
      if (server.exitCode !== null) throw new Error(`server exited: ${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
      } catch {
        /* not listening yet */
      }
      await sleep(100);
    }
    throw new Error(`server did not start: ${output}`);
  }

  async function kill(): Promise<void> {
    const child = server;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGKILL'); // the whole process group
    await exited;
    server = null;
  }

  const call = async (path: string, init: { token?: string; body?: unknown } = {}) => {
    const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(init.token ? { 'x-token': init.token } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return res.json() as Promise<Record<string, any>>;
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const u = new URL(url!);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    database = await openDatabase({ databaseUrl, poolSize: 2 });
    await migrate(database.db);
    const hash = await hashPassword('crash-test-1', defaultConfig().argon2);
    await database.db
      .insertInto('console_account')
      .values({ username: 'crashadmin', password_hash: hash, roles: JSON.stringify(['admin']) })
      .execute();
    await addPlayers(database.db, 1, LINES);
    port = await freePort();
  }, 120_000);

  afterAll(async () => {
    await kill();
    await database?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, 60_000);

  it('kill -9 at random moments, restart: every recipient credited exactly once, reconciliation clean', { timeout: 300_000 }, async () => {
    await start();
    const login = await call('/login', { body: { username: 'crashadmin', password: 'crash-test-1' } });
    const token = login.accessToken as string;
    const lines = Array.from({ length: LINES }, (_, i) => ({ uid: i + 1, amount: 1 + (i % 1000) }));
    const total = lines.reduce((s, l) => s + l.amount, 0);
    const created = await call('/usermanager/batchsendgold/sendgold/create', { token, body: { text: batchText(lines), reason: 'crash test' } });
    expect(created.code).toBe(200);
    const id = created.data.id as number;
    const progress = async () => database.db.selectFrom('issue_batch').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    const seen: number[] = [];
    for (let k = 0; k < KILLS; k++) {
      // a random moment while lines are being credited: once this start has credited more, then
      // up to 300 ms later (the whole batch takes about a second on PostgreSQL, so a fixed wait
      // could miss it entirely)
      const before = (await progress()).sent_lines;
      for (let i = 0; i < 3_000 && (await progress()).sent_lines === before; i++) await sleep(5);
      await sleep(Math.floor(Math.random() * 300));
      await kill();
      const at = await progress();
      seen.push(at.sent_lines);
      if (at.status === 'done') break;
      await start();
    }
    if (!server) await start();
    for (let i = 0; i < 1_200 && (await progress()).status !== 'done'; i++) await sleep(100);
    await kill();
    console.log(`[crash] sent lines seen at each SIGKILL: ${seen.join(', ')} of ${LINES}`);
    // at least one kill landed while the batch was being credited
    expect(seen.some((n) => n < LINES)).toBe(true);

    expect(await progress()).toMatchObject({ status: 'done', sent_lines: LINES, sent_amount: total, failed_lines: 0 });
    expect(await batchLedger(database.db, id)).toEqual({ lines: LINES, once: LINES, twice: 0, missing: 0, sentTotal: total, entriesTotal: total });
    const balances = await database.db
      .selectFrom('player_balance')
      .select((eb) => eb.fn.sum<number>('chip').as('chips'))
      .executeTakeFirstOrThrow();
    expect(Number(balances.chips)).toBe(total);
    const usage = await database.db.selectFrom('issue_usage').select('issued').where('username', '=', 'crashadmin').execute();
    expect(usage.reduce((s, u) => s + Number(u.issued), 0)).toBe(total);
    expect((await reconcile(database.db)).differences).toEqual([]);
  });
});
