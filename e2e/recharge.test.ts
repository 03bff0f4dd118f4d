/**
 * Recharge orders in Chromium: orders made and called back through the signed
 * platform API on the demo channels (GCash, ₱100 pack), then a service leader finds the held
 * one on /usermanager/payorder (order id first 4 … last 4, the full id on hover), credits it
 * with a reason and a confirmation, and sees it paid; paymentlogs shows the paid orders; the
 * chip log reads the ledger reasons as labels; a partner account sees only its partner's orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness.ts';
import { columnTexts, confirmDialog, newPage, signIn, tableSettled, tokenOf } from './pages.ts';
import { platformClient, staffGet } from './platform.ts';

let server: RunningServer;
let browser: Browser;
let platform: ReturnType<typeof platformClient>;

const UID = 910_001;
const P1_UID = 910_101;
const P2_UID = 910_201;
const PACK = { productId: 'php100', price: 10_000 };
const ids: Record<string, string> = {};

async function order(uid: number, key: string): Promise<string> {
  const res = await platform.post('/api/platform/recharge/orders', { requestId: `e2e-${key}`, uid, ...PACK, channel: 'gcash', os: 'android' });
  if (res.status !== 200) throw new Error(`order ${key}: ${JSON.stringify(res.body)}`);
  return (ids[key] = res.body.data.orderId as string);
}
const pay = (orderId: string, amount: number, ref: string) =>
  platform.post('/api/platform/recharge/callback', { orderId, channelOrderId: ref, amount, status: 'paid' });

beforeAll(async () => {
  server = await startServer({ DEMO_PLAYERS: '0' });
  browser = await launchBrowser();
  platform = platformClient(server.url);
  await platform.register(UID, { name: 'Recharge Tester', package: 'com.demo' });
  await platform.register(P1_UID, { name: 'Partner One Payer', package: 'com.demo.partner1', partner: 1 });
  await platform.register(P2_UID, { name: 'Partner Two Payer', package: 'com.demo.partner2', partner: 2 });
  await pay(await order(UID, 'paid'), PACK.price, 'GC-E2E-1');
  await pay(await order(UID, 'held'), 9_000, 'GC-E2E-2');
  await pay(await order(P1_UID, 'p1'), PACK.price, 'GC-E2E-3');
  await pay(await order(P2_UID, 'p2'), PACK.price, 'GC-E2E-4');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const short = (id: string) => `${id.slice(0, 4)}…${id.slice(-4)}`;

describe('recharge orders on the screens', () => {
  it('serviceleader: the held order on payorder, credited with a reason after a confirmation; paymentlogs and the chip log', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, server.url, 'serviceleader', '/usermanager/payorder?attention=true');
      expect(await tableSettled(page)).toBe(1);
      expect(await columnTexts(page, 'Order ID')).toEqual([short(ids.held)]);
      expect(await columnTexts(page, 'Status')).toEqual(['Held for review']);
      expect(await columnTexts(page, 'Held because')).toEqual(['Amount differs from the price']);
      expect(await page.locator(`main [title="${ids.held}"]`).count()).toBe(1);
      // the copy button copies the whole id
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await page.locator('main .ant-table-row .ant-typography-copy').first().click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(ids.held);

      await page.locator('main .ant-table-row').getByRole('button', { name: 'Credit' }).click();
      const form = page.locator('.ant-modal:visible');
      await form.waitFor();
      await form.locator('textarea').fill('E2E: GCash statement shows ₱100 received');
      await form.getByRole('button', { name: 'OK' }).click();
      await confirmDialog(page, new RegExp(`Credit order ${ids.held}\\?`));
      await page.getByText('Operation success').first().waitFor({ timeout: 15_000 });
      await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 15_000 }).toBe(0);
      // the list refetched: the order is no longer held (attention=true shows nothing)
      await expect.poll(() => page.locator('main .ant-table-row').count(), { timeout: 20_000 }).toBe(0);

      await page.goto(`${server.url}/usermanager/payorder?uid=${UID}`);
      expect(await tableSettled(page)).toBe(2);
      expect(await columnTexts(page, 'Status')).toEqual(['Paid', 'Paid']);
      expect(await columnTexts(page, 'Decision')).toEqual(['Credited by staff', '-']);

      await page.goto(`${server.url}/usermanager/paymentlogs?uid=${UID}`);
      expect(await tableSettled(page)).toBe(2);
      expect(await columnTexts(page, 'Price (₱)')).toEqual(['100.00', '100.00']);
      // the first paid order carried the first-recharge bonus, the credited one did not
      expect((await columnTexts(page, 'First-recharge bonus (chips)')).sort()).toEqual(['0', '2,000']);

      await page.goto(`${server.url}/usermanager/goldlogs?uid=${UID}`);
      expect(await tableSettled(page)).toBe(3);
      expect((await columnTexts(page, 'Reason')).sort()).toEqual(['First-recharge bonus', 'Recharge', 'Recharge']);

      const token = await tokenOf(context);
      const held = await staffGet(server.url, token, '/usermanager/payorder', { orderId: ids.held });
      expect(held.body.data.items[0]).toMatchObject({ status: 'paid', resolution: 'credited', resolvedBy: 'serviceleader' });
    } finally {
      await context.close();
    }
  });

  it("partner: only its partner's orders, on the screen and through the API", async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, server.url, 'partner', '/usermanager/paymentlogs');
      expect(await tableSettled(page)).toBe(1);
      expect(await columnTexts(page, 'Order ID')).toEqual([short(ids.p1)]);
      const token = await tokenOf(context);
      const all = await staffGet(server.url, token, '/usermanager/payorder');
      expect(all.body.data.items.map((i: { uid: number }) => i.uid)).toEqual([P1_UID]);
    } finally {
      await context.close();
    }
  });
});
