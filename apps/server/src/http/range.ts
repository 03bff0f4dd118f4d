/**
 * Day ranges of the reports. The screens send `from`/`to` as ISO instants of GMT+08:00 day
 * bounds (kit/README.md); a report works on the calendar days they fall on, from the start of
 * the first to the end of the last. Ranges are bounded (MAX_RANGE_DAYS, or less for a
 * report), so an aggregate never reads more than that many days of rows.
 */
import { isoDateTime } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import type { FilterBuilder } from './list';
import { consoleDay, DAY_MS, dayStart } from '@console/time';

/** The widest range any report accepts. */
export const MAX_RANGE_DAYS = 92;

export interface DayRange {
  from: string;
  to: string;
  /** From 00:00 of `from` (inclusive) to 00:00 after `to` (exclusive). */
  start: Date;
  end: Date;
  /** Every day of the range, in order. */
  days: string[];
}

export function dayRange(from: string, to: string): DayRange {
  const start = dayStart(from);
  const end = new Date(dayStart(to).getTime() + DAY_MS);
  const days: string[] = [];
  for (let t = start.getTime(); t < end.getTime(); t += DAY_MS) days.push(consoleDay(t));
  return { from, to, start, end, days };
}

/** The last `days` days up to today (GMT+08:00). */
export const lastDays = (now: Date, days: number): DayRange => dayRange(consoleDay(now.getTime() - (days - 1) * DAY_MS), consoleDay(now));

const spanDays = (from: string, to: string) =>
  Math.round((Date.parse(`${consoleDay(new Date(to))}T00:00:00Z`) - Date.parse(`${consoleDay(new Date(from))}T00:00:00Z`)) / DAY_MS) + 1;

export interface RangeRule {
  required?: boolean;
  maxDays?: number;
}

/** The query parameters of a range. */
export const rangeParams = { from: isoDateTime.optional(), to: isoDateTime.optional() };

/** Why `from`/`to` are refused, naming the parameter; undefined when they are fine. */
export function rangeProblem(q: Record<string, unknown>, rule: RangeRule = {}): { param: string; message: string } | undefined {
  const from = q.from as string | undefined;
  const to = q.to as string | undefined;
  const max = rule.maxDays ?? MAX_RANGE_DAYS;
  if (rule.required && from === undefined) return { param: 'from', message: 'Required' };
  if (rule.required && to === undefined) return { param: 'to', message: 'Required' };
  if ((from === undefined) !== (to === undefined)) return { param: from === undefined ? 'from' : 'to', message: 'Required with the other end of the range' };
  if (from === undefined || to === undefined) return undefined;
  // a value that is no date at all ('' or junk) is refused by the parameter's own schema
  // (isoDateTime); the refinement still runs, and must not read it as a date
  if (!Number.isFinite(Date.parse(from)) || !Number.isFinite(Date.parse(to))) return undefined;
  if (Date.parse(to) < Date.parse(from)) return { param: 'to', message: 'Must not be before from' };
  if (spanDays(from, to) > max) return { param: 'to', message: `The range is at most ${max} days` };
  return undefined;
}

/** The range asked for, or the last `defaultDays` days. */
export function rangeOf(q: Record<string, unknown>, now: Date, defaultDays: number): DayRange {
  if (q.from === undefined || q.to === undefined) return lastDays(now, defaultDays);
  return dayRange(consoleDay(new Date(q.from as string)), consoleDay(new Date(q.to as string)));
}

/**
 * A list filter on a `date` column holding GMT+08:00 days: the days `from` … `to` fall on;
 * bounded (and required when the rule says so).
 */
export function dayColumnRange(column: string, rule: RangeRule): FilterBuilder {
  return () => ({
    params: rangeParams,
    where: (v) => {
      if (v.from === undefined || v.to === undefined) return undefined;
      const r = rangeOf(v, new Date(), 1);
      // one day as an equality: an index (day, sort, id) then gives the rows in order
      if (r.from === r.to) return sql<SqlBool>`${sql.ref(column)} = ${r.from}::date`;
      return sql<SqlBool>`${sql.ref(column)} BETWEEN ${r.from}::date AND ${r.to}::date`;
    },
    check: (v) => rangeProblem(v, rule),
  });
}
