/**
 * Real server processes on a PostgreSQL database of their own, for the tests that need two
 * servers racing (domains/platform/concurrency.test.ts, domains/cashout/concurrency.test.ts):
 * a database made and dropped by the test, each server a child process (`tsx main.ts`) on a
 * port, and signed platform calls as demo-app.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const DEMO_APP = { appId: 'demo-app', secret: 'demo-platform-secret' } as const;

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs `work` on a client of `url`, then closes it. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface ServerProcess { port: number; process: ChildProcess; output: string[] }

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

export function stopServerProcess(server: ServerProcess | undefined): void {
  if (server?.process.pid && server.process.exitCode === null) {
    try { process.kill(-server.process.pid, 'SIGTERM'); } catch { /* already gone */ }
  }
}

/** A POST to a server process signed as demo-app (contract "Platform API"). */
export async function signedPost(port: number, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const payload = JSON.stringify(body);
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', DEMO_APP.secret).update(`${timestamp}.${payload}`).digest('hex');
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST', body: payload,
    headers: { 'content-type': 'application/json', 'x-app-id': DEMO_APP.appId, 'x-timestamp': timestamp, 'x-signature': signature },
  });
  return { status: res.status, body: await res.json() };
}
