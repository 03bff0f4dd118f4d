// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { currentQuery, renderScreen } from '../../../kit/test/setup';
import type { PlayerSearchItem } from '@console/schemas';
import SearchScreen, { searchScreen } from './search';

vi.mock('../../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../../shell/request');
const mocked = vi.mocked(request);

const player = (uid: number, extra: Partial<PlayerSearchItem> = {}): PlayerSearchItem => ({
  uid,
  name: `Player ${uid}`,
  phone: '+63 9170000001',
  status: 'active',
  suspendedUntil: null,
  vip: 2,
  chip: 12345,
  partner: 0,
  shareId: null,
  registeredAt: '2026-10-01T05:00:00.000+08:00',
  lastLoginAt: null,
  ...extra,
});
const listCalls = () => mocked.mock.calls.filter((c) => c[0] === 'GET').map((c) => [c[1], c[2]?.params]);

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (_m, _u, opts) =>
    opts?.params?.key
      ? { code: 200, data: { items: [player(8, { name: '<img src=x onerror="window.__xss=1">' }), player(4, { status: 'banned' })], nextCursor: null } }
      : { code: 200, data: { items: [], nextCursor: null } },
  );
});
afterEach(cleanup);

describe('/usermanager/search', () => {
  it('sends the key, the country code and the value from the URL, and lists the players', async () => {
    renderScreen(<SearchScreen />, '/usermanager/search?key=phone&country=63&value=9170000008');
    await screen.findByText('Player 4');
    expect(listCalls()[0]).toEqual(['/usermanager/search', { key: 'phone', country: '63', value: '9170000008', pageSize: 50, cursor: '' }]);
    expect(screen.getByText('Banned')).toBeTruthy();
    expect(screen.getAllByText('12,345')).toHaveLength(2);
    // the phone rule is stated on the screen
    expect(screen.getByText(/A phone search needs the country code and the number/)).toBeTruthy();
    // the server's one order (name, then uid) is the one sortable column
    expect(searchScreen.columns.filter((c) => c.sortable).map((c) => c.key)).toEqual(['name']);
  });

  it('shows a player-written name as text, never as markup', async () => {
    renderScreen(<SearchScreen />, '/usermanager/search?key=name&value=x');
    const cell = await screen.findByText('<img src=x onerror="window.__xss=1">');
    expect(cell.querySelector('img')).toBeNull();
    expect(document.querySelector('.ant-table-tbody img')).toBeNull();
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });

  it('a search typed in the filter bar goes to the URL and to the server', async () => {
    renderScreen(<SearchScreen />, '/usermanager/search');
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(listCalls()[0][1]).toEqual({ pageSize: 50, cursor: '' });
    fireEvent.change(screen.getByPlaceholderText('Value'), { target: { value: ' shared-dev ' } });
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Device ID'));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listCalls().at(-1)![1]).toEqual({ key: 'device', value: 'shared-dev', pageSize: 50, cursor: '' }));
    expect(currentQuery()).toEqual({ key: 'device', value: 'shared-dev' });
  });

  it("shows the server's refusal of a phone search without country code", async () => {
    const { ApiError } = await import('../../../shell/request');
    mocked.mockImplementation(async () => {
      throw new ApiError(400, 'country: Required for a phone look-up (country code plus number)', 400);
    });
    renderScreen(<SearchScreen />, '/usermanager/search?key=phone&value=9170000008');
    expect(await screen.findByText('country: Required for a phone look-up (country code plus number)')).toBeTruthy();
  });
});
