// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlayerDetail } from '@console/schemas';
import { currentQuery, renderScreen } from '../../../kit/test/setup';
import { UidLink } from '../../../kit/UidLink';
import { clearSession, setUser } from '../../../shell/session';
import { ApiError } from '../../../shell/request';
import PlayerDrawer from './PlayerDrawer';

vi.mock('../../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../../shell/request');
const mocked = vi.mocked(request);

const AT = '2026-11-20T18:00:00.000+08:00';
const detail = (extra: Partial<PlayerDetail['profile']> = {}, bans: PlayerDetail['bans'] = []): PlayerDetail => ({
  profile: {
    uid: 1001,
    name: '<img src=x onerror="window.__xss=1">',
    avatar: '',
    phone: { country: '63', number: '9170001001' },
    phoneBoundAt: null,
    registerIp: '10.1.1.1',
    registerDevice: '<b>dev</b>',
    registerPackage: '',
    registeredAt: AT,
    loginIp: '10.1.1.1',
    loginDevice: 'dev-2',
    lastLoginAt: AT,
    loginCount: 3,
    shareId: null,
    inviterUid: 77,
    vip: 2,
    gcash: '',
    bank: '',
    partner: 0,
    status: 'active',
    suspendedUntil: null,
    statusReason: '',
    netWin: -1500,
    ...extra,
  },
  balances: { chip: 123456, bean: 7, safe: 300, bonus: 0, diamond: 0, charisma: 5, withdrawable: 12345 },
  devices: [{ value: 'shared-dev', firstAt: AT, lastAt: AT, sharedUids: [1002, 1003], sharedCount: 2, banId: null }],
  ips: [{ value: '10.1.1.1', firstAt: AT, lastAt: AT, sharedUids: [], sharedCount: 0, banId: 9 }],
  bans,
  inviteeCount: 4,
});

function answer(d: PlayerDetail | Error) {
  mocked.mockImplementation(async (method, url) => {
    if (method === 'GET' && url === '/players/detail') {
      if (d instanceof Error) throw d;
      return { code: 200, data: d };
    }
    if (method === 'GET' && url === '/players/ledger') {
      return {
        code: 200,
        data: {
          items: [
            { id: 5, at: AT, currency: 'chip', delta: -200, balanceAfter: 123456, reason: 'staff.reduce', ref: 'why', actor: 'staff:x' },
            { id: 4, at: AT, currency: 'chip', delta: 50, balanceAfter: 123656, reason: 'game.jackpot', ref: 'j1', actor: 'app:demo-app' },
          ],
          nextCursor: '5',
        },
      };
    }
    if (method === 'GET') return { code: 200, data: { items: [], nextCursor: null } };
    return { code: 200, data: {} };
  });
}
const asRole = (role: string) =>
  setUser({ username: role, name: role, avatar: '', telephone: '', roles: [role], bind2fa: false, partner: role === 'partner' ? 1 : 0 });
const open = (uid = '1001') => renderScreen(<PlayerDrawer />, `/usermanager/userlist?page=2&player=${uid}`);
const posts = () => mocked.mock.calls.filter((c) => c[0] === 'POST');
/** The newest dialog whose text includes `text` (the drawer is a dialog too). */
const dialogWith = (text: string) =>
  waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .reverse()
      .find((d) => d.textContent.includes(text) && !d.classList.contains('ant-drawer-content'));
    if (!found || found.querySelector('[data-testid=player-profile]')) throw new Error(`no dialog with ${text}`);
    return found;
  });
const actionButtons = () => [...(screen.queryByTestId('player-actions')?.querySelectorAll('button') ?? [])].map((b) => b.textContent.trim());

beforeEach(() => {
  mocked.mockReset();
  answer(detail());
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('player detail drawer', () => {
  it('opens from ?player=<uid>: profile, balances, ledger page; player text shown as text, never markup', async () => {
    asRole('service');
    open();
    await screen.findByText('Player 1001');
    const profile = await screen.findByTestId('player-profile');
    expect(within(profile).getByText('<img src=x onerror="window.__xss=1">')).toBeTruthy();
    expect(within(profile).getByText('<b>dev</b>')).toBeTruthy();
    expect(document.querySelector('img[src=x]')).toBeNull();
    expect(document.querySelector('.ant-drawer b')).toBeNull();
    expect(within(profile).getByText('+63 9170001001')).toBeTruthy();
    const balances = screen.getByTestId('player-balances');
    expect(within(balances).getByText('123,456')).toBeTruthy();
    expect(within(balances).getByText('123.45')).toBeTruthy();
    expect(mocked).toHaveBeenCalledWith('GET', '/players/detail', { params: { uid: 1001 }, silent: true });
    const ledger = await screen.findByTestId('player-ledger');
    // a known reason reads as its label (the code on the element, in its tooltip); an unknown one as it is
    expect((await within(ledger).findByText('Staff: reduce chips')).getAttribute('data-reason')).toBe('staff.reduce');
    expect(within(ledger).getByText('game.jackpot')).toBeTruthy();
    expect(within(profile).getByText('UID')).toBeTruthy();
    expect(within(ledger).getByText('-200')).toBeTruthy();
    fireEvent.click(within(ledger).getByRole('button', { name: 'More' }));
    await waitFor(() => expect(mocked).toHaveBeenCalledWith('GET', '/players/ledger', { params: { uid: 1001, pageSize: 20, cursor: '5' }, silent: true }));
  });

  it('shows no action to service and partner, every action to serviceleader, nothing at all to sales', async () => {
    for (const role of ['service', 'partner']) {
      asRole(role);
      open();
      await screen.findByTestId('player-profile');
      expect(screen.queryByTestId('player-actions'), role).toBeNull();
      cleanup();
    }
    asRole('serviceleader');
    open();
    await screen.findByTestId('player-profile');
    expect(actionButtons()).toEqual(['Add chips', 'Reduce chips', 'Chips ↔ safe', 'Suspend', 'Ban']);
    cleanup();
    mocked.mockClear();
    asRole('sales');
    open();
    expect(screen.queryByText('Player 1001')).toBeNull();
    expect(mocked).not.toHaveBeenCalled();
  });

  it('offers lifting instead of suspending or banning when the player is suspended and banned', async () => {
    answer(
      detail({ status: 'suspended', suspendedUntil: '2026-12-01T00:00:00.000+08:00' }, [
        { id: 4, kind: 'account', value: '1001', reason: 'r', bannedBy: 'x', bannedAt: AT, liftedBy: null, liftedAt: null, active: true },
      ]),
    );
    asRole('business');
    open();
    await screen.findByTestId('player-profile');
    expect(actionButtons()).toEqual(['Add chips', 'Reduce chips', 'Chips ↔ safe', 'Lift suspension', 'Unban']);
    fireEvent.click(screen.getByRole('button', { name: 'Unban' }));
    const dialog = await dialogWith('Please confirm');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts()).toEqual([['POST', '/players/unban', { data: { id: 4 }, silent: true }]]));
  });

  it('the suspend form requires its date ("Date must be filled in") and sends nothing without it', async () => {
    asRole('serviceleader');
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = await dialogWith('Until');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Date must be filled in')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('the add form requires a reason of at most 200 characters, then sends amount, reason and a request id', async () => {
    asRole('admin');
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add chips' }));
    const dialog = await dialogWith('Amount');
    fireEvent.change(within(dialog).getByRole('spinbutton'), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'x'.repeat(201) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Over 200 characters')).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Compensation' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [, url, options] = posts()[0];
    expect(url).toBe('/players/chips/add');
    expect((options as { data: unknown }).data).toEqual({ uid: 1001, amount: 500, reason: 'Compensation', requestId: expect.stringMatching(/^[\w-]{8,64}$/) });
  });

  it('says so when the player does not exist, and closing removes the parameter and keeps the rest', async () => {
    answer(new ApiError(404, 'Player 1001 not found', 404));
    asRole('service');
    open();
    expect(await screen.findByText('Player 1001 not found')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-drawer-close')!);
    await waitFor(() => expect(currentQuery()).toEqual({ page: '2' }));
  });
});

describe('uid cells', () => {
  it('link to the drawer for accounts that may open it, plain text otherwise', async () => {
    asRole('service');
    renderScreen(<UidLink uid={42} />, '/usermanager/userlist?page=3');
    const link = screen.getByText('42');
    expect(link.closest('a')!.getAttribute('href')).toBe('?page=3&player=42');
    fireEvent.click(link);
    expect(currentQuery()).toEqual({ page: '3', player: '42' });
    cleanup();
    asRole('sales');
    renderScreen(<UidLink uid={42} />);
    expect(screen.getByText('42').closest('a')).toBeNull();
  });
});
