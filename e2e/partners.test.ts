/**
 * Partners and cloud chips in Chromium: the partner account asks to buy cloud chips,
 * admin confirms the payment on /platmanager/partnerediter (a partner cannot reach /platmanager:
 * the platform sells, decision 019), the partner hands stock to a new dealer and makes a bill of
 * today that shows the purchase and the hand-out; then every screen of this module opens with
 * data for an allowed role (admin: /platmanager, partner: /partnermanager), and the bills in
 * Chinese at 420 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiLogin, launchBrowser, startServer, type RunningServer } from './harness.ts';
import { columnTexts, confirmDialog, newPage, signIn, tableSettled } from './pages.ts';
import { platformClient } from './platform.ts';

let server: RunningServer;
let browser: Browser;

const api = async (token: string, path: string, body: unknown) => {
  const res = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'X-Token': token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

/** Fills a kit form modal (label → value), submits it, and accepts the confirmation when one follows. */
async function submitForm(page: Page, values: Record<string, string>, confirm = true) {
  const form = page
    .locator('.ant-modal')
    .filter({ has: page.locator('form') })
    .last();
  await form.waitFor();
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'OK' }).click();
  if (confirm) await confirmDialog(page);
}
/** Runs a row action of the first row (inline or under "More"). */
async function rowAction(page: Page, label: string) {
  const row = page.locator('main .ant-table-row').first();
  const inline = row.getByRole('button', { name: label, exact: true });
  if (await inline.count()) {
    await inline.click();
    return;
  }
  await row.getByRole('button', { name: /More/ }).click();
  await page.locator('.ant-dropdown:visible').getByText(label, { exact: true }).click();
}

beforeAll(async () => {
  server = await startServer({ DEMO_PLAYERS: '0' });
  browser = await launchBrowser();
  const p = platformClient(server.url);
  for (const uid of [9301, 9302]) await p.register(uid, { partner: 1 });
  await p.register(9401, { partner: 0 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('partners and cloud chips', () => {
  it('a partner buys cloud chips (admin confirms the payment), hands them to a dealer, and its bill shows it', async () => {
    const partner = await newPage(browser, { width: 1440, height: 900 });
    await signIn(partner.page, server.url, 'partner', '/partnermanager/partnerCoinLogs?tab=orders');
    await partner.page.locator('main .ant-empty').first().waitFor();
    await partner.page.getByRole('button', { name: 'Buy cloud chips' }).click();
    await submitForm(partner.page, { 'Amount (₱)': '1000' });
    await expect.poll(async () => columnTexts(partner.page, 'Amount (₱)'), { timeout: 15_000 }).toEqual(['1,000.00']);
    expect(await columnTexts(partner.page, 'Status')).toEqual(['Pending']);
    expect(await columnTexts(partner.page, 'Cost')).toEqual(['900.00']);

    const admin = await newPage(browser, { width: 1440, height: 900 });
    await signIn(admin.page, server.url, 'admin', '/platmanager/partnerediter?tab=orders');
    expect(await tableSettled(admin.page)).toBe(1);
    await rowAction(admin.page, 'Confirm payment');
    await confirmDialog(admin.page);
    await expect.poll(async () => columnTexts(admin.page, 'Status'), { timeout: 15_000 }).toEqual(['Paid']);
    await admin.page.getByTestId('tab-partners').click();
    await expect
      .poll(
        async () => {
          await tableSettled(admin.page);
          return columnTexts(admin.page, 'Cloud chips');
        },
        { timeout: 15_000 },
      )
      .toEqual(['1,000.00', '0.00']);

    await partner.page.goto(`${server.url}/partnermanager/coinbusiness`);
    await partner.page.locator('main .ant-empty').first().waitFor();
    await partner.page.getByRole('button', { name: 'New dealer' }).click();
    await submitForm(partner.page, { Name: 'E2E Coins', 'Daily sell limit (₱)': '500' }, false);
    await expect.poll(async () => columnTexts(partner.page, 'Name'), { timeout: 15_000 }).toEqual(['E2E Coins']);
    await rowAction(partner.page, 'Hand stock');
    await submitForm(partner.page, { 'Amount (₱)': '300' });
    await expect.poll(async () => columnTexts(partner.page, 'Stock'), { timeout: 15_000 }).toEqual(['300.00']);
    await rowAction(partner.page, 'Sell to a player');
    await submitForm(partner.page, { 'Player uid': '9301', 'Amount (₱)': '120' });
    await expect.poll(async () => columnTexts(partner.page, 'Stock'), { timeout: 15_000 }).toEqual(['180.00']);
    expect(await columnTexts(partner.page, 'Sold today')).toEqual(['120.00']);

    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    await partner.page.goto(`${server.url}/partnermanager/partnersum`);
    await partner.page.locator('main .ant-empty').first().waitFor();
    await partner.page.getByRole('button', { name: 'New bill' }).click();
    const form = partner.page
      .locator('.ant-modal')
      .filter({ has: partner.page.locator('form') })
      .last();
    await form.waitFor();
    await form.getByLabel('First day', { exact: true }).fill(today);
    await form.getByLabel('Last day', { exact: true }).fill(today);
    await form.getByRole('button', { name: 'OK' }).click();
    await expect.poll(async () => columnTexts(partner.page, 'Bought'), { timeout: 15_000 }).toEqual(['1,000.00']);
    expect(await columnTexts(partner.page, 'Distributed')).toEqual(['300.00']);
    expect(await columnTexts(partner.page, 'Closing')).toEqual(['700.00']);
    expect(await columnTexts(partner.page, 'Status')).toEqual(['Draft']);
    // the platform-only actions are not offered to the partner
    expect(await partner.page.locator('main .ant-table-row').first().getByRole('button', { name: 'Adjust' }).count()).toBe(0);

    await partner.page.goto(`${server.url}/partnermanager/partnerCoinLogs`);
    await tableSettled(partner.page);
    // both sides of the hand-out are the partner's accounts (its cloud chips and the dealer's stock)
    expect(await columnTexts(partner.page, 'Reason')).toEqual(['Dealer sale', 'Handed to a dealer', 'Handed to a dealer', 'Bought from the platform']);
    expect(await columnTexts(partner.page, 'Change')).toEqual(['-120.00', '300.00', '-300.00', '1,000.00']);
    await partner.context.close();
    await admin.context.close();
  }, 240_000);

  it('every screen opens with data for an allowed role', async () => {
    const adminToken = await apiLogin(server.url, 'admin');
    const secToken = await apiLogin(server.url, 'secadmin');
    const partnerToken = await apiLogin(server.url, 'partner');
    const dealer = (await api(adminToken, '/platmanager/coinediter/create', { name: 'Platform Desk' })).body.data;
    const load = (await api(adminToken, '/platmanager/coinediter/loads/request', { dealer: dealer.id, amount: 500_000 })).body.data;
    expect((await api(secToken, '/platmanager/coinediter/loads/decide', { id: load.id, approve: true })).status).toBe(200);
    expect((await api(adminToken, '/platmanager/coinediter/sell', { dealer: dealer.id, uid: 9401, amount: 20_000 })).status).toBe(200);
    const res = await fetch(`${server.url}/api/partnermanager/accounttransfer/accounts`, { headers: { 'X-Token': partnerToken } });
    const accounts: any = await res.json();
    const [own, stock] = [accounts.data.find((a: any) => a.kind === 'partner'), accounts.data.find((a: any) => a.kind === 'dealer')];
    expect(
      (await api(partnerToken, '/partnermanager/accounttransfer/request', { kind: 'account', from: own.id, to: stock.id, amount: 5_000, reason: 'top up' }))
        .body.data.status,
    ).toBe('done');

    const screens: Array<[string, string, string, string]> = [
      ['admin', '/platmanager/partnerediter', 'Name', 'Demo Partner'],
      ['admin', '/platmanager/coinediter', 'Name', 'Platform Desk'],
      ['admin', '/platmanager/coinediter?tab=loads', 'Dealer', 'Platform Desk'],
      ['admin', '/platmanager/coinlogs', 'Dealer', 'Platform Desk'],
      ['admin', '/platmanager/coinlogs?tab=days', 'Differs', 'No'],
      ['partner', '/partnermanager/partnerCoinLogs', 'Reason', 'Transfer between accounts'],
      ['partner', '/partnermanager/coinbusiness', 'Name', 'E2E Coins'],
      ['partner', '/partnermanager/accounttransfer', 'Status', 'Done'],
      ['partner', '/partnermanager/partnersum', 'Status', 'Draft'],
    ];
    for (const role of ['admin', 'partner']) {
      const { context, page } = await newPage(browser, { width: 1440, height: 900 });
      await signIn(page, server.url, role, '/');
      for (const [, path, column, value] of screens.filter((s) => s[0] === role)) {
        await page.goto(server.url + path);
        expect(await tableSettled(page), path).toBeGreaterThan(0);
        expect(await columnTexts(page, column), path).toContain(value);
      }
      if (role === 'admin') {
        await page.goto(`${server.url}/platmanager/defalutediter`);
        await page.getByLabel('Rake share', { exact: true }).waitFor();
        expect(await page.getByLabel('Rake share', { exact: true }).inputValue()).toBe('60');
      } else {
        // /platmanager is refused to a partner account
        const refused = await fetch(`${server.url}/api/platmanager/partnerediter`, { headers: { 'X-Token': partnerToken } });
        expect(refused.status).toBe(403);
      }
      await context.close();
    }
  }, 240_000);

  it('bills in Chinese at 420 px', async () => {
    const { context, page } = await newPage(browser, { width: 420, height: 900, locale: 'zh-CN' });
    await signIn(page, server.url, 'partner', '/partnermanager/partnersum');
    expect(await tableSettled(page)).toBe(1);
    expect(await columnTexts(page, '期末')).toEqual(['700.00']);
    expect(await columnTexts(page, '状态')).toEqual(['草稿']);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  }, 120_000);
});
