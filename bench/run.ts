// `npm run bench`: one run measures
//  1. authenticated GET /api/admin/userinfo (req/s, p99) at 50 connections on PGlite and
//     on PostgreSQL, beside a bare Fastify route in its own process on the same machine;
//  2. the gzipped JavaScript the login page loads, and the time to its painted form;
//  3. time from navigation to a painted dashboard shell in headless Chromium;
//  2 and 3 beside a bare page (a tiny static page and script) measured the same way in the same run.
// Prints a table and writes bench/results.json. A benchmark, not a test: it asserts nothing.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { apiLogin, freePort, launchBrowser, startServer, DEMO_PASSWORD } from '../e2e/harness.ts';
import { playersBench, playersBenchUrl } from './players.ts';
import { paymentsBench, paymentsSummary } from './payments.ts';
import { gamesBench, gamesSummary } from './games.ts';
import { messagesBench, messagesSummary } from './messages.ts';
import { agentsBench, agentsSummary } from './agents.ts';
import { dailyBench, dailySummary } from './daily.ts';
import { newcomerBench, newcomerSummary } from './newcomer.ts';
import { fullSizeBench, fullSizeSummary } from './fullsize.ts';
import { scopesBench, scopesSummary } from './scopes.ts';
import { instancesBench, instancesSummary } from './instances.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Load {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  // warm-up, then the measured run
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  stop(): Promise<void>;
}

async function bareTarget(): Promise<Target> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) =>
    child.stdout.on('data', (d) => {
      if (String(d).includes('ready')) resolve();
    }),
  );
  return {
    name: 'bare Fastify route',
    url: `http://127.0.0.1:${port}/bare`,
    headers: {},
    stop: async () => {
      child.kill();
    },
  };
}

// The servers of this file need only the demo accounts: the full demo (2,000 players and their
// history) takes longer to seed than the harness waits for a server to start.
const ACCOUNTS_ONLY = { DEMO_PLAYERS: '0' };

async function userinfoTarget(name: string, env: Record<string, string>): Promise<Target> {
  const server = await startServer({ ...ACCOUNTS_ONLY, ...env });
  const token = await apiLogin(server.url, 'admin');
  return {
    name,
    url: `${server.url}/api/admin/userinfo?token=${encodeURIComponent(token)}`,
    headers: { 'X-Token': token, 'X-App-Id': 'bench' },
    stop: () => server.stop(),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The machine is shared and noisy (the bare route alone has measured anywhere from 11k to
 * 21k req/s from one run to the next), so the targets are measured in turn, ROUNDS times,
 * and each figure is the median; "of bare" compares each round with that round's bare run.
 */
async function throughput(targets: Target[]) {
  const runs = new Map<Target, Load[]>(targets.map((t) => [t, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of targets) {
      const l = await load(t.url, t.headers);
      runs.get(t)!.push(l);
      console.log(`round ${round + 1}/${ROUNDS} ${t.name}: ${l.rps} req/s, p99 ${l.p99} ms`);
    }
  }
  const bareRuns = runs.get(targets[0])!;
  return targets.map((t) => {
    const ls = runs.get(t)!;
    const ratios = ls.map((l, i) => l.rps / bareRuns[i].rps);
    return {
      name: t.name,
      rps: median(ls.map((l) => l.rps)),
      p99: median(ls.map((l) => l.p99)),
      ofBare: median(ratios),
      ofBareRuns: ratios.map((r) => +(r * 100).toFixed(0)),
      rpsRuns: ls.map((l) => l.rps),
      errors: ls.reduce((n, l) => n + l.errors + l.non2xx, 0),
    };
  });
}

async function freshPgDatabase(): Promise<string | null> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = 'console_bench';
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = '/' + name;
  return u.toString();
}

// ---------------------------------------------------------------------------- the browser figures

/** What the first-load figures wait for: the login form, and the signed-in shell's menu and breadcrumb. */
const LOGIN_PAINTED = ['form input[type=password]'];
const SHELL_PAINTED = ['.ant-layout-sider .ant-menu', '.ant-breadcrumb'];

/**
 * The baseline of the first-load figures: a static page whose small module script draws the
 * elements the shell figure waits for (same class names), from a bare node:http server in this
 * process (the HTML revalidated, the script cached a year, as the console's server does).
 */
async function barePage(): Promise<{ url: string; stop(): Promise<void> }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><link rel="icon" href="data:,"><title>bare</title>' +
    '<script type="module" src="/bare.js"></script></head><body><div id="root"></div></body></html>';
  const js = `document.getElementById('root').innerHTML = '<form><input type="password" placeholder="password"></form>'
  + '<div class="ant-layout-sider"><ul class="ant-menu"><li>menu</li></ul></div><nav class="ant-breadcrumb">home / page</nav>';`;
  const server = createServer((req, res) => {
    if (req.url === '/bare.js') res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'public, max-age=31536000, immutable' }).end(js);
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(html);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => new Promise((r) => server.close(() => r())) };
}

/**
 * Records, in the page, the first animation frame in which every selector has a box: the frame
 * that paints them (performance.now(), from navigation start). The test driver's own wait sees
 * them later when the page's main thread is busy right after that frame (the screen's code
 * evaluated after the layout), so both are kept: `frame` is the painted time, `seen` the driver's.
 */
function watchPaint(page: Page, selectors: string[]) {
  return page.addInitScript(`(() => {
    const selectors = ${JSON.stringify(selectors)};
    const shown = (s) => { const el = document.querySelector(s); if (!el) return false; const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
    const tick = () => { if (selectors.every(shown)) window.__painted = performance.now(); else requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })()`);
}

async function timeTo(page: Page, url: string, selectors: string[]): Promise<{ frame: number; seen: number }> {
  await page.goto(url, { waitUntil: 'commit' });
  for (const s of selectors) await page.waitForSelector(s, { state: 'visible', timeout: 60_000 });
  const seen = await page.evaluate<number>('new Promise((r) => requestAnimationFrame(() => r(performance.now())))');
  await page.waitForFunction('window.__painted !== undefined');
  return { frame: await page.evaluate<number>('window.__painted'), seen };
}

/** The JavaScript a page fetched: files and bytes, each file gzipped (level 9) as a browser would get it. */
async function scriptBytes(urls: string[]) {
  let raw = 0,
    gzip = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.length, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gzip / 1024).toFixed(1) };
}

interface Paint {
  frame: number;
  seen: number;
}
const RUNS = 7;
const medianOf = (ps: Paint[], k: keyof Paint) => Math.round(median(ps.map((p) => p[k])));
/** Median of the per-run ratios (each console run over the bare run just before it). */
const ratio = (app: Paint[], bare: Paint[]) => +median(app.map((p, i) => p.frame / bare[i].frame)).toFixed(1);

async function browserFigures() {
  const server = await startServer(ACCOUNTS_ONLY);
  const bare = await barePage();
  const browser = await launchBrowser();
  try {
    // The login page, cold (a new context each time, nothing cached), beside the bare page cold.
    const login: Paint[] = [],
      bareCold: Paint[] = [];
    let loginJs = { files: 0, rawKB: 0, gzipKB: 0 },
      bareJs = loginJs;
    for (let i = 0; i < RUNS; i++) {
      for (const [url, into, selectors] of [
        [bare.url + '/', bareCold, LOGIN_PAINTED],
        [server.url + '/login', login, LOGIN_PAINTED],
      ] as const) {
        const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await ctx.newPage();
        await watchPaint(page, selectors);
        const scripts: string[] = [];
        page.on('response', (res) => {
          if (res.request().resourceType() === 'script') scripts.push(res.url());
        });
        into.push(await timeTo(page, url, selectors));
        if (i === 0) {
          // every script the page fetched by the time the network is quiet
          await page.waitForLoadState('networkidle');
          const js = await scriptBytes([...scripts]);
          if (into === login) loginJs = js;
          else bareJs = js;
        }
        await ctx.close();
      }
    }

    // Sign in through the form once, then fresh navigations to the shell (its code cached), each
    // after one to the bare page in the same context (its script cached too).
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await watchPaint(page, SHELL_PAINTED);
    await page.goto(server.url + '/login', { waitUntil: 'networkidle' });
    await page.locator('input').first().fill('admin');
    await page.locator('input[type=password]').fill(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.ant-layout-sider', { timeout: 30_000 });
    await timeTo(page, bare.url + '/', SHELL_PAINTED); // caches the bare script
    const shell: Paint[] = [],
      bareWarm: Paint[] = [];
    for (let i = 0; i < RUNS; i++) {
      bareWarm.push(await timeTo(page, bare.url + '/', SHELL_PAINTED));
      shell.push(await timeTo(page, server.url + '/homepage', SHELL_PAINTED));
    }
    return {
      loginJsFiles: loginJs.files,
      loginJsRawKB: loginJs.rawKB,
      loginJsGzipKB: loginJs.gzipKB,
      bareJsFiles: bareJs.files,
      bareJsGzipKB: bareJs.gzipKB,
      loginPaintMsMedian: medianOf(login, 'frame'),
      bareColdPaintMsMedian: medianOf(bareCold, 'frame'),
      loginOfBare: ratio(login, bareCold),
      shellPaintMsMedian: medianOf(shell, 'frame'),
      shellSeenMsMedian: medianOf(shell, 'seen'),
      bareWarmPaintMsMedian: medianOf(bareWarm, 'frame'),
      shellOfBare: ratio(shell, bareWarm),
      shellPaintMsRuns: shell.map((p) => Math.round(p.frame)),
      bareWarmPaintMsRuns: bareWarm.map((p) => Math.round(p.frame)),
    };
  } finally {
    await browser.close();
    await bare.stop();
    await server.stop();
  }
}

const results: Record<string, unknown> = { date: new Date().toISOString(), durationSeconds: DURATION, rounds: ROUNDS, connections: CONNECTIONS };
// the newcomer's first minute, first, on a machine not yet warmed by the rest; BENCH_NEWCOMER=0 skips it
const newcomer = process.env.BENCH_NEWCOMER !== '0' ? await newcomerBench() : null;
if (newcomer) {
  results.newcomer = newcomer;
  console.log(newcomerSummary(newcomer).join('\n'));
}
// the checks npm test runs smaller; BENCH_FULLSIZE=0 skips them
const fullSize = process.env.BENCH_FULLSIZE !== '0' ? await fullSizeBench() : null;
if (fullSize) {
  results.fullSize = fullSize;
  console.log(fullSizeSummary(fullSize).join('\n'));
}
const pgUrl = await freshPgDatabase();
// the calls per second beside bare Fastify; BENCH_THROUGHPUT=0 skips them
let calls: Awaited<ReturnType<typeof throughput>> = [];
if (process.env.BENCH_THROUGHPUT !== '0') {
  const targets = [await bareTarget(), await userinfoTarget('GET /api/admin/userinfo, PGlite', {})];
  if (pgUrl) targets.push(await userinfoTarget('GET /api/admin/userinfo, PostgreSQL', { DATABASE_URL: pgUrl, DEMO: '1' }));
  try {
    calls = await throughput(targets);
  } finally {
    for (const t of targets) await t.stop();
  }
}
const browser = await browserFigures();
Object.assign(results, { calls, browser });
// the cost of the application scopes on the wallet call on PostgreSQL; BENCH_SCOPES=0 skips it
const scopes = pgUrl && process.env.BENCH_SCOPES !== '0' ? await scopesBench((await freshPgDatabase()) ?? pgUrl) : null;
if (scopes) {
  results.scopes = scopes;
  console.log(scopesSummary(scopes).join('\n'));
}
// one server process against three on one database, and the wallet's p99 with read load on the replica; BENCH_INSTANCES=0 skips it
const instances = pgUrl && process.env.BENCH_INSTANCES !== '0' ? await instancesBench() : null;
if (instances) results.instances = instances;
// players and money on PostgreSQL: BENCH_PLAYERS (default 1,000,000; 0 skips it)
const players = pgUrl && process.env.BENCH_PLAYERS !== '0' ? await playersBench(playersBenchUrl()) : null;
if (players) results.players = players;
// payments on PostgreSQL: BENCH_PAYMENT_EVENTS (default 10,000,000); BENCH_PAYMENTS=0 skips it
const payments = pgUrl && process.env.BENCH_PAYMENTS !== '0' ? await paymentsBench(playersBenchUrl()) : null;
if (payments) results.payments = payments;
// games on PostgreSQL: BENCH_BETS bets over 90 days (default 20,000,000; 0 skips it)
const games = pgUrl && process.env.BENCH_BETS !== '0' ? await gamesBench(playersBenchUrl()) : null;
if (games) results.games = games;
// a broadcast on PostgreSQL: BENCH_BROADCAST_PLAYERS players in the segment (default 1,000,000; 0 skips it)
const messages = pgUrl && process.env.BENCH_BROADCAST_PLAYERS !== '0' ? await messagesBench(playersBenchUrl()) : null;
if (messages) results.messages = messages;
// agents on PostgreSQL: a weekly settlement for BENCH_AGENTS agents (default 100,000; 0 skips it) and BENCH_INVITEES invitees
const agents = pgUrl && process.env.BENCH_AGENTS !== '0' ? await agentsBench(playersBenchUrl()) : null;
if (agents) results.agents = agents;
// the daily evaluation (VIP and the loss rebate) on PostgreSQL over BENCH_DAILY_PLAYERS players (default 1,000,000; 0 skips it)
const daily = pgUrl && process.env.BENCH_DAILY_PLAYERS !== '0' ? await dailyBench(playersBenchUrl()) : null;
if (daily) results.daily = daily;

const row = (c: (typeof calls)[number]) =>
  `| ${c.name.padEnd(35)} | ${String(c.rps).padStart(7)} | ${String(c.p99).padStart(6)} | ${(c.ofBare * 100).toFixed(0).padStart(6)}% | ${c.ofBareRuns
    .map((r) => r + '%')
    .join(' ')
    .padEnd(14)} | ${String(c.errors).padStart(6)} |`;
console.log(
  [
    '',
    `| call (${CONNECTIONS} connections, median of ${ROUNDS}) | req/s   | p99 ms | of bare | rounds         | errors |`,
    '|-------------------------------------|---------|--------|---------|----------------|--------|',
    ...(calls.length ? calls.map(row) : ['(skipped: BENCH_THROUGHPUT=0)']),
    ...(pgUrl ? [] : ['(no PostgreSQL reachable: set BENCH_DATABASE_URL)']),
    ...(newcomer ? ['', ...newcomerSummary(newcomer)] : []),
    ...(fullSize ? ['', ...fullSizeSummary(fullSize)] : []),
    ...(scopes ? ['', ...scopesSummary(scopes)] : []),
    ...(instances ? ['', ...instancesSummary(instances)] : []),
    '',
    `first load (median of ${RUNS}; the bare page is a static page with a tiny script, measured the same way in this run):`,
    `  login page JavaScript: ${browser.loginJsGzipKB} KB gzipped in ${browser.loginJsFiles} files (${browser.loginJsRawKB} KB raw); bare page ${browser.bareJsGzipKB} KB in ${browser.bareJsFiles} file; target ≤ 150 KB gzipped`,
    `  navigation → painted login form, cold: ${browser.loginPaintMsMedian} ms; bare page ${browser.bareColdPaintMsMedian} ms (${browser.loginOfBare}× bare)`,
    `  navigation → painted shell (menu and breadcrumb), signed in, code cached: ${browser.shellPaintMsMedian} ms; bare page ${browser.bareWarmPaintMsMedian} ms (${browser.shellOfBare}× bare); target ≤ 400 ms`,
    `    runs: shell ${browser.shellPaintMsRuns.join(', ')}; bare ${browser.bareWarmPaintMsRuns.join(', ')}; the test driver saw the shell at ${browser.shellSeenMsMedian} ms (median)`,
    '',
    ...(players ? ['players and money (bench/players.ts):', JSON.stringify(players, null, 2), ''] : []),
    ...(payments ? [...paymentsSummary(payments), ''] : []),
    ...(games ? [...gamesSummary(games), ''] : []),
    ...(messages ? [...messagesSummary(messages), ''] : []),
    ...(agents ? [...agentsSummary(agents), ''] : []),
    ...(daily ? [...dailySummary(daily), ''] : []),
  ].join('\n'),
);
writeFileSync(new URL('./results.json', import.meta.url), JSON.stringify(results, null, 2));
console.log('written bench/results.json');
