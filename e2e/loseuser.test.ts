/**
 * Lost-player retrieval in Chromium: business chooses players inactive for 7 days,
 * previews the count, confirms and sends a campaign with a reward; the campaign shows in the
 * details list, its players open from it, and after one player comes back (a signed login)
 * the dashboard shows the campaign side by side with its return. Customer service reads the
 * same screen without the composer; the screen in Chinese at 420 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness.ts';
import { columnTexts, confirmDialog, newPage, signIn, tableSettled } from './pages.ts';
import { platformClient } from './platform.ts';

let server: RunningServer;
let browser: Browser;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startServer({ DEMO_PLAYERS: '0' });
  browser = await launchBrowser();
  const p = platformClient(server.url);
  const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
  for (const uid of [9101, 9102, 9103, 9104]) {
    const results = await p.events([
      {
        id: `lu-reg-${uid}`,
        type: 'player.registered',
        at: ago(30),
        data: { uid, name: `Lost ${uid}`, ip: '10.0.0.1', deviceId: `lu-${uid}`, package: 'com.demo' },
      },
      { id: `lu-login-${uid}`, type: 'player.login', at: ago(uid === 9104 ? 1 : 20), data: { uid, ip: '10.0.0.1', deviceId: `lu-${uid}` } },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied']);
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('lost-player retrieval', () => {
  it('business previews and sends a campaign; its players and the dashboard show it', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(page, server.url, 'business', '/loseuser/send');
    await page.getByTestId('campaign-name').fill('E2E win-back');
    await page.getByTestId('inactive-days').fill('7');
    await page.getByTestId('campaign-title').fill('We miss you {name}');
    await page.getByTestId('campaign-content').fill('Come back for {amount}');
    await page.getByTestId('campaign-reward').fill('10');
    await page.getByTestId('campaign-preview-button').click();
    await expect.poll(async () => page.getByTestId('campaign-preview').textContent()).toMatch(/Reaches 3 players/);
    expect(await page.getByTestId('campaign-preview').textContent()).toMatch(/30\.00/);
    await page.getByTestId('campaign-send').click();
    await confirmDialog(page, /to 3 players/);
    await expect
      .poll(
        async () => {
          await tableSettled(page);
          return columnTexts(page, 'Campaign name');
        },
        { timeout: 20_000 },
      )
      .toEqual(['E2E win-back']);
    await expect
      .poll(
        async () => {
          await page
            .getByRole('button', { name: /reload/i })
            .first()
            .click()
            .catch(() => undefined);
          return columnTexts(page, 'Reached');
        },
        { timeout: 20_000 },
      )
      .toEqual(['3']);

    // one player comes back
    const back = await platformClient(server.url).event('player.login', { uid: 9101, ip: '10.0.0.2', deviceId: 'lu-9101' });
    expect(back.status).toBe('applied');
    await page.locator('[data-testid^=campaign-]').filter({ hasText: /^\d+$/ }).first().click();
    await page.waitForURL(/campaign=\d+/);
    await page.getByRole('combobox').first().waitFor();
    await expect
      .poll(
        async () => {
          await tableSettled(page);
          return (await columnTexts(page, 'UID')).length;
        },
        { timeout: 40_000 },
      )
      .toBe(3);
    await page.getByTestId('back-to-campaigns').click();
    await page.waitForURL((u) => !u.search.includes('campaign='));

    await page.goto(`${server.url}/loseuser/dashboard`);
    await tableSettled(page);
    await expect
      .poll(
        async () => {
          await page.reload();
          await tableSettled(page);
          return columnTexts(page, 'Came back');
        },
        { timeout: 60_000, interval: 5_000 },
      )
      .toEqual(['1']);
    expect(await columnTexts(page, 'Campaign name')).toEqual(['E2E win-back']);
    expect(await page.locator('main').textContent()).toMatch(/Players by day/);
    await context.close();
  }, 240_000);

  it('customer service reads without the composer; zh at 420 px', async () => {
    const { context, page } = await newPage(browser, { width: 420, height: 900, locale: 'zh-CN' });
    await signIn(page, server.url, 'service', '/loseuser/send');
    expect(await tableSettled(page)).toBe(1);
    expect(await columnTexts(page, '活动名称')).toEqual(['E2E win-back']);
    expect(await page.getByTestId('campaign-send').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await context.close();
  }, 120_000);
});
