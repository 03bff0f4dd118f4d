/**
 * Keeps the agent report roll-ups (agent_invitee_day, agent_report_day; migration 039) current:
 * recomputes the days from the watermark's day (it was still running at the last refresh) to
 * today, one SQL call per day (`agent_reports_refresh_day`, set-based). Called before a report is
 * read (at most every REFRESH_SECONDS) and before a settlement (always). Two servers refreshing
 * at once: the second skips (the state row is locked, SKIP LOCKED) and reads what the first
 * commits. docs/decisions/022-agent-reports.md.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { MAX_RANGE_DAYS } from '../../http/range';
import { DAY_OFFSET } from '../../db/console-day';
import { addDays, consoleDay } from '@console/time';

export const REFRESH_SECONDS = 30;
const DAY_MS = 86_400_000;

const dayText = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).slice(0, 10);
};

/** The first day with anything to roll up, at most MAX_RANGE_DAYS + 7 days back (a first refresh of an old database). */
async function firstSourceDay(db: Db, today: string): Promise<string> {
  const floor = new Date(Date.parse(`${today}T00:00:00Z`) - (MAX_RANGE_DAYS + 7) * DAY_MS).toISOString().slice(0, 10);
  const { rows } = await sql<{ day: unknown }>`
    SELECT least((SELECT min(day) FROM game_day), (SELECT min(day) FROM report_payer_day),
      (SELECT ((min(registered_at) AT TIME ZONE 'UTC') + ${DAY_OFFSET})::date FROM player)) AS day`.execute(db);
  const first = dayText(rows[0]?.day);
  return first === null || first < floor ? floor : first;
}

export interface RefreshResult {
  days: number;
  skipped: boolean;
}

/**
 * Refreshes the roll-ups up to today in its own transaction. `force`: even when refreshed in the
 * last REFRESH_SECONDS; `from`: recompute from this day (late data of older days).
 */
export async function refreshAgentReports(db: Db, now: Date, o: { force?: boolean; from?: string } = {}): Promise<RefreshResult> {
  const today = consoleDay(now);
  const run = async (trx: Db): Promise<RefreshResult> => {
    const state = await trx.selectFrom('agent_report_state').select(['through', 'at']).where('id', '=', 1).forUpdate().skipLocked().executeTakeFirst();
    if (!state) return { days: 0, skipped: true };
    const at = state.at ? new Date(state.at).getTime() : 0;
    if (!o.force && !o.from && now.getTime() - at < REFRESH_SECONDS * 1000 && now.getTime() >= at) return { days: 0, skipped: true };
    const through = dayText(state.through);
    let day = o.from ?? (through && through <= today ? through : await firstSourceDay(trx, today));
    if (through === null && o.from) day = await firstSourceDay(trx, today);
    let days = 0;
    for (; day <= today; day = addDays(day, 1)) {
      await sql`SELECT agent_reports_refresh_day(${day}::date)`.execute(trx);
      days += 1;
    }
    await trx.updateTable('agent_report_state').set({ through: today, at: now }).where('id', '=', 1).execute();
    return { days, skipped: false };
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

let background: Promise<unknown> | null = null;

/**
 * What a report read does: never waits for a refresh, except the very first one (nothing rolled
 * up yet); otherwise, when the last refresh is older than REFRESH_SECONDS, starts one in the
 * background (one at a time per process; across processes SKIP LOCKED) and reads what is there.
 * A day's refresh reads a day of the sources (≈ 0.7 s at 13,000 active invitees a day on
 * PostgreSQL, decision 022), which a request should not wait for.
 */
export async function refreshForRead(db: Db, now: Date, log?: (error: unknown) => void): Promise<void> {
  const state = await db.selectFrom('agent_report_state').select(['through', 'at']).where('id', '=', 1).executeTakeFirst();
  if (!state?.at) {
    await refreshAgentReports(db, now);
    return;
  }
  const age = now.getTime() - new Date(state.at).getTime();
  if (age >= 0 && age < REFRESH_SECONDS * 1000) return;
  if (db.isTransaction || background) return;
  background = refreshAgentReports(db, now)
    .catch((error: unknown) => log?.(error))
    .finally(() => {
      background = null;
    });
}

/** Tests: wait for a refresh a read started. */
export const backgroundRefresh = () => background ?? Promise.resolve();
