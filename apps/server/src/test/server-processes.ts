/**
 * Real server processes on a PostgreSQL database of their own, for the tests that need two
 * servers racing (the concurrency tests of the domains; `twoServers` sets a suite up):
 * a database made (a copy of the run's migrated template) and dropped by the test, each server a child process (`tsx main.ts`) on a
 * port, and signed platform calls as demo-app.
 */
import { allScopes } from '@console/schemas';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../db/open';
import { databaseUrl, withAdmin as withClient } from './template';
import { sealAppSecret } from '../secrets/columns';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const DEMO_APP = { appId: 'demo-app', secret: 'demo-platform-secret' } as const;

// the database URL and one-off client helpers live with the test databases' templates
export { databaseUrl, withClient };

export interface ServerProcess {
  port: number;
  process: ChildProcess;
  output: string[];
}

/** A port nobody listens on now (the system's pick: a fixed or random one may be a client's ephemeral port). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A server process on `url` (no demo data), listening on its port once this resolves. */
export async function startServerProcess(url: string, port?: number): Promise<ServerProcess> {
  port ??= await freePort();
  const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: url,
      MIGRATION_DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: '0',
      DATA_DIR: '/tmp/unused',
      LOG_LEVEL: 'warn',
    },
  });
  const output: string[] = [];
  child.stdout.on('data', (b: Buffer) => output.push(b.toString()));
  child.stderr.on('data', (b: Buffer) => output.push(b.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${output.join('')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { port, process: child, output };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server on ${port} did not start: ${output.join('')}`);
}

export function stopServerProcess(server: ServerProcess | undefined): void {
  if (server?.process.pid && server.process.exitCode === null) {
    try {
      process.kill(-server.process.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
}

/** A POST to a server process signed as demo-app (contract "Platform API"). */
export async function signedPost(port: number, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const payload = JSON.stringify(body);
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', DEMO_APP.secret).update(`${timestamp}.${payload}`).digest('hex');
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'x-app-id': DEMO_APP.appId, 'x-timestamp': timestamp, 'x-signature': signature },
  });
  return { status: res.status, body: await res.json() };
}

/** A GET to a server process signed as demo-app over its raw query string (contract "Platform API"). */
export async function signedGet(port: number, path: string, rawQuery = ''): Promise<{ status: number; body: any }> {
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', DEMO_APP.secret).update(`${timestamp}.${rawQuery}`).digest('hex');
  const res = await fetch(`http://127.0.0.1:${port}${path}${rawQuery ? `?${rawQuery}` : ''}`, {
    headers: { 'x-app-id': DEMO_APP.appId, 'x-timestamp': timestamp, 'x-signature': signature },
  });
  return { status: res.status, body: await res.json() };
}

/** Runs the calls `inFlight` at a time; answers their results in order. */
export async function pool<T>(calls: (() => Promise<T>)[], inFlight: number): Promise<T[]> {
  const results: T[] = new Array(calls.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < calls.length) {
        const i = next++;
        results[i] = await calls[i]();
      }
    }),
  );
  return results;
}

export interface TwoServers {
  servers: ServerProcess[];
  /** The fresh database's URL. */
  url: string;
  /** A client pool on it (the test's own reads). */
  readonly database: OpenedDatabase;
  /** The port of server `i % 2` (alternate the processes by call). */
  port(i: number): number;
}

/**
 * The suite's two server processes on a fresh PostgreSQL database of its own (`<prefix>_<random>`,
 * made in beforeAll, dropped in afterAll): the first migrates, demo-app is created, `setup` runs
 * (what the second must see at its start), then the second starts. Call it inside `describe`.
 */
export function twoServers(baseUrl: string | undefined, prefix: string, setup?: (url: string) => Promise<void>): TwoServers {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const url = baseUrl ? databaseUrl(baseUrl, name) : '';
  const servers: ServerProcess[] = [];
  let database: OpenedDatabase | undefined;
  beforeAll(async () => {
    // a copy of the run's migrated template (decision 038) when there is one: the first server finds its migrations done
    const template = inject('testDatabases')?.postgres?.template;
    await withClient(baseUrl!, (c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
    // one after the other: the first migrates, the second finds it done. No demo mode (its
    // simulated history takes a minute): demo-app is made here.
    servers.push(await startServerProcess(url));
    await withClient(url, (c) =>
      c.query(`INSERT INTO platform_application (app_id, name, secret, scopes) VALUES ($1, 'Demo', $2, $3) ON CONFLICT DO NOTHING`, [
        DEMO_APP.appId,
        sealAppSecret(DEMO_APP.secret, DEMO_APP.appId),
        JSON.stringify(allScopes()),
      ]),
    );
    await setup?.(url);
    servers.push(await startServerProcess(url));
    database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  }, 240_000);
  afterAll(async () => {
    servers.forEach(stopServerProcess);
    await database?.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (baseUrl) await withClient(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }, 60_000);
  return {
    servers,
    url,
    get database() {
      if (!database) throw new Error('twoServers: not started');
      return database;
    },
    port: (i: number) => servers[i % 2].port,
  };
}
