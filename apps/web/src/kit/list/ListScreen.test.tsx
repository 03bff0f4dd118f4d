// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { captureDownloads, currentQuery, renderScreen } from '../test/setup';
import { ApiError } from '../../shell/request';
import { clearSession, setUser } from '../../shell/session';
import type { ListDeclaration } from '../types';
import { ListScreen } from './ListScreen';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

interface Account {
  username: string;
  balance: number;
  createdAt: string;
  roles: string[];
  enabled: boolean;
}
const account = (i: number): Account => ({
  username: `user${i}`,
  balance: 123456 + i,
  createdAt: '2026-11-22T10:00:00.000Z',
  roles: ['service', 'sales'],
  enabled: i % 2 === 0,
});

const decl: ListDeclaration<Account> = {
  name: 'accounts',
  title: 'Accounts',
  rowKey: 'username',
  api: { url: '/admin/accounts', mode: 'page' },
  filters: [
    { kind: 'text', name: 'username', label: 'Username' },
    { kind: 'dateRange', name: 'created', label: 'Created' },
  ],
  columns: [
    { key: 'username', title: 'Username', sortable: true },
    { key: 'balance', title: 'Balance', format: 'money' },
    { key: 'createdAt', title: 'Created', format: 'datetime', sortable: true },
    { key: 'roles', title: 'Roles', format: 'tags' },
    { key: 'enabled', title: 'Enabled', format: 'bool' },
  ],
  toolbar: [
    {
      key: 'create',
      label: 'Create',
      roles: ['admin'],
      form: { fields: [{ name: 'username', label: 'Username', kind: 'text', required: true }] },
      call: { method: 'POST', url: '/admin/create', body: (_row, v) => v },
    },
  ],
  actions: [
    {
      key: 'remove',
      label: 'Remove',
      roles: ['admin'],
      danger: true,
      confirm: 'Remove {{username}}?',
      call: { method: 'POST', url: '/admin/remove', body: (row) => ({ username: row!.username }) },
    },
  ],
};

const listCalls = () => mocked.mock.calls.filter((c) => c[0] === 'GET').map((c) => c[2]?.params);

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (method, _url, opts) => {
    if (method === 'POST') return { code: 200, data: {} };
    const page = Number(opts?.params?.page ?? 1);
    const size = Number(opts?.params?.pageSize ?? 20);
    return { code: 200, data: { items: Array.from({ length: 2 }, (_, i) => account((page - 1) * size + i)), total: 45 } };
  });
  setUser({ username: 'root', name: 'Root', avatar: '', telephone: '', roles: ['admin'], bind2fa: false, partner: 0 });
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('ListScreen', () => {
  it('loads page 1, shows values in their formats, and pages on the server', async () => {
    renderScreen(<ListScreen decl={decl} />);
    expect(await screen.findByText('user0')).toBeTruthy();
    expect(screen.getByText('1,234.56')).toBeTruthy();
    expect(screen.getAllByText('2026-11-22 18:00:00').length).toBe(2);
    expect(screen.getAllByText('service').length).toBe(2);
    expect(screen.getByText('Yes')).toBeTruthy();
    expect(screen.getByText('45 in total')).toBeTruthy();
    expect(listCalls()[0]).toEqual({ page: 1, pageSize: 20 });

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('user20')).toBeTruthy();
    expect(listCalls().at(-1)).toEqual({ page: 2, pageSize: 20 });
    expect(currentQuery()).toEqual({ page: '2' });
  });

  it('sorts on the server and keeps the sort in the URL', async () => {
    renderScreen(<ListScreen decl={decl} />);
    await screen.findByText('user0');
    fireEvent.click(screen.getAllByText('Created').find((e) => e.closest('th'))!);
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ sort: 'createdAt', order: 'ascend', page: 1, pageSize: 20 }));
    expect(currentQuery()).toEqual({ sort: 'createdAt', order: 'ascend' });
    fireEvent.click(screen.getAllByText('Created').find((e) => e.closest('th'))!);
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ sort: 'createdAt', order: 'descend' }));
  });

  it('sends filters, resets to page 1 and writes them to the URL', async () => {
    renderScreen(<ListScreen decl={decl} />, '/screen?page=3');
    await screen.findByText('user40');
    fireEvent.change(screen.getByPlaceholderText('Username'), { target: { value: '  bob ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ username: 'bob', page: 1, pageSize: 20 }));
    expect(currentQuery()).toEqual({ username: 'bob' });
  });

  it('keeps a filter when a sort is clicked before the filter has rendered', async () => {
    renderScreen(<ListScreen decl={decl} />);
    await screen.findByText('user0');
    const header = screen.getAllByText('Created').find((e) => e.closest('th'))!;
    await act(async () => {
      fireEvent.change(screen.getByPlaceholderText('Username'), { target: { value: 'bob' } });
      screen.getByRole('button', { name: 'Search' }).click();
      await new Promise((r) => setTimeout(r, 0)); // the form's async validation submits
      header.click(); // same batch: the screen has not re-rendered with the filter yet
    });
    await waitFor(() => expect(currentQuery()).toEqual({ username: 'bob', sort: 'createdAt', order: 'ascend' }));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ username: 'bob', sort: 'createdAt', order: 'ascend', page: 1, pageSize: 20 }));
  });

  it('restores filters, dates and page from the URL on load (a reload keeps them)', async () => {
    renderScreen(<ListScreen decl={decl} />, '/screen?username=bob&from=2026-11-01&to=2026-11-02&page=2');
    await screen.findByText('user20');
    expect(listCalls()[0]).toEqual({
      username: 'bob',
      from: '2026-11-01T00:00:00.000+08:00',
      to: '2026-11-02T23:59:59.999+08:00',
      page: 2,
      pageSize: 20,
    });
    expect(screen.getByPlaceholderText<HTMLInputElement>('Username').value).toBe('bob');
  });

  it('shows the error state and retries', async () => {
    mocked.mockRejectedValueOnce(new ApiError(500, 'Database unavailable'));
    renderScreen(<ListScreen decl={decl} />);
    expect(await screen.findByText('Could not load the data')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('user0')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    mocked.mockResolvedValue({ code: 200, data: { items: [], total: 0 } });
    renderScreen(<ListScreen decl={decl} />);
    expect((await screen.findAllByText('No data')).length).toBeGreaterThan(0);
  });

  it('says what to enter while no filter is set (emptyHint), and "No data" once one is', async () => {
    mocked.mockResolvedValue({ code: 200, data: { items: [], total: 0 } });
    renderScreen(<ListScreen decl={{ ...decl, emptyHint: 'Enter a username' }} />);
    expect(await screen.findByText('Enter a username')).toBeTruthy();
    cleanup();
    renderScreen(<ListScreen decl={{ ...decl, emptyHint: 'Enter a username' }} />, '/?username=x');
    expect((await screen.findAllByText('No data')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Enter a username')).toBeNull();
  });

  it('asks before a destructive action, calls it, says "Operation success" and refetches', async () => {
    renderScreen(<ListScreen decl={decl} />);
    await screen.findByText('user0');
    const before = listCalls().length;
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove user0?')).toBeTruthy();
    expect(mocked.mock.calls.some((c) => c[0] === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Operation success')).toBeTruthy();
    expect(mocked).toHaveBeenCalledWith('POST', '/admin/remove', { data: { username: 'user0' }, silent: true });
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it('does nothing when the confirmation is cancelled', async () => {
    renderScreen(<ListScreen decl={decl} />);
    await screen.findByText('user0');
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Operation cancelled')).toBeTruthy();
    expect(mocked.mock.calls.some((c) => c[0] === 'POST')).toBe(false);
  });

  it('collects a form before a toolbar action and validates it', async () => {
    renderScreen(<ListScreen decl={decl} />);
    await screen.findByText('user0');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(mocked.mock.calls.some((c) => c[0] === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'newbie' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(mocked).toHaveBeenCalledWith('POST', '/admin/create', { data: { username: 'newbie' }, silent: true }));
  });

  it('shows a failed action message and keeps the list', async () => {
    renderScreen(<ListScreen decl={decl} />);
    await screen.findByText('user0');
    mocked.mockRejectedValueOnce(new ApiError(409, 'Cannot remove the last admin'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Cannot remove the last admin')).toBeTruthy();
    expect(screen.getByText('user0')).toBeTruthy();
  });

  it('hides actions from accounts without their roles', async () => {
    setUser({ username: 'svc', name: 'Svc', avatar: '', telephone: '', roles: ['service'], bind2fa: false, partner: 0 });
    renderScreen(<ListScreen decl={decl} />);
    await screen.findByText('user0');
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
  });

  it('exports the whole filtered set as CSV from several pages', async () => {
    const downloads = captureDownloads();
    mocked.mockImplementation(async (_m, _u, opts) => {
      const page = Number(opts?.params?.page);
      const size = Number(opts?.params?.pageSize);
      const n = size === 500 ? (page < 3 ? 500 : 7) : 2;
      return { code: 200, data: { items: Array.from({ length: n }, (_, i) => account((page - 1) * size + i)), total: size === 500 ? 1007 : 2 } };
    });
    renderScreen(<ListScreen decl={decl} />, '/screen?username=user');
    await screen.findByText('user0');
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText('Exported 1007 rows')).toBeTruthy();
    expect(listCalls().slice(-3)).toEqual([1, 2, 3].map((page) => ({ username: 'user', page, pageSize: 500 })));
    expect([...(await downloads.bytes()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await downloads.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(lines).toHaveLength(1008);
    expect(lines[0]).toBe('Username,Balance,Created,Roles,Enabled');
    expect(lines[1]).toBe('user0,"1,234.56",2026-11-22 18:00:00,"service, sales",Yes');
    expect(lines[1007]).toMatch(/^user1006,/);
    expect(downloads.fileName()).toMatch(/^accounts-\d{8}-\d{6}\.csv$/);
    downloads.restore();
  });

  it('walks a cursor list forwards and back', async () => {
    const cursorDecl: ListDeclaration<Account> = { ...decl, name: 'logs', api: { url: '/logs', mode: 'cursor' }, toolbar: [], actions: [] };
    mocked.mockImplementation(async (_m, _u, opts) => {
      const cursor = opts?.params?.cursor as string | undefined;
      const start = cursor ? Number(cursor) : 0;
      return { code: 200, data: { items: [account(start)], nextCursor: start < 100 ? String(start + 100) : null } };
    });
    renderScreen(<ListScreen decl={cursorDecl} />);
    await screen.findByText('user0');
    expect(listCalls()[0]).toEqual({ pageSize: 50, cursor: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('user100')).toBeTruthy();
    expect(listCalls().at(-1)).toEqual({ pageSize: 50, cursor: '100' });
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('user0')).toBeTruthy();
    expect(screen.getByText('Page 1')).toBeTruthy();
  });
});
