/**
 * The newcomer's first minute (docs/decisions/039-first-minute.md), as `npm start`
 * does it on a fresh clone: an empty data directory and no web build. Measures from the
 * process's spawn:
 *  - the sign-in page: the first GET /login that answers the built app (not "being built");
 *  - the data report filled: the first moment GET /api/homepage (an admin's default range)
 *    shows as many days with active players as it shows once the seed is done;
 *  - the seed done (GET /api/health without demoSeed);
 *  - a second start on the same data and build: the sign-in page again.
 * Beside them, the raw work of the same run: a bare Node HTTP server's start to its first
 * answer, and the web build alone (`vite build` through cli/web-build.ts, forced).
 * `tsx bench/newcomer.ts` runs it alone; `npm run bench` runs it first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb } from '../apps/server/src/cli/web-build.ts';
import { apiLogin, freePort } from '../e2e/harness.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Started {
  child: ChildProcess;
  url: string;
  spawnedAt: number;
  log: () => string;
}

async function spawnConsole(dataDir: string, webDist: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--build-web'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: webDist, DATABASE_URL: '', DEMO: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => {
    log += d;
  });
  child.stderr.on('data', (d) => {
    log += d;
  });
  return { child, url: `http://127.0.0.1:${port}`, spawnedAt, log: () => log };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(60_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Seconds from the spawn until `probe` holds (polled every 250 ms). */
async function secondsUntil(s: Started, what: string, probe: () => Promise<boolean>, limitMs = 1_800_000): Promise<number> {
  for (;;) {
    try {
      if (await probe()) return (performance.now() - s.spawnedAt) / 1000;
    } catch {
      /* not up yet */
    }
    if (s.child.exitCode !== null) throw new Error(`the server exited waiting for ${what}:\n${s.log()}`);
    if (performance.now() - s.spawnedAt > limitMs) throw new Error(`no ${what} in ${limitMs / 1000} s:\n${s.log()}`);
    await sleep(250);
  }
}

const signInPage = (s: Started) => async () => {
  const res = await fetch(s.url + '/login');
  return res.status === 200 && (await res.text()).includes('<div id="root">');
};

async function bareNodeStart(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', `require('http').createServer((q, r) => r.end('ok')).listen(${port}, '127.0.0.1')`], { stdio: 'ignore' });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return (performance.now() - started) / 1000;
      } catch {
        /* not yet */
      }
      await sleep(20);
    }
  } finally {
    child.kill();
  }
}

export interface NewcomerFigures {
  signInPageS: number;
  reportFilledS: number;
  reportDays: number;
  seedDoneS: number;
  secondStartS: number;
  bareNodeStartS: number;
  webBuildAloneS: number;
  players: number;
  days: number;
  startLines: string[];
}

export async function newcomerBench(): Promise<NewcomerFigures> {
  const root = mkdtempSync(join(tmpdir(), 'console-newcomer-'));
  const dataDir = join(root, 'data');
  const webDist = join(root, 'dist');
  const players = Number(process.env.BENCH_NEWCOMER_PLAYERS ?? 2000);
  const days = Number(process.env.BENCH_NEWCOMER_DAYS ?? 30);
  try {
    const bareNodeStartS = await bareNodeStart();
    const first = await spawnConsole(dataDir, webDist, { DEMO_PLAYERS: String(players), DEMO_DAYS: String(days) });
    const signInPageS = await secondsUntil(first, 'sign-in page', signInPage(first));
    console.log(`newcomer: sign-in page after ${signInPageS.toFixed(1)} s`);
    const token = await apiLogin(first.url, 'admin');
    const activeDays = async () => {
      const res = await fetch(first.url + '/api/homepage', { headers: { 'X-Token': token } });
      const body = (await res.json()) as { data?: { days?: { activePlayers: number }[] } };
      return (body.data?.days ?? []).filter((d) => d.activePlayers > 0).length;
    };
    // the count of days with data, each time it grows (the final count is known once the seed is done)
    const seen: { days: number; at: number }[] = [];
    let last = -1;
    const seedDoneS = await secondsUntil(first, 'seed done', async () => {
      const n = await activeDays();
      if (n !== last) {
        seen.push({ days: n, at: (performance.now() - first.spawnedAt) / 1000 });
        last = n;
      }
      const health = (await (await fetch(first.url + '/api/health')).json()) as { demoSeed?: unknown };
      return !health.demoSeed;
    });
    const reportDays = await activeDays();
    const reportFilledS = seen.find((x) => x.days >= reportDays)?.at ?? seedDoneS;
    console.log(`newcomer: data report filled (${reportDays} days) after ${reportFilledS.toFixed(1)} s, seed done after ${seedDoneS.toFixed(1)} s`);
    const startLines = first
      .log()
      .split('\n')
      .filter((l) => l.startsWith('[console '));
    await stop(first.child);

    const second = await spawnConsole(dataDir, webDist);
    const secondStartS = await secondsUntil(second, 'sign-in page (second start)', signInPage(second));
    await stop(second.child);
    console.log(`newcomer: second start ${secondStartS.toFixed(1)} s`);

    const build = await buildWeb({ outDir: join(root, 'dist-alone'), force: true });
    return { signInPageS, reportFilledS, reportDays, seedDoneS, secondStartS, bareNodeStartS, webBuildAloneS: build.ms / 1000, players, days, startLines };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export function newcomerSummary(f: NewcomerFigures): string[] {
  const r = (x: number) => x.toFixed(1);
  return [
    `newcomer (npm start on an empty data directory and no web build; ${f.players} players, ${f.days} days):`,
    `  sign-in page answers          ${r(f.signInPageS).padStart(7)} s   (target ≤ 45 s; the web build alone: ${r(f.webBuildAloneS)} s)`,
    `  data report filled (${String(f.reportDays).padStart(2)} days) ${r(f.reportFilledS).padStart(7)} s   (target ≤ 120 s)`,
    `  demo seed done                ${r(f.seedDoneS).padStart(7)} s`,
    `  second start, sign-in page    ${r(f.secondStartS).padStart(7)} s   (target ≤ 10 s; a bare Node HTTP server starts in ${r(f.bareNodeStartS)} s)`,
    '  the terminal said:',
    ...f.startLines.map((l) => `    ${l}`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = await newcomerBench();
  console.log(newcomerSummary(f).join('\n'));
}
