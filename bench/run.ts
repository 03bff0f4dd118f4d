// `npm run bench`: one run measures
//  1. authenticated GET /api/admin/userinfo (req/s, p99) at 50 connections on PGlite and
//     on PostgreSQL, beside a bare Fastify route in its own process on the same machine;
//  2. the gzipped JavaScript the login page loads;
//  3. time from navigation to a painted dashboard shell in headless Chromium.
// Prints a table and writes bench/results.json. A benchmark, not a test: it asserts nothing.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiLogin, freePort, launchBrowser, startServer, DEMO_PASSWORD } from '../e2e/harness.ts';
import { playersBench, playersBenchUrl } from './players.ts';
import { paymentsBench, paymentsSummary } from './payments.ts';
import { gamesBench, gamesSummary } from './games.ts';
import { messagesBench, messagesSummary } from './messages.ts';
import { agentsBench, agentsSummary } from './agents.ts';
import { dailyBench, dailySummary } from './daily.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Load { rps: number; p99: number; errors: number; non2xx: number }

async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  // warm-up, then the measured run
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

interface Target { name: string; url: string; headers: Record<string, string>; stop(): Promise<void> }

async function bareTarget(): Promise<Target> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.on('data', (d) => { if (String(d).includes('ready')) resolve(); }));
  return { name: 'bare Fastify route', url: `http://127.0.0.1:${port}/bare`, headers: {}, stop: async () => { child.kill(); } };
}

async function userinfoTarget(name: string, env: Record<string, string>): Promise<Target> {
  const server = await startServer(env);
  const token = await apiLogin(server.url, 'admin');
  return { name, url: `${server.url}/api/admin/userinfo?token=${encodeURIComponent(token)}`, headers: { 'X-Token': token, 'X-App-Id': 'bench' }, stop: () => server.stop() };
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
      name: t.name, rps: median(ls.map((l) => l.rps)), p99: median(ls.map((l) => l.p99)),
      ofBare: median(ratios), ofBareRuns: ratios.map((r) => +(r * 100).toFixed(0)),
      rpsRuns: ls.map((l) => l.rps), errors: ls.reduce((n, l) => n + l.errors + l.non2xx, 0),
    };
  });
}

async function freshPgDatabase(): Promise<string | null> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try { await admin.connect(); } catch { return null; }
  const name = 'console_bench';
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG_URL); u.pathname = '/' + name;
  return u.toString();
}

async function browserFigures() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const scripts: string[] = [];
    page.on('response', (res) => { if (res.request().resourceType() === 'script') scripts.push(res.url()); });
    await page.goto(server.url + '/login', { waitUntil: 'networkidle' });
    let jsGzip = 0, jsRaw = 0;
    for (const url of scripts) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      jsRaw += body.length; jsGzip += gzipSync(body, { level: 9 }).length;
    }
    // sign in through the form once, then time fresh navigations to the shell
    await page.locator('input').first().fill('admin');
    await page.locator('input[type=password]').fill(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.ant-layout-sider', { timeout: 30_000 });
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      await page.goto(server.url + '/homepage', { waitUntil: 'commit' });
      await page.waitForSelector('.ant-layout-sider .ant-menu', { state: 'visible' });
      await page.waitForSelector('.ant-breadcrumb', { state: 'visible' });
      times.push(await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())))));
    }
    times.sort((a, b) => a - b);
    return { loginJsFiles: scripts.length, loginJsRawKB: +(jsRaw / 1024).toFixed(1), loginJsGzipKB: +(jsGzip / 1024).toFixed(1), shellPaintMsMedian: Math.round(times[3]), shellPaintMsRuns: times.map(Math.round) };
  } finally { await browser.close(); await server.stop(); }
}

const results: Record<string, unknown> = { date: new Date().toISOString(), durationSeconds: DURATION, rounds: ROUNDS, connections: CONNECTIONS };
const targets = [await bareTarget(), await userinfoTarget('GET /api/admin/userinfo, PGlite', {})];
const pgUrl = await freshPgDatabase();
if (pgUrl) targets.push(await userinfoTarget('GET /api/admin/userinfo, PostgreSQL', { DATABASE_URL: pgUrl, DEMO: '1' }));
let calls;
try { calls = await throughput(targets); } finally { for (const t of targets) await t.stop(); }
const browser = await browserFigures();
Object.assign(results, { calls, browser });
// players and money (issue 5) on PostgreSQL: BENCH_PLAYERS (default 1,000,000; 0 skips it)
const players = pgUrl && process.env.BENCH_PLAYERS !== '0' ? await playersBench(playersBenchUrl()) : null;
if (players) results.players = players;
// payments (issue 6) on PostgreSQL: BENCH_PAYMENT_EVENTS (default 10,000,000); BENCH_PAYMENTS=0 skips it
const payments = pgUrl && process.env.BENCH_PAYMENTS !== '0' ? await paymentsBench(playersBenchUrl()) : null;
if (payments) results.payments = payments;
// games (issue 7) on PostgreSQL: BENCH_BETS bets over 90 days (default 20,000,000; 0 skips it)
const games = pgUrl && process.env.BENCH_BETS !== '0' ? await gamesBench(playersBenchUrl()) : null;
if (games) results.games = games;
// a broadcast (issue 8) on PostgreSQL: BENCH_BROADCAST_PLAYERS players in the segment (default 1,000,000; 0 skips it)
const messages = pgUrl && process.env.BENCH_BROADCAST_PLAYERS !== '0' ? await messagesBench(playersBenchUrl()) : null;
if (messages) results.messages = messages;
// agents (issue 9) on PostgreSQL: a weekly settlement for BENCH_AGENTS agents (default 100,000; 0 skips it) and BENCH_INVITEES invitees
const agents = pgUrl && process.env.BENCH_AGENTS !== '0' ? await agentsBench(playersBenchUrl()) : null;
if (agents) results.agents = agents;
// the daily evaluation (issue 10: VIP and the loss rebate) on PostgreSQL over BENCH_DAILY_PLAYERS players (default 1,000,000; 0 skips it)
const daily = pgUrl && process.env.BENCH_DAILY_PLAYERS !== '0' ? await dailyBench(playersBenchUrl()) : null;
if (daily) results.daily = daily;

const row = (c: (typeof calls)[number]) =>
  `| ${c.name.padEnd(35)} | ${String(c.rps).padStart(7)} | ${String(c.p99).padStart(6)} | ${(c.ofBare * 100).toFixed(0).padStart(6)}% | ${c.ofBareRuns.map((r) => r + '%').join(' ').padEnd(14)} | ${String(c.errors).padStart(6)} |`;
console.log(['',
  `| call (${CONNECTIONS} connections, median of ${ROUNDS}) | req/s   | p99 ms | of bare | rounds         | errors |`,
  '|-------------------------------------|---------|--------|---------|----------------|--------|',
  ...calls.map(row),
  ...(pgUrl ? [] : ['(no PostgreSQL reachable: set BENCH_DATABASE_URL)']),
  '', `login page JavaScript: ${browser.loginJsGzipKB} KB gzipped (${browser.loginJsRawKB} KB raw, ${browser.loginJsFiles} files; target ≤ 250 KB)`,
  `navigation → painted dashboard shell: median ${browser.shellPaintMsMedian} ms (runs: ${browser.shellPaintMsRuns.join(', ')})`, '',
  ...(players ? ['players and money (bench/players.ts):', JSON.stringify(players, null, 2), ''] : []),
  ...(payments ? [...paymentsSummary(payments), ''] : []),
  ...(games ? [...gamesSummary(games), ''] : []),
  ...(messages ? [...messagesSummary(messages), ''] : []),
  ...(agents ? [...agentsSummary(agents), ''] : []),
  ...(daily ? [...dailySummary(daily), ''] : [])].join('\n'));
writeFileSync(new URL('./results.json', import.meta.url), JSON.stringify(results, null, 2));
console.log('written bench/results.json');
