/**
 * /messages in Chromium: every vector of the standard XSS list put into a template, an
 * announcement and a personal message (through the API, as a hostile operator would) and typed
 * into the live previews runs nowhere on the console's screens — no dialog, no marker set by a
 * handler, no script, image, SVG, style, iframe or javascript: link in what the previews show;
 * the player's inbox gets the same cleaned text. The page runs with the Content-Security-Policy
 * bypassed (a canary shows the watch then catches markup that runs), so the allow list alone is tested. A business account sends a message with an
 * attachment to a pasted list after the audience preview, and the app claims it once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { XSS_VECTORS } from '../apps/server/src/domains/messages/xss-testing.ts';
import { apiLogin, launchBrowser, startServer, type RunningServer } from './harness.ts';
import { confirmDialog, explained, newPage, signIn, tableSettled } from './pages.ts';
import { platformClient } from './platform.ts';

let server: RunningServer;
let browser: Browser;
let token: string;

/** Vectors with a marker instead of alert: a handler that runs leaves `window.__xss` behind. */
const MARKED = XSS_VECTORS.map((v) => v.replaceAll('alert(1)', 'window.__xss=1').replaceAll("alert('XSS')", 'window.__xss=1'));
const HOSTILE = `<p>Hello {name}</p>${MARKED.join('\n')}<p>end</p>`;

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-token': token },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

beforeAll(async () => {
  server = await startServer({ DEMO_PLAYERS: '0' });
  browser = await launchBrowser();
  token = await apiLogin(server.url, 'business');
  const p = platformClient(server.url);
  await p.register(880_001, { name: '<img src=x onerror=window.__xss=1>Ana' });
  await p.register(880_002, { name: 'Ben' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Fails the test if anything ran: a dialog, the marker, or a dangerous element in the page. */
async function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return async () => {
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    const dangerous = await page.evaluate(
      () =>
        document.querySelectorAll(
          '.message-html script, .message-html img, .message-html svg, .message-html style, .message-html iframe, .message-html object, .message-html embed, ' +
            '.message-html a[href^="javascript" i], .message-html [onerror], .message-html [onload], .message-html [style]',
        ).length,
    );
    expect(dangerous).toBe(0);
  };
}

describe('messages in the browser', () => {
  it('the watch itself catches markup that runs (a canary, so the checks below are not vacuous)', async () => {
    const { context, page } = await newPage(browser, { bypassCSP: true });
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<div class="message-html"><img src=x onerror="window.__xss=1"></div>');
    });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(1);
    await expect((await watch(page))()).rejects.toThrow();
    await context.close();
  }, 60_000);

  it('no XSS vector runs on the template, announcement and broadcast screens or their previews', async () => {
    const prefab = await post('/messages/prefabs/create', {
      name: 'Hostile <svg onload=window.__xss=1>',
      titleEn: `T ${MARKED[3]}`,
      titleZh: 'T',
      contentEn: HOSTILE,
      contentZh: HOSTILE,
    });
    expect(prefab.status).toBe(200);
    const now = Date.now();
    const announcement = await post('/messages/announcement/create', {
      package: 'com.demo',
      title: `A ${MARKED[0]}`,
      content: HOSTILE,
      beginAt: new Date(now - 3_600_000).toISOString(),
      endAt: new Date(now + 86_400_000).toISOString(),
      repeatType: 'daily',
      link: 'https://example.com',
      picture: '',
      status: 'online',
      sortOrder: 0,
    });
    expect(announcement.status).toBe(200);
    const sent = await post('/messages/broadcast/send', {
      target: { kind: 'list', uids: '880001 880002' },
      titleEn: `B ${MARKED[8]}`,
      contentEn: HOSTILE,
      expiresInDays: 3,
    });
    expect(sent.status).toBe(200);
    for (const stored of [prefab.body.data.contentEn, announcement.body.data.content])
      expect(stored).not.toMatch(/<(script|img|svg|style|iframe)|javascript:|onerror|onload/i);

    // the console's Content-Security-Policy would stop inline handlers anyway: bypassed here, so
    // that what is checked is the allow list itself
    const { context, page } = await newPage(browser, { width: 1440, height: 900, bypassCSP: true });
    const check = await watch(page);
    await signIn(page, server.url, 'business', '/messages/prefabs');
    expect(await tableSettled(page)).toBeGreaterThan(0);
    await page.locator('main .ant-table-row a', { hasText: 'Hostile' }).click();
    await expect.poll(() => page.getByTestId('message-preview').textContent(), { timeout: 10_000 }).toContain('Hello Juan');
    // typed straight into the editor: the preview shows only what the server's allow list keeps
    await page.locator('#contentEn').fill(`${HOSTILE}<p>typed</p>`);
    await expect.poll(() => page.getByTestId('message-preview').textContent(), { timeout: 10_000 }).toContain('typed');
    await check();
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/messages/announcement`);
    expect(await tableSettled(page)).toBeGreaterThan(0);
    await page.locator('main .ant-table-row a', { hasText: /^A$/ }).first().click();
    await expect.poll(() => page.getByTestId('announcement-preview').textContent(), { timeout: 10_000 }).toContain('end');
    await check();
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/messages/broadcast`);
    expect(await tableSettled(page)).toBeGreaterThan(0);
    await page.locator('#contentEn').fill(HOSTILE);
    await page.locator('#titleEn').fill(`x ${MARKED[1]}`);
    await expect.poll(() => page.getByTestId('message-preview').textContent(), { timeout: 10_000 }).toContain('end');
    await check();
    await context.close();

    // the app gets the same cleaned text (and a player's hostile name is escaped when it is filled in)
    const inbox = await platformClient(server.url).get('/api/platform/messages/inbox', 'uid=880001');
    const content = inbox.body.data.items[0].content as string;
    expect(content).toContain('<p>Hello &lt;img src=x onerror=window.__xss=1&gt;Ana</p>');
    expect(content.replace(/&lt;[^&]*&gt;/g, '')).not.toMatch(/<(script|img|svg|style|iframe)|javascript:|\son\w+=/i);
  }, 180_000);

  it('business previews a pasted list, sends an attachment, and the app claims it once', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(page, server.url, 'business', '/messages/broadcast');
    await page.locator('label.ant-radio-button-wrapper', { hasText: 'List of uids' }).click();
    await page.locator('#uids').fill('880001, 880002\n999999');
    await page.locator('#titleEn').fill('Gift for {name}');
    await page.locator('#contentEn').fill('<p>Enjoy <b>{amount}</b></p>');
    await page.getByRole('switch').click();
    await page.locator('#amount').fill('25');
    await page.getByRole('button', { name: 'Preview audience' }).click();
    const preview = page.getByTestId('broadcast-preview');
    await expect.poll(() => preview.textContent()).toMatch(/Reaches 2 players.*999999/);
    // by its text, not its role: under load CI and this machine (3 of 5 runs four at a time)
    // waited 30 s for getByRole('button', { name: 'Send' }) while the screen showed the button,
    // idle and enabled, with no hidden ancestor; a failure says what the screen showed
    await explained(page, page.locator('main form button', { hasText: /^Send$/ }).click());
    await confirmDialog(page, /Send this message to 2 players/);
    try {
      await expect.poll(() => page.getByTestId('send-delivered').textContent({ timeout: 2_000 }), { timeout: 15_000 }).toBe('2');
    } catch (error) {
      // seen once in a full e2e run (2026-11-25), likely the jobs' lost wake-up that 2392b0c fixed
      // (a pass that ended a microtask after its last look for work); a failure prints what it saw
      const sends = await fetch(`${server.url}/api/messages/broadcast?pageSize=5`, { headers: { 'x-token': token } })
        .then((r) => r.text())
        .catch(String);
      console.warn('broadcast send: delivered count missing', {
        dialog: await page.locator('.ant-modal').last().textContent({ timeout: 1_000 }).catch(String),
        messages: await page.locator('.ant-message').textContent({ timeout: 1_000 }).catch(String),
        sends,
        serverLog: server.log().slice(-4_000),
      });
      throw error;
    }
    await context.close();

    const app = platformClient(server.url);
    const message = (await app.get('/api/platform/messages/inbox', 'uid=880002')).body.data.items[0];
    expect(message).toMatchObject({
      title: 'Gift for Ben',
      content: '<p>Enjoy <b>25.00 chips</b></p>',
      attachment: { currency: 'chip', amount: 2500 },
      state: 'unread',
    });
    const claim = (id: string) =>
      app.post('/api/platform/messages/events', {
        events: [{ id, type: 'message.claimed', at: new Date().toISOString(), data: { uid: 880002, messageId: message.messageId } }],
      });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => claim(`e2e-claim-${i}`)));
    expect(results.filter((r) => r.body.data.results[0].status === 'applied')).toHaveLength(1);
    const balance = await app.get('/api/platform/wallet/balance', 'uid=880002');
    expect(balance.body.data.balances.chip).toBe(2500);
  });
});
