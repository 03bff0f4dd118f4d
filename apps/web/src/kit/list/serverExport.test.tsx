// @vitest-environment jsdom
/**
 * The kit's server export: one streamed GET of `<url>/export` with the view's filters, sort
 * and the columns as shown (translated titles, formats, labels); progress in rows and bytes
 * as the body arrives; cancel aborts the stream; the file is saved under the server's name.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { captureDownloads, renderScreen } from '../test/setup';
import type { ListDeclaration } from '../types';
import { ListScreen } from './ListScreen';
import { exportColumns, exportUrl, recordCounter } from './serverExport';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn(), requestStream: vi.fn() }));
const { request, requestStream } = await import('../../shell/request');
const mockedRequest = vi.mocked(request);
const mockedStream = vi.mocked(requestStream);

interface Row {
  uid: number;
  chip: number;
  status: string;
  vip: boolean;
}
const decl: ListDeclaration<Row> = {
  name: 'players',
  title: 'Players',
  rowKey: 'uid',
  api: { url: '/usermanager/userlist', mode: 'cursor', export: true },
  filters: [
    { kind: 'text', name: 'uid', label: 'Uid' },
    { kind: 'dateRange', name: 'registered', label: 'Registered' },
  ],
  columns: [
    { key: 'uid', title: 'Uid', sortable: true },
    { key: 'chip', title: 'Chips', format: 'money' },
    { key: 'status', title: 'Status', labels: { active: 'kit.yes', banned: 'kit.no' } },
    { key: 'vip', title: 'VIP', format: 'bool' },
  ],
};

const encoder = new TextEncoder();
/** A body that sends the given pieces, then waits for `release` before closing (when held). */
function body(pieces: string[], hold?: Promise<void>) {
  return new ReadableStream<Uint8Array>({
    async start(c) {
      for (const p of pieces) c.enqueue(encoder.encode(p));
      if (hold) await hold;
      c.close();
    },
  });
}

beforeEach(() => {
  mockedRequest.mockReset();
  mockedStream.mockReset();
  mockedRequest.mockResolvedValue({ code: 200, data: { items: [{ uid: 7, chip: 100, status: 'active', vip: true }], nextCursor: null } });
});
afterEach(cleanup);

describe('server export helpers', () => {
  it('derives the URL, or none for client-side lists', () => {
    expect(exportUrl(decl)).toBe('/usermanager/userlist/export');
    expect(exportUrl({ api: { url: '/x', mode: 'page', export: '/y/csv' } })).toBe('/y/csv');
    expect(exportUrl({ api: { url: '/x', mode: 'page' } })).toBeNull();
  });

  it('sends titles, formats and labels translated', () => {
    expect(exportColumns(decl.columns, i18next.t)).toEqual([
      { key: 'uid', title: 'Uid' },
      { key: 'chip', title: 'Chips', format: 'money' },
      { key: 'status', title: 'Status', labels: { active: 'Yes', banned: 'No' } },
      { key: 'vip', title: 'VIP', format: 'bool', labels: { true: 'Yes', false: 'No' } },
    ]);
  });

  it('leaves out a column the screen computes (the server knows no such field)', () => {
    const columns = [...decl.columns, { key: 'ratio', title: 'Ratio', computed: true, text: () => '1' }] as typeof decl.columns;
    expect(exportColumns(columns, i18next.t).map((c) => c.key)).toEqual(['uid', 'chip', 'status', 'vip']);
  });

  it('counts records across chunks, not line feeds inside quoted fields', () => {
    const c = recordCounter();
    c.add(encoder.encode('h1,h2\r\n1,"a\r\nb'));
    expect(c.add(encoder.encode('""c"\r\n2,x\r\n'))).toBe(3);
  });
});

describe('ListScreen with a server export', () => {
  it("streams the file with the view's filters and sort, showing rows and bytes", async () => {
    const downloads = captureDownloads();
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const csv = ['\uFEFFUid,Chips\r\n7,1.00\r\n8,', '2.00\r\n9,"x\r\ny"\r\n'];
    mockedStream.mockResolvedValue({ body: body(csv, held), fileName: 'userlist-20261122-180000.csv', headers: new Headers() });
    renderScreen(<ListScreen decl={decl} />, '/screen?uid=7&from=2026-11-01&to=2026-11-02&sort=uid&order=descend');
    await screen.findByText('7');
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText(/^3 rows received \(\d+ KB\)$/)).toBeTruthy();
    release();
    expect(await screen.findByText('Exported 3 rows')).toBeTruthy();
    const [url, opts] = mockedStream.mock.calls[0];
    expect(url).toBe('/usermanager/userlist/export');
    expect(opts?.params).toEqual({
      uid: '7',
      from: '2026-11-01T00:00:00.000+08:00',
      to: '2026-11-02T23:59:59.999+08:00',
      sort: 'uid',
      order: 'descend',
      columns: JSON.stringify(exportColumns(decl.columns, i18next.t)),
    });
    expect(await downloads.text()).toBe(csv.join(''));
    expect(downloads.fileName()).toBe('userlist-20261122-180000.csv');
    expect(mockedRequest.mock.calls.every(([, u]) => u === '/usermanager/userlist')).toBe(true); // no page-by-page fetching
    downloads.restore();
  });

  it('cancel aborts the stream and saves nothing', async () => {
    const downloads = captureDownloads();
    mockedStream.mockImplementation(async (_u, opts) => ({
      body: new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(encoder.encode('\uFEFFUid\r\n1\r\n'));
          opts!.signal!.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
        },
      }),
      fileName: null,
      headers: new Headers(),
    }));
    renderScreen(<ListScreen decl={decl} />);
    await screen.findByText('7');
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await screen.findByText(/^1 rows received/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Operation cancelled')).toBeTruthy();
    expect(mockedStream.mock.calls[0][1]?.signal?.aborted).toBe(true);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    downloads.restore();
  });

  it('says why when the server refuses', async () => {
    mockedStream.mockRejectedValue(new Error('columns.0.key: Unknown column'));
    renderScreen(<ListScreen decl={decl} />);
    await screen.findByText('7');
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(screen.getByText('Export failed: columns.0.key: Unknown column')).toBeTruthy());
  });
});
