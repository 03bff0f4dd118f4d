/**
 * Two server processes behind a real PgBouncer in transaction mode (TEST_PGBOUNCER_URL, made by
 * scripts/pgbouncer.sh; DB_POOLER=transaction): they start with MIGRATE=0 as a pooled login whose
 * sessions act as console_app by its own settings, serve wallet calls and staff calls through the
 * pooler, and a sign-out on one reaches the other's session cache through its direct LISTEN
 * connection (DATABASE_LISTEN_URL).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { allScopes } from '@console/schemas';
import { defaultConfig } from '../config';
import { hashPassword } from '../domains/auth/passwords';
import { sealAppSecret } from '../secrets/columns';
import { DEMO_APP, databaseUrl, signedPost, staffCall, startServerProcess, stopServerProcess, withClient, type ServerProcess } from './server-processes';

const base = process.env.TEST_DATABASE_URL;
const bouncer = process.env.TEST_PGBOUNCER_URL;
const LOGIN = 'console_pooled';
const PASSWORD = 'pooled-pass-1';

describe.skipIf(!base || !bouncer)('behind PgBouncer in transaction mode', () => {
  const name = `pgb_${randomBytes(5).toString('hex')}`;
  const servers: ServerProcess[] = [];
  const loginUrl = (url: string) => {
    const u = new URL(databaseUrl(url, name));
    u.username = LOGIN;
    u.password = '';
    return u.toString();
  };

  beforeAll(async () => {
    const template = inject('testDatabases')?.postgres?.template;
    await withClient(base!, async (c) => {
      await c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
      // the login a pooled server uses: only a member of console_app, acting as it from the start
      // of every session by its own settings (the pooler forwards no startup options)
      await c.query(`DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${LOGIN}') THEN CREATE ROLE ${LOGIN} LOGIN NOINHERIT; END IF; END $$`);
      await c.query(`GRANT console_app TO ${LOGIN}`);
      await c.query(`ALTER ROLE ${LOGIN} SET role = 'console_app'`);
      await c.query(`ALTER ROLE ${LOGIN} SET statement_timeout = '120s'`);
    });
    const direct = databaseUrl(base!, name);
    await withClient(direct, async (c) => {
      await c.query(`INSERT INTO platform_application (app_id, name, secret, scopes) VALUES ($1, 'Demo', $2, $3)`, [
        DEMO_APP.appId,
        sealAppSecret(DEMO_APP.secret, DEMO_APP.appId),
        JSON.stringify(allScopes()),
      ]);
      const hash = await hashPassword(PASSWORD, defaultConfig().argon2);
      await c.query(`INSERT INTO console_account (username, password_hash, name, roles) VALUES ('pooledadmin', $1, 'Pooled', '["admin"]')`, [hash]);
    });
    const env = { DB_POOLER: 'transaction', MIGRATE: '0', DATABASE_LISTEN_URL: loginUrl(base!), DB_POOL_SIZE: '4' };
    for (let i = 0; i < 2; i++) servers.push(await startServerProcess(loginUrl(bouncer!), undefined, env));
  }, 120_000);

  afterAll(async () => {
    servers.forEach(stopServerProcess);
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (base) await withClient(base, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }, 60_000);

  const staff = (port: number, method: 'GET' | 'POST', path: string, token?: string, body?: unknown) => staffCall(port, method, path, body, token);

  it('is ready through the pooler, and its connections act as console_app', async () => {
    for (const s of servers) {
      const ready = await staff(s.port, 'GET', '/api/ready');
      expect(ready, s.output.join('')).toEqual({ status: 200, body: { code: 200, checks: { database: 'ok', migrations: 'current', replica: 'none' } } });
    }
    // the pooler really carried them: the servers' transactions show in its statistics
    const stats = await withClient(bouncer!.replace(/\/[^/]*$/, '/pgbouncer').replace(/\/\/[^@/]*@/, '//postgres@'), (c) => c.query('SHOW STATS'));
    const mine = stats.rows.find((r: Record<string, string>) => r.database === name);
    expect(Number(mine?.total_xact_count)).toBeGreaterThan(0);
  });

  it('applies wallet calls sent to either server exactly once', async () => {
    const [a, b] = servers.map((s) => s.port);
    const at = new Date().toISOString();
    const reg = await signedPost(a, '/api/platform/events', {
      events: [{ id: 'reg-1', type: 'player.registered', at, data: { uid: 5001, name: 'P', ip: '10.0.0.1', deviceId: 'd1', package: 'com.demo' } }],
    });
    expect(reg.body.data.results[0].status).toBe('applied');
    const credit = { txId: 'pgb-c1', uid: 5001, currency: 'chip', amount: 1_000, reason: 'seed' };
    expect((await signedPost(a, '/api/platform/wallet/credit', credit)).body.data.balance).toBe(1_000);
    const debit = { txId: 'pgb-d1', uid: 5001, currency: 'chip', amount: 300, reason: 'bet' };
    const first = await signedPost(b, '/api/platform/wallet/debit', debit);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.balance).toBe(700);
    // the same call again, to the other server: the first answer, nothing applied twice
    const again = await signedPost(a, '/api/platform/wallet/debit', debit);
    expect(again.body.data.balance).toBe(700);
    await withClient(databaseUrl(base!, name), async (c) => {
      const { rows } = await c.query(`SELECT count(*)::int AS n FROM ledger_entry WHERE uid = 5001`);
      expect(rows[0].n).toBe(2);
    });
  });

  it("ends a session on both servers when one signs it out (the other's cache hears it)", async () => {
    const [a, b] = servers.map((s) => s.port);
    const login = await staff(a, 'POST', '/api/login', undefined, { username: 'pooledadmin', password: PASSWORD });
    expect(login.body.code, JSON.stringify(login.body)).toBe(200);
    const token = login.body.accessToken as string;
    expect((await staff(b, 'GET', '/api/admin/userinfo/admins', token)).status).toBe(200);
    const out = await staff(a, 'POST', '/api/admin/logout', token, { token });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    let status = 0;
    for (let i = 0; i < 40 && status !== 401; i++) {
      status = (await staff(b, 'GET', '/api/admin/userinfo/admins', token)).status;
      if (status !== 401) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(401);
  });
});
