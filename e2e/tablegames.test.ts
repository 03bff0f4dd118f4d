/**
 * Table games in Chromium (docs/api/tablegames.md): the jackpot pool on Tongits' own
 * dashboard; on a small demo (the simulator's
 * Tongits tables) plus hands a table server plays here through the signed platform API (a 1v1
 * table: two players and its AI seat; a classic table with two AI seats), admin opens each of the
 * table-game screens with data — the 1v1 dashboard with its jackpot pool, the AI dashboard, the
 * Tongits and Pusoy settings (game settings and rooms, which lead to their room templates), the AI settings, the cheat thresholds,
 * reported players (a report sent through the signed platform API, then flagged for good from
 * its row after a confirmation) and the permanent flags (the flag just made). Then business, in
 * the same context: the admin-only screens are refused by the API (403) and absent from the app
 * (404), while the 1v1 dashboard still opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FairStream, getGame, newSeed, seedHash } from '@console/games';
import { launchBrowser, startServer, type RunningServer } from './harness.ts';
import { confirmDialog, newPage, openScreen, signIn, tokenOf } from './pages.ts';
import { platformClient, staffGet } from './platform.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ DEMO_PLAYERS: '150', DEMO_DAYS: '3' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** One Tongits hand as a table server plays it (settings version read back, antes debited, winner credited, the record); null seats are AI seats. */
async function hand(url: string, seats: (number | null)[], table: string, ante: number): Promise<void> {
  const p = platformClient(url);
  const config = (await p.get('/api/platform/tablegames/configs', 'game=tongits')).body.data;
  const game = getGame('tongits');
  const seed = newSeed();
  const roundId = `e2e-${table}-${Date.now()}`;
  const sample = game.sampleBets(config.settings, new FairStream(seed, 'tongits')) as { seats: { seat: string }[] };
  const bets = { end: { how: 'stock', by: 'p1' }, seats: sample.seats.map((x) => ({ ...x, amount: ante })) };
  const outcome = game.play(config.settings, seed, bets);
  for (const [k, uid] of seats.entries())
    if (uid)
      expect(
        (await p.post('/api/platform/wallet/debit', { txId: `${roundId}-b${k}`, uid, currency: 'chip', amount: ante, reason: 'game.bet', ref: roundId }))
          .status,
      ).toBe(200);
  const k = outcome.payouts.findIndex((x) => x.win > 0);
  if (seats[k])
    await p.post('/api/platform/wallet/credit', {
      txId: `${roundId}-w`,
      uid: seats[k],
      currency: 'chip',
      amount: outcome.payouts[k].win,
      reason: 'game.win',
      ref: roundId,
    });
  const now = Date.now();
  const result = await p.event('game.round', {
    game: 'tongits',
    roundId,
    server: 'e2e-ts',
    table,
    configVersion: config.version,
    seedHash: seedHash(seed),
    seed,
    bets,
    result: outcome.result,
    seats: outcome.payouts.map((x, i) => (seats[i] ? { ...x, uid: seats[i], bot: false } : { ...x, bot: true })),
    startedAt: new Date(now - 240_000).toISOString(),
    endedAt: new Date(now).toISOString(),
  });
  expect(result.status).toBe('applied');
}

const rowWith = (page: Page, text: string) => page.locator('main .ant-table-row', { hasText: text }).first();
const ADMIN_ONLY = ['/tinygames/tongits/tongitsconfig', '/tinygames/tongits/aiconfig', '/tinygames/tongitscheat/cheatconfig', '/tinygames/pusoy/pusoyconfig'];

describe('/tinygames table games', () => {
  it('admin opens every table-game screen with data and flags a reported player; business cannot open the settings', async () => {
    const p = platformClient(server.url);
    const [a, b] = [990_001, 990_002];
    for (const uid of [a, b]) {
      await p.register(uid);
      await p.credit(uid, 100_000);
    }
    await hand(server.url, [a, b, null], 'duel-1:1', 100);
    await hand(server.url, [a, null, null], 'bronze:1', 100);

    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(page, server.url, 'admin', '/tinygames/tongits/dashboard');
    await page.getByTestId('pool-balance').waitFor(); // the pool on the game's own dashboard too

    const d1 = await openScreen(page, '/tinygames/tongits/dashboard1v1', '/api/tinygames/tongits/dashboard1v1');
    expect(d1.totals.rounds, '1v1 rounds').toBeGreaterThan(0);
    expect(d1.totals.aiSeats).toBe(d1.totals.rounds); // a 1v1 table's third seat is its AI seat
    expect(d1.pool.contributed).toBeGreaterThan(0);
    await page.getByTestId('pool-balance').filter({ hasText: '₱' }).waitFor();
    await rowWith(page, d1.days.find((x: { rounds: number }) => x.rounds > 0).day).waitFor();

    const ai = await openScreen(page, '/tinygames/tongits/aidashboard', '/api/tinygames/tongits/aidashboard');
    expect(ai.totals.aiRounds, 'rounds with an AI seat').toBeGreaterThan(0);
    await page.locator('main .ant-statistic-title', { hasText: /^AI win rate$/ }).waitFor();
    await rowWith(page, 'bronze').waitFor(); // the rooms table

    const settings = await openScreen(page, '/tinygames/tongits/tongitsconfig', '/api/tinygames/tongits/tongitsconfig/settings');
    expect(settings.settings.jackpotBps).toBe(1_000);
    const jackpotLabel = settings.fields.find((f: { key: string }) => f.key === 'jackpotBps').label.en;
    await expect.poll(() => page.locator('main').getByLabel(jackpotLabel, { exact: true }).inputValue(), { timeout: 15_000 }).toBe('1000');
    await rowWith(page, 'duel-10').waitFor();
    await page.locator('main').getByText('Jackpot rules').first().waitFor();
    // the rooms are the game's room templates (decision 035): the note leads there, filtered to the game
    await page.getByTestId('rooms-note').getByRole('link').click();
    await page.waitForURL(/\/platmanager\/template\?game=tongits/);
    await rowWith(page, 'duel-10').waitFor();
    await expect.poll(async () => new Set(await page.locator('main .ant-table-row td:nth-child(2)').allTextContents())).toEqual(new Set(['Tongits']));

    await openScreen(page, '/tinygames/pusoy/pusoyconfig', '/api/tinygames/pusoy/pusoyconfig/settings');
    await rowWith(page, 'p-20').waitFor();

    const aiSettings = await openScreen(page, '/tinygames/tongits/aiconfig', '/api/tinygames/tongits/aiconfig');
    expect(aiSettings.rooms).toContain('duel-1');
    await page.locator('main .ant-select-selection-item', { hasText: '(duel-1)' }).first().waitFor();

    const cheat = await openScreen(page, '/tinygames/tongitscheat/cheatconfig', '/api/tinygames/tongitscheat/cheatconfig');
    await expect
      .poll(() => page.locator('main').getByLabel('Same table: shared rounds at least', { exact: true }).inputValue(), { timeout: 15_000 })
      .toBe(String(cheat.sameTableMinRounds));

    // a report from a table, through the signed platform API, then flagged for good from its row
    const [by, target] = [a, b];
    const sent = await p.event('game.reported', {
      uid: by,
      targetUid: target,
      game: 'tongits',
      roundId: 'e2e-round',
      table: 'bronze:3',
      reason: 'collusion',
      text: 'e2e: they never fight each other',
    });
    expect(sent.status).toBe('applied');
    await openScreen(page, '/tinygames/tongitscheat/reportedlogs', '/api/tinygames/tongitscheat/reportedlogs');
    const row = rowWith(page, 'e2e: they never fight each other');
    await row.waitFor();
    await row.getByRole('button', { name: 'Flag for good' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: 'Flag for good' }).last();
    await modal.locator('textarea').fill('Collusion confirmed on the table logs');
    await modal.getByRole('button', { name: 'OK' }).click();
    await confirmDialog(page, new RegExp(`Flag ${target} as a cheater for good\\?`));
    await page.locator('.ant-message-success').first().waitFor();

    const flags = await openScreen(page, '/tinygames/tongitscheat/permanentcheat', '/api/tinygames/tongitscheat/permanentcheat');
    expect(flags.items.map((f: { uid: number }) => f.uid)).toContain(target);
    await rowWith(page, 'Collusion confirmed on the table logs').waitFor();
    await page.locator('main .ant-table-row', { hasText: 'Flagged' }).first().waitFor(); // the flag log below
    await context.close();

    // business: the admin-only screens are refused by the API and absent from the app
    const biz = await newPage(browser, { width: 1440, height: 900 });
    await signIn(biz.page, server.url, 'business', '/tinygames/tongits/dashboard1v1');
    await biz.page.getByTestId('pool-balance').waitFor();
    const bizToken = await tokenOf(biz.context);
    for (const path of ADMIN_ONLY) {
      const api = path.endsWith('config') && !path.endsWith('aiconfig') && !path.endsWith('cheatconfig') ? `${path}/settings` : path;
      expect((await staffGet(server.url, bizToken, api)).status, path).toBe(403);
      await biz.page.evaluate((p) => {
        window.history.pushState({}, '', p);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await biz.page.locator('.ant-result-404').waitFor();
      expect(await biz.page.locator('main form').count()).toBe(0);
    }
    await biz.context.close();
  }, 300_000);
});
