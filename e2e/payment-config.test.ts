/**
 * Payment configuration in Chromium: secadmin changes the GCash cash-out fee on
 * /remoteconfig/cashOutEdter (asked before overwriting), the platform call gives the new fee,
 * the item's history shows who changed what, compares two versions, and restores the demo's
 * version after a confirmation (a new version; the fee is back).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness.ts';
import { columnTexts, confirmDialog, newPage, signIn, tableSettled } from './pages.ts';
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

const gcashFee = async () => {
  const res = await platformClient(server.url).get('/api/platform/cashout/channels', '');
  return (res.body.data.channels as { channel: string; feePercent: number }[]).find((c) => c.channel === 'gcash')!.feePercent;
};
const feeOf = async (page: Page, name: string) => {
  const names = await columnTexts(page, 'Name');
  return (await columnTexts(page, 'Fee (%)'))[names.indexOf(name)];
};

describe('cash-out channel configuration', () => {
  it('secadmin changes a fee after a confirmation, sees the history, compares, restores', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, server.url, 'secadmin', '/remoteconfig/cashOutEdter');
      expect(await tableSettled(page)).toBe(4);
      expect(await columnTexts(page, 'Name')).toEqual(['GCash', 'Maya', 'Bank transfer', 'GrabPay']);
      expect(await feeOf(page, 'GCash')).toBe('2.00');
      expect(await gcashFee()).toBe(2);

      const row = page.locator('main tr.ant-table-row', { hasText: 'GCash' });
      await row.getByRole('button', { name: 'Edit' }).click();
      const form = page.locator('.ant-modal', { hasText: 'Edit cash-out channel' });
      await form.waitFor();
      expect(await form.getByLabel('Minimum (₱)').inputValue()).toBe('100');
      await form.getByLabel('Fee (%)').fill('2.75');
      await form.getByRole('button', { name: 'OK' }).click();
      await confirmDialog(page, /Saving overwrites the current settings/);
      await page.getByText('Operation success').first().waitFor();
      await page.waitForFunction(() => [...document.querySelectorAll('main tr.ant-table-row')].some((tr) => tr.textContent?.includes('2.75')));
      expect(await feeOf(page, 'GCash')).toBe('2.75');
      expect(await gcashFee()).toBe(2.75);

      // the item's history: the demo's version and secadmin's, newest first
      await row.getByRole('button', { name: 'History of this item' }).click();
      const drawer = page.locator('.ant-drawer', { hasText: 'History of gcash' });
      await drawer.locator('.ant-table-row').nth(1).waitFor();
      const versions = drawer.locator('.ant-table-row');
      expect(await versions.count()).toBe(2);
      expect(await versions.nth(0).textContent()).toMatch(/secadmin.*Updated/);
      expect(await versions.nth(1).textContent()).toMatch(/system.*Demo data/);

      // what the update changed
      await versions.nth(0).getByRole('button', { name: 'Changes' }).click();
      let diff = page.locator('.ant-modal', { hasText: 'Changes of version' });
      await diff.waitFor();
      expect(await diff.locator('tbody tr').allTextContents()).toEqual(['Fee (%)22.75']);
      await diff.getByRole('button', { name: 'Close' }).click();

      // compare the two versions
      await versions.nth(0).locator('input[type=checkbox]').check();
      await versions.nth(1).locator('input[type=checkbox]').check();
      await drawer.getByRole('button', { name: 'Compare selected' }).click();
      diff = page.locator('.ant-modal', { hasText: 'compared with' });
      await diff.waitFor();
      expect(await diff.locator('tbody tr').allTextContents()).toEqual(['Fee (%)22.75']);
      await diff.getByRole('button', { name: 'Close' }).click();

      // restore the demo's version: asked first, then a new version and the fee is back
      await versions.nth(1).getByRole('button', { name: 'Restore' }).click();
      await confirmDialog(page, /Restore version #\d+ of gcash\?/);
      await drawer.locator('.ant-table-row').nth(2).waitFor();
      expect(await drawer.locator('.ant-table-row').nth(0).textContent()).toMatch(/secadmin.*Restored #\d+/);
      await drawer.locator('.ant-drawer-close').click();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('main tr.ant-table-row')].some((tr) => tr.textContent?.includes('GCash') && tr.textContent.includes('2.00')),
      );
      expect(await feeOf(page, 'GCash')).toBe('2.00');
      expect(await gcashFee()).toBe(2);
    } finally {
      await context.close();
    }
  });
});
