/**
 * The first minute (docs/decisions/039-first-minute.md): a server on an empty data directory
 * listens before its demo data is made and fills it in behind; staff sign in at once, a banner
 * says how far the seed is, and the data report fills in without a reload. A server stopped
 * half-way through the seed goes on from there at its next start (the open page keeps
 * watching through the restart), the ledger then reconciles, and a start on seeded data has
 * nothing to seed. The terminal prints one line per step with its time and ends with the
 * address and the demo accounts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { freePort, launchBrowser, startServer, type RunningServer } from './harness.ts';
import { newPage, signIn } from './pages.ts';

const SEED = { DEMO_PLAYERS: '60', DEMO_DAYS: '8' };
let browser: Browser;
let dataDir: string;
let port: number;
const servers: RunningServer[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = mkdtempSync(join(tmpdir(), 'console-first-minute-'));
  port = await freePort();
});
afterAll(async () => {
  await browser?.close();
  for (const s of servers) await s.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<RunningServer> {
  const server = await startServer(SEED, { dataDir, port, waitForSeed: false, startTimeoutMs: 600_000 });
  servers.push(server);
  return server;
}

interface Health {
  code: number;
  demoSeed?: { percent: number; step: string; next: string | null };
}
const health = async (server: RunningServer) => (await (await fetch(server.url + '/api/health')).json()) as Health;
const consoleLines = (log: string) => log.split('\n').filter((l) => l.startsWith('[console '));

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 600_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('first minute: a fresh start listens at once and seeds behind it', () => {
  it('signs staff in during the seed, shows its progress, survives a restart half-way and fills the data report in', async () => {
    const first = await start();
    // the seed has only begun: the accounts are there, the configuration and the history are not
    const begun = await health(first);
    expect(begun.code).toBe(200);
    expect(begun.demoSeed).toMatchObject({ percent: expect.any(Number) });

    const { context, page } = await newPage(browser);
    await signIn(page, first.url, 'admin', '/homepage');
    const banner = page.locator('#console-demo-seed');
    await expect(banner.textContent({ timeout: 10_000 })).resolves.toMatch(/^Demo data: \d+%/);
    const newPlayers = page
      .locator('.ant-statistic', { has: page.locator('.ant-statistic-title', { hasText: /^New players$/ }) })
      .locator('.ant-statistic-content-value');
    const figure = async () => Number((await newPlayers.textContent({ timeout: 30_000 }))!.replace(/[^\d]/g, ''));
    // the data report's calls: each finished step of the seed asks again
    let reportCalls = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/homepage') reportCalls++;
    });
    await figure();
    const callsBefore = reportCalls;
    // a page that reloads loses this mark
    await page.evaluate(() => {
      (window as unknown as { mark: number }).mark = 1;
    });

    // stopped half-way, after the players' history, while the rest of the seed runs
    await until('a step after the history', async () => {
      const h = await health(first);
      return h.demoSeed && !['', 'configuration', "players' history"].includes(h.demoSeed.step) && h.demoSeed.step;
    });
    await first.stop();
    const second = await start();
    const resumed = await health(second);
    expect(resumed.demoSeed, 'the second start goes on with the seed').toBeDefined();
    expect(resumed.demoSeed!.percent).toBeGreaterThan(30);
    await until('the seed to finish', async () => !(await health(second)).demoSeed);

    // the page left open through the restart: the banner went, the figures came without a reload
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    await until('the data report to ask again', async () => reportCalls > callsBefore, 30_000);
    expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
    // the seed's players registered within its days, which the report's 30 days cover (later steps may add some)
    await until('the data report to show the players', async () => (await figure()) >= Number(SEED.DEMO_PLAYERS), 30_000);
    await context.close();

    // the terminal: a line per step with its time; the last names the address and the accounts
    const lines = consoleLines(first.log() + second.log());
    for (const step of ['database ready', 'listening on', 'demo data: ', 'demo data ready']) {
      expect(
        lines.some((l) => l.includes(step)),
        step,
      ).toBe(true);
    }
    expect(lines.every((l) => /^\[console +\d+\.\d s\] /.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(new RegExp(`open ${second.url.replace(/[.]/g, '\\.')} and sign in as admin, .* password demo123456$`));
    await second.stop();

    // every balance equals its ledger entries after the seed was cut and finished
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/reconcile.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    expect(stdout).toMatch(/^ok, \d+ balances/);

    // a third start on the seeded data: nothing to seed, nothing to migrate
    const third = await start();
    expect((await health(third)).demoSeed).toBeUndefined();
    const thirdLines = consoleLines(third.log());
    expect(thirdLines.some((l) => l.includes('demo data ready'))).toBe(true);
    expect(thirdLines.some((l) => l.includes('migration'))).toBe(false);
  }, 900_000);
});
