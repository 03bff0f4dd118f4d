/**
 * GET /api/ready, for a load balancer's health check (docs/deploy.md): 200 when this instance
 * can serve: its database answers within 2 s, the database carries every migration this
 * server's files hold (a server of a newer release waits for `npm run migrate`). The read
 * replica's lag is reported; past READY_MAX_REPLICA_LAG_SECONDS (default 30), or unreachable, the
 * instance reads from the primary and stays ready, unless READY_REQUIRES_REPLICA=1 makes it
 * unready. Else 503 naming what failed. GET /api/health only says the process is alive.
 */
import { sql } from 'kysely';
import type { Db } from '../db/open';
import { pendingMigrations } from '../db/migrate';

export interface ReadyOptions {
  db: Db;
  /** The replica's replay lag in seconds (null: no replica, or it cannot say). */
  replicaLag?: () => Promise<number | null>;
  maxReplicaLagSeconds?: number;
  /** A lagging or unreachable replica makes the instance unready (READY_REQUIRES_REPLICA=1); else reads go to the primary meanwhile. */
  requireReplica?: boolean;
}

export interface Readiness {
  ready: boolean;
  checks: { database: string; migrations: string; replica: string };
}

const within = <T>(ms: number, work: Promise<T>, what: string): Promise<T> =>
  Promise.race([work, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms).unref())]);

/** Once the database was found current it stays so for this process (migrations only add). */
const currentSeen = new WeakSet<Db>();

export async function readiness({ db, replicaLag, maxReplicaLagSeconds = 30, requireReplica = false }: ReadyOptions): Promise<Readiness> {
  const checks = { database: 'ok', migrations: 'current', replica: replicaLag ? 'ok' : 'none' };
  let ready = true;
  try {
    await within(2_000, sql`SELECT 1`.execute(db), 'the database');
  } catch (error) {
    return { ready: false, checks: { database: (error as Error).message, migrations: 'unknown', replica: 'unknown' } };
  }
  if (!currentSeen.has(db)) {
    const pending = await within(5_000, pendingMigrations(db), 'the migration check').catch((error: Error) => [error.message]);
    if (pending.length > 0) {
      ready = false;
      checks.migrations = `pending: ${pending.slice(0, 5).join(', ')}${pending.length > 5 ? ` and ${pending.length - 5} more` : ''}`;
    } else currentSeen.add(db);
  }
  if (replicaLag) {
    const lag = await within(2_000, replicaLag(), 'the replica').catch((error: Error) => error);
    const fallback = requireReplica ? '' : ': reads go to the primary';
    if (lag instanceof Error) {
      ready &&= !requireReplica;
      checks.replica = `${lag.message}${fallback}`;
    } else if (lag !== null && lag > maxReplicaLagSeconds) {
      ready &&= !requireReplica;
      checks.replica = `${lag.toFixed(1)} s behind (limit ${maxReplicaLagSeconds} s)${fallback}`;
    } else checks.replica = lag === null ? 'ok' : `${lag.toFixed(1)} s behind`;
  }
  return { ready, checks };
}
