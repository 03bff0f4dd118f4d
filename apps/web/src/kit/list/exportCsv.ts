/**
 * CSV export of the whole filtered set: every page (pageSize 500) or every cursor step,
 * values formatted as displayed, UTF-8 with a BOM so Excel reads Chinese text, capped at
 * 100 000 rows (the caller says so when the cap is hit).
 */
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../lib/format';
import { columnText, valueAt } from '../cells';
import type { ColumnDeclaration, ListDeclaration } from '../types';
import { fetchListPage } from './fetch';
import type { ListState } from './state';

export const EXPORT_PAGE_SIZE = 500;
export const EXPORT_ROW_CAP = 100_000;

export interface ExportProgress {
  rows: number;
  total: number | null;
}
export interface ExportedRows<Row> {
  rows: Row[];
  capped: boolean;
}

export async function fetchAllRows<Row>(
  decl: ListDeclaration<Row>,
  state: ListState,
  onProgress: (p: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<ExportedRows<Row>> {
  const base: ListState = { ...state, page: 1, pageSize: EXPORT_PAGE_SIZE };
  const rows: Row[] = [];
  let capped = false;
  if (decl.api.mode === 'cursor') {
    let cursor: string | null = null;
    let lastCount = 0;
    do {
      signal?.throwIfAborted();
      const res: Awaited<ReturnType<typeof fetchListPage<Row>>> = await fetchListPage(decl, base, cursor);
      rows.push(...res.items);
      lastCount = res.items.length;
      cursor = res.nextCursor ?? null;
      onProgress({ rows: Math.min(rows.length, EXPORT_ROW_CAP), total: null });
      if (rows.length >= EXPORT_ROW_CAP) {
        capped = cursor !== null || rows.length > EXPORT_ROW_CAP;
        break;
      }
    } while (cursor && lastCount > 0);
  } else {
    let total = Infinity;
    for (let page = 1; (page - 1) * EXPORT_PAGE_SIZE < total; page++) {
      signal?.throwIfAborted();
      const res = await fetchListPage(decl, { ...base, page });
      total = res.total;
      rows.push(...res.items);
      onProgress({ rows: Math.min(rows.length, EXPORT_ROW_CAP), total: Math.min(total, EXPORT_ROW_CAP) });
      if (res.items.length === 0) break;
      if (rows.length >= EXPORT_ROW_CAP) {
        capped = total > EXPORT_ROW_CAP;
        break;
      }
    }
  }
  return { rows: rows.slice(0, EXPORT_ROW_CAP), capped };
}

const NUMBER = /^-?[\d,]*\.?\d+%?$/;

/**
 * Quotes a CSV field; one starting with =, +, @, tab or CR, or with '-' without being a
 * plain number or the empty mark ('-1,234.56' and '-' stay, '-1+2' does not), gets a
 * leading ' (formula injection). The server's export does the same (http/list/csv.ts).
 */
export function csvField(text: string): string {
  const safe = /^[=+@\t\r]/.test(text) || (text.startsWith('-') && text !== '-' && !NUMBER.test(text)) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function buildCsv<Row>(columns: ColumnDeclaration<Row>[], rows: Row[], t: TFunction): string {
  const lines = [columns.map((c) => csvField(t(c.title))).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(exportText(c, row, t))).join(','));
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}

/** `<screen name>-YYYYMMDD-HHmmss.csv`, the time in GMT+08:00. */
export function csvFileName(name: string, now: Date = new Date()): string {
  return `${name}-${formatDateTime(now, 'YYYYMMDD-HHmmss')}.csv`;
}

export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(new Blob([text], { type }), fileName);
}

export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A value as the CSV carries it: as on screen, except an order id, which a file carries whole
 * (the screen's first 4 … last 4 is for reading; finance matches a file against the channel's
 * statement).
 */
export function exportText<Row>(column: ColumnDeclaration<Row>, row: Row, t: TFunction): string {
  if (column.format === 'orderId' && !column.text) {
    const value = valueAt(row, column.key);
    return value === null || value === undefined ? '' : String(value);
  }
  return columnText(column, row, t);
}
