/**
 * Agent cooperation reports and the extra rebate in Chromium, on a small demo seed
 * (300 players, 24 days, the size other files share: the agents' demo, then ours): the demo partner account opens each of the
 * eight screens and sees what its calls answer (its own partner's data), the settled demo config
 * and its paid lines; then creates an extra rebate through the form, edits it after the overwrite
 * confirmation (version 2 in the history); cooperData in Chinese at 420 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiLogin, launchBrowser, startServer, type RunningServer } from './harness.ts';
import { columnTexts, confirmDialog, newPage, signIn, tableSettled } from './pages.ts';
import { staffGet } from './platform.ts';

let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  server = await startServer({ DEMO_PLAYERS: '300', DEMO_DAYS: '24', AGENT_SETTLEMENT_JOB: '0' }, { startTimeoutMs: 900_000 });
  browser = await launchBrowser();
  token = await apiLogin(server.url, 'partner');
}, 960_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const api = async (path: string, query: Record<string, string | number> = {}) => {
  const res = await staffGet(server.url, token, path, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const open = async (page: Page, path: string) => {
  await page.goto(`${server.url}${path}`);
  return tableSettled(page);
};

describe('agent reports', () => {
  it('the partner account sees each screen with its own data', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(page, server.url, 'partner', '/agentcooperation/cooperData');
    // cooperData: cards and chart of the last 30 days, the agents table as the API answers it
    const summary = await api('/agentcooperation/cooperData');
    const agents = await api('/agentcooperation/cooperData/agents', { pageSize: 500 });
    await tableSettled(page);
    expect(await page.locator('main').textContent()).toMatch(/Rake and rebate by day/);
    const agentsCard = page.locator('main .ant-statistic').filter({ has: page.locator('.ant-statistic-title', { hasText: /^Agents$/ }) });
    await expect.poll(async () => (await agentsCard.locator('.ant-statistic-content').textContent())?.replace(/,/g, '')).toBe(String(summary.totals.agents));
    expect(agents.total).toBeGreaterThan(0);
    expect((await columnTexts(page, 'Agent ID')).length).toBe(Math.min(agents.total, 20));
    const agent = agents.items[0].agent as number;

    // cooperSearch: the agent and its invitees
    await page.goto(`${server.url}/agentcooperation/cooperSearch?uid=${agent}`);
    const chain = await api('/agentcooperation/cooperSearch', { uid: agent });
    expect(await tableSettled(page)).toBe(Math.min(chain.total, 50));
    expect(await columnTexts(page, 'Player ID')).toContain(String(agent));

    // inviteeData of that agent
    await page.goto(`${server.url}/agentcooperation/inviteeData?agent=${agent}`);
    const invitees = await api('/agentcooperation/inviteeData', { agent });
    expect(invitees.total).toBeGreaterThan(0);
    expect(await tableSettled(page)).toBe(Math.min(invitees.total, 20));

    // shareData, agentgamelogs, coindealerlogs, extrarebateAnalyze: rows as the API answers
    for (const [path, url, column] of [
      ['/agentcooperation/shareData', '/agentcooperation/shareData', 'Period'],
      ['/partnermanager/agentgamelogs', '/partnermanager/agentgamelogs', 'Agent ID'],
      ['/agentcooperation/extrarebateAnalyze', '/agentcooperation/extrarebateAnalyze', 'Name'],
    ] as const) {
      const data = await api(url);
      const rows = await open(page, path);
      expect(rows, path).toBe(Math.min(data.total, 20));
      if (data.total > 0) expect((await columnTexts(page, column)).length, path).toBeGreaterThan(0);
    }
    const dealer = await api('/agentcooperation/coindealerlogs');
    expect(await open(page, '/agentcooperation/coindealerlogs')).toBe(Math.min(dealer.items.length, 50));

    // extrarebateconfigs: the demo's settled window and the open one; the paid lines of the settled one
    const configs = await api('/agentcooperation/extrarebateconfigs');
    expect(configs.items.map((c: any) => c.status).sort()).toEqual(['open', 'settled']);
    await open(page, '/agentcooperation/extrarebateconfigs');
    expect((await columnTexts(page, 'Name')).sort()).toEqual(configs.items.map((c: any) => c.name).sort());
    const settled = configs.items.find((c: any) => c.status === 'settled');
    if (settled.agents > 0) {
      await page.getByTestId(`payouts-${settled.id}`).click();
      await page.waitForURL(/payouts=/);
      // the configs' table is replaced by the payouts' one: poll until it holds the payouts
      await expect.poll(() => tableSettled(page), { timeout: 20_000 }).toBe(settled.agents);
      await page.getByTestId('back-to-configs').click();
    }
    await context.close();
  }, 240_000);

  it('creates an extra rebate through the form and edits it after confirming the overwrite', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(page, server.url, 'partner', '/agentcooperation/extrarebateconfigs');
    await tableSettled(page);
    const day = (n: number) => new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
    await page.getByRole('button', { name: 'New extra rebate' }).click();
    const modal = page.locator('.ant-modal').last();
    await modal.waitFor();
    await modal.getByLabel('Name', { exact: true }).fill('E2E December push');
    await modal.getByLabel('Window from').fill(day(2));
    await modal.getByLabel('Window to').fill(day(8));
    await modal.getByLabel('Tier 1: T1 rake ≥ (₱)').fill('10000');
    await modal.getByLabel('Tier 1: active T1 invitees ≥').fill('10');
    await modal.getByLabel('Tier 1: extra rate (%)').fill('2');
    await modal.getByLabel('Cap per agent').fill('500');
    await modal.getByLabel('Total budget').fill('5000');
    await modal.getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(
        async () => {
          await tableSettled(page);
          return columnTexts(page, 'Name');
        },
        { timeout: 20_000 },
      )
      .toContain('E2E December push');
    const created = (await api('/agentcooperation/extrarebateconfigs', { name: 'E2E December' })).items[0];
    expect(created).toMatchObject({
      partner: 1,
      version: 1,
      budget: 500_000,
      agentCap: 50_000,
      tiers: [{ t1Rake: 1_000_000, activeInvitees: 10, rateBp: 200 }],
    });

    const row = page.locator('main .ant-table-row').filter({ hasText: 'E2E December push' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.locator('.ant-modal').last();
    await edit.getByLabel('Total budget').fill('6000');
    await edit.getByRole('button', { name: 'OK' }).click();
    await confirmDialog(page, /overwrites extra rebate config \d+ \(version 1\)/);
    await expect.poll(async () => (await api('/agentcooperation/extrarebateconfigs', { name: 'E2E December' })).items[0].version, { timeout: 20_000 }).toBe(2);
    const versions = await api('/agentcooperation/extrarebateconfigs/versions', { key: String(created.id) });
    expect(versions.items.map((v: any) => v.action)).toEqual(['update', 'create']);
    await page.getByRole('button', { name: 'History' }).first().click();
    await page.locator('.ant-drawer').getByText('update').first().waitFor();
    await context.close();
  }, 120_000);

  it('cooperData in Chinese at 420 px; an account without a partner value does not reach it', async () => {
    const { context, page } = await newPage(browser, { width: 420, height: 900, locale: 'zh-CN' });
    await signIn(page, server.url, 'partner', '/agentcooperation/cooperData');
    await tableSettled(page);
    expect(await page.locator('main').textContent()).toMatch(/每日抽水与返利/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await context.close();
    const business = await apiLogin(server.url, 'business');
    expect((await staffGet(server.url, business, '/agentcooperation/cooperData')).status).toBe(403);
  }, 120_000);
});
