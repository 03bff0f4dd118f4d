/**
 * Every /activities and /vipmanager screen on a small demo, in Chromium ("every
 * /activities screen opens with data for admin"): the demo's history, its staff and its apps
 * (activity claims, redemption codes, leaderboards, shares, the Tongits arena, VIP batches)
 * fill them, and one recall the test's app sends (a small history rarely has a friend away 15 days); admin opens each leaf screen of the catalogue it may see, and each is built (not
 * "not available yet"), does not crash, answers no API call with a 5xx, logs no error, and
 * shows data (table rows, a chart, statistics or a settings form with values; on a screen that
 * opens on a form, its other tabs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { listScreens, mayAccess } from '@console/catalog';
import { launchBrowser, startServer, type RunningServer } from './harness.ts';
import { newPage, signIn } from './pages.ts';
import { platformClient } from './platform.ts';

const DAY = 86_400_000;

let server: RunningServer;
let browser: Browser;

const PATHS = listScreens()
  .filter(
    (e) => e.childPaths.length === 0 && !e.hidden && /^\/(activities|vipmanager)\//.test(e.fullPath) && mayAccess(e.fullPath, { roles: ['admin'], partner: 0 }),
  )
  .map((e) => e.fullPath);

/** A settings text (a JSON document) with a value counts as data. */
const filledText = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('main textarea')].some((t) => (t as HTMLTextAreaElement).value.trim().length > 2));

/** A screen that opens on a form with its records on another tab (vipsend: Send, then the batches): the other tabs' data. */
async function dataInAnotherTab(page: Page, marks: Locator): Promise<boolean> {
  const tabs = page.locator('main .ant-tabs-tab:not(.ant-tabs-tab-active)');
  for (let k = 0; k < (await tabs.count()); k += 1) {
    await tabs.nth(k).click();
    await marks
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    if ((await marks.count()) > 0) return true;
  }
  return false;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ DEMO_PLAYERS: '300', DEMO_DAYS: '24' }, { startTimeoutMs: 600_000 }), launchBrowser()]);
  // a recall, which 24 days of 300 players may lack (a friend away 15 days or more is rare): a
  // player's app recalls a friend away 20 days, who comes back; both apps read their activities
  const p = platformClient(server.url);
  const now = Date.now();
  const at = (ms: number) => new Date(ms).toISOString();
  const player = (uid: number, name: string) => ({ uid, name, ip: `10.9.5.${uid % 100}`, deviceId: `e2e-recall-${uid}`, package: 'com.demo.e2e' });
  const results = await p.events([
    { type: 'player.registered', at: at(now - 21 * DAY), data: player(990_501, 'E2E recaller') },
    { type: 'player.registered', at: at(now - 21 * DAY), data: player(990_502, 'E2E friend') },
    { type: 'player.login', at: at(now - 20 * DAY), data: { uid: 990_502, ip: '10.9.5.2', deviceId: 'e2e-recall-990502' } },
    { type: 'player.recall', at: at(now - 2 * DAY), data: { uid: 990_501, friendUid: 990_502 } },
    { type: 'player.login', at: at(now - 2 * DAY + 3_600_000), data: { uid: 990_502, ip: '10.9.5.2', deviceId: 'e2e-recall-990502' } },
  ]);
  expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
  for (const uid of [990_501, 990_502]) expect((await p.get('/api/platform/activities', `uid=${uid}`)).status).toBe(200);
}, 660_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('activities and VIP on the demo', () => {
  it('admin opens every screen: built, no error, with data', async () => {
    expect(PATHS.length).toBeGreaterThan(50);
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text().slice(0, 200));
    });
    page.on('pageerror', (e) => errors.push(`pageerror: ${String(e).slice(0, 200)}`));
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() >= 500) errors.push(`${r.status()} ${r.url()}`);
    });
    await signIn(page, server.url, 'admin', '/');
    const problems: string[] = [];
    for (const path of PATHS) {
      errors.length = 0;
      await page.goto(server.url + path);
      const marks = page.locator('main').locator('.ant-table-row, canvas, .ant-descriptions-item, .ant-statistic, .ant-form-item input[value]:not([value=""])');
      // settled: data shown, or the screen says it has none (an empty table), or it is not built
      await page
        .locator('main')
        .locator('.ant-table-row, canvas, .ant-descriptions-item, .ant-statistic, .ant-form-item input, .ant-empty, [data-testid="not-available"]')
        .first()
        .waitFor({ timeout: 20_000 })
        .catch(() => undefined);
      await page.waitForFunction(() => document.querySelectorAll('.ant-spin-spinning').length === 0, undefined, { timeout: 20_000 }).catch(() => undefined);
      if (await page.locator('[data-testid="not-available"]').count()) problems.push(`${path}: not available`);
      else if (new URL(page.url()).pathname !== path) problems.push(`${path}: landed on ${new URL(page.url()).pathname}`);
      else if ((await marks.count()) === 0 && !(await filledText(page)) && !(await dataInAnotherTab(page, marks))) problems.push(`${path}: no data`);
      if (errors.length) problems.push(`${path}: ${errors.join(' | ')}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 900_000);
});
