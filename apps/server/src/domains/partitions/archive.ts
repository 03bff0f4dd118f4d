/**
 * `npm run archive` (docs/decisions/056-monthly-partitions.md): every month of a partitioned table
 * older than its retention is written to a gzip-compressed CSV file with a SHA-256 checksum beside
 * it, then detached and dropped, oldest first. Reports keep their roll-ups (other tables); the
 * ledger's archived entries are summed per balance into ledger_opening, which reconciliation
 * starts from, and their idempotency keys stay in ledger_key, so no key can be used again; so
 * do the rounds' keys (game_round_key) and the events' claims (platform_event_claim, decision 057).
 *
 * One transaction a month: the month's partition is locked against writes (SHARE), its rows are
 * written out, the opening balances and the archived_month row are recorded, then the partition
 * is detached (a moment's ACCESS EXCLUSIVE on the table, waited for at most lockTimeoutMs) and
 * dropped. A failure leaves the month in place (a file may be left, and is rewritten next time).
 * A late row for an archived month goes to the default partition and stays online.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import { consoleMonth, monthAfter } from '@console/time';
import { wholeNumbers } from '../../config';
import type { Db } from '../../db/open';
import { monthPartitions, PARTITIONED, type MonthPartition, type PartitionedTable } from './partitions';

/** Closed months kept online per table, besides the current month. */
export type Retention = Record<PartitionedTable, number>;

export interface ArchiveOptions {
  dir: string;
  retention: Retention;
  nowMs: number;
  /** List what would be archived, change nothing. */
  dryRun?: boolean;
  lockTimeoutMs?: number;
  /** Rows read per fetch. */
  batch?: number;
}

export interface ArchivedMonth extends MonthPartition {
  rows: number;
  file: string;
  sha256: string;
}

/** The months past their retention, oldest first. */
export async function monthsToArchive(db: Db, retention: Retention, nowMs: number): Promise<MonthPartition[]> {
  const months = await monthPartitions(db);
  return months
    .filter((m) => m.month < consoleMonth(monthAfter(nowMs, -retention[m.table])))
    .sort((a, b) => a.month.localeCompare(b.month) || a.table.localeCompare(b.table));
}

/** A value as PostgreSQL's CSV reads it back (COPY … FROM … CSV): NULL unquoted and empty, '' quoted. */
export function pgCsvField(value: string | null): string {
  if (value === null) return '';
  return value === '' || /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Writes the rows of one partition (locked by the caller) to `file`; answers the count and the file's SHA-256. */
async function writeMonth(trx: Db, partition: string, file: string, batch: number): Promise<{ rows: number; sha256: string }> {
  const columns = (
    await sql<{ name: string }>`SELECT attname AS name FROM pg_attribute
      WHERE attrelid = ${partition}::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`.execute(trx)
  ).rows.map((r) => r.name);
  // in the order of its primary key (its key columns, not the ones it includes)
  const key = (
    await sql<{ name: string }>`SELECT a.attname AS name FROM pg_index i
      CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
      WHERE i.indrelid = ${partition}::regclass AND i.indisprimary AND k.n <= i.indnkeyatts ORDER BY k.n`.execute(trx)
  ).rows.map((r) => quoteIdent(r.name));
  const texts = columns.map((c) => `${quoteIdent(c)}::text`).join(', ');
  await sql.raw(`DECLARE archive_rows NO SCROLL CURSOR FOR SELECT ${texts} FROM ${quoteIdent(partition)} ORDER BY ${key.join(', ')}`).execute(trx);
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial);
  const hash = createHash('sha256');
  gzip.on('data', (chunk: Buffer) => hash.update(chunk));
  gzip.pipe(out);
  const write = (text: string) => (gzip.write(text) ? Promise.resolve() : new Promise<void>((resolve) => gzip.once('drain', () => resolve())));
  await write(`${columns.map((c) => pgCsvField(c)).join(',')}\n`);
  let rows = 0;
  for (;;) {
    const fetched = await sql.raw<Record<string, string | null>>(`FETCH ${batch} FROM archive_rows`).execute(trx);
    if (fetched.rows.length === 0) break;
    let text = '';
    for (const row of fetched.rows) text += `${Object.values(row).map(pgCsvField).join(',')}\n`;
    rows += fetched.rows.length;
    await write(text);
  }
  await sql`CLOSE archive_rows`.execute(trx);
  await new Promise<void>((resolve, reject) => {
    out.on('finish', resolve).on('error', reject);
    gzip.end();
  });
  renameSync(partial, file);
  return { rows, sha256: hash.digest('hex') };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Archives every month past its retention (see the top of the file); answers what it archived, or with dryRun what it would. */
export async function archiveMonths(db: Db, o: ArchiveOptions): Promise<ArchivedMonth[]> {
  const due = await monthsToArchive(db, o.retention, o.nowMs);
  if (o.dryRun) return due.map((m) => ({ ...m, rows: 0, file: '', sha256: '' }));
  const done: ArchivedMonth[] = [];
  for (const m of due) {
    const folder = join(o.dir, m.table);
    mkdirSync(folder, { recursive: true });
    const file = join(folder, `${m.partition}.csv.gz`);
    const written = await db.transaction().execute(async (trx) => {
      // timestamps in the file read the same wherever it is restored
      await sql`SET LOCAL TimeZone = 'UTC'`.execute(trx);
      await sql.raw(`LOCK TABLE ${quoteIdent(m.partition)} IN SHARE MODE`).execute(trx);
      const result = await writeMonth(trx, m.partition, file, o.batch ?? 10_000);
      if (m.table === 'ledger_entry') {
        await sql`
          INSERT INTO ledger_opening AS o (uid, currency, amount, entries, last_id, last_balance_after)
          SELECT uid, currency, sum(delta), count(*), max(id), (array_agg(balance_after ORDER BY id DESC))[1]
          FROM ${sql.table(m.partition)} GROUP BY uid, currency
          ON CONFLICT (uid, currency) DO UPDATE SET amount = o.amount + EXCLUDED.amount, entries = o.entries + EXCLUDED.entries,
            last_id = greatest(o.last_id, EXCLUDED.last_id),
            last_balance_after = CASE WHEN EXCLUDED.last_id > o.last_id THEN EXCLUDED.last_balance_after ELSE o.last_balance_after END`.execute(trx);
      }
      await trx.insertInto('archived_month').values({ table_name: m.table, month: m.month, row_count: result.rows, file, sha256: result.sha256 }).execute();
      await sql.raw(`SET LOCAL lock_timeout = ${Math.max(1, Math.trunc(o.lockTimeoutMs ?? 5_000))}`).execute(trx);
      await sql.raw(`ALTER TABLE ${quoteIdent(m.table)} DETACH PARTITION ${quoteIdent(m.partition)}`).execute(trx);
      await sql.raw(`DROP TABLE ${quoteIdent(m.partition)}`).execute(trx);
      return result;
    });
    writeFileSync(`${file}.sha256`, `${written.sha256}  ${m.partition}.csv.gz\n`);
    done.push({ ...m, ...written, file });
  }
  return done;
}

/** The retention settings (closed months kept online besides the current one), from the environment. */
export function retentionFromEnv(env: Record<string, string | undefined>): Retention {
  type Kind = (typeof PARTITIONED)[number]['kind'];
  const fallback: Record<Kind, number> = { LEDGER: 24, BETS: 13, LOGINS: 6, EVENTS: 13 };
  const name = (kind: Kind) => `RETENTION_${kind}_MONTHS` as const;
  const range = { min: 1, max: 1200 };
  const read = wholeNumbers(env, Object.fromEntries(PARTITIONED.map(({ kind }) => [name(kind), range])) as Record<ReturnType<typeof name>, typeof range>);
  return Object.fromEntries(PARTITIONED.map(({ table, kind }) => [table, read(name(kind), fallback[kind])])) as Retention;
}
