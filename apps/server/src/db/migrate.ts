/**
 * Runs the numbered SQL files of ../migrations in order, each in its own transaction, and
 * records them in schema_migration with the SHA-256 of their text. An applied migration whose
 * file has changed since is refused by name: a change goes into a new migration (a database
 * from before checksums adopts the files as they are). An advisory lock makes concurrent
 * starts take turns.
 *
 * Then the repeatable files: the current definition of every database function and its
 * triggers, one file per function in the sql/ folder of the domain it belongs to. They are
 * applied (CREATE OR REPLACE) in one transaction after the numbered migrations, each when its
 * text changed since it was last applied here, and all of them when a numbered migration ran
 * (it may have dropped or replaced one). Numbered migrations hold table changes; a function is
 * changed by editing its file (docs/decisions/049-repeatable-sql.md). Last, the secrets still
 * in clear are sealed (secrets/columns.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { sealClearSecrets } from '../secrets/columns';
import type { Db } from './open';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
const DOMAINS_DIR = fileURLToPath(new URL('../domains/', import.meta.url));
const LOCK_KEY = 7_314_001;

export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort();
}

/** The repeatable files, as `<domain>/sql/<function>.sql` paths under domains/, in name order. */
export function repeatableFiles(): string[] {
  const files: string[] = [];
  for (const domain of readdirSync(DOMAINS_DIR).sort()) {
    const dir = join(DOMAINS_DIR, domain, 'sql');
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).sort()) if (/^[a-z][a-z0-9_]*\.sql$/.test(file)) files.push(`${domain}/sql/${file}`);
  }
  return files;
}

/** The text of a repeatable file (a path of repeatableFiles()). */
export const repeatableText = (file: string): string => readFileSync(join(DOMAINS_DIR, file), 'utf8');

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** An applied migration whose file no longer matches what was applied. */
export class ChangedMigrationError extends Error {}

/**
 * Applies the pending migrations; returns the names applied now. The whole run holds a session
 * advisory lock on one connection, so that two processes started on an empty database take turns
 * (the second then finds everything applied): `npm run migrate` alone, or each server at start.
 */
export async function migrate(db: Db, options: MigrateOptions = {}): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${LOCK_KEY})`.execute(conn);
    try {
      return await migrateLocked(conn, options);
    } finally {
      await sql`SELECT pg_advisory_unlock(${LOCK_KEY})`.execute(conn);
    }
  });
}

/**
 * What a database still lacks against these files (a server started with MIGRATE=0 refuses to
 * run on it; GET /api/ready reports it): migrations not applied, or applied from another text,
 * and repeatable files whose text was not applied. Empty: current.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const exists = await sql<{ t: string | null }>`SELECT to_regclass('schema_migration')::text AS t`.execute(db);
  if (!exists.rows[0]?.t) return ['schema_migration (the database was never migrated)'];
  const applied = new Map((await db.selectFrom('schema_migration').select(['name', 'checksum']).execute()).map((r) => [r.name, r.checksum]));
  const pending = migrationFiles().filter((file) => {
    const checksum = applied.get(file);
    return checksum === undefined || (checksum !== null && checksum !== sha256(readFileSync(MIGRATIONS_DIR + file, 'utf8')));
  });
  // a database a newer release migrated (its files go further than ours): our functions are older
  // than its, by design of a rolling deploy; only a numbered file of ours it lacks is pending
  if (newerMigrations([...applied.keys()]).length > 0) return pending;
  const recorded = new Map((await db.selectFrom('schema_repeatable').select(['name', 'checksum']).execute()).map((r) => [r.name, r.checksum]));
  return [...pending, ...repeatableFiles().filter((file) => recorded.get(file) !== sha256(repeatableText(file)))];
}

/** Applied migrations this release has no file for: the database was migrated by a newer release. */
function newerMigrations(applied: string[]): string[] {
  const ours = new Set(migrationFiles());
  const last = [...ours].sort().at(-1) ?? '';
  return applied.filter((name) => !ours.has(name) && name > last);
}

async function migrateLocked(db: Db, options: MigrateOptions): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  await sql`ALTER TABLE schema_migration ADD COLUMN IF NOT EXISTS checksum text`.execute(db);
  const applied: string[] = [];
  for (const file of migrationFiles()) {
    if (await applyMigration(db, file, readFileSync(MIGRATIONS_DIR + file, 'utf8'), options)) applied.push(file);
    // from 061 on the sealed columns' CHECKs refuse an UPDATE of a row still in clear: seal them at once
    if (file.startsWith('061_') && applied.includes(file)) await sealClearSecrets(db);
  }
  // a server of the previous release restarted during a rolling deploy must not put its older
  // functions back over the newer release's (docs/migrations.md)
  const recorded = (await db.selectFrom('schema_migration').select('name').execute()).map((r) => r.name);
  if (newerMigrations(recorded).length > 0) return applied;
  await applyRepeatables(db, applied.length > 0, options);
  // secrets still in clear (written before migration 061) are sealed before anything reads them
  await sealClearSecrets(db);
  return applied;
}

export interface MigrateOptions {
  /**
   * How long a migration's statement may wait for a table lock (MIGRATION_LOCK_TIMEOUT_MS,
   * default 10 s): on a live database an ALTER waiting behind a long transaction would make every
   * call to that table queue behind it. Past it the migration fails, naming itself, and changes
   * nothing; run it again when the table is quieter.
   */
  lockTimeoutMs?: number;
}

/**
 * The first line that makes a migration run outside a transaction, one statement at a time: for
 * CREATE INDEX CONCURRENTLY on a big table, which builds the index without blocking writes and
 * cannot run in a transaction. Each statement must be safe to run again (IF NOT EXISTS), since a
 * failure part way leaves the earlier ones done; the migration is recorded once all succeeded.
 * Statements end with a `;` at the end of a line.
 */
export const WITHOUT_TRANSACTION = '-- migrate: without transaction';

/** Applies one migration unless it was (checking its checksum); true when applied now. */
export async function applyMigration(db: Db, file: string, text: string, { lockTimeoutMs = 10_000 }: MigrateOptions = {}): Promise<boolean> {
  const checksum = sha256(text);
  const lockWait = sql.raw(`SET LOCAL lock_timeout = ${Math.max(1, Math.trunc(lockTimeoutMs))}`);
  const named = (error: unknown): Error => {
    const e = error as { code?: string; message?: string };
    if (e?.code === '55P03') {
      return new Error(
        `migration ${file} waited more than ${lockTimeoutMs / 1000} s for a table lock (the table is busy): nothing was changed; run it again when it is quieter, or raise MIGRATION_LOCK_TIMEOUT_MS`,
        {
          cause: error,
        },
      );
    }
    return error instanceof Error ? error : new Error(String(error));
  };
  const recorded = async (trx: Db): Promise<boolean> => {
    const done = await trx.selectFrom('schema_migration').select(['name', 'checksum']).where('name', '=', file).executeTakeFirst();
    if (!done) return false;
    if (done.checksum === null) {
      await trx.updateTable('schema_migration').set({ checksum }).where('name', '=', file).execute();
    } else if (done.checksum !== checksum) {
      throw new ChangedMigrationError(
        `migration ${file} was changed after it was applied to this database (checksum ${done.checksum.slice(0, 12)}…, the file's ${checksum.slice(0, 12)}…): restore it and put the change in a new migration`,
      );
    }
    return true;
  };
  if (text.startsWith(WITHOUT_TRANSACTION)) {
    if (await recorded(db)) return false;
    const statements = text
      .split(/;[ \t]*(?:--[^\n]*)?\n/)
      .map((s) => s.replace(/^(?:\s*--[^\n]*\n)+/, '').trim())
      .filter((s) => s !== '' && !s.startsWith('--'));
    for (const statement of statements) {
      try {
        await sql.raw(`SET lock_timeout = ${Math.max(1, Math.trunc(lockTimeoutMs))}`).execute(db);
        await sql.raw(statement.replace(/;\s*$/, '')).execute(db);
      } catch (error) {
        throw named(error);
      } finally {
        await sql`RESET lock_timeout`.execute(db);
      }
    }
    // a CREATE INDEX CONCURRENTLY that failed part way leaves an invalid index, which IF NOT EXISTS
    // then skips: refuse to record the migration over one
    const { rows: invalid } = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE NOT i.indisvalid AND c.relnamespace = current_schema()::regnamespace`.execute(db);
    if (invalid.length > 0) {
      throw new Error(
        `migration ${file} left invalid indexes (${invalid.map((r) => r.name).join(', ')}): drop them (DROP INDEX CONCURRENTLY) and run it again`,
      );
    }
    await db.insertInto('schema_migration').values({ name: file, checksum }).execute();
    return true;
  }
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
      if (await recorded(trx)) return false;
      await lockWait.execute(trx);
      await sql.raw(text).execute(trx);
      await trx.insertInto('schema_migration').values({ name: file, checksum }).execute();
      return true;
    });
  } catch (error) {
    if (error instanceof ChangedMigrationError) throw error;
    throw named(error);
  }
}

/**
 * Applies the repeatable files whose text differs from what schema_repeatable recorded, or all
 * of them when `all`; returns the files applied. Function bodies are not checked at creation
 * (a function may call one of a file that comes later); a file that does not parse, or whose
 * trigger names a missing table, fails the start with its name.
 */
export async function applyRepeatables(db: Db, all = false, { lockTimeoutMs = 10_000 }: MigrateOptions = {}): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    await sql`SET LOCAL check_function_bodies = off`.execute(trx);
    // a trigger's CREATE OR REPLACE locks its table against writes until this commits: wait for it only so long
    await sql.raw(`SET LOCAL lock_timeout = ${Math.max(1, Math.trunc(lockTimeoutMs))}`).execute(trx);
    const recorded = new Map((await trx.selectFrom('schema_repeatable').select(['name', 'checksum']).execute()).map((r) => [r.name, r.checksum]));
    for (const file of repeatableFiles()) {
      const text = repeatableText(file);
      const checksum = sha256(text);
      if (!all && recorded.get(file) === checksum) continue;
      try {
        await sql.raw(text).execute(trx);
      } catch (error) {
        throw new Error(`repeatable ${file}: ${(error as Error).message}`, { cause: error });
      }
      await trx
        .insertInto('schema_repeatable')
        .values({ name: file, checksum })
        .onConflict((oc) => oc.column('name').doUpdateSet({ checksum, applied_at: sql`now()` }))
        .execute();
      applied.push(file);
    }
  });
  return applied;
}
