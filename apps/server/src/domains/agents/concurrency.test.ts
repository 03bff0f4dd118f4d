/**
 * The weekly settlement with TWO server processes on one fresh PostgreSQL database (skipped
 * without TEST_DATABASE_URL): 400 agents with invitees' rake over two ended weeks, then 40
 * settlement calls at once over both processes (pay chunks of 7 statements, so both pay at the
 * same time) → each week computed once (one run), every statement paid once (one credit and
 * one issuance entry per agent and week), each agent's balance = the sum of its statements,
 * and the reconciliation of the account ledger finds nothing.
 */
import { randomBytes } from 'node:crypto';
import { dayStart } from '@console/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config';
import { openDatabase, type OpenedDatabase } from '../../db/open';
import { databaseUrl, startServerProcess, stopServerProcess, withClient, type ServerProcess } from '../../test/server-processes';
import { hashPassword } from '../auth/passwords';
import { reconcile } from '../ledger/reconcile';
import { weekOf } from './weeks';

const baseUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = 'settlement-secret';
const AGENTS = 400;
const DAY = 86_400_000;

async function call(port: number, path: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
  });
  return { status: res.status, body: await res.json() };
}

describe.skipIf(!baseUrl)('the weekly settlement with two server processes on one PostgreSQL database', () => {
  const name = `agents_conc_${randomBytes(5).toString('hex')}`;
  const url = baseUrl ? databaseUrl(baseUrl, name) : '';
  const servers: ServerProcess[] = [];
  let database: OpenedDatabase;
  const tokens: string[] = [];
  const saved = { job: process.env.AGENT_SETTLEMENT_JOB, chunk: process.env.AGENT_SETTLEMENT_CHUNK };

  beforeAll(async () => {
    // the processes settle only when asked (both at once), in small chunks
    process.env.AGENT_SETTLEMENT_JOB = '0';
    process.env.AGENT_SETTLEMENT_CHUNK = '7';
    await withClient(baseUrl!, (c) => c.query(`CREATE DATABASE ${name}`));
    servers.push(await startServerProcess(url));
    const hash = await hashPassword(PASSWORD, defaultConfig().argon2);
    const thisWeek = weekOf(Date.now());
    const made = new Date(dayStart(thisWeek).getTime() - 15 * DAY); // three weeks back, mid-week
    await withClient(url, async (c) => {
      await c.query(`INSERT INTO partner (id, name) VALUES (1, 'One'), (2, 'Two') ON CONFLICT DO NOTHING`);
      for (const username of ['settler_one', 'settler_two']) {
        await c.query(`INSERT INTO console_account (username, password_hash, name, roles, partner) VALUES ($1, $2, $1, '["business"]', 1)`, [username, hash]);
      }
      // agent 100000 + i, T1 invitees 200000 + 2i, 200001 + 2i, T2 300000 + i (via the first)
      await c.query(
        `INSERT INTO player (uid, name, register_ip, register_device, registered_at, partner, inviter_uid)
        SELECT 100000 + i, 'A' || i, '10.1.' || (i / 250) || '.' || (i % 250), 'dev-a' || i, $1::timestamptz, 1 + i % 2, NULL FROM generate_series(0, ${AGENTS - 1}) i
        UNION ALL SELECT 200000 + 2 * i + k, 'T' || i, '10.2.0.1', 'dev-t' || i || k, $1::timestamptz, 1 + i % 2, 100000 + i FROM generate_series(0, ${AGENTS - 1}) i, generate_series(0, 1) k
        UNION ALL SELECT 300000 + i, 'S' || i, '10.3.0.1', 'dev-s' || i, $1::timestamptz, 1 + i % 2, 200000 + 2 * i FROM generate_series(0, ${AGENTS - 1}) i`,
        [made],
      );
      await c.query(
        `INSERT INTO agent (uid, partner, name, created_at, created_by, updated_at)
        SELECT 100000 + i, 1 + i % 2, 'Agent ' || i, $1, 'staff:test', $1 FROM generate_series(0, ${AGENTS - 1}) i`,
        [made],
      );
      await c.query(
        `INSERT INTO agent_rate (agent, effective_at, rate, t1, t2, created_by, created_at)
        SELECT 100000 + i, $1, 3000, 2000, 500, 'staff:test', $1 FROM generate_series(0, ${AGENTS - 1}) i`,
        [made],
      );
      // rake every day of the two weeks before this one, to every invitee
      await c.query(
        `INSERT INTO game_player_day (game, day, uid, partner, rounds, bets, turnover, wins, fees)
        SELECT 'tongits', d::date, p.uid, p.partner, 2, 2, 10000, 0, 100 + (p.uid % 7) * 10
        FROM player p, generate_series($1::date - 14, $1::date - 1, interval '1 day') d WHERE p.uid >= 200000`,
        [thisWeek],
      );
    });
    servers.push(await startServerProcess(url));
    database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    for (const [i, username] of ['settler_one', 'settler_two'].entries()) {
      const login = await call(servers[i].port, '/api/login', { username, password: PASSWORD });
      tokens.push(login.body.accessToken as string);
    }
  }, 240_000);

  afterAll(async () => {
    servers.forEach(stopServerProcess);
    await database?.close();
    process.env.AGENT_SETTLEMENT_JOB = saved.job;
    process.env.AGENT_SETTLEMENT_CHUNK = saved.chunk;
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (baseUrl) await withClient(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }, 60_000);

  it('40 settlement calls at once over both processes: each week once, every statement paid once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(servers[i % 2].port, '/api/agentcooperation/settlements/run', {}, tokens[i % 2])),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const computed = answers.flatMap((a) => a.body.data.weeks.map((w: { week: string }) => w.week));
    expect(new Set(computed).size).toBe(computed.length);
    const db = database.db;
    const runs = await db.selectFrom('agent_settlement_run').selectAll().orderBy('week').execute();
    // the week the agents were made in, and the two weeks of rake
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.every((r) => r.status === 'done')).toBe(true);
    const paidByCalls = answers.reduce((n, a) => n + a.body.data.paid, 0);
    const statements = await db.selectFrom('agent_rebate').select(['agent', 'week', 'amount', 'status', 'entry']).execute();
    const paid = statements.filter((s) => Number(s.amount) > 0);
    expect(paid.length).toBe(2 * AGENTS);
    expect(paidByCalls).toBe(paid.length);
    expect(statements.every((s) => s.status === 'settled')).toBe(true);
    expect(paid.every((s) => s.entry !== null)).toBe(true);
    const entries = await db.selectFrom('account_entry').select(['owner', 'kind', 'delta', 'idem_key']).where('reason', '=', 'agent.rebate').execute();
    expect(entries.filter((e) => e.kind === 'agent')).toHaveLength(paid.length);
    expect(entries.filter((e) => e.kind === 'issuance')).toHaveLength(paid.length);
    const expected = new Map<string, number>();
    for (const s of paid) expected.set(String(s.agent), (expected.get(String(s.agent)) ?? 0) + Number(s.amount));
    const accounts = await db.selectFrom('ledger_account').select(['owner', 'balance']).where('kind', '=', 'agent').execute();
    expect(accounts).toHaveLength(AGENTS);
    for (const a of accounts) expect(Number(a.balance), a.owner).toBe(expected.get(a.owner));
    const lines = await db.selectFrom('agent_rebate_line').select(['status']).where('status', '=', 'pending').execute();
    expect(lines).toHaveLength(0);
    const rec = await reconcile(db);
    expect(rec.differences).toEqual([]);
    expect(rec.accountDifferences).toEqual([]);
    for (const server of servers) expect(server.process.exitCode).toBe(null);
  }, 240_000);
});
