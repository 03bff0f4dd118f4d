/**
 * Players in Chromium: customer service finds a player by phone and opens the detail (no
 * staff buttons), a service leader suspends the player; a partner account sees only its own
 * partner's players, on the screens and through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiLogin, launchBrowser, startServer, type RunningServer } from './harness.ts';
import { columnTexts, newPage, signIn, tableSettled, tokenOf } from './pages.ts';
import { platformClient, staffGet } from './platform.ts';

let server: RunningServer;
let browser: Browser;
let platform: ReturnType<typeof platformClient>;

const PHONE = { country: '63', number: '9175550101' };
const SERVICE_UID = 900_101;
const P1_UID = 900_201;
const P2_UID = 900_202;

beforeAll(async () => {
  server = await startServer({ DEMO_PLAYERS: '150', DEMO_DAYS: '3' });
  browser = await launchBrowser();
  platform = platformClient(server.url);
  await platform.register(SERVICE_UID, { name: 'Maria Phone Test', phone: PHONE, deviceId: 'e2e-phone-device' });
  await platform.credit(SERVICE_UID, 12_345);
  await platform.credit(SERVICE_UID, 678, 'bean');
  await platform.register(P1_UID, { name: 'Scope One Alpha', partner: 1 });
  await platform.register(P2_UID, { name: 'Scope Two Beta', partner: 2 });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const drawer = (page: Page) => page.locator('.ant-drawer-open');

/** The expiry the leader types: 10 days ahead, 18:00 in GMT+08:00, as the picker shows it. */
function expiry(): { typed: string; iso: string } {
  const day = new Date(Date.now() + 10 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
  return { typed: `${day} 18:00:00`, iso: new Date(`${day}T18:00:00+08:00`).toISOString() };
}

describe('customer service finds a player by phone; a leader suspends the player', () => {
  it('service: search by country code + number, detail from the uid link, profile and balances, no staff buttons', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, server.url, 'service', '/usermanager/search');
      await page.waitForURL(/\/usermanager\/search/);
      await page.locator('#kit-filters_key').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Phone$/ }).click();
      await page.locator('#kit-filters_country').fill(PHONE.country);
      await page.locator('#kit-filters_value').fill(PHONE.number);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/key=phone/);
      // polled: on a busy machine the empty table of before the search can still be showing, unspun
      await expect.poll(() => tableSettled(page), { timeout: 20_000 }).toBe(1);
      expect(await columnTexts(page, 'Name')).toEqual(['Maria Phone Test']);
      expect(await columnTexts(page, 'Phone')).toEqual([`+${PHONE.country} ${PHONE.number}`]);

      await page.locator(`main a[data-player-uid="${SERVICE_UID}"]`).click();
      await page.waitForURL(new RegExp(`player=${SERVICE_UID}`));
      await drawer(page).locator('[data-testid=player-balances]').waitFor({ timeout: 20_000 });
      expect(await drawer(page).locator('.ant-drawer-title').textContent()).toBe(`Player ${SERVICE_UID}`);
      const profile = await drawer(page).locator('[data-testid=player-profile]').innerText();
      expect(profile).toContain('Maria Phone Test');
      expect(profile).toContain(`+${PHONE.country} ${PHONE.number}`);
      expect(profile).toContain('e2e-phone-device');
      expect(profile).toContain('Active');
      const balances = await drawer(page).locator('[data-testid=player-balances]').innerText();
      expect(balances).toMatch(/Chips?\s+12,345/);
      expect(balances).toMatch(/Beans?\s+678/);

      // service may look, not act
      expect(await drawer(page).locator('[data-testid=player-actions]').count()).toBe(0);
      for (const name of ['Suspend', 'Add chips', 'Reduce chips', 'Ban']) {
        expect(await drawer(page).getByRole('button', { name, exact: true }).count()).toBe(0);
      }
    } finally {
      await context.close();
    }
  });

  it('serviceleader: the same detail, suspend refuses an empty date, then suspends until a date; the platform refuses the login (409)', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, server.url, 'serviceleader', `/usermanager/search?player=${SERVICE_UID}`);
      await page.waitForURL(new RegExp(`player=${SERVICE_UID}`));
      await drawer(page).locator('[data-testid=player-profile]').waitFor({ timeout: 20_000 });
      // a leader may suspend and ban, not add chips (playerchips: business, serviceleader, secadmin)
      const actions = drawer(page).locator('[data-testid=player-actions]');
      await actions.getByRole('button', { name: 'Suspend', exact: true }).click();
      const modal = page.locator('.ant-modal:visible');
      await modal.waitFor();
      await modal.getByRole('button', { name: 'OK' }).click();
      await expect.poll(() => modal.innerText()).toContain('Date must be filled in');

      const until = expiry();
      const input = modal.locator('.ant-picker input');
      await input.click();
      await input.fill(until.typed);
      await input.press('Enter');
      await modal.locator('textarea').fill('E2E: abusive chat, 10 days');
      await modal.getByRole('button', { name: 'OK' }).click();
      await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 15_000 }).toBe(0);
      const status = drawer(page).locator('[data-testid=player-profile]');
      await expect.poll(() => status.innerText(), { timeout: 15_000 }).toContain('Suspended');
      expect(await status.innerText()).toContain(until.typed.slice(0, 16));
      expect(await actions.getByRole('button', { name: 'Lift suspension' }).count()).toBe(1);

      const token = await tokenOf(context);
      const detail = await staffGet(server.url, token, '/players/detail', { uid: SERVICE_UID });
      expect(detail.status).toBe(200);
      expect(detail.body.data.profile.status).toBe('suspended');
      expect(new Date(detail.body.data.profile.suspendedUntil).toISOString()).toBe(until.iso);
      const login = await platform.event('player.login', { uid: SERVICE_UID, ip: '10.9.0.1', deviceId: 'e2e-phone-device' });
      expect(login).toMatchObject({ status: 'rejected', code: 409 });
      expect(login.message).toMatch(/^Suspended until /);
    } finally {
      await context.close();
    }
  });
});

describe("a partner account sees only its own partner's players", () => {
  it('userlist and search show partner-1 players only; a partner-2 uid is not found; the API answers partner-1 rows only', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, server.url, 'partner', '/usermanager/userlist');
      await page.waitForURL(/\/usermanager\/userlist/);
      expect(await tableSettled(page)).toBeGreaterThan(0);
      const partners = await columnTexts(page, 'Partner');
      expect(partners.length).toBeGreaterThan(0);
      expect(new Set(partners)).toEqual(new Set(['1']));
      const uids = await columnTexts(page, 'UID');
      expect(uids).toContain(String(P1_UID));
      expect(uids).not.toContain(String(P2_UID));

      await page.goto(`${server.url}/usermanager/search?key=name&value=Scope`);
      expect(await tableSettled(page)).toBe(1);
      expect(await columnTexts(page, 'Name')).toEqual(['Scope One Alpha']);
      await page.goto(`${server.url}/usermanager/search?key=uid&value=${P2_UID}`);
      expect(await tableSettled(page)).toBe(0);

      await page.goto(`${server.url}/usermanager/userlist?player=${P2_UID}`);
      await expect
        .poll(
          () =>
            drawer(page)
              .innerText()
              .catch(() => ''),
          { timeout: 20_000 },
        )
        .toContain(`Player ${P2_UID} not found`);
      expect(await drawer(page).locator('[data-testid=player-profile]').count()).toBe(0);
      // its own player opens
      await page.goto(`${server.url}/usermanager/userlist?player=${P1_UID}`);
      await expect
        .poll(
          () =>
            drawer(page)
              .locator('[data-testid=player-profile]')
              .innerText()
              .catch(() => ''),
          { timeout: 20_000 },
        )
        .toContain('Scope One Alpha');

      const token = await tokenOf(context);
      const list = await staffGet(server.url, token, '/usermanager/userlist', { pageSize: 500 });
      expect(list.status).toBe(200);
      const items = list.body.data.items as { uid: number; partner: number }[];
      expect(items.length).toBeGreaterThan(1);
      expect(items.every((i) => i.partner === 1)).toBe(true);
      expect(items.map((i) => i.uid)).toContain(P1_UID);
      // even when asking for partner 2 by filter
      const filtered = await staffGet(server.url, token, '/usermanager/userlist', { partner: 2, pageSize: 500 });
      expect((filtered.body.data?.items ?? []).filter((i: { partner: number }) => i.partner !== 1)).toEqual([]);
      const search = await staffGet(server.url, token, '/usermanager/search', { key: 'name', value: 'Scope' });
      expect(search.body.data.items.map((i: { uid: number }) => i.uid)).toEqual([P1_UID]);
      const detail = await staffGet(server.url, token, '/players/detail', { uid: P2_UID });
      expect(detail.status).toBe(404);
      // the same calls as admin do see partner 2 (the scoping, not missing data)
      const admin = await staffGet(server.url, await adminToken(), '/usermanager/search', { key: 'name', value: 'Scope' });
      expect(admin.body.data.items.map((i: { uid: number }) => i.uid).sort()).toEqual([P1_UID, P2_UID]);
      const adminList = await staffGet(server.url, await adminToken(), '/usermanager/userlist', { pageSize: 500 });
      expect(adminList.body.data.items.some((i: { partner: number }) => i.partner === 2)).toBe(true);
    } finally {
      await context.close();
    }
  });
});

let admin: string | undefined;
async function adminToken(): Promise<string> {
  admin ??= await apiLogin(server.url, 'admin');
  return admin;
}
