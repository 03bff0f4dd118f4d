// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { currentQuery, renderScreen } from '../../../kit/test/setup';
import { todayInConsoleZone } from '../../../lib/format';
import ActivesScreen from './actives';
import GamerecordlogsScreen from './gamerecordlogs';
import ProfitslogsScreen from './profitslogs';
import { clearSession, setUser } from '../../../shell/session';
import TelephonecodeScreen from './telephonecode';
import { defaultRange } from './range';
import { reportsScreens } from '../reports';

vi.mock('../../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn(), requestStream: vi.fn() }));
const chartApi = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
vi.mock('../../../kit/dashboard/echarts', () => ({ init: vi.fn(() => chartApi) }));
const { request } = await import('../../../shell/request');
const mocked = vi.mocked(request);

const days = [
  { day: '2026-11-21', activePlayers: 3, logins: 7, newPlayers: 2, avgSessionSeconds: 150 },
  { day: '2026-11-22', activePlayers: 4, logins: 9, newPlayers: 1, avgSessionSeconds: null },
];

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (_m, url) => {
    if (url === '/usermanager/actives') return { code: 200, data: { totals: { activePlayers: 5, logins: 16, newPlayers: 3 }, days } };
    if (url === '/usermanager/actives/days') return { code: 200, data: { items: [...days].reverse(), total: 2 } };
    return { code: 200, data: { items: [], nextCursor: null } };
  });
});
afterEach(cleanup);

const RECORD = {
  id: 5,
  at: '2026-11-22T02:00:00.000Z',
  game: 'rocket',
  roundId: 'r-77',
  round: 77,
  uid: 7002,
  name: 'Player 7002',
  partner: 1,
  seat: 'p1',
  bet: 1000,
  win: 2500,
  fee: 0,
  jackpot: 0,
  net: 1500,
  result: 'win',
  server: 'gs-1',
  table: 't-1',
  verified: true,
};
const ROUND = {
  id: 77,
  roundId: 'r-77',
  game: 'rocket',
  seedHash: 'x',
  seed: 'y',
  verified: true,
  why: '',
  settings: {},
  bets: [],
  result: {},
  differences: [],
  expected: null,
  seatRows: [{ seat: 'p1', uid: 7002, bot: false, bet: 1000, win: 2500, fee: 0, jackpot: 0 }],
};
const GAME = { game: 'colorgame', rounds: 12, bets: 20, players: 3, turnover: 10_000, wins: 9_500, fees: 0, net: -500, houseTake: 500, rtp: 0.95 };

const calls = (url: string) => mocked.mock.calls.filter((c) => c[1] === url).map((c) => c[2]?.params);

describe('/usermanager report screens', () => {
  it('registers every screen of this part, gamerecordlogs included', () => {
    expect(Object.keys(reportsScreens).sort()).toEqual([
      '/usermanager/actives',
      '/usermanager/badgesearch',
      '/usermanager/emoteStat',
      '/usermanager/gamerecordlogs',
      '/usermanager/invite',
      '/usermanager/lostusers',
      '/usermanager/profitslogs',
      '/usermanager/registers',
      '/usermanager/telephonecode',
      '/usermanager/usertrace',
    ]);
  });

  it('actives: without a range in the URL, the last 30 days go into it; figures, chart and table read that same range', async () => {
    renderScreen(<ActivesScreen />, '/usermanager/actives');
    const { from, to } = defaultRange(30);
    expect(to).toBe(todayInConsoleZone());
    await waitFor(() => expect(currentQuery()).toEqual({ from, to }));
    expect(await screen.findByText('Active players (distinct)')).toBeTruthy();
    expect(screen.getByText('16')).toBeTruthy();
    const bounds = { from: `${from}T00:00:00.000+08:00`, to: `${to}T23:59:59.999+08:00` };
    await waitFor(() => expect(calls('/usermanager/actives/days')).toEqual([{ ...bounds, page: 1, pageSize: 50 }]));
    expect(calls('/usermanager/actives')).toEqual([bounds]);
    expect((await screen.findAllByText('Average session (s)')).length).toBeGreaterThan(0);
    expect(await screen.findByText('150')).toBeTruthy();
    await waitFor(() => expect(chartApi.setOption).toHaveBeenCalled());
    const option = chartApi.setOption.mock.calls.at(-1)![0];
    expect(option.xAxis.data).toEqual(['2026-11-21', '2026-11-22']);
    expect(option.series.map((s: { name: string; data: number[] }) => [s.name, s.data])).toEqual([
      ['Active players', [3, 4]],
      ['New players', [2, 1]],
      ['Logins', [7, 9]],
    ]);
  });

  it('actives: a range named in the URL is kept and sent to both calls', async () => {
    renderScreen(<ActivesScreen />, '/usermanager/actives?from=2026-11-21&to=2026-11-22');
    await screen.findByText('Active players (distinct)');
    const bounds = { from: '2026-11-21T00:00:00.000+08:00', to: '2026-11-22T23:59:59.999+08:00' };
    expect(calls('/usermanager/actives')).toEqual([bounds]);
    await waitFor(() => expect(calls('/usermanager/actives/days')[0]).toEqual({ ...bounds, page: 1, pageSize: 50 }));
  });

  it('telephonecode: sends the country code and the number as two parameters, by keyset', async () => {
    renderScreen(<TelephonecodeScreen />, '/usermanager/telephonecode?country=63&phone=9171234567');
    await waitFor(() => expect(calls('/usermanager/telephonecode')[0]).toEqual({ country: '63', phone: '9171234567', pageSize: 50, cursor: '' }));
  });

  it('gamerecordlogs: the URL filters go to the keyset call; rows show the game, result and a player link; the drawer shows the round', async () => {
    setUser({ username: 'admin', name: 'Admin', avatar: '', telephone: '', roles: ['admin'], bind2fa: false, partner: 0 });
    mocked.mockImplementation(async (_m, url) => {
      if (url === '/usermanager/gamerecordlogs') return { code: 200, data: { items: [RECORD], nextCursor: null } };
      if (url === '/tinygames/rocket/gamerounds/detail') return { code: 200, data: ROUND };
      return { code: 200, data: { items: [], nextCursor: null } };
    });
    renderScreen(<GamerecordlogsScreen />, '/usermanager/gamerecordlogs?uid=7002&game=rocket&result=win&from=2026-11-21&to=2026-11-22');
    await waitFor(() =>
      expect(calls('/usermanager/gamerecordlogs')[0]).toEqual({
        uid: '7002',
        game: 'rocket',
        result: 'win',
        from: '2026-11-21T00:00:00.000+08:00',
        to: '2026-11-22T23:59:59.999+08:00',
        pageSize: 50,
        cursor: '',
      }),
    );
    const row = (await screen.findByText('r-77')).closest('tr')!;
    expect(row.textContent).toContain('Rocket');
    expect(row.textContent).toContain('Won');
    expect(row.querySelector('[data-player-uid="7002"]')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /Details|详情/ }));
    expect(await screen.findByTestId('round-detail')).toBeTruthy();
    expect(calls('/tinygames/rocket/gamerounds/detail')[0]).toEqual({ id: 77 });
    expect(screen.getByTestId('open-round').getAttribute('href')).toBe('/tinygames/rocket/gamerounds?roundId=r-77');
    clearSession();
  });

  it('gamerecordlogs: a role that cannot open the rounds of a game gets a note instead of the verification; Chinese strings', async () => {
    setUser({ username: 'service', name: 'Service', avatar: '', telephone: '', roles: ['service'], bind2fa: false, partner: 0 });
    mocked.mockImplementation(async () => ({ code: 200, data: { items: [RECORD], nextCursor: null } }));
    const zh = i18next.cloneInstance({ lng: 'zh' });
    await zh.changeLanguage('zh');
    renderScreen(
      <I18nextProvider i18n={zh}>
        <GamerecordlogsScreen />
      </I18nextProvider>,
      '/usermanager/gamerecordlogs',
    );
    const row = (await screen.findByText('r-77')).closest('tr')!;
    expect(row.textContent).toContain('赢');
    fireEvent.click(within(row).getByRole('button', { name: /Details|详情/ }));
    expect(await screen.findByText(/您的角色无法打开/)).toBeTruthy();
    expect(calls('/tinygames/rocket/gamerounds/detail')).toEqual([]);
    clearSession();
  });

  it('profitslogs: the per-game table reads the range and the player filter of the list; so do the figures', async () => {
    mocked.mockImplementation(async (_m, url) => {
      if (url === '/usermanager/profitslogs/days') return { code: 200, data: { totals: { bets: 900, wins: 500, net: -400, houseNet: 400 }, days: [] } };
      if (url === '/usermanager/profitslogs/games') return { code: 200, data: { items: [GAME], total: 1 } };
      return { code: 200, data: { items: [], nextCursor: null } };
    });
    renderScreen(<ProfitslogsScreen />, '/usermanager/profitslogs?from=2026-11-21&to=2026-11-22&uid=7002');
    const bounds = { from: '2026-11-21T00:00:00.000+08:00', to: '2026-11-22T23:59:59.999+08:00' };
    await waitFor(() => expect(calls('/usermanager/profitslogs/games')[0]).toEqual({ uid: '7002', ...bounds, page: 1, pageSize: 20 }));
    expect(calls('/usermanager/profitslogs/days')[0]).toEqual({ uid: '7002', ...bounds });
    const row = (await screen.findByText('Color Game')).closest('tr')!;
    expect(row.textContent).toContain('95.00%');
    expect(screen.getByText('By game (reported rounds)')).toBeTruthy();
  });
});
