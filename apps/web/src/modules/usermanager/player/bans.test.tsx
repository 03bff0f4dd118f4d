// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BanRecord } from '@console/schemas';
import { renderScreen } from '../../../kit/test/setup';
import { clearSession, setUser } from '../../../shell/session';
import BansScreen from './bans';

vi.mock('../../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../../shell/request');
const mocked = vi.mocked(request);

const ban = (id: number, kind: BanRecord['kind'], value: string): BanRecord => ({
  id,
  kind,
  value,
  reason: '<i>r</i>',
  bannedBy: 'serviceleader',
  bannedAt: '2026-11-22T18:00:00.000+08:00',
  liftedBy: null,
  liftedAt: null,
  active: true,
});

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (method) =>
    method === 'GET' ? { code: 200, data: { items: [ban(2, 'account', '1001'), ban(1, 'device', 'emu-42')], total: 2 } } : { code: 200, data: {} },
  );
  setUser({ username: 'serviceleader', name: 'L', avatar: '', telephone: '', roles: ['serviceleader'], bind2fa: false, partner: 0 });
});
afterEach(() => {
  cleanup();
  clearSession();
});

const posts = () => mocked.mock.calls.filter((c) => c[0] === 'POST').map((c) => [c[1], (c[2] as { data: unknown }).data]);
const lastDialog = () => screen.getAllByRole('dialog').at(-1)!;

describe('/usermanager/banediter', () => {
  it('lists active bans with the filters of the URL; account values open the player detail; reasons are text', async () => {
    renderScreen(<BansScreen />, '/usermanager/banediter?kind=device&operator=secadmin');
    await screen.findByText('emu-42');
    expect(mocked.mock.calls[0]).toEqual(['GET', '/players/bans', { params: { kind: 'device', operator: 'secadmin', page: 1, pageSize: 20 }, silent: true }]);
    expect(screen.getByText('1001').closest('a')!.getAttribute('href')).toContain('player=1001');
    expect(screen.getByText('Account (uid)')).toBeTruthy();
    expect(screen.getAllByText('<i>r</i>').length).toBe(2);
    expect(document.querySelector('td i')).toBeNull();
  });

  it('bans through the form: kind, value, reason (required, at most 200 characters)', async () => {
    renderScreen(<BansScreen />);
    await screen.findByText('emu-42');
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(screen.getAllByRole('dialog').length).toBeGreaterThan(0));
    const dialog = lastDialog();
    const [value, reason] = within(dialog).getAllByRole('textbox');
    fireEvent.change(value, { target: { value: ' 203.0.113.9 ' } });
    fireEvent.change(reason, { target: { value: 'x'.repeat(201) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Over 200 characters')).toBeTruthy();
    fireEvent.change(reason, { target: { value: 'Proxy farm' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts()).toEqual([['/players/ban', { kind: 'account', value: '203.0.113.9', reason: 'Proxy farm' }]]));
  });

  it('lifts a ban after a confirmation', async () => {
    renderScreen(<BansScreen />);
    await screen.findByText('emu-42');
    const row = document.querySelector('tr[data-row-key="1"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Lift' }));
    await waitFor(() => expect(lastDialog().textContent).toContain('Lift the ban of emu-42?'));
    expect(posts()).toEqual([]);
    fireEvent.click(within(lastDialog()).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts()).toEqual([['/players/unban', { id: 1 }]]));
  });
});
