// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { currentQuery, renderScreen } from '../../../kit/test/setup';
import { todayInConsoleZone } from '../../../lib/format';
import ActivesScreen from './actives';
import GamerecordlogsScreen from './gamerecordlogs';
import TelephonecodeScreen from './telephonecode';
import { defaultRange } from './range';
import { reportsScreens } from '../reports';

vi.mock('../../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn(), requestStream: vi.fn() }));
const chartApi = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
vi.mock('echarts', () => ({ init: vi.fn(() => chartApi) }));
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

const calls = (url: string) => mocked.mock.calls.filter((c) => c[1] === url).map((c) => c[2]?.params);

describe('/usermanager report screens', () => {
  it('registers every screen of this part, gamerecordlogs included', () => {
    expect(Object.keys(reportsScreens).sort()).toEqual([
      '/usermanager/actives', '/usermanager/badgesearch', '/usermanager/emoteStat', '/usermanager/gamerecordlogs', '/usermanager/invite',
      '/usermanager/lostusers', '/usermanager/profitslogs', '/usermanager/registers', '/usermanager/telephonecode', '/usermanager/usertrace',
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
      ['Active players', [3, 4]], ['New players', [2, 1]], ['Logins', [7, 9]]]);
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

  it('gamerecordlogs: says plainly that records come once games report rounds, in English and Chinese, and asks nothing', async () => {
    renderScreen(<GamerecordlogsScreen />, '/usermanager/gamerecordlogs');
    expect(screen.getByText(/Game records appear here once the games report their rounds/)).toBeTruthy();
    cleanup();
    const zh = i18next.cloneInstance({ lng: 'zh' });
    await zh.changeLanguage('zh');
    render(<I18nextProvider i18n={zh}><GamerecordlogsScreen /></I18nextProvider>);
    expect(screen.getByText(/游戏上报对局后/)).toBeTruthy();
    expect(mocked).not.toHaveBeenCalled();
  });
});
