// @vitest-environment jsdom
/**
 * /tinygames: one shape, declared per game. Every catalogue screen of the twelve house games
 * (and the dashboards of the table games) is registered and nothing else; one game rendered from
 * its declaration against a mocked API (betlogs, dashboard with its RTP band, a flagged round's
 * detail, the settings form's pesos and bounds); en and zh complete.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { listScreens } from '@console/catalog';
import { GAMES } from '@console/games';
import { renderScreen } from '../../kit/test/setup';
import { clearSession, setUser } from '../../shell/session';
import { tinygamesScreens } from './index';
import { screenFor } from './screens';
import { configsDecl, configsHistory, settingsFields } from './configs';
import { dashboardDecl, GameDashboard } from './dashboard';
import { betlogsList, gameroundsList } from './lists';
import { RoundDetail, type RoundDetailData } from './RoundDetail';
import locales from './locales';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

const HOUSE = ['luckyjoker', 'tasty', 'colorgame', 'rocket', 'fruitfever', 'bingo', 'scratch', 'horse', 'mines', 'mines1v1', 'lucky9', 'hilo'];
const SIX = ['dashboard', 'players', 'ranking', 'betlogs', 'configs', 'gamerounds'];

beforeEach(() => {
  mocked.mockReset();
  setUser({ username: 'admin', name: 'Admin', avatar: '', telephone: '', roles: ['admin'], bind2fa: false, partner: 0 });
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('registration from the game list and the catalogue', () => {
  it('registers all six screens of each of the twelve house games, as the catalogue has them', () => {
    const catalogue = listScreens().map((s) => s.fullPath);
    for (const g of HOUSE) {
      for (const s of SIX) {
        const path = `/tinygames/${g}/${s}`;
        expect(catalogue, path).toContain(path);
        expect(tinygamesScreens[path], path).toBeDefined();
      }
    }
  });

  it("registers the table games' dashboards and no path the catalogue lacks", () => {
    for (const g of ['tongits', 'pusoy', 'luckytree', 'hightexas']) expect(tinygamesScreens[`/tinygames/${g}/dashboard`]).toBeDefined();
    const catalogue = new Set(listScreens().map((s) => s.fullPath));
    const registered = Object.keys(tinygamesScreens);
    expect(registered).toHaveLength(12 * 6 + 4);
    for (const p of registered) expect(catalogue.has(p), p).toBe(true);
    expect(registered.some((p) => p.startsWith('/tinygames/tongits/') && !p.endsWith('/dashboard'))).toBe(false);
  });

  it('builds one component per (game, screen), the same each time', () => {
    expect(screenFor('rocket', 'betlogs')).toBe(screenFor('rocket', 'betlogs'));
    expect(screenFor('rocket', 'betlogs')).not.toBe(screenFor('hilo', 'betlogs'));
  });

  it("declares each game's API from its id only", () => {
    expect(betlogsList('mines').api).toMatchObject({ url: '/tinygames/mines/betlogs', mode: 'cursor', export: true });
    expect(gameroundsList('horse').api.url).toBe('/tinygames/horse/gamerounds');
    expect(dashboardDecl('bingo').api.url).toBe('/tinygames/bingo/dashboard');
    expect(configsHistory('bingo').url).toBe('/tinygames/bingo/configs/versions');
  });
});

describe('one game rendered from its declaration', () => {
  it('betlogs: sends the filters, shows pesos, uids as links, bots and the verification', async () => {
    mocked.mockResolvedValue({
      code: 200,
      data: {
        nextCursor: null,
        items: [
          {
            id: 7,
            roundId: 'r-abc',
            round: 3,
            at: '2026-11-22T10:00:00.000Z',
            uid: 100123,
            name: 'Ana',
            partner: 0,
            seat: 'p1',
            bot: false,
            bet: 12345,
            win: 0,
            fee: 0,
            jackpot: 0,
            net: -12345,
            server: 'gs-1',
            table: 't1',
            verified: true,
          },
          {
            id: 8,
            roundId: 'r-abc',
            round: 3,
            at: '2026-11-22T10:00:00.000Z',
            uid: null,
            name: null,
            partner: -2,
            seat: 'b1',
            bot: true,
            bet: 500,
            win: 1000,
            fee: 0,
            jackpot: 0,
            net: 500,
            server: 'gs-1',
            table: 't1',
            verified: false,
          },
        ],
      },
    });
    const Betlogs = screenFor('colorgame', 'betlogs');
    renderScreen(<Betlogs />, '/screen?uid=100123&bot=false');
    expect(await screen.findByText('123.45')).toBeTruthy();
    const [method, url, opts] = mocked.mock.calls[0];
    expect(method).toBe('GET');
    expect(url).toBe('/tinygames/colorgame/betlogs');
    expect(opts?.params).toMatchObject({ uid: '100123', bot: 'false' });
    expect(screen.getByRole('link', { name: '100123' })).toBeTruthy();
    expect(screen.getByText('Color Game · Bet log')).toBeTruthy();
  });

  it('dashboard: figures, the actual RTP against the configured RTP and its band, and the days table', async () => {
    const days = [
      { day: '2026-11-21', rounds: 10, bets: 20, players: 5, turnover: 200000, wins: 190000, fees: 0, jackpot: 0, houseTake: 10000, rtp: 0.95, flagged: 1 },
    ];
    mocked.mockImplementation(async (_m, url) =>
      url.endsWith('/dashboard/days')
        ? { code: 200, data: { items: days, total: 1 } }
        : {
            code: 200,
            data: {
              game: 'rocket',
              kind: 'house',
              days,
              totals: { rounds: 10, bets: 20, players: 5, turnover: 200000, wins: 190000, fees: 0, jackpot: 0, houseTake: 10000, rtp: 0.95, flagged: 1 },
              configured: { version: 3, rtp: 0.99, reference: 'a bet cashed out at 2.00×', band: { low: 0.6, high: 1.38 }, inBand: true },
              chart: [{ day: '2026-11-21', turnover: 2000, wins: 1900, houseTake: 100, rtp: 95 }],
            },
          },
    );
    renderScreen(<GameDashboard game="rocket" />, '/screen?from=2026-11-20&to=2026-11-21');
    expect((await screen.findByTestId('rtp-verdict')).textContent).toBe('Within the band');
    expect(screen.getByTestId('rtp-band').textContent).toBe('60.00% – 138.00%');
    expect(screen.getByText('a bet cashed out at 2.00×')).toBeTruthy();
    await waitFor(() => expect(mocked.mock.calls.some(([, u]) => u === '/tinygames/rocket/dashboard/days')).toBe(true));
    const daysCall = mocked.mock.calls.find(([, u]) => u === '/tinygames/rocket/dashboard/days')!;
    expect(daysCall[2]?.params).toMatchObject({ from: '2026-11-20T00:00:00.000+08:00', to: '2026-11-21T23:59:59.999+08:00' });
    expect((await screen.findAllByText('2,000.00')).length).toBeGreaterThan(0);
  });

  it("a flagged round: why, each difference, seats, and the browser's own check of the seed", async () => {
    const detail: RoundDetailData = {
      id: 3,
      roundId: 'r-abc',
      game: 'rocket',
      appId: 'demo-app',
      server: 'gs-1',
      table: 't-1',
      configVersion: 1,
      startedAt: '2026-11-21T10:00:00.000+08:00',
      endedAt: '2026-11-21T10:00:09.000+08:00',
      seats: 1,
      players: 1,
      bet: 100,
      win: 0,
      fee: 0,
      jackpot: 0,
      houseTake: 100,
      seedHash: '00'.repeat(32),
      seed: 'ab'.repeat(32),
      verified: false,
      why: 'seedHash: the seed hashes to 3a1f…, not the committed 0000…',
      settings: {},
      bets: [{ seat: 'p1', amount: 100, cashoutAt: 200 }],
      result: { crash: 150 },
      differences: [{ kind: 'hash', expected: '3a1f', reported: '0000' }],
      expected: { result: { crash: 150 }, payouts: [] },
      seatRows: [{ seat: 'p1', uid: 100123, bot: false, bet: 100, win: 0, fee: 0, jackpot: 0 }],
    };
    mocked.mockResolvedValue({ code: 200, data: detail });
    renderScreen(<RoundDetail game="rocket" id={3} />);
    const box = await screen.findByTestId('round-detail');
    expect(within(box).getByText(/^Flagged/)).toBeTruthy();
    expect(within(box).getByText(detail.why)).toBeTruthy();
    expect(within(box).getByText('hash: "3a1f" ≠ "0000"')).toBeTruthy();
    expect(mocked.mock.calls[0][2]?.params).toEqual({ id: 3 });
    // The browser recomputes the hash of the seed: it is not the committed one either.
    expect(screen.getByTestId('browser-check').textContent).toMatch(/difference/);
  });

  it("settings: fields from the game's schema with bounds, amounts in pesos, the whole document saved", () => {
    const fields = settingsFields('rocket');
    expect(fields.map((f) => f.key)).toEqual(['open', 'minBet', 'maxBet', 'edgeBps', 'maxCashout']);
    expect(fields.find((f) => f.key === 'edgeBps')).toMatchObject({ kind: 'number', min: 50, max: 1000 });
    expect(fields.find((f) => f.key === 'minBet')).toMatchObject({ kind: 'money', min: 0.01 });
    const decl = configsDecl('rocket');
    const form = decl.load.toForm!({ settings: { open: true, minBet: 100, maxBet: 1_000_000, edgeBps: 100, maxCashout: 100_000 } });
    expect(form).toEqual({ open: true, minBet: 1, maxBet: 10_000, edgeBps: 100, maxCashout: 100_000 });
    expect(decl.save.body!({ ...form, minBet: 2.5 })).toEqual({ settings: { open: true, minBet: 250, maxBet: 1_000_000, edgeBps: 100, maxCashout: 100_000 } });
    // A table field (a paytable) travels as JSON.
    const withTable = settingsFields('scratch').find((f) => f.kind === 'json');
    if (withTable) {
      const d = configsDecl('scratch');
      const values = d.load.toForm!({ settings: { [withTable.key]: [1, 2] } });
      expect(values[withTable.key]).toBe('[1,2]');
    }
  });
});

describe('strings', () => {
  const keys = (o: unknown, prefix = ''): string[] =>
    o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix];
  it("en and zh have the same keys, every one filled, every game's titles and settings labels", () => {
    const en = keys(locales.en).sort();
    const zh = keys(locales.zh).sort();
    expect(zh).toEqual(en);
    for (const k of en) {
      const get = (o: unknown) =>
        k
          .split('.')
          .filter(Boolean)
          .reduce((a: unknown, p) => (a as Record<string, unknown>)[p], o);
      expect(String(get(locales.zh)), k).not.toBe('');
    }
    for (const g of GAMES) {
      expect(locales.zh.tinygames.title[g.id].dashboard, g.id).toBeTruthy();
      for (const f of settingsFields(g.id)) expect(locales.en.tinygames.setting[g.id][f.key], `${g.id}.${f.key}`).toBeTruthy();
    }
    expect(locales.zh.tinygames.title.colorgame.betlogs).toBe('颜色游戏 · 下注记录');
  });
});
