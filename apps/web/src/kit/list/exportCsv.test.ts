import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import type { ListDeclaration } from '../types';
import { buildCsv, csvField, csvFileName, EXPORT_ROW_CAP, fetchAllRows } from './exportCsv';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

await i18next.init({ lng: 'en', resources: { en: { translation: { kit: { yes: 'Yes', no: 'No' }, h: { id: 'Id', amount: 'Amount', note: 'Note' } } } } });
const t = i18next.t;

interface Row {
  id: number;
  amount: number;
  note: string;
  ok: boolean;
}
const rowsOf = (from: number, n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: from + i, amount: 150, note: 'x', ok: true }));
const decl: ListDeclaration<Row> = {
  name: 'things',
  title: 't',
  rowKey: 'id',
  api: { url: '/things', mode: 'page' },
  filters: [{ kind: 'text', name: 'username', label: 'u' }],
  columns: [
    { key: 'id', title: 'h.id' },
    { key: 'amount', title: 'h.amount', format: 'money' },
    { key: 'note', title: 'h.note' },
  ],
};
const state = { filters: { username: 'bob' }, page: 3, pageSize: 20 };

beforeEach(() => mocked.mockReset());

describe('fetchAllRows', () => {
  it('fetches every page with pageSize 500 and the filters, reporting progress', async () => {
    mocked.mockImplementation(async (_m, _u, opts) => {
      const page = Number(opts?.params?.page);
      return { code: 200, data: { items: rowsOf((page - 1) * 500, page < 3 ? 500 : 100), total: 1100 } };
    });
    const progress: number[] = [];
    const { rows, capped } = await fetchAllRows(decl, state, (p) => progress.push(p.rows));
    expect(rows).toHaveLength(1100);
    expect(capped).toBe(false);
    expect(mocked.mock.calls.map((c) => c[2]?.params)).toEqual([1, 2, 3].map((page) => ({ username: 'bob', page, pageSize: 500 })));
    expect(progress).toEqual([500, 1000, 1100]);
  });
  it('follows the cursor to the end', async () => {
    const cursorDecl = { ...decl, api: { url: '/logs', mode: 'cursor' as const } };
    mocked.mockImplementation(async (_m, _u, opts) => {
      const c = opts?.params?.cursor;
      return { code: 200, data: c === '' ? { items: rowsOf(0, 500), nextCursor: 'n1' } : { items: rowsOf(500, 3), nextCursor: null } };
    });
    const { rows } = await fetchAllRows(cursorDecl, state, () => {});
    expect(rows.map((r) => r.id).slice(-2)).toEqual([501, 502]);
    expect(mocked.mock.calls[0][2]?.params).toEqual({ username: 'bob', pageSize: 500, cursor: '' });
    expect(mocked.mock.calls[1][2]?.params).toEqual({ username: 'bob', pageSize: 500, cursor: 'n1' });
  });
  it(`stops at ${EXPORT_ROW_CAP} rows and says it was capped`, async () => {
    mocked.mockImplementation(async (_m, _u, opts) => ({ code: 200, data: { items: rowsOf(Number(opts?.params?.page) * 500, 500), total: 250_000 } }));
    const { rows, capped } = await fetchAllRows(decl, state, () => {});
    expect(rows).toHaveLength(EXPORT_ROW_CAP);
    expect(capped).toBe(true);
    expect(mocked).toHaveBeenCalledTimes(EXPORT_ROW_CAP / 500);
  });
  it('stops when aborted', async () => {
    const controller = new AbortController();
    mocked.mockImplementation(async () => {
      controller.abort();
      return { code: 200, data: { items: rowsOf(0, 500), total: 5000 } };
    });
    await expect(fetchAllRows(decl, state, () => {}, controller.signal)).rejects.toThrow();
    expect(mocked).toHaveBeenCalledTimes(1);
  });
});

describe('buildCsv', () => {
  it('has a BOM, translated headers, values as displayed, quoting and CRLF', () => {
    const csv = buildCsv(decl.columns, [{ id: 1, amount: 123456, note: 'a, "b"\nc', ok: true }], t);
    expect(csv).toBe('\uFEFFId,Amount,Note\r\n1,"1,234.56","a, ""b""\nc"\r\n');
  });
  it('carries an order id whole (the screen shows first 4 … last 4)', () => {
    const csv = buildCsv([{ key: 'orderId', title: 'Order', format: 'orderId' }], [{ orderId: '8f3a0c9d2b7e41c5a6f0e3d2c1b021c0' }], t);
    expect(csv).toBe('\uFEFFOrder\r\n8f3a0c9d2b7e41c5a6f0e3d2c1b021c0\r\n');
  });
  it('neutralises formulas but keeps negative numbers', () => {
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField('-0.05')).toBe('-0.05');
    expect(csvField('-')).toBe('-');
  });
  it('names the file after the screen and the GMT+08:00 time', () => {
    expect(csvFileName('editer', new Date('2026-11-22T10:00:00Z'))).toBe('editer-20261122-180000.csv');
  });
});
