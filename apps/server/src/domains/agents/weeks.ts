/**
 * Settlement weeks: Monday 00:00 GMT+8 to the next Monday (docs/decisions/021-agents.md). A week
 * is named by its Monday's GMT+8 date ('2026-11-16').
 */
import type { Db } from '../../db/open';
import { addDays, consoleDay, DAY_MS, dayStart, mondayOf } from '@console/time';

export const WEEK_MS = 7 * DAY_MS;

/** A date column as 'YYYY-MM-DD' (PGlite reads date as a Date at UTC midnight, pg as a string or Date). */
export function weekKey(value: Date | string): string {
  if (typeof value === 'string') return value.slice(0, 10);
  return value.toISOString().slice(0, 10);
}

/** The Monday (GMT+8) of the week holding this instant. */
export const weekOf = (at: Date | number): string => mondayOf(consoleDay(at));

/** The instant a week starts (its Monday 00:00 GMT+8). */
export const weekStart = (week: string): Date => dayStart(week);
/** The instant a week ends (the next Monday 00:00 GMT+8). */
export const weekEnd = (week: string): Date => new Date(weekStart(week).getTime() + WEEK_MS);
export const nextWeek = (week: string): string => addDays(week, 7);
/** The next Monday 00:00 GMT+8 strictly after this instant: when the settlement next runs. */
export const nextSettlementAt = (at: Date | number): Date => weekEnd(weekOf(at));

export const isMonday = (day: string): boolean =>
  /^\d{4}-\d\d-\d\d$/.test(day) &&
  !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
  new Date(`${day}T00:00:00Z`).getUTCDay() === 1 &&
  new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

/** The week rows from `from` to `to` (Mondays, inclusive), created open when missing. */
export async function ensureWeeks(db: Db, from: string, to: string): Promise<void> {
  const rows: { week: string; starts_at: Date; ends_at: Date }[] = [];
  for (let w = from; w <= to; w = nextWeek(w)) rows.push({ week: w, starts_at: weekStart(w), ends_at: weekEnd(w) });
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('agent_week')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.column('week').doNothing())
      .execute();
  }
}

export async function weekStatus(db: Db, week: string): Promise<'open' | 'closed' | null> {
  const row = await db.selectFrom('agent_week').select('status').where('week', '=', week).executeTakeFirst();
  return row?.status ?? null;
}
