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

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Load { rps: number; p99: number; errors: number; non2xx: number }

async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  // warm-up, then the measured run
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function bare(): Promise<Load> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.on('data', (d) => { if (String(d).includes('ready')) resolve(); }));
  try { return await load(`http://127.0.0.1:${port}/bare`); } finally { child.kill(); }
}

async function userinfo(env: Record<string, string>): Promise<Load> {
  const server = await startServer(env);
  try {
    const token = await apiLogin(server.url, 'admin');
    return await load(`${server.url}/api/admin/userinfo?token=${encodeURIComponent(token)}`, { 'X-Token': token, 'X-App-Id': 'bench' });
  } finally { await server.stop(); }
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

const results: Record<string, unknown> = { date: new Date().toISOString(), durationSeconds: DURATION, connections: CONNECTIONS };
const bareRoute = await bare();
const pglite = await userinfo({});
const pgUrl = await freshPgDatabase();
const postgres = pgUrl ? await userinfo({ DATABASE_URL: pgUrl, DEMO: '1' }) : null;
const browser = await browserFigures();
Object.assign(results, { bareRoute, pglite, postgres, browser });

const row = (name: string, l: Load | null) => l
  ? `| ${name.padEnd(34)} | ${String(l.rps).padStart(7)} | ${String(l.p99).padStart(7)} | ${((l.rps / bareRoute.rps) * 100).toFixed(0).padStart(5)}% | ${l.errors + l.non2xx} |`
  : `| ${name.padEnd(34)} | (no PostgreSQL reachable) |`;
console.log(['',
  '| call (50 connections)              |   req/s | p99 ms | of bare | errors |',
  '|------------------------------------|---------|--------|---------|--------|',
  row('bare Fastify route', bareRoute), row('GET /api/admin/userinfo, PGlite', pglite), row('GET /api/admin/userinfo, PostgreSQL', postgres),
  '', `login page JavaScript: ${browser.loginJsGzipKB} KB gzipped (${browser.loginJsRawKB} KB raw, ${browser.loginJsFiles} files; target ≤ 250 KB)`,
  `navigation → painted dashboard shell: median ${browser.shellPaintMsMedian} ms (runs: ${browser.shellPaintMsRuns.join(', ')})`, ''].join('\n'));
writeFileSync(new URL('./results.json', import.meta.url), JSON.stringify(results, null, 2));
console.log('written bench/results.json');
