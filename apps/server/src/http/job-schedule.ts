/**
 * The schedule of the background jobs, shared by every server instance on one database
 * (docs/decisions/055-jobs-across-instances.md). A job's row in
 * `job_schedule` says when it is next due and who runs it now:
 *
 *   - a run is claimed with one UPDATE that takes the row only when it is due and no live lease
 *     holds it, so of several instances exactly one runs each due run;
 *   - the runner renews its lease while it works; an instance killed mid-run stops renewing,
 *     the lease runs out, and the next instance to look claims the run again and finishes it
 *     (every job's work is resumable: it claims its own rows with SKIP LOCKED or keys, and a
 *     step cut off rolls back whole);
 *   - the end of a run clears the lease and sets the next due time, only if this instance
 *     still holds it (a runner that lost its lease, say after a long pause, records nothing).
 *
 * Times are the database's (clock_timestamp()), the one clock every instance shares.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/open';

export interface JobScheduleOptions {
  /** How long a claim holds without renewal (60 s); renewed every third of it while running. */
  leaseMs?: number;
  /** Told of every run's end (metrics). */
  onRun?: (id: string, outcome: 'ok' | 'failed' | 'lost', seconds: number) => void;
}

export type Claim = { claimed: true } | { claimed: false; waitMs: number };

export class JobSchedule {
  /** This process among the instances (host, pid and a random part: pids repeat across hosts). */
  readonly holder = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  readonly leaseMs: number;

  constructor(
    private readonly db: Db,
    private readonly options: JobScheduleOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  /**
   * A job known to this instance: its row is made, first due `firstAfterMs` from now. A row
   * already there keeps its due time (a restart, or another instance's start, does not run the
   * job again), at most one period away (a shortened period takes effect at once).
   */
  async register(id: string, firstAfterMs: number, everyMs: number): Promise<void> {
    await sql`
      INSERT INTO job_schedule AS j (id, due_at) VALUES (${id}, clock_timestamp() + make_interval(secs => ${firstAfterMs / 1000}))
      ON CONFLICT (id) DO UPDATE SET due_at = LEAST(j.due_at, clock_timestamp() + make_interval(secs => ${everyMs / 1000}))`.execute(this.db);
  }

  /** Takes the job's run if it is due and free; else how long until it may be. */
  async claim(id: string): Promise<Claim> {
    const { rows } = await sql<{ wait_ms: number | null; claimed: boolean }>`
      WITH took AS (
        UPDATE job_schedule SET holder = ${this.holder}, lease_until = clock_timestamp() + make_interval(secs => ${this.leaseMs / 1000}),
          started_at = clock_timestamp()
        WHERE id = ${id} AND due_at <= clock_timestamp() AND (lease_until IS NULL OR lease_until < clock_timestamp())
        RETURNING id)
      SELECT EXISTS (SELECT 1 FROM took) AS claimed,
        (SELECT ceil(extract(epoch FROM GREATEST(due_at, COALESCE(lease_until, due_at)) - clock_timestamp()) * 1000)::float8
           FROM job_schedule WHERE id = ${id}) AS wait_ms`.execute(this.db);
    const row = rows[0];
    if (row?.claimed) return { claimed: true };
    return { claimed: false, waitMs: Math.max(1_000, row?.wait_ms ?? this.leaseMs) };
  }

  /** Keeps the lease of a run in progress; false when another instance took it meanwhile. */
  async renew(id: string): Promise<boolean> {
    const r = await sql`
      UPDATE job_schedule SET lease_until = clock_timestamp() + make_interval(secs => ${this.leaseMs / 1000})
      WHERE id = ${id} AND holder = ${this.holder}`.execute(this.db);
    return Number(r.numAffectedRows ?? 0) > 0;
  }

  /**
   * The end of a claimed run: next due in `nextMs`, the lease cleared, the run counted. False
   * when this instance no longer held it (nothing is recorded then).
   */
  async finish(id: string, nextMs: number, error: unknown, seconds: number): Promise<boolean> {
    const failed = error !== undefined;
    const message = failed ? (error instanceof Error ? error.message : String(error)).slice(0, 500) : null;
    const r = await sql`
      UPDATE job_schedule SET holder = NULL, lease_until = NULL, finished_at = clock_timestamp(),
        due_at = clock_timestamp() + make_interval(secs => ${nextMs / 1000}),
        runs = runs + 1, failures = failures + ${failed ? 1 : 0},
        last_error = ${message}, last_seconds = ${seconds}
      WHERE id = ${id} AND holder = ${this.holder}`.execute(this.db);
    const held = Number(r.numAffectedRows ?? 0) > 0;
    this.options.onRun?.(id, !held ? 'lost' : failed ? 'failed' : 'ok', seconds);
    return held;
  }

  /** Hands back the runs this instance holds (a graceful stop: another instance may take them at once). */
  async release(): Promise<void> {
    await sql`UPDATE job_schedule SET holder = NULL, lease_until = NULL WHERE holder = ${this.holder}`.execute(this.db);
  }
}

/** The id of a job (its name, lower case, words joined by '-'): `JOBS_OFF` and the schedule's rows name it. */
export const jobId = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Whether this process leaves a job to the others (README "Environment"): `JOBS_OFF` lists job
 * ids, comma-separated, or `all`; `<ID>_JOB=0` (say `VIP_EVALUATION_JOB=0`) switches one off too.
 */
export function jobSwitchedOff(id: string, env: Record<string, string | undefined> = process.env): boolean {
  const off = (env.JOBS_OFF ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  if (off.includes('all') || off.includes(id)) return true;
  return env[`${id.toUpperCase().replace(/-/g, '_')}_JOB`] === '0';
}
