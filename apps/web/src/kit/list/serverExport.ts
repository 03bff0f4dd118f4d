/**
 * The server-side CSV export (declarations with `api.export`): one GET of `<url>/export`
 * with the list's filters and sort and the columns as shown (translated titles, formats,
 * translated enum labels), read as a stream through the request layer: rows and bytes
 * counted as they arrive, cancellable, saved as a file. No row cap: the server streams
 * the whole filtered set (apps/server/src/http/list).
 */
import type { TFunction } from 'i18next';
import { requestStream } from '../../shell/request';
import type { ColumnDeclaration, ListDeclaration } from '../types';
import { csvFileName, downloadBlob } from './exportCsv';
import { filterRequestParams, type ListState } from './state';

export interface StreamProgress {
  rows: number;
  bytes: number;
}
export interface ServerExportColumn {
  key: string;
  title: string;
  format?: string;
  labels?: Record<string, string>;
}

/** The export URL of a declaration, or null when it exports client-side. */
export function exportUrl(decl: Pick<ListDeclaration<unknown>, 'api'>): string | null {
  const e = decl.api.export;
  if (e === undefined || e === false) return null;
  return typeof e === 'string' ? e : `${decl.api.url}/export`;
}

/** The columns parameter: what the screen shows, in its language. */
export function exportColumns<Row>(columns: ColumnDeclaration<Row>[], t: TFunction): ServerExportColumn[] {
  // a computed column is no field of the server's item: its CSV could not name it
  return columns
    .filter((c) => !c.computed)
    .map((c) => {
      const out: ServerExportColumn = { key: c.key, title: t(c.title) };
      if (c.format && c.format !== 'text') out.format = c.format;
      if (c.labels) out.labels = Object.fromEntries(Object.entries(c.labels).map(([v, key]) => [v, t(key)]));
      else if (c.format === 'bool') out.labels = { true: t('kit.yes'), false: t('kit.no') };
      return out;
    });
}

/** The request query: filters and sort of the current view, api.params, columns. */
export function exportParams<Row>(decl: ListDeclaration<Row>, state: ListState, columns: ColumnDeclaration<Row>[], t: TFunction) {
  return {
    ...decl.api.params,
    ...filterRequestParams(decl, state.filters),
    ...(state.sort && state.order ? { sort: state.sort, order: state.order } : {}),
    columns: JSON.stringify(exportColumns(columns, t)),
  };
}

/**
 * Counts CSV records in a byte stream: line feeds outside quoted fields (a quote byte
 * toggles; multi-byte UTF-8 never contains 0x22 or 0x0A), carrying the state across chunks.
 */
export function recordCounter() {
  let quoted = false;
  let records = 0;
  return {
    add(chunk: Uint8Array): number {
      for (let i = 0; i < chunk.length; i++) {
        const b = chunk[i];
        if (b === 0x22) quoted = !quoted;
        else if (b === 0x0a && !quoted) records++;
      }
      return records;
    },
  };
}

export async function runServerExport<Row>(
  decl: ListDeclaration<Row>,
  state: ListState,
  columns: ColumnDeclaration<Row>[],
  t: TFunction,
  onProgress: (p: StreamProgress) => void,
  signal: AbortSignal,
): Promise<StreamProgress> {
  const answer = await requestStream(exportUrl(decl)!, { params: exportParams(decl, state, columns, t), signal, silent: true });
  const reader = answer.body.getReader();
  const parts: Uint8Array[] = [];
  const counter = recordCounter();
  const progress: StreamProgress = { rows: 0, bytes: 0 };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    progress.bytes += value.length;
    progress.rows = Math.max(0, counter.add(value) - 1); // the header line is not a row
    onProgress({ ...progress });
  }
  signal.throwIfAborted();
  downloadBlob(new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' }), answer.fileName ?? csvFileName(decl.name));
  return progress;
}
