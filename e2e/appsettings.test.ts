/**
 * App settings in Chromium: secadmin turns off the first domestic SMS provider on
 * /remoteconfig/sms/localconfig (asked before overwriting), the platform's routing call moves to
 * the next by rank; the item's history restores the demo's version after a confirmation and the
 * route comes back. The SMS log the demo's simulator filled shows codes masked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
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

const routed = async () => {
  const res = await platformClient(server.url).get('/api/platform/sms/route', 'country=63&number=9171234567&purpose=login');
  return res.body.data.provider as string;
};

describe('SMS providers', () => {
  it('secadmin turns a provider off after a confirmation, then restores it from the history', async () => {
    const { context, page } = await newPage(browser);
    try {
      expect(await routed()).toBe('Semaphore');
      await signIn(page, server.url, 'secadmin', '/remoteconfig/sms/localconfig');
      expect(await tableSettled(page)).toBe(4);
      expect(await columnTexts(page, 'Provider id')).toEqual(['Semaphore', 'M360', 'Movider', 'Twilio']);

      const row = page.locator('main tr.ant-table-row', { hasText: 'Semaphore PH' });
      await row.getByRole('button', { name: 'Edit' }).click();
      const form = page.locator('.ant-modal', { hasText: 'Edit local provider' });
      await form.waitFor();
      expect(await form.getByLabel('Rank').inputValue()).toBe('1');
      await form.getByRole('switch').click();
      await form.getByRole('button', { name: 'OK' }).click();
      await confirmDialog(page, /Saving overwrites the current settings/);
      await page.getByText('Operation success').first().waitFor();
      await expect.poll(routed, { timeout: 10_000 }).toBe('Movider');

      await row.getByRole('button', { name: 'History of this item' }).click();
      const drawer = page.locator('.ant-drawer', { hasText: 'History of 63:Semaphore' });
      await drawer.locator('.ant-table-row').nth(1).waitFor();
      const versions = drawer.locator('.ant-table-row');
      expect(await versions.nth(0).textContent()).toMatch(/secadmin.*Updated/);
      expect(await versions.nth(1).textContent()).toMatch(/system.*Demo data/);
      await versions.nth(0).getByRole('button', { name: 'Changes' }).click();
      const diff = page.locator('.ant-modal', { hasText: 'Changes of version' });
      await diff.waitFor();
      expect(await diff.locator('tbody tr').allTextContents()).toEqual([expect.stringMatching(/^Enabled/)]);
      await diff.getByRole('button', { name: 'Close' }).click();

      await versions.nth(1).getByRole('button', { name: 'Restore' }).click();
      await confirmDialog(page, /Restore version #\d+ of 63:Semaphore\?/);
      await drawer.locator('.ant-table-row').nth(2).waitFor();
      expect(await drawer.locator('.ant-table-row').nth(0).textContent()).toMatch(/secadmin.*Restored #\d+/);
      await drawer.locator('.ant-drawer-close').click();
      await expect.poll(routed, { timeout: 10_000 }).toBe('Semaphore');
    } finally {
      await context.close();
    }
  }, 180_000);

  it('the SMS log shows the codes masked, with their delivery results', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, server.url, 'secadmin', '/remoteconfig/sms/smslogs?result=failed');
      expect(await tableSettled(page)).toBeGreaterThan(0);
      const codes = await columnTexts(page, 'Code (masked)');
      expect(codes.every((c) => /^•{4}\d\d$/.test(c))).toBe(true);
      expect(new Set(await columnTexts(page, 'Result'))).toEqual(new Set(['Failed']));
    } finally {
      await context.close();
    }
  }, 120_000);
});
