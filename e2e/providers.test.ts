/**
 * The third-party game screens in Chromium: JILI and PG play a few rounds through the
 * signed wallet calls of their own applications and report them (provider.round); admin opens
 * each of the eight screens of /tinygames/jiligames and /tinygames/thirdgames and sees that data
 * (JILI only under jiligames, the others under thirdgames, with a provider filter; the logs'
 * wallet reconciliation; Chinese; 420 px wide). The partner account holds the ban_partner
 * marker's role: it has none of these screens in its menu, a direct link is the 404 page, and
 * their API answers it 403 — it sees no provider data at all, its own players' included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness.ts';
import { columnTexts, newPage, signIn, tableSettled, tokenOf } from './pages.ts';
import { platformClient, staffGet } from './platform.ts';

let server: RunningServer;
let browser: Browser;

const JILI = { appId: 'jili-app', secret: 'jili-demo-platform-secret' };
const PG = { appId: 'pg-app', secret: 'pg-demo-platform-secret' };
const SCREENS = ['datareport', 'dashboard', 'userreport', 'logs'] as const;

/** A round as a provider plays it: bet debited, win credited (ref = round id), then its record. */
async function play(app: { appId: string; secret: string }, uid: number, game: string, gameName: string, bet: number, win: number, n: number) {
  const client = platformClient(server.url, app);
  const roundId = `e2e-${app.appId}-${n}`;
  const txIds = [`${roundId}-b`];
  expect(
    (await client.post('/api/platform/wallet/debit', { txId: `${roundId}-b`, uid, currency: 'chip', amount: bet, reason: 'game.bet', ref: roundId })).status,
  ).toBe(200);
  if (win > 0) {
    txIds.push(`${roundId}-w`);
    expect(
      (await client.post('/api/platform/wallet/credit', { txId: `${roundId}-w`, uid, currency: 'chip', amount: win, reason: 'game.win', ref: roundId })).status,
    ).toBe(200);
  }
  expect((await client.event('provider.round', { roundId, game, gameName, uid, bet, win, txIds, endedAt: new Date().toISOString() })).status).toBe('applied');
}

beforeAll(async () => {
  server = await startServer({ DEMO_PLAYERS: '0' });
  browser = await launchBrowser();
  const platform = platformClient(server.url);
  await platform.register(7701, { partner: 1 });
  await platform.register(7702);
  await platform.credit(7701, 500_000);
  await platform.credit(7702, 500_000);
  await play(JILI, 7701, '49', 'Super Ace', 1_000, 0, 1);
  await play(JILI, 7701, '49', 'Super Ace', 2_000, 60_000, 2);
  await play(JILI, 7702, '109', 'Fortune Gems', 500, 700, 3);
  await play(PG, 7702, '65', 'Mahjong Ways', 800, 1_200, 4);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('third-party game screens', () => {
  it('admin opens each screen of both groups with data; the logs reconcile with the wallet', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(page, server.url, 'admin', '/tinygames/jiligames/datareport');
    expect(await tableSettled(page)).toBe(2);
    expect((await columnTexts(page, 'Game')).sort()).toEqual(['Fortune Gems', 'Super Ace']);

    await page.goto(`${server.url}/tinygames/jiligames/logs`);
    expect(await tableSettled(page)).toBe(3);
    expect(await columnTexts(page, 'Wallet')).toEqual(['Matched', 'Matched', 'Matched']);
    expect((await columnTexts(page, 'Round ID')).sort()).toEqual(['e2e-jili-app-1', 'e2e-jili-app-2', 'e2e-jili-app-3']);

    await page.goto(`${server.url}/tinygames/jiligames/userreport`);
    expect(await tableSettled(page)).toBe(2);
    expect((await columnTexts(page, 'UID')).sort()).toEqual(['7701', '7702']);

    await page.goto(`${server.url}/tinygames/jiligames/dashboard`);
    await page.getByText('Top games by bets').waitFor();
    await page.locator('.ant-statistic', { hasText: 'Rounds' }).getByText('3').waitFor();
    await expect.poll(async () => page.locator('main .ant-table-row', { hasText: 'Super Ace' }).count()).toBeGreaterThan(0);

    for (const screen of SCREENS) {
      await page.goto(`${server.url}/tinygames/thirdgames/${screen}`);
      if (screen === 'dashboard') {
        await page.getByTestId('provider-select').waitFor();
        await expect.poll(async () => page.locator('main .ant-table-row', { hasText: 'Mahjong Ways' }).count()).toBeGreaterThan(0);
        continue;
      }
      expect(await tableSettled(page), screen).toBe(1);
      expect(await page.locator('main .ant-table-row', { hasText: 'Super Ace' }).count(), screen).toBe(0);
    }
    // the provider filter: another provider has no rounds
    await page.goto(`${server.url}/tinygames/thirdgames/logs?provider=JDB`);
    expect(await tableSettled(page)).toBe(0);
    await page.goto(`${server.url}/tinygames/thirdgames/logs?provider=PG`);
    expect(await tableSettled(page)).toBe(1);
    expect(await columnTexts(page, 'Game')).toEqual(['Mahjong Ways']);
    await context.close();
  }, 180_000);

  it('reads in Chinese and at 420 px wide', async () => {
    const { context, page } = await newPage(browser, { width: 420, height: 860, locale: 'zh-CN' });
    await signIn(page, server.url, 'admin', '/tinygames/jiligames/logs');
    expect(await tableSettled(page)).toBe(3);
    expect(await columnTexts(page, '钱包')).toEqual(['一致', '一致', '一致']);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await context.close();
  }, 120_000);

  it('the partner account (ban_partner) has none of these screens and no access to their data', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(page, server.url, 'partner', '/tinygames/luckyjoker/dashboard');
    const token = await tokenOf(context);
    for (const group of ['jiligames', 'thirdgames']) {
      for (const screen of SCREENS) {
        expect((await staffGet(server.url, token, `/tinygames/${group}/${screen}`)).status, `${group}/${screen}`).toBe(403);
        await page.goto(`${server.url}/tinygames/${group}/${screen}`);
        await page.waitForURL(/\/404/);
      }
    }
    expect(await page.locator('aside, .ant-layout-sider').first().getByText('JILI games').count()).toBe(0);
    await context.close();
  }, 120_000);
});
