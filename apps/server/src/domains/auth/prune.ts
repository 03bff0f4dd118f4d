/**
 * The tables a caller can grow without limit, kept small (docs/deploy.md "Seeing it run"): every
 * sign-in adds a session, every failed one a throttle row per username and address tried. Dead
 * sessions (idle or too old, with their cash-out re-authentications: ON DELETE CASCADE) and
 * throttle rows whose window and lock are over are deleted in batches, by one instance at a time
 * (the job schedule). A dead session is refused whether or not its row is still there
 * (sessions.ts), so this changes what is stored, never who is signed in.
 */
import { sql } from 'kysely';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { registerRepeatingJob, type JobHost } from '../../http/repeating-job';

const BATCH = 5_000;

export interface Pruned {
  sessions: number;
  throttles: number;
}

/** Deletes up to `batch` rows at a time, until none is left. */
async function inBatches(remove: () => Promise<number>, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await remove();
    total += n;
    if (n < batch) return total;
  }
}

export async function pruneAuthTables(db: Db, config: Pick<ServerConfig, 'session' | 'signin'>, nowMs: number, batch = BATCH): Promise<Pruned> {
  // the last touch may lag the last use by touchEveryMs: a session is dead once even that cannot save it
  const idleBefore = new Date(nowMs - config.session.idleMs - config.session.touchEveryMs);
  const createdBefore = new Date(nowMs - config.session.absoluteMs);
  const sessions = await inBatches(async () => {
    const r = await sql`
      DELETE FROM account_session WHERE token_hash IN (
        SELECT token_hash FROM account_session WHERE last_seen_at < ${idleBefore} OR created_at < ${createdBefore} LIMIT ${batch})`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  }, batch);
  const windowBefore = new Date(nowMs - config.signin.windowMs);
  const now = new Date(nowMs);
  const throttles = await inBatches(async () => {
    const r = await sql`
      DELETE FROM signin_throttle WHERE key IN (
        SELECT key FROM signin_throttle
        WHERE window_start <= ${windowBefore} AND (locked_until IS NULL OR locked_until <= ${now}) LIMIT ${batch})`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  }, batch);
  return { sessions, throttles };
}

export function registerAuthPruning(app: JobHost & { log: { info(obj: object, msg: string): void } }, db: Db, config: ServerConfig): void {
  registerRepeatingJob(app, {
    name: 'auth pruning',
    firstAfterMs: 20_000,
    everyMs: 10 * 60_000,
    run: async () => {
      const pruned = await pruneAuthTables(db, config, config.now());
      if (pruned.sessions + pruned.throttles > 0) app.log.info({ ...pruned }, 'auth pruning');
    },
  });
}
