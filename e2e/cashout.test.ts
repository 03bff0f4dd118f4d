/**
 * Cash-out review in Chromium: a player asks for a cash-out above the four-eyes amount
 * through the platform API; a service leader claims it on /usermanager/cashoutreview and gives
 * the first approval (confirming with the password); a second reviewer (secadmin) approves it
 * and it is paid out, as the API then says; the home data report shows it the same day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer, DEMO_PASSWORD } from './harness.ts';
import { columnTexts, explained, newPage, signIn, tableSettled } from './pages.ts';
import { platformClient } from './platform.ts';

let server: RunningServer;
let browser: Browser;
let platform: ReturnType<typeof platformClient>;
let orderId: string;

const UID = 900_601;
const SCREEN = '/usermanager/cashoutreview';
/** ₱20,000: above the default four-eyes amount of ₱10,000. */
const AMOUNT = 2_000_000;

beforeAll(async () => {
  server = await startServer({ DEMO_PLAYERS: '0' });
  browser = await launchBrowser();
  platform = platformClient(server.url);
  await platform.register(UID, { name: 'Cash Out Tester' });
  await platform.credit(UID, 3_000_000, 'withdrawable');
  // the demo's GCash channel (open, ₱100 – ₱50,000, 2 %); an account ending in 1 is paid by the simulated provider
  const res = await platform.post('/api/platform/cashout/orders', {
    requestId: 'e2e-cashout-1',
    uid: UID,
    channel: 'gcash',
    amount: AMOUNT,
    account: '09175550001',
  });
  expect(res.body).toMatchObject({ code: 200, data: { status: 'not_reviewed', fee: 40_000 } });
  orderId = res.body.data.orderId;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const short = () => `${orderId.slice(0, 4)}…${orderId.slice(-4)}`;
const row = (page: Page) => page.locator('main .ant-table-row', { has: page.locator(`[data-order-id="${orderId}"]`) });

async function confirmIdentity(page: Page): Promise<void> {
  const dialog = page.locator('.ant-modal', { hasText: 'Confirm it is you' });
  await explained(page, dialog.waitFor());
  await dialog.getByTestId('reauth-secret').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await explained(page, dialog.waitFor({ state: 'hidden' }));
}

describe('cash-out review above the four-eyes amount', () => {
  it('a service leader claims and gives the first approval; a second reviewer approves and it is paid out', async () => {
    const leader = await newPage(browser);
    try {
      const { page } = leader;
      await signIn(page, server.url, 'serviceleader', SCREEN);
      await page.waitForURL(new RegExp(SCREEN));
      expect(await tableSettled(page)).toBe(1);
      expect(await columnTexts(page, 'Order ID')).toEqual([short()]);
      await expect(row(page).textContent()).resolves.toContain('Four eyes');
      await row(page).getByRole('button', { name: 'Claim' }).click();
      await page.getByText('Operation success').first().waitFor();
      await page.getByRole('tab', { name: /In review/ }).click();
      await page.waitForURL(/tab=in_review/);
      await tableSettled(page);
      await row(page).getByRole('button', { name: 'Approve' }).click();
      await page.locator('.ant-modal', { hasText: 'Approve this cash-out?' }).getByRole('button', { name: 'Approve' }).click();
      await confirmIdentity(page);
      await page.getByText('a second reviewer completes it').waitFor();
      await tableSettled(page);
      expect(await row(page).textContent()).toContain('✓ serviceleader');
      // nothing paid yet: one approval only
      expect((await platform.get('/api/platform/cashout/orders', `orderId=${orderId}`)).body.data.status).toBe('in_review');
    } finally {
      await leader.context.close();
    }

    const second = await newPage(browser);
    try {
      const { page } = second;
      await signIn(page, server.url, 'secadmin', `${SCREEN}?tab=in_review`);
      await tableSettled(page);
      await row(page).getByRole('button', { name: 'Second approval' }).click();
      await page.locator('.ant-modal', { hasText: 'Approve this cash-out?' }).getByRole('button', { name: 'Approve' }).click();
      await confirmIdentity(page);
      await page.getByText('Operation success').first().waitFor();
      expect((await platform.get('/api/platform/cashout/orders', `orderId=${orderId}`)).body.data).toEqual({
        orderId,
        status: 'succeed',
        amount: AMOUNT,
        fee: 40_000,
      });
      // the records show who approved it
      await page.getByRole('tab', { name: 'Cash-out records' }).click();
      await tableSettled(page);
      expect(await columnTexts(page, 'Review status')).toEqual(['Succeeded']);
      expect(await columnTexts(page, 'Second approval')).toEqual(['secadmin']);

      // the home data report (today by default in its range) counts the payout at once
      await page.goto(`${server.url}/homepage`);
      const card = (label: string) => page.locator('.ant-statistic', { has: page.locator('.ant-statistic-title', { hasText: label }) });
      await card('Cashed out (₱)').waitFor();
      await expect.poll(() => card('Cashed out (₱)').locator('.ant-statistic-content').textContent()).toBe('20,000.00');
      expect(await card('Cash-outs paid').locator('.ant-statistic-content').textContent()).toBe('1');
    } finally {
      await second.context.close();
    }
  }, 180_000);
});
