/**
 * Monthly partitions (docs/decisions/056-monthly-partitions.md, 057): the ledger, the game rounds
 * and bets, the login trail and the platform events' records are partitioned by console month
 * (GMT+08:00). The partitions job makes the
 * months ahead, so a write never waits for a month to exist; what is older than its retention
 * leaves through `npm run archive` (archive.ts).
 */
import { sql } from 'kysely';
import { monthAfter } from '@console/time';
import type { Db } from '../../db/open';
import { registerRepeatingJob } from '../../http/repeating-job';
import type { BackgroundHost } from '../manifest';

/**
 * The partitioned tables, each with the kind of data its retention setting names (a round and
 * its bets share their month and their retention). month_partitions_ensure takes every table of
 * the schema partitioned by range; partitions.test.ts holds the two to the same list.
 */
export const PARTITIONED = [
  { table: 'ledger_entry', kind: 'LEDGER' },
  { table: 'game_round', kind: 'BETS' },
  { table: 'game_bet', kind: 'BETS' },
  { table: 'player_login', kind: 'LOGINS' },
  { table: 'platform_event', kind: 'EVENTS' },
] as const;
export type PartitionedTable = (typeof PARTITIONED)[number]['table'];

/** Months made ahead of the current one. */
export const MONTHS_AHEAD = 3;

/**
 * Makes the partitions from this month to MONTHS_AHEAD ahead that are missing; answers a line a
 * month made or refused. Waits at most `lockTimeoutMs` for the locks an attach takes, then fails
 * (the job tries again an hour later; a month is made three months before it is needed).
 */
export async function ensureMonths(db: Db, nowMs: number, lockTimeoutMs = 2_000): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql.raw(`SET LOCAL lock_timeout = ${Math.max(1, Math.trunc(lockTimeoutMs))}`).execute(trx);
    const { rows } = await sql<{ made: string }>`
      SELECT month_partitions_ensure(${new Date(nowMs)}::timestamptz, ${monthAfter(nowMs, MONTHS_AHEAD)}::timestamptz) AS made`.execute(trx);
    return rows.map((r) => r.made);
  });
}

export interface MonthPartition {
  table: PartitionedTable;
  /** Its partition, say ledger_entry_2026_12. */
  partition: string;
  /** 'YYYY-MM', the console month. */
  month: string;
}

/** The monthly partitions of each partitioned table, oldest first (the default partition is not one). */
export async function monthPartitions(db: Db): Promise<MonthPartition[]> {
  const { rows } = await sql<{ parent: string; partition: string }>`
    SELECT p.relname AS parent, c.relname AS partition
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
    JOIN pg_namespace n ON n.oid = p.relnamespace
    WHERE n.nspname = current_schema() AND p.relname IN (${sql.join(PARTITIONED.map((p) => p.table))})
    ORDER BY c.relname`.execute(db);
  return rows.flatMap((r) => {
    const m = /_(\d{4})_(\d{2})$/.exec(r.partition);
    return m ? [{ table: r.parent as PartitionedTable, partition: r.partition, month: `${m[1]}-${m[2]}` }] : [];
  });
}

export function registerPartitionsJob(app: BackgroundHost, db: Db, now: () => number): void {
  registerRepeatingJob(app, {
    name: 'partitions',
    firstAfterMs: 5_000,
    everyMs: 60 * 60_000,
    retryMs: 10 * 60_000,
    run: async () => {
      const made = await ensureMonths(db, now());
      const refused = made.filter((m) => m.includes(' refused: '));
      if (made.length > refused.length) app.log.info({ made: made.filter((m) => !refused.includes(m)) }, 'partitions made');
      if (refused.length) app.log.warn({ refused }, 'partitions refused');
    },
  });
}
