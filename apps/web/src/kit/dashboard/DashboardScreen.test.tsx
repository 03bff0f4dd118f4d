// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../test/setup';
import { ApiError } from '../../shell/request';
import type { DashboardDeclaration } from '../types';
import { dashboardRange, DashboardScreen } from './DashboardScreen';
import { changeOf } from './FigureCards';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const chartApi = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
vi.mock('./echarts', () => ({ init: vi.fn(() => chartApi) }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

const decl: DashboardDeclaration = {
  name: 'pay',
  title: 'Payments',
  api: { url: '/reports/pay' },
  cards: [
    { key: 'revenue', label: 'Revenue', value: 'totals.revenue', format: 'money', previous: 'previous.revenue' },
    { key: 'payers', label: 'Payers', value: 'totals.payers', previous: 'previous.payers' },
  ],
  chart: {
    title: 'By day',
    rows: 'days',
    series: [
      { key: 'revenue', label: 'Revenue', type: 'bar' },
      { key: 'payers', label: 'Payers', type: 'line' },
    ],
  },
};
const answer = {
  totals: { revenue: 250000, payers: 90 },
  previous: { revenue: 200000, payers: 100 },
  days: [
    { day: '2026-11-21', revenue: 100000, payers: 40 },
    { day: '2026-11-22', revenue: 150000, payers: 50 },
  ],
};

beforeEach(() => {
  mocked.mockReset();
  chartApi.setOption.mockReset();
  mocked.mockResolvedValue({ code: 200, data: answer });
});
afterEach(cleanup);

describe('dashboard helpers', () => {
  it('reads the range from the URL or defaults to the last days', () => {
    expect(dashboardRange(new URLSearchParams('from=2026-11-01&to=2026-11-05'))).toEqual({ from: '2026-11-01', to: '2026-11-05' });
    expect(dashboardRange(new URLSearchParams('from=2026-11-05&to=2026-11-01'), 7, '2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });
  it('computes the change against the previous period', () => {
    expect(changeOf(250, 200)).toBe(0.25);
    expect(changeOf(90, 100)).toBeCloseTo(-0.1);
    expect(changeOf(5, 0)).toBeNull();
    expect(changeOf(5, null)).toBeNull();
  });
});

describe('DashboardScreen', () => {
  it('asks for the range as GMT+08:00 day bounds, shows figures, changes and the chart by day', async () => {
    renderScreen(<DashboardScreen decl={decl} />, '/dash?from=2026-11-21&to=2026-11-22');
    expect(await screen.findByText('2,500.00')).toBeTruthy();
    expect(mocked).toHaveBeenCalledWith('GET', '/reports/pay', {
      params: { from: '2026-11-21T00:00:00.000+08:00', to: '2026-11-22T23:59:59.999+08:00' },
      silent: true,
    });
    expect(screen.getByTestId('change-revenue').textContent).toContain('25.00%');
    expect(screen.getByTestId('change-payers').textContent).toContain('10.00%');
    await waitFor(() => expect(chartApi.setOption).toHaveBeenCalled());
    const option = chartApi.setOption.mock.calls.at(-1)![0];
    expect(option.xAxis.data).toEqual(['2026-11-21', '2026-11-22']);
    expect(option.series).toEqual([
      { name: 'Revenue', type: 'bar', data: [100000, 150000], smooth: false },
      { name: 'Payers', type: 'line', data: [40, 50], smooth: true },
    ]);
  });

  it('shows the empty chart state when there are no days', async () => {
    mocked.mockResolvedValue({ code: 200, data: { ...answer, days: [] } });
    renderScreen(<DashboardScreen decl={decl} />);
    expect(await screen.findByText('No data for this period')).toBeTruthy();
  });

  it('shows the error state and retries', async () => {
    mocked.mockRejectedValueOnce(new ApiError(500, 'Report failed'));
    renderScreen(<DashboardScreen decl={decl} />);
    expect(await screen.findByText('Report failed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('2,500.00')).toBeTruthy();
  });
});
