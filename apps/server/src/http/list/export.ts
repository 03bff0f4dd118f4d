/**
 * The streaming CSV export: the header line goes out at once, then the rows, read from the
 * database in keyset chunks of EXPORT_CHUNK (never OFFSET, never all in memory) and written
 * as the client takes them (Readable.from pulls the next chunk only when the socket has
 * drained: back-pressure). A cancelled download stops the reads. The row count follows as
 * the HTTP trailer `X-Row-Count`. A read failure mid-way aborts the response, so a partial
 * file never looks complete.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/open';
import type { ScopedSubject } from '../../plugins/partner-scope';
import { csvFileName, csvHeader, csvLine, type CsvColumn } from './csv';
import type { CompiledList } from './define';
import { walk } from './run';

export const EXPORT_CHUNK = 5_000;

export function exportFileName(list: CompiledList, now: Date): string {
  return csvFileName(list.fileName ?? list.url.split('/').filter(Boolean).pop()!, now);
}

export async function streamExport(
  db: Db,
  list: CompiledList,
  user: ScopedSubject,
  query: Record<string, unknown>,
  reply: FastifyReply,
  now: Date,
): Promise<FastifyReply> {
  const columns = (query.columns as CsvColumn[] | undefined) ?? Object.keys(list.item.shape).map((key) => ({ key, title: key }));
  let count = 0;
  async function* csv() {
    yield Buffer.from(csvHeader(columns));
    for await (const rows of walk(db, list, user, query, EXPORT_CHUNK)) {
      let out = '';
      for (const row of rows) out += csvLine(columns, list.row(row));
      count += rows.length;
      yield Buffer.from(out);
    }
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(list, now)}"`)
    .header('cache-control', 'no-store')
    .trailer('x-row-count', async () => String(count))
    .send(Readable.from(csv(), { objectMode: false }));
}
