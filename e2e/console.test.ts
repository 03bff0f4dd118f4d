import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { catalog, filterCatalog, joinPath, ROLES, type RouteNode } from '@console/catalog';
import { apiLogin, DEMO_PASSWORD, launchBrowser, startServer, type RunningServer } from './harness.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // the sign-in and shell tests need no players: a demo seed without them starts in seconds
  server = await startServer({ DEMO_PLAYERS: '0' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(opts: { width?: number; locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: 800 }, locale: opts.locale ?? 'en-US' });
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, username: string, target = '/') {
  await page.goto(server.url + target);
  await page.waitForURL(/\/login/);
  await page.getByPlaceholder(/Username|用户名/).fill(`  ${username}  `);
  await page.getByPlaceholder(/Password|密码/).fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=avatar-menu]', { timeout: 30_000 });
}

/** Top-level labels of the sidebar menu, in order. */
async function topMenuLabels(page: Page): Promise<string[]> {
  await page.waitForSelector('.ant-layout-sider .ant-menu-root', { state: 'attached' });
  return page.$$eval('.ant-layout-sider .ant-menu-root > li.ant-menu-item, .ant-layout-sider .ant-menu-root > li.ant-menu-submenu', (items) =>
    items.map((li) => (li.querySelector('.ant-menu-title-content')?.textContent ?? '').trim()),
  );
}

/** The modules the menu shows: visible to the account and with at least one screen that is not hidden. */
function menuModules(subject: { roles: string[]; partner: number }) {
  return filterCatalog(catalog, subject).filter((m) => !m.hidden && (!m.children || m.children.some((c) => !c.hidden)));
}

/** Full paths of the menu's screens (leaves), as the catalogue gives them for the subject. */
function menuLeaves(tree: readonly RouteNode[], parent = ''): string[] {
  return tree
    .filter((n) => !n.hidden && (!n.children?.length || n.children.some((c) => !c.hidden)))
    .flatMap((n) => {
      const key = parent ? joinPath(parent, n.path) : n.path;
      return (n.children ?? []).some((c) => !c.hidden) ? menuLeaves(n.children!, key) : [key];
    });
}

/** Opens every submenu of the sidebar, then reads the paths of all its screen items. */
async function renderedMenuLeaves(page: Page): Promise<string[]> {
  const closed = page.locator('.ant-layout-sider li.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  for (let guard = 0; guard < 500 && (await closed.count()) > 0; guard++) await closed.first().click();
  return page.$$eval('.ant-layout-sider li.ant-menu-item[data-menu-id]', (items) =>
    items.map((li) => {
      const id = li.getAttribute('data-menu-id')!;
      return id.slice(id.indexOf('-/') + 1);
    }),
  );
}

/** Signs in at a list screen, ends the session on the server (a logout from elsewhere), reloads the list: the Safe exit dialog. */
async function expireAndReload(context: BrowserContext, page: Page, screen: string) {
  await signIn(page, 'admin', screen);
  // the screen's first requests must be answered before the session ends: under load one of
  // them can otherwise come back expired and raise the dialog before the click below
  await page.waitForLoadState('networkidle');
  const token = (await context.cookies()).find((c) => c.name === 'Admin-Token')!.value;
  await fetch(server.url + '/api/admin/logout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Token': token },
    body: JSON.stringify({ token }),
  });
  // a DOM click: it reaches the button even when a request already raised the (single) dialog
  await page.locator('[aria-label=Reload]').dispatchEvent('click');
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.waitFor({ timeout: 10_000 });
  return dialog;
}

/**
 * The login page reached after a dialog's button reloaded or left the page. The URL is matched
 * once committed (the reloaded shell replaces its path with /login before its own load event,
 * and a wait for that load once hung a run on a busy machine), and the login form must show.
 */
/**
 * Clicks until the URL matches: a click that lands while a drawer or dialog is still sliding in
 * is lost on a loaded machine (CI lost both the mobile drawer's item and "Log in again" once); a
 * target that has gone meanwhile was clicked.
 */
async function clickUntilUrl(page: Page, target: Locator, url: RegExp) {
  for (let attempt = 0; attempt < 4; attempt++) {
    if (url.test(page.url())) return;
    if (await target.isVisible()) await target.click({ timeout: 5_000 }).catch(() => undefined);
    const reached = await page
      .waitForURL(url, { waitUntil: 'commit', timeout: 7_500 })
      .then(() => true)
      .catch(() => false);
    if (reached) return;
  }
  await page.waitForURL(url, { waitUntil: 'commit' });
}

async function reachedLogin(page: Page, url: RegExp) {
  await page.waitForURL(url, { waitUntil: 'commit' });
  await page.getByPlaceholder(/Username|用户名/).waitFor({ timeout: 30_000 });
}

const SWITCHERS = new Set(['admin', 'partner', 'business', 'secadmin', 'serviceleader']);

describe('sign-in and menu for every demo role', () => {
  for (const role of ['partner', 'secadmin', 'service']) {
    it(`${role}: every screen of the opened menu, down to the last level, is the catalogue's`, async () => {
      const { context, page } = await newPage();
      try {
        await signIn(page, role);
        const expected = menuLeaves(filterCatalog(catalog, { roles: [role], partner: role === 'partner' ? 1 : 0 }));
        expect(expected.length).toBeGreaterThan(5);
        expect(await renderedMenuLeaves(page)).toEqual(expected);
      } finally {
        await context.close();
      }
    });
  }

  for (const role of ROLES) {
    it(`${role}: the menu equals the catalogue filtered for the role; language switch only for the five roles`, async () => {
      const { context, page } = await newPage();
      try {
        await signIn(page, role);
        const expected = menuModules({ roles: [role], partner: role === 'partner' ? 1 : 0 }).map((node) => node.title.en);
        expect(await topMenuLabels(page)).toEqual(expected);
        expect(await page.locator('[data-testid=language-switch]').count()).toBe(SWITCHERS.has(role) ? 1 : 0);
      } finally {
        await context.close();
      }
    });
  }
});

describe('shell behaviour', () => {
  it('the guard sends a signed-out visitor to /login with a redirect, and back there after sign-in', async () => {
    const { context, page } = await newPage();
    try {
      await page.goto(server.url + '/adminmanager/editer');
      await page.waitForURL(/\/login\?redirect=%2Fadminmanager%2Fediter/);
      await signIn(page, 'admin', '/adminmanager/editer');
      await page.waitForURL(/\/adminmanager\/editer$/);
      await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(13);
    } finally {
      await context.close();
    }
  });

  it('a wrong password shows 认证失败 with the code in red', async () => {
    const { context, page } = await newPage();
    try {
      await page.goto(server.url + '/login');
      await page.getByPlaceholder('Username').fill('service');
      await page.getByPlaceholder('Password').fill('wrong-password');
      await page.keyboard.press('Enter');
      const failure = page.locator('[data-testid=login-failure]');
      await expect.poll(() => failure.textContent(), { timeout: 10_000 }).toContain('认证失败:60204');
      expect(await failure.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 77, 79)');
      expect(page.url()).toContain('/login');
    } finally {
      await context.close();
    }
  });

  it('the language switch changes the menu and survives a reload (stored as zh/en)', async () => {
    const { context, page } = await newPage();
    try {
      await signIn(page, 'admin');
      await page.click('[data-testid=language-switch]');
      await page.getByRole('menuitem', { name: '中文' }).click();
      const zhTitles = menuModules({ roles: ['admin'], partner: 0 }).map((n) => n.title.zh);
      await expect.poll(() => topMenuLabels(page)).toEqual(zhTitles);
      expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('zh');
      await page.reload();
      await expect.poll(() => topMenuLabels(page)).toEqual(zhTitles);
    } finally {
      await context.close();
    }
  });

  it('a browser in Chinese starts in Chinese', async () => {
    const { context, page } = await newPage({ locale: 'zh-CN' });
    try {
      await page.goto(server.url + '/login');
      await expect.poll(() => page.getByPlaceholder('用户名').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('the sidebar state is kept in a cookie across a reload', async () => {
    const { context, page } = await newPage();
    try {
      await signIn(page, 'admin');
      expect(await page.locator('.ant-layout-sider-collapsed').count()).toBe(0);
      expect(await page.locator('.ant-layout-sider').evaluate((el) => el.getBoundingClientRect().width)).toBe(210);
      await page.click('[data-testid=sidebar-toggle]');
      await page.waitForSelector('.ant-layout-sider-collapsed');
      await page.reload();
      await page.waitForSelector('[data-testid=avatar-menu]');
      expect(await page.locator('.ant-layout-sider-collapsed').count()).toBe(1);
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
    } finally {
      await context.close();
    }
  });

  it('at 800 px the layout is mobile: the sidebar is a drawer that a route change closes', async () => {
    const { context, page } = await newPage({ width: 800 });
    try {
      await signIn(page, 'admin');
      await page.waitForSelector('[data-device=mobile]');
      expect(await page.locator('.ant-drawer-open').count()).toBe(0);
      await page.click('[data-testid=sidebar-toggle]');
      await page.waitForSelector('.ant-drawer-open .ant-menu');
      await page.locator('.ant-drawer-open .ant-menu-submenu-title', { hasText: 'Permissions' }).click();
      await clickUntilUrl(page, page.locator('.ant-drawer-open .ant-menu-item', { hasText: 'Operation log' }), /\/adminmanager\/adminlogs$/);
      await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('an expired session shows the Safe exit dialog; "Log in again" clears the token and reloads to /login', async () => {
    const { context, page } = await newPage();
    try {
      const dialog = await expireAndReload(context, page, '/adminmanager/adminlogs');
      expect(await dialog.textContent()).toContain('Your login has expired, please log in again to keep the account safe');
      expect(await dialog.getByRole('button', { name: 'Log out' }).count()).toBe(1);
      await clickUntilUrl(page, dialog.getByRole('button', { name: 'Log in again' }), /\/login/);
      await reachedLogin(page, /\/login/);
      expect((await context.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
    } finally {
      await context.close();
    }
  });

  it('the Safe exit dialog\'s "Log out" clears the token and goes to /login with a redirect to the current path', async () => {
    const { context, page } = await newPage();
    try {
      const dialog = await expireAndReload(context, page, '/adminmanager/editer');
      await dialog.getByRole('button', { name: 'Log out' }).click();
      await reachedLogin(page, /\/login\?redirect=/);
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/adminmanager/editer');
      expect((await context.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
    } finally {
      await context.close();
    }
  });

  it('"Data preview" in the avatar menu opens the account\'s home, also for a role without /homepage', async () => {
    const { context, page } = await newPage();
    try {
      await signIn(page, 'sales', '/');
      const home = new URL(page.url()).pathname;
      expect(home).not.toBe('/homepage');
      await page.goto(server.url + '/homepage/settings');
      await page.click('[data-testid=avatar-menu]');
      await page.getByRole('menuitem', { name: 'Data preview' }).click();
      await page.waitForURL((url) => url.pathname === home);
      expect(await page.textContent('body')).not.toContain('The page you are looking for does not exist.');
    } finally {
      await context.close();
    }
  });

  it('unknown paths show the 404 page; a screen not built yet says so plainly', async () => {
    const { context, page } = await newPage();
    try {
      await signIn(page, 'admin');
      await page.goto(server.url + '/no/such/page');
      await expect.poll(() => page.textContent('body')).toContain('The page you are looking for does not exist.');
      // a screen of a later issue (social: party)
      await page.goto(server.url + '/party/stat');
      // said once the screen registry is there, which loads after the layout is painted (ShellRoot's ScreenOf)
      await expect.poll(() => page.textContent('body'), { timeout: 15_000 }).toContain('This screen is not available yet');
    } finally {
      await context.close();
    }
  });

  it('logout from the avatar menu revokes the token and returns to /login with a redirect', async () => {
    const { context, page } = await newPage();
    try {
      await signIn(page, 'admin', '/adminmanager/adminlogs');
      const token = (await context.cookies()).find((c) => c.name === 'Admin-Token')!.value;
      await page.click('[data-testid=avatar-menu]');
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.waitForURL(/\/login\?redirect=%2Fadminmanager%2Fadminlogs/);
      const res = await fetch(server.url + '/api/admin/userinfo', { headers: { 'X-Token': token } });
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe(-1);
    } finally {
      await context.close();
    }
  });

  it('the operation log screen shows the sign-ins just made', async () => {
    const token = await apiLogin(server.url, 'secadmin');
    expect(token.length).toBeGreaterThan(20);
    const { context, page } = await newPage();
    try {
      await signIn(page, 'admin', '/adminmanager/adminlogs');
      await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await page.textContent('.ant-table-tbody')).toContain('auth.login');
    } finally {
      await context.close();
    }
  });
});
