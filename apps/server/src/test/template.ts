/**
 * The migrated databases a unit run clones instead of migrating (docs/decisions/038-test-databases.md).
 * Migrating the 160 tables costs 3 s of CPU on PGlite and 2–8 s on PostgreSQL, and a run used to
 * do it several hundred times; the global setup of the unit project (global-setup.ts) now makes:
 *
 * - PGlite: a data directory with PGLITE_SCHEMAS migrated, dumped as a tar in the temporary
 *   directory and named by MIGRATIONS_HASH (so a changed migration is a new snapshot, never a
 *   stale one; kept between runs, older ones go once an hour old). A test file's PGlite starts
 *   from it (1.5 s of CPU instead of 5 s for a fresh instance plus 3 s per migrated schema).
 * - PostgreSQL: a template database `<prefix>_tpl`, migrated once per run; a suite's database is
 *   `CREATE DATABASE … TEMPLATE` of it (0.3 s). The prefix `ct_<hash>_<pid>` names the run;
 *   every database of it is dropped when the run ends, and those of runs whose process is gone
 *   (killed) at the start of the next one.
 *
 * `Pristine` is what the migrations leave in a schema (rows and sequences), which a kept schema
 * or database is emptied back to (databases.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { migrate, migrationFiles, repeatableFiles, repeatableText } from '../db/migrate';
import { createPglite, openDatabase, type Db } from '../db/open';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MIGRATIONS = join(ROOT, 'apps/server/src/migrations');

/** The schemas migrated in the PGlite snapshot: a file's first suites take them, later ones empty them or load another copy. */
export const PGLITE_SCHEMAS = ['t_0', 't_1', 't_2'];

/** A hash of everything that makes the migrated database: the migrations and repeatable files, the code running them, PGlite's version and the schemas. */
export function migrationsHash(): string {
  const hash = createHash('sha256').update(JSON.stringify(PGLITE_SCHEMAS));
  hash.update(readFileSync(join(ROOT, 'apps/server/src/db/migrate.ts')));
  hash.update(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  for (const file of migrationFiles()) hash.update(file).update(readFileSync(join(MIGRATIONS, file)));
  for (const file of repeatableFiles()) hash.update(file).update(repeatableText(file));
  return hash.digest('hex').slice(0, 12);
}

export interface Pristine {
  tables: string[];
  rows: { table: string; columns: string[]; json: string }[];
  sequences: [name: string, value: string | null][];
}

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function withRows(db: Db, tables: string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const probe = tables.map((t) => `SELECT '${t.replaceAll("'", "''")}' AS t WHERE EXISTS (SELECT 1 FROM ${quote(t)})`).join(' UNION ALL ');
  return (await sql.raw<{ t: string }>(probe).execute(db)).rows.map((r) => r.t);
}

export async function sequencesOf(db: Db): Promise<[string, string | null][]> {
  const rows = (
    await sql<{
      s: string;
      v: string | null;
    }>`SELECT sequencename AS s, last_value::text AS v FROM pg_sequences WHERE schemaname = current_schema() ORDER BY 1`.execute(db)
  ).rows;
  return rows.map((r) => [r.s, r.v]);
}

/** What the migrations left in the current schema of `owner`. */
export async function pristineOf(owner: Db): Promise<Pristine> {
  // a month's partition is emptied and filled through its partitioned table
  const tables = (
    await sql<{ t: string }>`SELECT c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`.execute(owner)
  ).rows.map((r) => r.t);
  const rows: Pristine['rows'] = [];
  for (const table of await withRows(owner, tables)) {
    const columns = (
      await sql<{ c: string }>`SELECT column_name AS c FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER' ORDER BY ordinal_position`.execute(owner)
    ).rows.map((r) => r.c);
    const json = (await sql.raw<{ j: string }>(`SELECT coalesce(json_agg(t), '[]')::text AS j FROM ${quote(table)} t`).execute(owner)).rows[0].j;
    rows.push({ table, columns, json });
  }
  return { tables, rows, sequences: await sequencesOf(owner) };
}

/** Empties the current schema of `owner` back to `pristine`: rows truncated (triggers off, so the append-only guards let it) and put back, sequences reset. */
export async function empty(owner: Db, pristine: Pristine): Promise<void> {
  await owner.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    const dirty = new Set([...(await withRows(trx, pristine.tables)), ...pristine.rows.map((r) => r.table)]);
    if (dirty.size) await sql.raw(`TRUNCATE ${[...dirty].map(quote).join(', ')} CASCADE`).execute(trx);
    for (const { table, columns, json } of pristine.rows) {
      const list = columns.map(quote).join(', ');
      await sql`INSERT INTO ${sql.raw(quote(table))} (${sql.raw(list)}) OVERRIDING SYSTEM VALUE
        SELECT ${sql.raw(list)} FROM json_populate_recordset(NULL::${sql.raw(quote(table))}, ${json}::json)`.execute(trx);
    }
    const was = new Map(pristine.sequences);
    for (const [name, value] of await sequencesOf(trx)) {
      const before = was.get(name);
      if (value === before) continue;
      if (before === null || before === undefined) await sql.raw(`ALTER SEQUENCE ${quote(name)} RESTART`).execute(trx);
      else await sql`SELECT setval(${quote(name)}::regclass, ${before}::bigint, true)`.execute(trx);
    }
  });
}

// ---- PGlite ------------------------------------------------------------------------------

export interface PgliteSnapshot {
  path: string;
  pristine: Pristine;
}

/**
 * The migrated PGlite data directory of MIGRATIONS_HASH: made when missing (runs at once may
 * both make it; each writes its own part file and renames it, so a reader sees a whole one).
 */
export async function pgliteSnapshot(hash = migrationsHash()): Promise<PgliteSnapshot> {
  const base = join(tmpdir(), `console-migrated-${hash}`);
  if (existsSync(`${base}.tar`) && existsSync(`${base}.json`)) {
    return { path: `${base}.tar`, pristine: JSON.parse(readFileSync(`${base}.json`, 'utf8')) as Pristine };
  }
  const instance = await createPglite();
  let pristine: Pristine | undefined;
  try {
    for (const schema of PGLITE_SCHEMAS) {
      const owner = await openDatabase({ pglite: instance, searchPath: schema });
      try {
        await sql.raw(`CREATE SCHEMA ${schema}`).execute(owner.db);
        await migrate(owner.db);
        pristine ??= await pristineOf(owner.db);
      } finally {
        await owner.close();
      }
    }
    // a clean checkpoint: a copy started from it replays no WAL
    await instance.exec('CHECKPOINT');
    const dump = await instance.dumpDataDir('none');
    const part = `.part-${process.pid}-${randomBytes(4).toString('hex')}`;
    writeFileSync(`${base}.json${part}`, JSON.stringify(pristine));
    renameSync(`${base}.json${part}`, `${base}.json`);
    writeFileSync(`${base}.tar${part}`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${base}.tar${part}`, `${base}.tar`);
  } finally {
    await instance.close();
  }
  // snapshots of other migrations: gone once an hour old (a run of them may still be reading one)
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (name.startsWith('console-migrated-') && !path.startsWith(base)) {
      try {
        if (Date.now() - statSync(path).mtimeMs > 3_600_000) unlinkSync(path);
      } catch {
        /* gone meanwhile */
      }
    }
  }
  return { path: `${base}.tar`, pristine: pristine! };
}

// ---- PostgreSQL --------------------------------------------------------------------------

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs `work` on a client of `url`, then closes it. */
export async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The databases of a run are `ct_<hash>_<pid>_…`: `<prefix>_tpl` the template, `_u…` in use, `_k<worker>…` kept clean for the worker's next file, `_x…` to drop. */
const RUN_DATABASE = /^ct_[0-9a-f]+_(\d+)_/;

export interface PostgresTemplate {
  prefix: string;
  template: string;
  pristine: Pristine;
}

/** Drops the databases named (at most 8 at a time: each DROP DATABASE waits for a checkpoint, which those at once share). */
export async function dropDatabases(url: string, names: string[]): Promise<void> {
  const queue = [...names];
  await Promise.all(
    Array.from({ length: Math.min(8, queue.length) }, () =>
      withAdmin(url, async (c) => {
        for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
          await c.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
        }
      }),
    ),
  );
}

/** The databases whose name starts with `prefix`. */
export async function runDatabases(url: string, prefix: string): Promise<string[]> {
  const like = `${prefix.replace(/[\\_%]/g, (c) => `\\${c}`)}%`;
  return withAdmin(url, async (c) =>
    (await c.query<{ d: string }>(`SELECT datname AS d FROM pg_database WHERE datname LIKE $1 ORDER BY 1`, [like])).rows.map((r) => r.d),
  );
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Creates the run's template database and migrates it; first drops what killed runs left (their process is gone). */
export async function postgresTemplate(url: string, hash = migrationsHash()): Promise<PostgresTemplate> {
  const left = (await runDatabases(url, 'ct_')).filter((name) => {
    const pid = Number(RUN_DATABASE.exec(name)?.[1] ?? NaN);
    return Number.isFinite(pid) && (pid === process.pid || !alive(pid));
  });
  await dropDatabases(url, left);
  const prefix = `ct_${hash}_${process.pid}`;
  const template = `${prefix}_tpl`;
  await withAdmin(url, (c) => c.query(`CREATE DATABASE ${template}`));
  const owner = await openDatabase({ databaseUrl: databaseUrl(url, template), poolSize: 1 });
  let pristine: Pristine;
  try {
    await migrate(owner.db);
    pristine = await pristineOf(owner.db);
  } finally {
    await owner.close();
  }
  // nobody connects to it any more (CREATE DATABASE … TEMPLATE refuses a template in use)
  await withAdmin(url, (c) => c.query(`ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false`));
  return { prefix, template, pristine };
}
