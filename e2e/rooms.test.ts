/**
 * Rooms in Chromium: admin opens every /platmanager room screen with the demo data
 * (templates, tables with some on an older template version, quick-match tiers and tables,
 * mini-game quick templates, partner game sum and logs), opens tables of a template, edits the
 * template (the old tables keep their version) and closes a table; the partner account opens
 * its game store and sees only its own partner's games, and may not change its revenue share;
 * the template screen in Chinese at 420 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness.ts';
import { columnTexts, confirmDialog, newPage, openScreen, signIn, tableSettled, tokenOf } from './pages.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ DEMO_PLAYERS: '150', DEMO_DAYS: '3' }), launchBrowser()]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The screen's data once its breadcrumb shows and its table settled. */
async function open(page: Page, path: string, api: string): Promise<any> {
  const data = await openScreen(page, path, api);
  await tableSettled(page);
  return data;
}

async function staff(url: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(url + path, {
    method,
    headers: { 'x-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const rowWith = (page: Page, text: string) => page.locator('main .ant-table-row', { hasText: text }).first();

describe('/platmanager rooms', () => {
  it('admin opens every room screen with data, opens tables, edits a template (old tables keep their version) and closes a table', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(page, server.url, 'admin', '/');
    const token = await tokenOf(context);

    const templates = await open(page, '/platmanager/template', '/api/platmanager/template');
    expect(templates.total).toBeGreaterThanOrEqual(10);
    await rowWith(page, 'Tongits Bronze').waitFor();
    expect(templates.items.some((t: { olderTables: number }) => t.olderTables > 0)).toBe(true);

    const tables = await open(page, '/platmanager/table', '/api/platmanager/table');
    expect(tables.total).toBeGreaterThan(40);
    await page.locator('main .ant-tag', { hasText: 'Older version' }).first().waitFor();
    await page.locator('main .ant-tag', { hasText: 'Current version' }).first().waitFor();
    const played = await staff(server.url, token, 'GET', '/api/platmanager/table?template=bronze&pageSize=50');
    expect(
      played.body.data.items.some((t: { rounds: number; players: number | null }) => t.rounds > 0 && (t.players ?? 0) > 0),
      'tables show the simulated rounds',
    ).toBe(true);

    const tiers = await open(page, '/platmanager/quicktemplate', '/api/platmanager/quicktemplate');
    expect(tiers.total).toBeGreaterThanOrEqual(5);
    await rowWith(page, 'tg-low').waitFor();
    // the quick-match check: ₱500 at Tongits goes to the starter tier
    const check = page.getByTestId('quick-match');
    await check.getByPlaceholder('Balance (₱)').fill('500');
    await check.getByRole('button', { name: 'Check' }).click();
    await expect.poll(async () => page.getByTestId('quick-match-answer').textContent()).toMatch(/tier Tongits quick: starter \(tg-low\)/);
    const quick = await open(page, '/platmanager/quicktable', '/api/platmanager/quicktable');
    expect(quick.total).toBeGreaterThan(5);
    const tiny = await open(page, '/platmanager/tinygamequicktemplate', '/api/platmanager/tinygamequicktemplate');
    expect(tiny.total).toBeGreaterThanOrEqual(5);
    await rowWith(page, 'colorgame').waitFor();
    const sum = await open(page, '/platmanager/partnergamesum', '/api/platmanager/partnergamesum');
    expect(
      sum.items.some((r: { partner: number; turnover: number }) => r.partner > 0 && r.turnover > 0),
      'partner figures from the simulated history',
    ).toBe(true);
    await rowWith(page, 'Demo Partner').waitFor();
    const logs = await open(page, '/platmanager/partnergamelogs', '/api/platmanager/partnergamelogs');
    expect(logs.items.length).toBeGreaterThan(0);

    // workflow: open two tables of silver from the screen, then edit silver; the new tables are the old version now
    await open(page, '/platmanager/table', '/api/platmanager/table');
    await page.getByRole('button', { name: 'Open tables' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: 'Open tables' }).last();
    await modal.getByLabel('Template', { exact: true }).fill('silver');
    await modal.getByLabel('How many', { exact: true }).fill('2');
    await modal.getByRole('button', { name: /^OK$/ }).click();
    await confirmDialog(page, /Open these tables now/);
    await page.locator('.ant-message-success').first().waitFor();
    const before = (await staff(server.url, token, 'GET', '/api/platmanager/table?template=silver&pageSize=50')).body.data.items as {
      code: string;
      ante: number;
      current: boolean;
    }[];
    const opened = before.slice(-2);
    expect(opened.every((t) => t.current)).toBe(true);
    const silver = templates.items.find((t: { id: string }) => t.id === 'silver');
    const { version: _v, tables: _t, olderTables: _o, ...doc } = silver;
    expect((await staff(server.url, token, 'POST', '/api/platmanager/template/update', { ...doc, ante: silver.ante + 100 })).status).toBe(200);
    const after = (await staff(server.url, token, 'GET', '/api/platmanager/table?template=silver&pageSize=50')).body.data.items as {
      code: string;
      ante: number;
      current: boolean;
    }[];
    for (const t of opened) expect(after.find((x) => x.code === t.code)).toMatchObject({ ante: silver.ante, current: false });

    // close one from its row (confirmed)
    await page.evaluate(
      (p) => {
        window.history.pushState({}, '', p);
        window.dispatchEvent(new PopStateEvent('popstate'));
      },
      `/platmanager/table?code=${encodeURIComponent(opened[0].code)}`,
    );
    await tableSettled(page);
    const row = rowWith(page, opened[0].code);
    await row.waitFor();
    await row.getByRole('button', { name: 'Close' }).click();
    await confirmDialog(page, new RegExp(`Close table ${opened[0].code}`));
    // the close took effect on the server (the row's own refresh was not seen in time once under load, 2026-11-26)
    await expect
      .poll(
        async () =>
          (
            (await staff(server.url, token, 'GET', `/api/platmanager/table?code=${encodeURIComponent(opened[0].code)}`)).body.data.items as {
              status: string;
            }[]
          )[0]?.status,
        { timeout: 30_000 },
      )
      .toBe('closed');
    await context.close();
  }, 180_000);

  it("the partner account opens its game store: its own partner's games only, revenue share read-only", async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(page, server.url, 'partner', '/');
    const token = await tokenOf(context);
    await open(page, '/partnermanager/gamestoreV1', '/api/partnermanager/gamestoreV1');
    const store = (await staff(server.url, token, 'GET', '/api/partnermanager/gamestoreV1?pageSize=100')).body.data;
    expect(store.total).toBeGreaterThan(3);
    expect(store.items.every((e: { partner: number }) => e.partner === 1)).toBe(true);
    await rowWith(page, 'Tongits').waitFor();
    expect(new Set(await columnTexts(page, 'Partner'))).toEqual(new Set(['1']));
    // a partner may not change its own revenue share, nor touch another partner's entry
    const mine = store.items[0];
    const { key: _k, partnerName: _n, gameName: _g, version: _v, ...entry } = mine;
    expect((await staff(server.url, token, 'POST', '/api/partnermanager/gamestoreV1/update', { ...entry, revenueShareBps: 9_000 })).status).toBe(403);
    expect((await staff(server.url, token, 'POST', '/api/partnermanager/gamestoreV1/update', { ...entry, partner: 2 })).status).toBe(404);
    expect((await staff(server.url, token, 'GET', '/api/platmanager/partnergamesum')).status).toBe(403);
    // edit from the row: the share is shown read-only
    await rowWith(page, 'Tongits').getByRole('button', { name: 'Edit' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: 'Edit' }).last();
    await modal.waitFor();
    await modal.getByLabel('Order', { exact: true }).fill('3');
    await modal.getByRole('button', { name: /^OK$/ }).click();
    await confirmDialog(page, /Saving overwrites/);
    await page.locator('.ant-message-success').first().waitFor();
    await context.close();
  }, 120_000);

  it('the template screen in Chinese at 420 px', async () => {
    const { context, page } = await newPage(browser, { width: 420, height: 900, locale: 'zh-CN' });
    await signIn(page, server.url, 'admin', '/platmanager/template');
    await tableSettled(page);
    await page.locator('main').getByText('房间模板').first().waitFor();
    await page.locator('main .ant-table-row').first().waitFor();
    await context.close();
  }, 120_000);
});
