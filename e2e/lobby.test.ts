/**
 * The lobby in Chromium: a partner account opens its own package's lobby on
 * /gamehomepage/packagename, moves Pusoy before Tongits, sees the phone preview follow, saves
 * after the confirmation, and the signed platform call answers the new order; customer service
 * sees the same lobby without a save button.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness.ts';
import { confirmDialog, newPage, signIn, tableSettled } from './pages.ts';
import { platformClient } from './platform.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ DEMO_PLAYERS: '0' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const cardGames = async () => {
  const res = await platformClient(server.url).get('/api/platform/lobby', 'package=com.demo.partner1');
  return (res.body.data.categories as { code: string; games: { tag: string }[] }[]).find((c) => c.code === 'cards')!.games.map((g) => g.tag);
};

describe('the lobby of a package', () => {
  it('a partner reorders its own lobby, previewed before it is saved; service only looks', async () => {
    expect((await cardGames()).slice(0, 2)).toEqual(['tongits', 'pusoy']);
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(page, server.url, 'partner', '/gamehomepage/packagename');
    expect(await tableSettled(page)).toBe(1);
    await page.getByRole('button', { name: 'Edit lobby' }).click();
    const phone = page.getByTestId('lobby-phone');
    await phone.waitFor();
    const tiles = () => phone.locator('[data-testid^=tile-]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(5)));
    expect((await tiles()).slice(0, 2)).toEqual(['tongits', 'pusoy']);
    await page.getByTestId('game-pusoy').getByRole('button', { name: 'Move up' }).click();
    await expect.poll(async () => (await tiles()).slice(0, 2)).toEqual(['pusoy', 'tongits']);
    await page.getByRole('button', { name: 'Save lobby' }).click();
    await confirmDialog(page, /overwrites the lobby of com\.demo\.partner1/);
    await expect.poll(async () => (await cardGames()).slice(0, 2), { timeout: 10_000 }).toEqual(['pusoy', 'tongits']);
    await context.close();

    const service = await newPage(browser, { width: 1440, height: 900 });
    await signIn(service.page, server.url, 'service', '/gamehomepage/packagename');
    expect(await tableSettled(service.page)).toBe(4);
    await service.page.locator('tr', { hasText: 'com.demo.partner1' }).getByRole('button', { name: 'Edit lobby' }).click();
    await service.page.getByTestId('lobby-phone').waitFor();
    expect(await service.page.getByRole('button', { name: 'Save lobby' }).count()).toBe(0);
    await service.context.close();
  }, 180_000);
});
