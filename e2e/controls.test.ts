/**
 * Player controls in Chromium: business sets a bet cap on a player on
 * /personalcontrol/userconfigs (form, confirmation), the list shows it, the game server's bet past
 * it is refused by the wallet and the control log shows the refusal; on payRank an account
 * holding the partner role (here with business too; since decision 026 the partner role alone
 * also reaches payRank) sees its own partner's players only, business sees them all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiLogin, DEMO_PASSWORD, launchBrowser, startServer, type RunningServer } from './harness.ts';
import { columnTexts, newPage, signIn, tableSettled } from './pages.ts';
import { platformClient } from './platform.ts';

let server: RunningServer;
let browser: Browser;
const PLAYERS = [
  { uid: 7700001, partner: 0 },
  { uid: 7700002, partner: 1 },
  { uid: 7700003, partner: 2 },
  { uid: 7700004, partner: 1 },
];

beforeAll(async () => {
  server = await startServer({ DEMO_PLAYERS: '0' });
  browser = await launchBrowser();
  const p = platformClient(server.url);
  const channels = (await p.get('/api/platform/recharge/channels', 'package=com.demo')).body.data.channels as {
    channel: string;
    products: { productId: string; price: number }[];
  }[];
  const channel = channels[0];
  for (const [k, { uid, partner }] of PLAYERS.entries()) {
    await p.register(uid, { partner, package: 'com.demo' });
    await p.credit(uid, 100_000);
    // each pays a different pack: the ranking's order is the players' order
    const product = channel.products[Math.min(channel.products.length - 1, PLAYERS.length - 1 - k)];
    const order = await p.post('/api/platform/recharge/orders', {
      requestId: `e2e-ctl-${uid}`,
      uid,
      productId: product.productId,
      channel: channel.channel,
      price: product.price,
      os: 'android',
    });
    expect(order.status).toBe(200);
    const paid = await p.post('/api/platform/recharge/callback', {
      orderId: order.body.data.orderId,
      channelOrderId: `ch-${uid}`,
      amount: product.price,
      status: 'paid',
    });
    expect(paid.body.data.status).toBe('paid');
  }
  // an account of partner 1's risk desk: business (the module's role) and partner (its scope)
  const admin = await apiLogin(server.url, 'admin');
  const created = await fetch(`${server.url}/api/admin/userinfo/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Token': admin },
    body: JSON.stringify({ username: 'riskdesk1', password: DEMO_PASSWORD, name: 'Partner 1 risk desk', roles: ['business', 'partner'], partner: 1 }),
  });
  expect((await created.json()).code).toBe(200);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('player controls', () => {
  it('business sets a bet cap; the list shows it, the wallet refuses a bet past it and the log shows the refusal', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(page, server.url, 'business', '/personalcontrol/userconfigs');
    await page.locator('main .ant-empty').first().waitFor();
    await page.getByRole('button', { name: 'Set control' }).click();
    const form = page.locator('.ant-modal').last();
    await form.waitFor();
    await form.getByLabel('Player ID').fill('7700002');
    await form.getByLabel('Max bet (₱)').fill('20');
    await form.getByLabel('Reason').fill('Asked for a betting limit on the phone');
    await form.getByRole('button', { name: 'OK' }).click();
    await expect.poll(async () => columnTexts(page, 'Player ID'), { timeout: 15_000 }).toEqual(['7700002']);
    expect(await columnTexts(page, 'Max bet (₱)')).toEqual(['20.00']);
    expect(await columnTexts(page, 'Set by')).toEqual(['business']);

    const p = platformClient(server.url);
    const refused = await p.post('/api/platform/wallet/debit', {
      txId: 'e2e-ctl-bet-1',
      uid: 7700002,
      currency: 'chip',
      amount: 2_500,
      reason: 'game.bet',
      ref: 'e2e-round-1',
    });
    expect(refused).toEqual({ status: 409, body: { code: 409, message: 'Refused by player control: maxBet 2000 (bet 2500)' } });
    expect(
      (
        await p.post('/api/platform/wallet/debit', {
          txId: 'e2e-ctl-bet-2',
          uid: 7700002,
          currency: 'chip',
          amount: 1_500,
          reason: 'game.bet',
          ref: 'e2e-round-2',
        })
      ).status,
    ).toBe(200);

    await page.goto(`${server.url}/personalcontrol/logs?uid=7700002`);
    expect(await tableSettled(page)).toBe(2);
    expect(await columnTexts(page, 'Record')).toEqual(['Bet refused', 'Set']);
    expect((await columnTexts(page, 'Message'))[0]).toBe('Refused by player control: maxBet 2000 (bet 2500)');
    await context.close();
  }, 120_000);

  it("payRank: business sees every partner, partner 1's account only its own players", async () => {
    const business = await newPage(browser, { width: 1440, height: 900 });
    await signIn(business.page, server.url, 'business', '/personalcontrol/payRank');
    expect(await tableSettled(business.page)).toBe(4);
    expect(await columnTexts(business.page, 'Player ID')).toEqual(PLAYERS.map((x) => String(x.uid)));
    expect(await columnTexts(business.page, 'Controlled')).toEqual(['No', 'Yes', 'No', 'No']);
    await business.context.close();

    const partner = await newPage(browser, { width: 420, height: 860 });
    await signIn(partner.page, server.url, 'riskdesk1', '/personalcontrol/payRank');
    expect(await tableSettled(partner.page)).toBe(2);
    expect(await columnTexts(partner.page, 'Player ID')).toEqual(['7700002', '7700004']);
    await partner.context.close();
  }, 120_000);
});
