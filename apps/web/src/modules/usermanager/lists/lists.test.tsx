// @vitest-environment jsdom
/** userlist, goldlogs, moneylogs: declared with the kit, keyset (cursor) reads, the server's export. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '../../../kit/test/setup';
import GoldlogsScreen from './goldlogs';
import MoneylogsScreen, { moneylogsScreen } from './moneylogs';
import UserlistScreen from './userlist';

vi.mock('../../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn(), requestStream: vi.fn() }));
const { request, requestStream } = await import('../../../shell/request');
const mocked = vi.mocked(request);
const mockedStream = vi.mocked(requestStream);

const player = {
  uid: 10000007,
  name: 'Maria',
  phone: '+63 9171234567',
  vip: 2,
  status: 'banned',
  suspendedUntil: null,
  partner: 1,
  chip: 1234567,
  bean: 0,
  safe: 5,
  bonus: 0,
  diamond: 0,
  charisma: 0,
  withdrawable: 150050,
  netWin: -300,
  registeredAt: '2026-11-01T10:00:00.000+08:00',
  lastLoginAt: null,
  loginIp: null,
  registerIp: '10.0.0.1',
};
const entry = (currency: string) => ({
  id: 9,
  at: '2026-11-22T18:00:00.000+08:00',
  uid: 10000007,
  partner: 1,
  currency,
  delta: -500,
  balanceAfter: 1500,
  reason: 'gift.sent',
  ref: 'g1',
  actor: 'app:demo-app',
});

beforeEach(() => {
  mocked.mockReset();
  mockedStream.mockReset();
  mocked.mockImplementation(async (_m, url) => ({
    code: 200,
    data: { items: [url === '/usermanager/userlist' ? player : entry(url.endsWith('goldlogs') ? 'chip' : 'withdrawable')], nextCursor: 'next' },
  }));
});
afterEach(cleanup);

describe('/usermanager lists', () => {
  it('userlist reads by cursor with its filters and shows balances, labels and times', async () => {
    renderScreen(<UserlistScreen />, '/usermanager/userlist?name=mar&status=banned&sort=chip&order=descend');
    expect(await screen.findByText('Maria')).toBeTruthy();
    expect(mocked.mock.calls[0].slice(1)).toEqual([
      '/usermanager/userlist',
      expect.objectContaining({
        params: { name: 'mar', status: 'banned', sort: 'chip', order: 'descend', pageSize: 50, cursor: '' },
      }),
    ]);
    expect(screen.getAllByText('Banned').length).toBeGreaterThan(0);
    expect(screen.getByText('1,234,567')).toBeTruthy();
    expect(screen.getByText('1,500.50')).toBeTruthy();
    expect(screen.getByText('2026-11-01 10:00:00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it('goldlogs and moneylogs read their ledger lists; moneylogs labels the currency and filters by it', async () => {
    renderScreen(<GoldlogsScreen />, '/usermanager/goldlogs?uid=10000007');
    // the reason reads as its label, the code kept on the element (and in its tooltip)
    expect((await screen.findByText('Gift')).getAttribute('data-reason')).toBe('gift.sent');
    expect(screen.queryByText('gift.sent')).toBeNull();
    expect(mocked.mock.calls[0][1]).toBe('/usermanager/goldlogs');
    expect(mocked.mock.calls[0][2]?.params).toMatchObject({ uid: '10000007', cursor: '' });
    cleanup();
    renderScreen(<MoneylogsScreen />, '/usermanager/moneylogs?currency=withdrawable');
    expect(await screen.findByText('Withdrawable (centavos)')).toBeTruthy();
    expect(mocked.mock.calls.at(-1)?.[2]?.params).toMatchObject({ currency: 'withdrawable' });
    expect(moneylogsScreen.filters?.map((f) => f.name)).toEqual(['uid', 'currency', 'reason', 'at']);
  });

  it('exports through the server: <url>/export with the translated columns', async () => {
    mockedStream.mockResolvedValue({ body: new Response('\uFEFFUID\r\n1\r\n').body!, fileName: 'userlist-20261122-180000.csv', headers: new Headers() });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen(<UserlistScreen />);
    await screen.findByText('Maria');
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText('Exported 1 rows')).toBeTruthy();
    expect(mockedStream.mock.calls[0][0]).toBe('/usermanager/userlist/export');
    const columns = JSON.parse(String(mockedStream.mock.calls[0][1]?.params?.columns));
    expect(columns.find((c: { key: string }) => c.key === 'status').labels).toEqual({ active: 'Active', suspended: 'Suspended', banned: 'Banned' });
    expect(columns.find((c: { key: string }) => c.key === 'withdrawable')).toEqual({ key: 'withdrawable', title: 'Withdrawable (₱)', format: 'money' });
    click.mockRestore();
  });
});
