// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderScreen } from '../../kit/test/setup';
import type { OperationLogRecord } from '@console/schemas';
import AdminlogsScreen from './adminlogs';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

const record = (id: number, extra: Partial<OperationLogRecord> = {}): OperationLogRecord => ({
  id, at: '2026-11-22T10:00:00.000Z', username: 'admin', partner: 0, operation: 'admin.userinfo.update', target: 'service',
  result: 'ok', status: 200, message: '', before: { enabled: true }, after: { enabled: false }, ip: '127.0.0.1', hash: `hash${id}`, ...extra,
});

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (_m, _u, opts) => opts?.params?.cursor
    ? { code: 200, data: { items: [record(1, { result: 'failed', status: 500 })], nextCursor: null } }
    : { code: 200, data: { items: [record(3), record(2, { result: 'refused', status: 403, username: 'sales' })], nextCursor: 'c2' } });
});
afterEach(cleanup);

describe('/adminmanager/adminlogs', () => {
  it('reads GET logs by cursor with account, operation, result and time filters', async () => {
    renderScreen(<AdminlogsScreen />, '/adminmanager/adminlogs?username=admin&operation=admin.userinfo&result=refused&from=2026-11-01&to=2026-11-22');
    await screen.findByText('sales');
    expect(mocked.mock.calls[0]).toEqual(['GET', '/admin/userinfo/logs', {
      params: { username: 'admin', operation: 'admin.userinfo', result: 'refused', from: '2026-11-01T00:00:00.000+08:00', to: '2026-11-22T23:59:59.999+08:00', pageSize: 50 },
      silent: true,
    }]);
    expect(screen.getAllByText('2026-11-22 18:00:00')).toHaveLength(2);
    const body = () => document.querySelector('.ant-table-tbody') as HTMLElement;
    expect(within(body()).getByText('Refused')).toBeTruthy();
    expect(within(body()).getByText('OK')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(body()).findByText('Failed')).toBeTruthy();
    expect(mocked.mock.calls.at(-1)![2]?.params).toMatchObject({ cursor: 'c2', username: 'admin' });
  });

  it('shows before, after and the hash in the detail drawer', async () => {
    renderScreen(<AdminlogsScreen />);
    await screen.findByText('sales');
    fireEvent.click(screen.getAllByRole('button', { name: 'Details' })[0]);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Operation record')).toBeTruthy();
    expect(within(drawer).getByText('hash3')).toBeTruthy();
    const pres = drawer.querySelectorAll('pre');
    expect([...pres].map((p) => JSON.parse(p.textContent!))).toEqual([{ enabled: true }, { enabled: false }]);
  });
});
