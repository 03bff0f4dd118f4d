/**
 * Real server processes on a PostgreSQL database of their own, for the tests that need two or
 * more servers racing (the concurrency tests of the domains; `twoServers` or `nServers` sets a
 * suite up, `killServerProcess` crashes one):
 * a database made (a copy of the run's migrated template) and dropped by the test, each server a child process (`tsx main.ts`) on a
 * port, and signed platform calls as demo-app.
 */
import { allScopes } from '@console/schemas';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
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

/** A server process on `url` (no demo data), listening on its port once this resolves; `env` adds to or overrides its environment. */
export async function startServerProcess(url: string, port?: number, env: Record<string, string> = {}): Promise<ServerProcess> {
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
      ...env,
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

/**
 * The pids of a server process's group (npx, tsx and the node process that runs main.ts, whose
 * pid job_schedule's holder names), read from /proc: Linux only. Zombies count as gone.
 */
export function serverPids(server: ServerProcess): number[] {
  const group = server.process.pid;
  if (!group) return [];
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // after the command's closing parenthesis: state, ppid, process group
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === group && state !== 'Z') pids.push(Number(name));
  }
  return pids;
}

/**
 * Kills a server process's whole group at once with SIGKILL, as a crash or an out-of-memory kill
 * would: no shutdown hook runs, its connections drop and its jobs' leases are left to run out.
 * Resolves once no process of the group is left.
 */
export async function killServerProcess(server: ServerProcess): Promise<void> {
  if (!server.process.pid) return;
  try {
    process.kill(-server.process.pid, 'SIGKILL');
  } catch {
    return; // already gone
  }
  const deadline = Date.now() + 10_000;
  while (serverPids(server).length > 0) {
    if (Date.now() > deadline) throw new Error(`server on ${server.port}: its processes outlived SIGKILL`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A staff call to a server process, with the session token when given (contract "Staff API"). */
export async function staffCall(port: number, method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { 'x-token': token } : {}) },
  });
  return { status: res.status, body: await res.json() };
}

/** A staff POST to a server process. */
export const staffPost = (port: number, path: string, body: unknown, token?: string) => staffCall(port, 'POST', path, body, token);

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

export interface Servers {
  servers: ServerProcess[];
  /** The fresh database's URL. */
  url: string;
  /** A client pool on it (the test's own reads). */
  readonly database: OpenedDatabase;
  /** The port of server `i % n` (alternate the processes by call). */
  port(i: number): number;
}
export type TwoServers = Servers;

export interface ServersOptions {
  /** Runs after the first server started and demo-app was made: what the others must see at their start. */
  setup?: (url: string) => Promise<void>;
  /** Added to every server's environment. */
  env?: Record<string, string>;
}

/**
 * The suite's two server processes on a fresh PostgreSQL database of its own (`<prefix>_<random>`,
 * made in beforeAll, dropped in afterAll): the first migrates, demo-app is created, `setup` runs
 * (what the second must see at its start), then the second starts. Call it inside `describe`.
 */
export function twoServers(baseUrl: string | undefined, prefix: string, setup?: (url: string) => Promise<void>): TwoServers {
  return nServers(baseUrl, prefix, 2, { setup });
}

/**
 * `n` server processes on a fresh PostgreSQL database, as twoServers: the first starts alone
 * (it finds the migrations done or makes them), then demo-app and `setup`, then the others
 * together. A server the test starts later goes into `servers` too, so afterAll stops it.
 */
export function nServers(baseUrl: string | undefined, prefix: string, n: number, options: ServersOptions = {}): Servers {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const url = baseUrl ? databaseUrl(baseUrl, name) : '';
  const servers: ServerProcess[] = [];
  let database: OpenedDatabase | undefined;
  beforeAll(async () => {
    // a copy of the run's migrated template (decision 038) when there is one: the first server finds its migrations done
    const template = inject('testDatabases')?.postgres?.template;
    await withClient(baseUrl!, (c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
    // the first alone: it migrates, the others find it done. No demo mode (its simulated
    // history takes a minute): demo-app is made here.
    servers.push(await startServerProcess(url, undefined, options.env));
    await withClient(url, (c) =>
      c.query(`INSERT INTO platform_application (app_id, name, secret, scopes) VALUES ($1, 'Demo', $2, $3) ON CONFLICT DO NOTHING`, [
        DEMO_APP.appId,
        sealAppSecret(DEMO_APP.secret, DEMO_APP.appId),
        JSON.stringify(allScopes()),
      ]),
    );
    await options.setup?.(url);
    // each pushed as it comes up, so that afterAll stops it even when another fails to start
    await Promise.all(Array.from({ length: n - 1 }, async () => servers.push(await startServerProcess(url, undefined, options.env))));
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
      if (!database) throw new Error('nServers: not started');
      return database;
    },
    port: (i: number) => servers[i % n].port,
  };
}
