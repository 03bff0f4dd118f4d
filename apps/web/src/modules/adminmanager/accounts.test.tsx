// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../kit/test/setup';
import { clearSession, setUser } from '../../shell/session';
import type { ConsoleAccount } from '@console/schemas';
import AccountsScreen from './accounts';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

const account = (username: string, extra: Partial<ConsoleAccount> = {}): ConsoleAccount => ({
  username,
  name: username.toUpperCase(),
  avatar: '',
  telephone: '',
  roles: ['service'],
  partner: 0,
  enabled: true,
  bind2fa: true,
  createdAt: '2026-11-22T18:00:00.000+08:00',
  updatedAt: '2026-11-22T18:00:00.000+08:00',
  lastLoginAt: null,
  shareCode: null,
  ...extra,
});

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (method) =>
    method === 'GET' ? { code: 200, data: { items: [account('admin', { roles: ['admin'] }), account('service1')], total: 2 } } : { code: 200, data: {} },
  );
  setUser({ username: 'admin', name: 'Admin', avatar: '', telephone: '', roles: ['admin'], bind2fa: false, partner: 0 });
});
afterEach(() => {
  cleanup();
  clearSession();
});

const posts = () => mocked.mock.calls.filter((c) => c[0] === 'POST').map((c) => [c[1], (c[2] as { data: unknown }).data]);
const rowOf = (username: string) => document.querySelector(`tr[data-row-key="${username}"]`) as HTMLElement;
/** Clicks a row action, inline or in the row's "More" menu. */
async function clickAction(username: string, name: string) {
  const buttons = [...rowOf(username).querySelectorAll('button')];
  const inline = buttons.find((b) => b.textContent.trim() === name);
  if (inline) {
    fireEvent.click(inline);
    return;
  }
  fireEvent.click(buttons.find((b) => b.textContent.trim() === 'More')!);
  const item = await waitFor(() => {
    const items = [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')];
    const found = items.reverse().find((m) => m.textContent.trim() === name);
    if (!found) throw new Error(`no menu item ${name}`);
    return found;
  });
  fireEvent.click(item);
}
/** The row's actions, inline and in its "More" menu (plain DOM queries: role queries are slow here). */
async function actionsOf(username: string): Promise<string[]> {
  const buttons = [...rowOf(username).querySelectorAll('button')];
  const more = buttons.find((b) => b.textContent.trim() === 'More');
  const names = buttons.filter((b) => b !== more).map((b) => b.textContent.trim());
  if (!more) return names;
  fireEvent.click(more);
  await waitFor(() => expect(document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu')).toBeTruthy());
  const menu = [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu')].at(-1)!;
  return [...names, ...[...menu.querySelectorAll('.ant-dropdown-menu-item')].map((m) => m.textContent.trim())];
}
async function confirmDialog() {
  const before = posts().length;
  await waitFor(() => expect(screen.getAllByRole('dialog').length).toBeGreaterThan(0));
  fireEvent.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(posts().length).toBe(before + 1));
}

describe('/adminmanager/editer', () => {
  it('lists accounts through GET admins with the filters from the URL', async () => {
    renderScreen(<AccountsScreen />, '/adminmanager/editer?role=service&enabled=true&partner=2&sort=lastLoginAt&order=descend');
    await screen.findByText('service1');
    expect(mocked.mock.calls[0]).toEqual([
      'GET',
      '/admin/userinfo/admins',
      {
        params: { role: 'service', partner: '2', enabled: 'true', sort: 'lastLoginAt', order: 'descend', page: 1, pageSize: 20 },
        silent: true,
      },
    ]);
    expect(screen.getAllByText('2026-11-22 18:00:00').length).toBe(2);
    for (const h of ['Username', 'Name', 'Roles', 'Partner', 'Enabled', '2FA bound', 'Created', 'Last login']) {
      expect(screen.getAllByText(h).some((e) => e.closest('th'))).toBe(true);
    }
  });

  it('offers no remove, disable or reset to the signed-in account itself', async () => {
    renderScreen(<AccountsScreen />);
    await screen.findByText('service1');
    expect(await actionsOf('admin')).toEqual(['Edit', 'Reset password']);
    expect(
      within(rowOf('admin'))
        .getAllByRole('button')
        .map((b) => b.textContent.trim()),
    ).toEqual(['Edit', 'More']);
    expect(await actionsOf('service1')).toEqual(['Edit', 'Disable', 'Reset password', 'Reset authenticator', 'Remove']);
    expect(
      within(rowOf('service1'))
        .getAllByRole('button')
        .map((b) => b.textContent.trim()),
    ).toEqual(['Edit', 'More']);
  });

  it('creates an account with POST create after validating the form', async () => {
    renderScreen(<AccountsScreen />);
    await screen.findByText('service1');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'abc' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: '123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('At least 5 letters, digits or underscores')).toBeTruthy();
    expect(within(dialog).getByText('Password cannot be less than 6 characters')).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'newstaff' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'New Staff' } });
    // the roles select: open it and pick "service"
    fireEvent.mouseDown(within(dialog).getByLabelText('Roles'));
    fireEvent.click(await screen.findByTitle('service'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await screen.findByText('Operation success');
    expect(posts()).toEqual([
      ['/admin/userinfo/create', { username: 'newstaff', password: 'secret123', name: 'New Staff', roles: ['service'], partner: 0, enabled: true }],
    ]);
  });

  it('edits with POST update', async () => {
    renderScreen(<AccountsScreen />);
    await screen.findByText('service1');

    await clickAction('service1', 'Edit');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Username').disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Telephone'), { target: { value: '+639171234567' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(await screen.findByText('Operation success')).toBeTruthy();
    expect(posts().at(-1)).toEqual([
      '/admin/userinfo/update',
      { username: 'service1', name: 'SERVICE1', roles: ['service'], partner: 0, telephone: '+639171234567', avatar: '', shareCode: '' },
    ]);
  });

  it('resets the password with POST update after checking the confirmation', async () => {
    renderScreen(<AccountsScreen />);
    await screen.findByText('service1');
    await clickAction('service1', 'Reset password');
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 'another1' } });
    fireEvent.change(within(dialog).getByLabelText('Confirm the new password'), { target: { value: 'another2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Passwords do not match')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Confirm the new password'), { target: { value: 'another1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts().at(-1)).toEqual(['/admin/userinfo/update', { username: 'service1', password: 'another1' }]));
  });

  it('disables, resets 2FA and removes after a confirmation each', async () => {
    renderScreen(<AccountsScreen />);
    await screen.findByText('service1');
    await clickAction('service1', 'Disable');
    expect(await screen.findByText('Disable the account service1? It is signed out at once.')).toBeTruthy();
    await confirmDialog();
    expect(posts().at(-1)).toEqual(['/admin/userinfo/update', { username: 'service1', enabled: false }]);

    await clickAction('service1', 'Reset authenticator');
    await confirmDialog();
    expect(posts().at(-1)).toEqual(['/admin/userinfo/reset2fa', { username: 'service1' }]);

    await clickAction('service1', 'Remove');
    expect(await screen.findByText('Remove the account service1? This cannot be undone.')).toBeTruthy();
    await confirmDialog();
    expect(posts().at(-1)).toEqual(['/admin/userinfo/removeone', { username: 'service1' }]);
  });
});
