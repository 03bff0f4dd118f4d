/**
 * What every data report shares: a day range (from/to as GMT+08:00 day bounds, default the
 * last 30 days, at most 92), the summary call of a dashboard (figures and rows by day) and the
 * table calls (page, sort, CSV export) of reports/report.ts, so the reports under / look
 * and page like the /usermanager ones.
 */
import { z } from 'zod';
import type { Db } from '../db/open';
import { defineOperation, type Operation } from '../http/operation';
import type { ScopedSubject } from '../plugins/partner-scope';
import { rangeOf, rangeParams, rangeProblem, type DayRange } from '../http/range';
import { reportOperations, type ReportSpec } from './report';

export const DEFAULT_DAYS = 30;

type Query = Record<string, unknown>;

export interface SummarySpec {
  url: string;
  name: string;
  screen: string;
  summary: string;
  /** Parameters beyond from/to (all optional). */
  params?: Record<string, z.ZodType>;
  response: z.ZodType;
  load(db: Db, user: ScopedSubject, r: DayRange, q: Query, now: Date): Promise<unknown>;
}

/** GET <url>?from&to…: a dashboard's figures over the range. */
export function summaryOperation(spec: SummarySpec): Operation {
  const query = z.strictObject({ ...rangeParams, ...spec.params }).superRefine((q, ctx) => {
    const problem = rangeProblem(q);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.param] });
  });
  return defineOperation({
    method: 'GET',
    url: spec.url,
    name: spec.name,
    screen: spec.screen,
    tags: ['data reports'],
    summary: `${spec.summary}; from/to (default the last ${DEFAULT_DAYS} days, at most 92)`,
    query,
    reads: 'replica',
    response: z.object({ code: z.literal(200), data: spec.response }),
    handler: async ({ db, user, query: q, now }) => ({ code: 200, data: await spec.load(db, user, rangeOf(q as Query, now, DEFAULT_DAYS), q as Query, now) }),
  });
}

/** A table of a report over a range: page, sort and `<url>/export` (CSV). */
export function tableOperations<Item extends Record<string, unknown>>(
  spec: Omit<ReportSpec<Item>, 'params' | 'check' | 'load'> & {
    params?: Record<string, z.ZodType>;
    load(db: Db, user: ScopedSubject, r: DayRange, q: Query, now: Date): Promise<Item[]>;
  },
): Operation[] {
  return reportOperations<Item>({
    ...spec,
    params: { ...rangeParams, ...spec.params },
    check: (q) => rangeProblem(q),
    load: (db, user, q, now) => spec.load(db, user, rangeOf(q, now, DEFAULT_DAYS), q, now),
  });
}

/** The range of equal length just before `r` (the change arrows of the figures). */
export function previousRange(r: DayRange): { from: string; to: string } {
  const length = r.days.length;
  const day = (d: string, back: number) => new Date(Date.parse(`${d}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
  return { from: day(r.from, length), to: day(r.from, 1) };
}

/** Centavos as pesos, for the charts. */
export const pesos = (centavos: number) => centavos / 100;
