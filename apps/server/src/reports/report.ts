/**
 * A bounded report: rows computed whole by one query (days of a range, emotes, the top
 * inviters, one player's invitees or shared accounts — never more than `limit` rows), then
 * sorted and paged in memory. It answers the kit's page contract (`{items, total}`) and,
 * like a list of the list machinery, has a CSV export at `<url>/export` with the same
 * `columns` parameter and formats (apps/server/src/http/list/csv.ts). Large tables are not
 * reports: they are declared with defineList and paged by keyset.
 */
import { queryInt } from '@console/schemas';
import { z } from 'zod';
import type { Db } from '../db/open';
import { MAX_PAGE_SIZE } from '../http/list';
import { columnsParam, csvFileName, csvHeader, csvLine, type CsvColumn } from '../http/list/csv';
import { defineOperation, type Operation } from '../http/operation';
import type { ScopedSubject } from '../plugins/partner-scope';

type Query = Record<string, unknown>;

export interface ReportSpec<Item extends Record<string, unknown>> {
  url: string;
  name: string;
  screen: string;
  summary: string;
  /** Filter parameters (query-string schemas, all optional unless `check` says otherwise). */
  params: Record<string, z.ZodType>;
  check?(q: Query): { param: string; message: string } | undefined;
  item: z.ZodObject;
  /** Keys of `item` the rows may be sorted by (numbers or strings). */
  sorts: readonly (keyof Item & string)[];
  defaultSort: { key: keyof Item & string; order: 'ascend' | 'descend' };
  /** Key breaking ties (unique per row). */
  id: keyof Item & string;
  /** Every row of the report for these filters, partner scope applied (bounded). */
  load(db: Db, user: ScopedSubject, q: Query, now: Date): Promise<Item[]>;
}

function querySchema(spec: ReportSpec<never>, extra: Record<string, z.ZodType>) {
  const sorts = spec.sorts as unknown as [string, ...string[]];
  return z
    .strictObject({
      ...spec.params,
      sort: z.enum(sorts, { message: `Must be one of ${sorts.join(', ')}` }).optional(),
      order: z.enum(['ascend', 'descend'], { message: 'Must be ascend or descend' }).optional(),
      ...extra,
    })
    .superRefine((q, ctx) => {
      const problem = spec.check?.(q);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.param] });
    });
}

function sorted<Item extends Record<string, unknown>>(spec: ReportSpec<Item>, rows: Item[], q: Query): Item[] {
  const key = (q.sort as string | undefined) ?? spec.defaultSort.key;
  const order = (q.order as string | undefined) ?? (q.sort === undefined ? spec.defaultSort.order : 'ascend');
  const sign = order === 'ascend' ? 1 : -1;
  const cmp = (a: unknown, b: unknown) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : (a as never) < (b as never) ? -1 : 1);
  return [...rows].sort((a, b) => sign * (cmp(a[key], b[key]) || cmp(a[spec.id], b[spec.id])));
}

/** The page operation and the CSV export of a report. */
export function reportOperations<Item extends Record<string, unknown>>(spec: ReportSpec<Item>): Operation[] {
  const s = spec as unknown as ReportSpec<never>;
  const keys = Object.keys(spec.item.shape) as [string, ...string[]];
  const listQuery = querySchema(s, { page: queryInt(1, 1_000_000).optional(), pageSize: queryInt(1, MAX_PAGE_SIZE).optional() });
  const exportQuery = querySchema(s, { columns: columnsParam(keys).optional() });
  return [
    defineOperation({
      method: 'GET',
      url: spec.url,
      name: spec.name,
      screen: spec.screen,
      tags: ['player reports'],
      summary: `${spec.summary}; page/pageSize (≤ ${MAX_PAGE_SIZE}) → {items, total}; sort: ${spec.sorts.join(', ')}`,
      query: listQuery,
      reads: 'replica',
      response: z.object({ code: z.literal(200), data: z.object({ items: z.array(spec.item), total: z.number().int() }) }),
      handler: async ({ db, user, query, now }) => {
        const q = query as Query;
        const rows = sorted(spec, await spec.load(db, user, q, now), q);
        const page = (q.page as number | undefined) ?? 1;
        const pageSize = (q.pageSize as number | undefined) ?? 20;
        return { code: 200, data: { items: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length } };
      },
    }),
    defineOperation({
      method: 'GET',
      url: `${spec.url}/export`,
      name: `${spec.name}.export`,
      screen: spec.screen,
      tags: ['player reports'],
      summary: `CSV of every row of ${spec.url} (same filters and sort; columns as for the lists' exports)`,
      query: exportQuery,
      reads: 'replica',
      handler: async ({ db, user, query, reply, now }) => {
        const q = query as Query;
        const columns = (q.columns as CsvColumn[] | undefined) ?? keys.map((key) => ({ key, title: key }));
        const rows = sorted(spec, await spec.load(db, user, q, now), q);
        let out = csvHeader(columns);
        for (const row of rows) out += csvLine(columns, row);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csvFileName(spec.url.split('/').filter(Boolean).pop()!, now)}"`)
          .header('cache-control', 'no-store')
          .send(out);
      },
    }),
  ];
}
