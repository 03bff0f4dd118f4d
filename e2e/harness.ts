import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverSourcesHash } from '../apps/server/src/source-tree.ts';
import { createServer } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
export const DEMO_PASSWORD = 'demo123456';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  /** The server process (memory figures of the benchmark). */
  pid: number;
  /** What the server process printed so far (its pino log), for a failing test to show. */
  log(): string;
  stop(): Promise<void>;
}

/** Starts the real server (`apps/server/src/main.ts`) as its own process on a fresh database. */
/**
 * How long a server without a player seed may take to answer /api/health. It is up in about 12 s
 * on a quiet machine (migrations on a fresh PGlite directory, fsync-bound), but in one clean-clone
 * CI run (2026-11-27) it printed nothing for 90 s while, beside it, a PostgreSQL cluster was shut
 * down (its shutdown checkpoint) and its directory deleted.
 */
// since decision 039 the wait includes the demo seed (it fills in behind the socket) for files
// that ask for players without a limit of their own: a 150-player seed, or its shared copy's making
const START_TIMEOUT_MS = 600_000;

export interface StartOptions {
  startTimeoutMs?: number;
  /**
   * The server listens before its demo seed is done (it fills in behind, GET /api/health says
   * how far): by default the start waits for the seed too; false answers as soon as it listens.
   */
  waitForSeed?: boolean;
  /** Start on this data directory (a second start of the same data); it is kept when the server stops. */
  dataDir?: string;
  /** Arguments after main.ts (e.g. --build-web). */
  args?: string[];
  /** Listen on this port (a restart that a page left open keeps talking to). */
  port?: number;
}

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'console-e2e-'));
  if (!options.dataDir && !env.DATABASE_URL && !env.DEMO && process.env.E2E_SHARED_SEEDS !== '0') {
    cpSync(await sharedSeed(env, options.startTimeoutMs ?? START_TIMEOUT_MS), dataDir, { recursive: true });
  }
  // SERVER_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (benches)
  const profile = process.env.SERVER_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_CPU_PROF}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts', ...(options.args ?? [])], {
    // scripted clients are not people: the rate limits (decision 046) run at their ceilings, counted
    // but never reached; their own tests are unit tests (apps/server/src/http/rate-limit.test.ts)
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      DATABASE_URL: '',
      RATE_LIMIT_STAFF_PER_MINUTE: '1000000',
      RATE_LIMIT_PLATFORM_PER_MINUTE: '100000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? START_TIMEOUT_MS);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(url + '/api/health');
      if (res.ok && (options.waitForSeed === false || !((await res.json()) as { demoSeed?: unknown }).demoSeed)) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`server did not start in ${(options.startTimeoutMs ?? START_TIMEOUT_MS) / 1000} s:\n` + log);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    log: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        // a directory that outlives the server (a restart, a shared seed) gets time to close cleanly
        await Promise.race([exited, new Promise((r) => setTimeout(r, options.dataDir ? 60_000 : 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/*
 * Seeds shared within a run. Most files start a server on the same demo (no players, or the
 * same few hundred players), and each used to migrate an empty PGlite directory (about 12 s on a
 * quiet machine) and seed its demo (up to a few minutes) itself. The first file that asks for a
 * demo makes it once, in a server of its own that is then stopped, and keeps its data directory;
 * every server after that starts on a copy (70 MB: well under a second), with its migrations
 * applied and its seed done. Each server still has a database of its own to change.
 *
 * The copy is named by the seed's variables (DEMO_*), a hash of the
 * server's and packages' sources and the hour the run started in (e2e/global-setup.ts; the
 * seed's history ends on the hour it starts in): within a run, a copy is used only where a
 * fresh seed would have made the same data, give or take the hour the run crossed.
 * E2E_SHARED_SEEDS=0 seeds each server afresh.
 */
/** The hour the e2e run started in (its global setup), or this one outside vitest (the benchmark). */
function runHour(): number {
  try {
    return inject('e2eSeedHour');
  } catch {
    return Math.floor(Date.now() / 3_600_000);
  }
}

// the optional modules add routes, not data: the seed is the same with them
const SEED_ENV = /^DEMO_/;
async function sharedSeed(env: Record<string, string>, startTimeoutMs: number): Promise<string> {
  const seedEnv = Object.fromEntries(
    Object.entries(env)
      .filter(([k]) => SEED_ENV.test(k))
      .sort(),
  );
  const hour = runHour();
  const key = createHash('sha256')
    .update(JSON.stringify([serverSourcesHash(), seedEnv, hour]))
    .digest('hex')
    .slice(0, 16);
  const dir = join(tmpdir(), `console-e2e-seed-${key}`);
  const lock = `${dir}.lock`;
  for (;;) {
    if (existsSync(dir)) return dir;
    try {
      mkdirSync(lock);
    } catch {
      // another run makes it; a lock left by a killed run is taken over after 20 minutes
      try {
        if (Date.now() - statSync(lock).mtimeMs > 20 * 60_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        /* gone meanwhile */
      }
      await new Promise((r) => setTimeout(r, 1000));
      continue;
    }
    try {
      const part = `${dir}.part`;
      rmSync(part, { recursive: true, force: true });
      mkdirSync(part);
      const maker = await startServer(env, { dataDir: part, startTimeoutMs });
      await maker.stop();
      writeFileSync(join(part, 'e2e-seed.json'), JSON.stringify({ env: seedEnv, hour }));
      renameSync(part, dir);
      // seeds of other sources or hours: gone once an hour old (another run may still copy one)
      for (const name of readdirSync(tmpdir())) {
        const path = join(tmpdir(), name);
        if (name.startsWith('console-e2e-seed-') && !path.startsWith(dir)) {
          try {
            if (Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
          } catch {
            /* gone meanwhile */
          }
        }
      }
      return dir;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Signs in through the API and returns the token (for tests that start signed in). */
export async function apiLogin(url: string, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(url + '/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { code: number; accessToken?: string };
  if (body.code !== 200 || !body.accessToken) throw new Error(`login ${username} failed: ${JSON.stringify(body)}`);
  return body.accessToken;
}
