/**
 * Application scopes in Chromium (decision 042): maint adds a provider's application on
 * /remoteconfig/application (its secret shown once; it reads the configuration only and signs with
 * version 2), gives it chip bets and wins with caps after a confirmation, and the platform then
 * holds it to them: withdrawable and a win of a round it did not bet in are refused (403), a bet
 * and its win pass, and the refused calls show in the application's row. The editor in Chinese
 * at 420 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness.ts';
import { confirmDialog, explained, newPage, signIn, tableSettled } from './pages.ts';
import { platformClient } from './platform.ts';

let server: RunningServer;
let browser: Browser;
const SCREEN = '/remoteconfig/application';
const UID = 900_801;

beforeAll(async () => {
  server = await startServer({ DEMO_PLAYERS: '0' });
  browser = await launchBrowser();
  await platformClient(server.url).register(UID, { name: 'Scope Tester' });
  await platformClient(server.url).credit(UID, 100_000);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const row = (page: Page, appId: string) => page.locator('main tr.ant-table-row', { hasText: appId });

describe('application scopes', () => {
  it('maint adds a chip-only provider application, the secret is shown once, and its refused calls are counted', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, server.url, 'maint', SCREEN);
      await tableSettled(page);
      await page.getByRole('button', { name: 'Add application' }).click();
      const form = page.locator('.ant-modal', { hasText: 'Add application' });
      await form.getByLabel('App id').fill('prov-e2e');
      await form.getByLabel('Name').fill('E2E provider');
      await form.getByRole('button', { name: 'OK' }).click();
      const shown = page.locator('.ant-modal', { hasText: 'Secret of prov-e2e' });
      await explained(page, shown.waitFor());
      const secret = (await shown.locator('.remoteconfig-secret').textContent())!.trim();
      expect(secret).toMatch(/^[\w-]{32}$/);
      await shown.getByRole('button', { name: 'I have stored it' }).click();
      await row(page, 'prov-e2e').waitFor();
      expect(await row(page, 'prov-e2e').textContent()).toContain('config.read');
      expect(await row(page, 'prov-e2e').textContent()).toContain('signs v2');
      expect(await page.locator('main').textContent()).not.toContain(secret);

      // chip bets and wins: at most ₱500 each, ₱1,000 of wins a day
      await row(page, 'prov-e2e').getByTestId('edit-scopes').click();
      const editor = page.locator('.ant-modal', { hasText: 'What prov-e2e may call' });
      await editor.waitFor();
      await editor.getByTestId('scope-rounds').check();
      for (const [scope, max, day] of [
        ['wallet.debit', '50000', ''],
        ['wallet.credit', '50000', '100000'],
      ] as const) {
        await editor.getByTestId(`scope-${scope}`).check();
        // the chip row of this scope's limits (found by its own field, not as "the last table": the
        // scope's table appears after the check, and a locator resolved before that took the previous one)
        const chip = editor.locator('tr', { has: page.locator(`#limits_${scope.replace('.', '_')}_chip_maxAmount`) });
        await chip.getByRole('checkbox').check();
        await chip.locator('input.ant-input-number-input').nth(0).fill(max);
        if (day) await chip.locator('input.ant-input-number-input').nth(1).fill(day);
      }
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/scopes-editor.png` });
      await editor.getByRole('button', { name: 'Save' }).click();
      await confirmDialog(page, /Change what prov-e2e may call\?.*rounds, wallet\.debit, wallet\.credit, config\.read/);
      await page.getByText('Scopes saved').first().waitFor();
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/scopes-saved.png` });
      await expect.poll(async () => row(page, 'prov-e2e').textContent()).toContain('wallet.credit');

      // the platform holds it to them (within a second on every server)
      await new Promise((r) => setTimeout(r, 1_100));
      const provider = platformClient(server.url, { appId: 'prov-e2e', secret, version: 2 });
      const move = (kind: 'debit' | 'credit', body: Record<string, unknown>) =>
        provider.post(`/api/platform/wallet/${kind}`, { uid: UID, currency: 'chip', reason: kind === 'debit' ? 'game.bet' : 'game.win', ...body });
      expect((await move('credit', { txId: 'x1', currency: 'withdrawable', amount: 100, ref: 'r1' })).body.message).toBe(
        'Missing scope wallet.credit: currency withdrawable',
      );
      expect((await move('credit', { txId: 'x2', amount: 100, ref: 'r-none' })).status).toBe(403);
      expect((await move('debit', { txId: 'b1', amount: 1_000, ref: 'r1' })).status).toBe(200);
      expect((await move('credit', { txId: 'w1', amount: 2_500, ref: 'r1' })).status).toBe(200);
      expect((await move('debit', { txId: 'b2', amount: 60_000, ref: 'r2' })).status).toBe(403); // over ₱500

      await page.reload();
      await tableSettled(page);
      await expect.poll(async () => row(page, 'prov-e2e').getByTestId('app-refused').textContent()).toBe('3');
      await row(page, 'prov-e2e').getByTestId('app-refused').hover();
      await page.locator('.ant-tooltip', { hasText: 'Last refused' }).waitFor();
      // the history keeps the scopes change
      const versions = await (
        await fetch(`${server.url}/api/remoteconfig/application/versions?key=prov-e2e`, {
          headers: { 'X-Token': (await context.cookies()).find((c) => c.name === 'Admin-Token')!.value },
        })
      ).json();
      expect(versions.data.items.map((v: { action: string }) => v.action)).toEqual(['scopes', 'create']);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('the scope editor in Chinese at 420 px', async () => {
    const { context, page } = await newPage(browser, { width: 420, height: 800, locale: 'zh-CN' });
    try {
      await signIn(page, server.url, 'maint', SCREEN);
      await tableSettled(page);
      await row(page, 'demo-app').getByTestId('edit-scopes').click();
      const editor = page.locator('.ant-modal', { hasText: 'demo-app 可调用的范围' });
      await editor.waitFor();
      expect(await editor.textContent()).toContain('读取远程配置');
      // demo-app holds every scope: every box is ticked
      expect(await editor.locator('[data-testid^=scope-]').count()).toBe(10);
      for (const box of await editor.locator('[data-testid^=scope-]').all()) expect(await box.isChecked()).toBe(true);
      const box = await editor.evaluate((el) => el.getBoundingClientRect());
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(420);
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/scopes-zh-420.png` });
    } finally {
      await context.close();
    }
  });
});
