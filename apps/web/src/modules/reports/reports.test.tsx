// @vitest-environment jsdom
/**
 * The data report screens: every route of / is registered, every string key they name exists
 * in English and Chinese, and the home report shows its figures, their change against the
 * previous range and the chart in pesos; the free-give figures follow the currency chosen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { listScreens } from '@console/catalog';
import { renderScreen } from '../../kit/test/setup';
import type { DashboardDeclaration, FilterDeclaration, ListDeclaration } from '../../kit';
import { reportsScreens } from '.';
import { freegive } from './freegive';
import HomepageScreen, { homeDashboard, homeTable } from './homepage';
import { osDashboard, osTable } from './iosReport';
import { paychannelDashboard, paychannelTable } from './paychannel';
import { payChannelsTable, payDashboard, payDaysTable } from './payReport';
import { paystatBands, paystatDashboard, paystatDays } from './paystat';
import { payoutDashboard, payoutTable } from './payoutChannel';
import { recycle } from './recycle';
import { userDashboard, userTable } from './userReport';
import FreegiveScreen from './freegive';
import { currentQuery } from '../../kit/test/setup';
import { fireEvent } from '@testing-library/react';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn(), requestStream: vi.fn() }));
const chartApi = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
vi.mock('../../kit/dashboard/echarts', () => ({ init: vi.fn(() => chartApi) }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

const figures = (n: number) => ({
  newPlayers: n,
  activePlayers: 40,
  payingPlayers: 4,
  firstPayers: 1,
  rechargeOrders: 6,
  rechargeAmount: 1_250_000,
  cashoutOrders: 2,
  cashoutAmount: 250_000,
  net: 1_000_000,
  arppu: 312_500,
});

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (_m, url) => {
    if (url === '/homepage') {
      return {
        code: 200,
        data: {
          totals: figures(12),
          previous: figures(8),
          days: [
            { day: '2026-11-21', ...figures(5) },
            { day: '2026-11-22', ...figures(7) },
          ],
          chart: [
            { day: '2026-11-21', recharge: 5000, cashout: 1000, net: 4000 },
            { day: '2026-11-22', recharge: 7500, cashout: 1500, net: 6000 },
          ],
        },
      };
    }
    if (url === '/freegive') return { code: 200, data: { totals: { batch: 1, staff: 2, reward: 3, bonus: 4, relief: 5, total: 15, entries: 9 }, days: [] } };
    return { code: 200, data: { items: [], total: 0 } };
  });
});
afterEach(cleanup);

const lists = [
  homeTable,
  payDaysTable,
  payChannelsTable,
  osTable,
  userTable,
  paystatDays,
  paystatBands,
  paychannelTable,
  payoutTable,
  freegive.days,
  freegive.reasons,
  recycle.days,
  recycle.reasons,
] as ListDeclaration<never>[];
const dashboards: DashboardDeclaration[] = [
  homeDashboard,
  payDashboard,
  osDashboard,
  userDashboard,
  paystatDashboard,
  paychannelDashboard,
  payoutDashboard,
  freegive.dashboard,
  recycle.dashboard,
];

describe('data reports under /', () => {
  it('registers every report of the catalogue under /, by its full path', () => {
    const paths = listScreens()
      .filter((s) => s.parentPath === '/' && !s.hidden)
      .map((s) => s.fullPath);
    expect(Object.keys(reportsScreens).sort()).toEqual(paths.sort());
  });

  it('names only keys that exist in English and in Chinese', () => {
    const filterKeys = (f: FilterDeclaration) => [f.label, ...(f.kind === 'select' ? f.options.map((o) => o.label) : [])];
    const keys = [
      ...new Set([
        ...lists.flatMap((d) => [d.title, ...(d.filters ?? []).flatMap(filterKeys), ...d.columns.flatMap((c) => [c.title, ...Object.values(c.labels ?? {})])]),
        ...dashboards.flatMap((d) => [d.title, ...d.cards.map((c) => c.label), d.chart?.title ?? '', ...(d.chart?.series ?? []).map((s) => s.label)]),
      ]),
    ].filter(Boolean);
    expect(keys.length).toBeGreaterThan(80);
    for (const lng of ['en', 'zh'])
      expect(
        keys.filter((k) => typeof i18next.getResource(lng, 'translation', k) !== 'string'),
        lng,
      ).toEqual([]);
    // every table exports on the server
    expect(lists.filter((d) => d.api.export !== true).map((d) => d.name)).toEqual([]);
  });

  it('/homepage: figures over the range with their change, the chart in pesos, the days below', async () => {
    renderScreen(<HomepageScreen />, '/homepage?from=2026-11-21&to=2026-11-22');
    expect(await screen.findByText('12,500.00')).toBeTruthy();
    // 12 new players against 8 before: +50%
    expect((await screen.findByTestId('change-newPlayers')).textContent).toContain('50.00%');
    const bounds = { from: '2026-11-21T00:00:00.000+08:00', to: '2026-11-22T23:59:59.999+08:00' };
    expect(mocked.mock.calls.filter((c) => c[1] === '/homepage').map((c) => c[2]?.params)).toEqual([bounds]);
    await waitFor(() => expect(mocked.mock.calls.some((c) => c[1] === '/homepage/days')).toBe(true));
    await waitFor(() => expect(chartApi.setOption).toHaveBeenCalled());
    const option = chartApi.setOption.mock.calls.at(-1)![0];
    expect(option.series.map((s: { name: string; data: number[] }) => [s.name, s.data])).toEqual([
      ['Recharged (₱)', [5000, 7500]],
      ['Cashed out (₱)', [1000, 1500]],
      ['Net (₱)', [4000, 6000]],
    ]);
  });

  it('/freegive: the figures follow the currency in the URL', async () => {
    renderScreen(<FreegiveScreen />, '/freegive?from=2026-11-21&to=2026-11-22&currency=bean');
    expect((await screen.findAllByText('Batch sends')).length).toBeGreaterThan(0);
    expect(mocked.mock.calls.find((c) => c[1] === '/freegive')?.[2]?.params).toMatchObject({ currency: 'bean' });
  });

  it('/freegive: switching to the reasons tab keeps the range and the currency, and asks the reasons with them', async () => {
    renderScreen(<FreegiveScreen />, '/freegive?from=2026-11-21&to=2026-11-22&currency=bean&page=2');
    fireEvent.click(await screen.findByRole('tab', { name: 'By reason' }));
    await waitFor(() => expect(currentQuery()).toEqual({ from: '2026-11-21', to: '2026-11-22', currency: 'bean', tab: 'reasons' }));
    await waitFor(() => expect(mocked.mock.calls.some((c) => c[1] === '/freegive/reasons')).toBe(true));
    // every call of the reasons table: the kept range and currency, its own first page
    expect(mocked.mock.calls.filter((c) => c[1] === '/freegive/reasons').map((c) => c[2]?.params)).toEqual([
      { from: '2026-11-21T00:00:00.000+08:00', to: '2026-11-22T23:59:59.999+08:00', currency: 'bean', page: 1, pageSize: 50 },
    ]);
  });
});
