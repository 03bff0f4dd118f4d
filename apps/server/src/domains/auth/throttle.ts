/**
 * Failed sign-ins counted per username and per client address, in the database (several
 * instances share one PostgreSQL). `max` failures within the window lock the key for `lockMs`.
 */
import { sql } from 'kysely';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';

export const userKey = (username: string) => `user:${username.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** Seconds until the last of these keys unlocks; 0 when none is locked. */
export async function lockedForSeconds(db: Db, keys: string[], nowMs: number): Promise<number> {
  const row = await db
    .selectFrom('signin_throttle')
    .select((eb) => eb.fn.max('locked_until').as('until'))
    .where('key', 'in', keys)
    .where('locked_until', '>', new Date(nowMs))
    .executeTakeFirst();
  const until = row?.until ? new Date(row.until).getTime() : 0;
  return until > nowMs ? Math.ceil((until - nowMs) / 1000) : 0;
}

/** Counts one failure atomically; starts a new window when the old one has passed. */
export async function recordFailure(db: Db, key: string, max: number, limits: ServerConfig['signin'], nowMs: number): Promise<void> {
  const now = new Date(nowMs);
  const windowStart = new Date(nowMs - limits.windowMs);
  const lockUntil = new Date(nowMs + limits.lockMs);
  await sql`
    INSERT INTO signin_throttle AS t (key, failures, window_start, locked_until)
    VALUES (${key}, 1, ${now}, ${max <= 1 ? lockUntil : null})
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN t.window_start <= ${windowStart} THEN 1 ELSE t.failures + 1 END,
      window_start = CASE WHEN t.window_start <= ${windowStart} THEN ${now} ELSE t.window_start END,
      locked_until = CASE
        WHEN (CASE WHEN t.window_start <= ${windowStart} THEN 1 ELSE t.failures + 1 END) >= ${max} THEN ${lockUntil}
        ELSE t.locked_until END`.execute(db);
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('signin_throttle').where('key', '=', key).execute();
}
