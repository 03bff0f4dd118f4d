/**
 * The read replica (READ_DATABASE_URL; docs/deploy.md "A read replica"): a PostgreSQL streaming
 * replica of the primary. The operations declared `reads: 'replica'` (lists, their exports,
 * bounded reports and dashboards: http/operation.ts) read from it; writes, and everything a guard
 * reads, stay on the primary.
 *
 * Reads after a write: a staff member who just changed something must see the change. After a
 * change commits, the position of the primary's WAL is recorded for the account
 * (staff_last_write, on the primary; any instance writes and reads it). A read of that account
 * goes to the replica only once the replica has replayed past that position; until then, and
 * when the replica cannot say, it goes to the primary. Every other account reads from the
 * replica at once (a few hundred milliseconds behind at most, under normal load).
 *
 * A replica further behind than its limit, or unreachable, is left alone: every read goes to the
 * primary until it has caught up (measured at most every 2 s). GET /api/ready reports it and stays
 * 200 unless READY_REQUIRES_REPLICA=1 (docs/deploy.md: one lagging replica must not take every
 * server out of the load balancer).
 */
import { sql } from 'kysely';
import type { Db } from './open';

/** A recorded write older than this no longer holds reads on the primary (the replica is long past it, or broken: then readiness says so). */
const HOLD_MS = 5 * 60_000;

/** How long a measured lag is taken as current before it is measured again. */
const LAG_FRESH_MS = 2_000;

export class ReadReplica {
  /** Reads sent to the replica and to the primary instead (tests and metrics). */
  readonly counts = { replica: 0, primary: 0 };
  private lag: { seconds: number | null; at: number; pending: Promise<number | null> | null } = { seconds: 0, at: 0, pending: null };

  /**
   * `maxLagSeconds`: further behind than this (or unreachable), the replica is left alone and every
   * read goes to the primary until it has caught up (READY_MAX_REPLICA_LAG_SECONDS, default 30).
   */
  constructor(
    readonly db: Db,
    private readonly primary: Db,
    private readonly maxLagSeconds = 30,
  ) {}

  /** The replica's lag as last measured (at most LAG_FRESH_MS old); Infinity when it could not be measured. */
  private async currentLag(): Promise<number> {
    if (Date.now() - this.lag.at > LAG_FRESH_MS && !this.lag.pending) {
      this.lag.pending = this.lagSeconds()
        .catch(() => Number.POSITIVE_INFINITY)
        .then((seconds) => {
          this.lag = { seconds, at: Date.now(), pending: null };
          return seconds;
        });
    }
    const seconds = this.lag.pending && this.lag.at === 0 ? await this.lag.pending : this.lag.seconds;
    return seconds ?? 0;
  }

  /** After a staff change committed: where the primary's WAL is now. */
  async recordWrite(accountId: number): Promise<void> {
    await sql`
      INSERT INTO staff_last_write (account_id, lsn, at) VALUES (${accountId}, pg_current_wal_lsn(), now())
      ON CONFLICT (account_id) DO UPDATE SET lsn = EXCLUDED.lsn, at = EXCLUDED.at`.execute(this.primary);
  }

  /** The database an account's read should use: the replica once it replayed the account's last change. */
  async forAccount(accountId: number): Promise<Db> {
    if ((await this.currentLag()) > this.maxLagSeconds) {
      this.counts.primary += 1;
      return this.primary;
    }
    const last = await sql<{ lsn: string }>`
      SELECT lsn::text AS lsn FROM staff_last_write
      WHERE account_id = ${accountId} AND at > now() - make_interval(secs => ${HOLD_MS / 1000})`.execute(this.primary);
    const lsn = last.rows[0]?.lsn;
    if (lsn !== undefined && !(await this.replayed(lsn))) {
      this.counts.primary += 1;
      return this.primary;
    }
    this.counts.replica += 1;
    return this.db;
  }

  /** Whether the replica replayed the primary's WAL up to `lsn` (false when it cannot say). */
  async replayed(lsn: string): Promise<boolean> {
    try {
      const { rows } = await sql<{ ok: boolean | null }>`SELECT pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn AS ok`.execute(this.db);
      return rows[0]?.ok === true;
    } catch {
      return false;
    }
  }

  /**
   * How far the replica is behind, in seconds: 0 when it replayed everything it received, else
   * the age of the last transaction it replayed (GET /api/ready, the metrics). Null when the
   * database is not a replica.
   */
  async lagSeconds(): Promise<number | null> {
    const { rows } = await sql<{ standby: boolean; lag: number | null }>`
      SELECT pg_is_in_recovery() AS standby,
        CASE WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
             ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 END AS lag`.execute(this.db);
    return rows[0]?.standby ? Math.max(0, rows[0].lag ?? 0) : null;
  }
}
