/**
 * Folds the stripes of finished days' roll-ups into one row a cell (report_compact, migration
 * 021): a 92-day report then sums one row a cell instead of up to eight. Sums never change, so
 * a report read during a fold is as right as one read before or after it. Runs when the server
 * is ready and then every few minutes; today's rows stay striped (concurrent writers).
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { registerRepeatingJob, type JobHost } from '../../http/repeating-job';
import { consoleDay } from '@console/time';

export const COMPACT_EVERY_MS = 5 * 60_000;

/** Folds the days before today (GMT+08:00); answers how many striped rows it folded. */
export async function compactReports(db: Db, now: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT report_compact(${consoleDay(now)}::date) AS n`.execute(db);
  return rows[0]?.n ?? 0;
}

export function registerReportCompaction(app: JobHost, db: Db, now: () => number, everyMs = COMPACT_EVERY_MS): void {
  registerRepeatingJob(app, {
    name: 'report compaction',
    firstAfterMs: 1_000,
    everyMs,
    run: async () => {
      await compactReports(db, now());
    },
  });
}
