// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { captureDownloads, currentQuery, renderScreen } from '../../kit/test/setup';
import type { OperationLogRecord } from '@console/schemas';
import AdminlogsScreen from './adminlogs';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn(), requestStream: vi.fn() }));
const { request, requestStream } = await import('../../shell/request');
const mocked = vi.mocked(request);
const mockedStream = vi.mocked(requestStream);

const record = (id: number, extra: Partial<OperationLogRecord> = {}): OperationLogRecord => ({
  id,
  at: '2026-11-22T10:00:00.000Z',
  username: 'admin',
  partner: 0,
  operation: 'admin.userinfo.update',
  target: 'service',
  result: 'ok',
  status: 200,
  message: '',
  before: { enabled: true },
  after: { enabled: false },
  ip: '127.0.0.1',
  hash: `hash${id}`,
  ...extra,
});

const listCalls = () => mocked.mock.calls.filter((c) => c[0] === 'GET').map((c) => c[2]?.params);

beforeEach(() => {
  mocked.mockReset();
  // The server's page mode: {items, total}; 21 records, page 2 holds the oldest.
  mocked.mockImplementation(async (_m, _u, opts) =>
    Number(opts?.params?.page) === 2
      ? { code: 200, data: { items: [record(1, { result: 'failed', status: 500 })], total: 21 } }
      : { code: 200, data: { items: [record(3), record(2, { result: 'refused', status: 403, username: 'sales' })], total: 21 } },
  );
});
afterEach(cleanup);

describe('/adminmanager/adminlogs', () => {
  it('reads GET logs by page with account, operation, result and time filters, and shows the total', async () => {
    renderScreen(<AdminlogsScreen />, '/adminmanager/adminlogs?username=admin&operation=admin.userinfo&result=refused&from=2026-11-01&to=2026-11-22');
    await screen.findByText('sales');
    expect(mocked.mock.calls[0]).toEqual([
      'GET',
      '/admin/userinfo/logs',
      {
        params: {
          username: 'admin',
          operation: 'admin.userinfo',
          result: 'refused',
          from: '2026-11-01T00:00:00.000+08:00',
          to: '2026-11-22T23:59:59.999+08:00',
          page: 1,
          pageSize: 20,
        },
        silent: true,
      },
    ]);
    expect(listCalls()[0]).not.toHaveProperty('cursor');
    expect(screen.getByText('21 in total')).toBeTruthy();
    expect(screen.getAllByText('2026-11-22 18:00:00')).toHaveLength(2);
    const body = () => document.querySelector('.ant-table-tbody') as HTMLElement;
    expect(within(body()).getByText('Refused')).toBeTruthy();
    expect(within(body()).getByText('OK')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    fireEvent.click(screen.getByTitle('2'));
    expect(await within(body()).findByText('Failed')).toBeTruthy();
    expect(listCalls().at(-1)).toEqual({
      username: 'admin',
      operation: 'admin.userinfo',
      result: 'refused',
      from: '2026-11-01T00:00:00.000+08:00',
      to: '2026-11-22T23:59:59.999+08:00',
      page: 2,
      pageSize: 20,
    });
    expect(currentQuery()).toMatchObject({ page: '2', username: 'admin' });
  });

  it("exports the filtered set through the server's streaming export, with the titles and result labels shown", async () => {
    const downloads = captureDownloads();
    const csv = '\uFEFFTime,Account\r\n2026-11-22 18:00:00,sales\r\n';
    mockedStream.mockResolvedValue({ body: new Response(csv).body!, fileName: 'adminlogs-20261122-180000.csv', headers: new Headers() });
    renderScreen(<AdminlogsScreen />, '/adminmanager/adminlogs?username=sales&result=ok');
    await screen.findByText('21 in total');
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText('Exported 1 rows')).toBeTruthy();
    const [url, opts] = mockedStream.mock.calls[0];
    expect(url).toBe('/admin/userinfo/logs/export');
    const { columns, ...filters } = opts!.params as Record<string, string>;
    expect(filters).toEqual({ username: 'sales', result: 'ok' });
    const sent = JSON.parse(columns);
    expect(sent.map((c: { title: string }) => c.title)).toEqual(['Time', 'Account', 'Operation', 'Target', 'Result', 'Status', 'IP']);
    expect(sent[0]).toEqual({ key: 'at', title: 'Time', format: 'datetime' });
    expect(Object.keys(sent[4].labels)).toEqual(['ok', 'refused', 'failed']);
    expect(listCalls().every((p) => p?.pageSize !== 500)).toBe(true); // no client-side paging
    expect(downloads.fileName()).toBe('adminlogs-20261122-180000.csv');
    downloads.restore();
  });

  it('shows before, after and the hash in the detail drawer', async () => {
    renderScreen(<AdminlogsScreen />);
    await screen.findByText('sales');
    fireEvent.click(screen.getAllByRole('button', { name: 'Details' })[0]);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Operation record')).toBeTruthy();
    expect(within(drawer).getByText('hash3')).toBeTruthy();
    const pres = drawer.querySelectorAll('pre');
    expect([...pres].map((p) => JSON.parse(p.textContent))).toEqual([{ enabled: true }, { enabled: false }]);
  });
});
