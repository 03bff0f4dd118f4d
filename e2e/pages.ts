/**
 * Page helpers of the browser tests: a fresh context, signing in through the login page,
 * reading a kit table by its column titles.
 */
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { findScreen } from '@console/catalog';
import { DEMO_PASSWORD } from './harness.ts';

export interface PageOptions {
  width?: number;
  height?: number;
  locale?: string;
  bypassCSP?: boolean;
}

/** A new context (GMT+08:00, the console's time zone) and its page. */
export async function newPage(browser: Browser, opts: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    locale: opts.locale ?? 'en-US',
    timezoneId: 'Asia/Manila',
    bypassCSP: opts.bypassCSP ?? false,
  });
  return { context, page: await context.newPage() };
}

/** Opens `target` signed out, is sent to the login page, signs in there and lands back on `target`. */
export async function signIn(page: Page, url: string, username: string, target = '/'): Promise<void> {
  await page.goto(url + target);
  await page.waitForURL(/\/login/);
  await page.getByPlaceholder(/Username|用户名/).fill(username);
  await page.getByPlaceholder(/Password|密码/).fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=avatar-menu]', { timeout: 30_000 });
}

/** The session token the web app keeps in its cookie (for API checks as the same account). */
export async function tokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'Admin-Token');
  if (!cookie) throw new Error('not signed in');
  return cookie.value;
}

/** Text of every cell of the column titled `title` in the first visible kit table (rows as shown). */
export async function columnTexts(page: Page, title: string, scope = 'main'): Promise<string[]> {
  return page
    .locator(scope)
    .first()
    .evaluate((root, wanted) => {
      const table = root.querySelector('.ant-table');
      if (!table) return [];
      const heads = [...table.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').trim());
      const index = heads.indexOf(wanted);
      if (index < 0) throw new Error(`no column ${wanted} in ${heads.join(' | ')}`);
      return [...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) => (tr.children[index]?.textContent ?? '').trim());
    }, title);
}

/** Waits until the first table under `scope` has rows (or its empty state) and no spinner. */
export async function tableSettled(page: Page, scope = 'main'): Promise<number> {
  const root = page.locator(scope).first();
  await root.locator('.ant-table-row, .ant-empty').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => document.querySelectorAll('.ant-spin-spinning').length === 0, undefined, { timeout: 20_000 });
  return root.locator('.ant-table-row').count();
}

/**
 * Client-side navigation to a catalogue screen (the app's router follows the history),
 * answering the data of the first GET of `api` it starts (which must be a 200) once the
 * breadcrumb names the screen, so what is read next is this screen and not the one before.
 */
export async function openScreen(page: Page, path: string, api: string): Promise<any> {
  const answer = page.waitForResponse((r: Response) => r.request().method() === 'GET' && new URL(r.url()).pathname === api, { timeout: 30_000 });
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  const res = await answer;
  if (res.status() !== 200) throw new Error(`${api}: ${res.status()}`);
  await page
    .locator('[data-testid=breadcrumb]')
    .filter({ hasText: findScreen(path.split('?')[0])!.title.en })
    .first()
    .waitFor({ timeout: 15_000 });
  return (await res.json()).data;
}

/**
 * Awaits `step`; when it fails, the error says what the page showed at that moment (its URL, the
 * open dialogs, the toasts and alerts, and the buttons of the screen with their busy state), since a clean-clone CI run keeps only its log.
 */
export async function explained<T>(page: Page, step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    const shown = await page
      .evaluate(() => {
        const texts = (selector: string) =>
          [...document.querySelectorAll(selector)]
            .filter((el) => (el as HTMLElement).offsetParent !== null)
            .map((el) => (el.textContent ?? '').trim().slice(0, 200));
        return {
          url: location.pathname + location.search,
          dialogs: texts('.ant-modal'),
          toasts: texts('.ant-message-notice, .ant-notification-notice'),
          alerts: texts('main .ant-alert'),
          buttons: [...document.querySelectorAll('main button')]
            .slice(0, 40)
            .map(
              (b) =>
                `${(b.textContent ?? '').trim().slice(0, 40)}${b.classList.contains('ant-btn-loading') ? ' (busy)' : ''}${(b as HTMLButtonElement).disabled ? ' (disabled)' : ''}${b.closest('[aria-hidden="true"], [inert]') ? ` (hidden by ${b.closest('[aria-hidden="true"], [inert]')!.className})` : ''}${b.getAttribute('aria-label') ? ` (label ${b.getAttribute('aria-label')})` : ''}`,
            ),
        };
      })
      .catch((e: Error) => ({ unreadable: e.message }));
    if (error instanceof Error) error.message += `\nthe page showed: ${JSON.stringify(shown)}`;
    throw error;
  }
}

/**
 * The confirmation dialog on top (`Modal.confirm`): waits for it to finish opening, checks its
 * text when `text` is given, presses OK and waits for it to close. The dialog stays, its OK busy,
 * until the call it confirms has answered: on a loaded machine that can take a while, hence the
 * long wait. A press that lands while the dialog is still zooming in can be lost: OK is pressed
 * again when, a few seconds later, the dialog is still there and its OK not busy. A failure says
 * what the page showed.
 */
export async function confirmDialog(page: Page, text?: RegExp): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm').last();
  await explained(page, dialog.waitFor({ timeout: 30_000 }));
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
  if (text) expect(await dialog.textContent()).toMatch(text);
  const ok = dialog.getByRole('button', { name: /^(OK|确定|确 定)$/ });
  await ok.click();
  for (let pressed = 1; ; pressed++) {
    const closed = await dialog.waitFor({ state: 'detached', timeout: pressed < 3 ? 5_000 : 60_000 }).then(
      () => true,
      () => false,
    );
    if (closed) return;
    if (pressed >= 3) break;
    const busy = await ok.evaluate((el) => el.classList.contains('ant-btn-loading')).catch(() => false);
    if (busy) continue;
    process.stderr.write(`confirmDialog: the dialog was still open ${pressed * 5} s after OK, its OK not busy: OK again\n`);
    await ok.click().catch(() => undefined);
  }
  await explained(page, dialog.waitFor({ state: 'detached', timeout: 1 }));
}
