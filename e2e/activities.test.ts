/**
 * /activities in Chromium: players play, bind phones, log in and claim through the
 * signed platform API; admin opens every built activity screen (dashboard, participants and
 * rewards, settings, settings change log) and sees the data; admin saves a running activity's
 * settings after the running-activity confirmation and the change log shows the version;
 * business reads the dashboards but the admin-only settings are refused by the API (403) and
 * absent from the app; the players screen in Chinese on a narrow window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ACTIVITIES } from '@console/activities';
import { findScreen } from '@console/catalog';
import { FairStream, getGame, newSeed, seedHash } from '@console/games';
import { apiLogin, launchBrowser, startServer, type RunningServer } from './harness.ts';
import { columnTexts, confirmDialog, newPage, openScreen, signIn, tableSettled, tokenOf } from './pages.ts';
import { platformClient, staffGet } from './platform.ts';

let server: RunningServer;
let browser: Browser;
const HOUR = 3_600_000;
const PLAYERS = [990_301, 990_302, 990_303, 990_304];

/** One luckyjoker round for a player ending at `at` (bets debited, wins credited, the record). */
async function round(url: string, uid: number, at: Date): Promise<number> {
  const p = platformClient(url);
  const game = getGame('luckyjoker');
  const seed = newSeed();
  const roundId = `e2e-act-${uid}-${at.getTime()}-${Math.random().toString(36).slice(2, 8)}`;
  const bets = game.sampleBets(game.defaults, new FairStream(seed, 'luckyjoker'));
  const outcome = game.play(game.defaults, seed, bets);
  for (const [k, pay] of outcome.payouts.entries()) {
    if (pay.bet > 0)
      expect(
        (await p.post('/api/platform/wallet/debit', { txId: `${roundId}:b${k}`, uid, currency: 'chip', amount: pay.bet, reason: 'game.bet', ref: roundId }))
          .status,
      ).toBe(200);
    if (pay.win > 0)
      await p.post('/api/platform/wallet/credit', { txId: `${roundId}:w${k}`, uid, currency: 'chip', amount: pay.win, reason: 'game.win', ref: roundId });
  }
  const result = await p.event('game.round', {
    game: 'luckyjoker',
    roundId,
    server: 'e2e-gs',
    table: 't-1',
    configVersion: 0,
    seedHash: seedHash(seed),
    seed,
    bets,
    result: outcome.result,
    seats: outcome.payouts.map((x) => ({ ...x, uid, bot: false })),
    startedAt: new Date(at.getTime() - 20_000).toISOString(),
    endedAt: at.toISOString(),
  });
  expect(result.status, JSON.stringify(result)).toBe('applied');
  return outcome.payouts.reduce((n, x) => n + x.bet, 0);
}

/** Every built activity screen: the activities of @console/activities × the screens the catalogue gives them. */
const SCREENS = ACTIVITIES.flatMap((a) => {
  const base = `/activities/${a.id}`;
  const out: { path: string; api: string; kind: string }[] = [];
  for (const s of ['dashboard', 'players', 'configs', 'configlogs']) {
    let path = findScreen(`${base}/${s}`) ? `${base}/${s}` : null;
    if (s === 'configs' && !path) path = findScreen(`${base}/config`) ? `${base}/config` : base;
    if (path) out.push({ path, api: `/api/activities/${a.id}/${s}`, kind: s });
  }
  return out;
});

beforeAll(async () => {
  server = await startServer({ DEMO_PLAYERS: '0' });
  browser = await launchBrowser();
  const p = platformClient(server.url);
  const admin = await apiLogin(server.url, 'admin');
  // the carnival runs from a day ago; its first milestone is any bet
  const carnival = (await staffGet(server.url, admin, '/activities/sprintcarnival/configs')).body.data.settings;
  const saved = await fetch(`${server.url}/api/activities/sprintcarnival/configs/update`, {
    method: 'POST',
    headers: { 'x-token': admin, 'content-type': 'application/json' },
    body: JSON.stringify({
      settings: {
        ...carnival,
        startAt: new Date(Date.now() - 24 * HOUR).toISOString(),
        endAt: new Date(Date.now() + 48 * HOUR).toISOString(),
        milestones: [
          { bet: 1, reward: 500 },
          { bet: 100_000_000, reward: 9_000 },
        ],
      },
    }),
  });
  expect(saved.status).toBe(200);
  for (const [i, uid] of PLAYERS.entries()) {
    await p.register(uid, { phone: { country: '63', number: `91700${String(uid).slice(-5)}` }, deviceId: `e2e-act-${uid}` });
    expect((await p.event('player.login', { uid, ip: '10.9.0.1', deviceId: `e2e-act-${uid}` })).status).toBe('applied');
    if (i < 2) {
      await p.credit(uid, 1_000_000);
      await round(server.url, uid, new Date()); // after the settings save: a save resets what came before it
    }
  }
  // every reached tier claimed, as the apps would
  for (const uid of PLAYERS) {
    const list = await p.get('/api/platform/activities', `uid=${uid}`);
    expect(list.status).toBe(200);
    for (const item of list.body.data.items) {
      for (const tier of item.tiers) {
        if (!tier.reached) continue;
        const c = await p.post('/api/platform/activities/claim', { uid, activity: item.activity, tier: tier.tier, period: item.period });
        expect(c.status, `${uid} ${item.activity} ${tier.tier}: ${JSON.stringify(c.body)}`).toBe(200);
      }
    }
  }
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('/activities', () => {
  it('admin opens every built activity screen with its data and saves a running activity after the confirmation', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, 'admin', '/activities/telephonelogin/dashboard');
    for (const s of SCREENS) {
      const data = await openScreen(page, s.path, s.api);
      if (s.kind === 'dashboard') {
        await page.getByTestId('activity-states').waitFor();
        if (['telephonelogin', 'relief', 'sprintcarnival', 'onlinesign'].some((id) => s.path.includes(`/${id}/`)))
          expect(data.totals.claims, s.path).toBeGreaterThan(0);
      }
      if (s.kind === 'players' && /telephonelogin|sprintcarnival/.test(s.path)) {
        await tableSettled(page);
        expect((await columnTexts(page, 'UID')).length, s.path).toBeGreaterThan(0);
      }
      if (s.kind === 'configs') await page.locator('main form').waitFor();
      if (s.kind === 'configlogs') await tableSettled(page);
      expect(await page.getByText('not available yet').count(), s.path).toBe(0);
    }
    // the rewards tab of the participants screen
    await openScreen(page, '/activities/telephonelogin/players', '/api/activities/telephonelogin/players');
    const rewards = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/activities/telephonelogin/players/rewards');
    await page.getByRole('tab', { name: 'Rewards paid' }).click();
    expect((await (await rewards).json()).data.items.length).toBe(PLAYERS.length);

    // a running activity: the warning, the confirmation, a new version in the change log
    await openScreen(page, '/activities/sprintcarnival/configs', '/api/activities/sprintcarnival/configs');
    await page.getByTestId('activity-running').waitFor();
    await page.locator('main form').getByRole('button', { name: 'Save' }).click();
    const save = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/activities/sprintcarnival/configs/update');
    await confirmDialog(page, /resets the unfinished progress/);
    expect((await save).status()).toBe(200);
    const logs = await openScreen(page, '/activities/sprintcarnival/configlogs', '/api/activities/sprintcarnival/configlogs');
    expect(logs.total).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('business reads the dashboards; the admin-only settings are refused by the API and absent from the app', async () => {
    const biz = await newPage(browser, { width: 1440, height: 900 });
    await signIn(biz.page, server.url, 'business', '/activities/sprintcarnival/dashboard');
    await biz.page.getByTestId('activity-states').waitFor();
    const token = await tokenOf(biz.context);
    const res = await fetch(`${server.url}/api/activities/sprintcarnival/configs/update`, {
      method: 'POST',
      headers: { 'x-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ settings: {} }),
    });
    expect(res.status).toBe(403);
    for (const path of ['/activities/sprintcarnival/configs', '/activities/relief', '/activities/onlinesign/config']) {
      expect((await staffGet(server.url, token, path.replace(/\/relief$/, '/relief/configs').replace(/\/config$/, '/configs'))).status, path).toBe(403);
      await biz.page.evaluate((p) => {
        window.history.pushState({}, '', p);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await biz.page.locator('.ant-result-404').waitFor();
      expect(await biz.page.locator('main form').count()).toBe(0);
    }
    // the change log is readable by business
    expect((await staffGet(server.url, token, '/activities/sprintcarnival/configlogs')).status).toBe(200);
    await biz.context.close();
  }, 120_000);

  it('the participants in Chinese on a narrow window', async () => {
    const { context, page } = await newPage(browser, { width: 420, height: 900, locale: 'zh-CN' });
    await signIn(page, server.url, 'admin', '/activities/telephonelogin/players');
    await tableSettled(page);
    expect(await page.getByRole('tab', { name: '发奖记录' }).count()).toBe(1);
    expect(await page.locator('main').textContent()).toMatch(/已领取/);
    await context.close();
  }, 120_000);
});
