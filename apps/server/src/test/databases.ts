/**
 * The databases every API test file runs on: PGlite in memory always, and PostgreSQL when
 * TEST_DATABASE_URL is set (a fresh schema per suite, dropped afterwards). As in main.ts,
 * the owner's handle migrates and `db` runs as the server's role (RUNTIME_ROLE).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { migrate } from '../db/migrate';
import { createPglite, openDatabase, RUNTIME_ROLE, type DatabaseKind, type Db, type OpenedDatabase } from '../db/open';

export interface OpenedTestDatabase extends OpenedDatabase {
  /**
   * The owner of the tables (the login that ran the migrations). Not for the server: for
   * tests that act as an attacker with owner rights would, e.g. tampering with the log.
   */
  owner: Db;
}

export interface TestDatabase {
  kind: DatabaseKind;
  /** Opens a fresh, migrated database; `close` also drops it. */
  open(): Promise<OpenedTestDatabase>;
}

const schemaName = () => `t_${randomBytes(6).toString('hex')}`;

/*
 * A closed suite's schema is kept for the next `open()` of the same test file, emptied back to
 * what the migrations left, instead of being dropped and a new one migrated: migrating the 160
 * tables costs 1–2 s (more on a busy machine), emptying the few a suite wrote costs ~0.1 s, and
 * a dozen files open a database per test. Emptied means: every table that has rows truncated
 * (triggers off for it, so the append-only guards let it happen), the rows the migrations wrote
 * put back, and every sequence set back to where the migrations left it. A suite that used
 * `owner` (tampering, DDL, its own migrations) may have changed more than rows: its schema is
 * dropped as before. Late queries of a closed suite cannot reach the next one: its pools ended
 * (pg refuses, and so does pglitePool). Kept PostgreSQL schemas are dropped when the test file
 * ends (the setup file calls `dropKeptSchemas`).
 */
interface Pristine {
  tables: string[];
  rows: { table: string; columns: string[]; json: string }[];
  sequences: Map<string, string | null>;
}
interface Kept { schema: string; pristine: Pristine }
const kept: Record<DatabaseKind, Kept[]> = { pglite: [], postgres: [] };
const KEEP_AT_MOST = 2;
const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function pristineOf(owner: Db): Promise<Pristine> {
  const tables = (await sql<{ t: string }>`SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1`.execute(owner)).rows.map((r) => r.t);
  const rows: Pristine['rows'] = [];
  for (const table of await withRows(owner, tables)) {
    const columns = (await sql<{ c: string }>`SELECT column_name AS c FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER' ORDER BY ordinal_position`.execute(owner)).rows.map((r) => r.c);
    const json = (await sql.raw<{ j: string }>(`SELECT coalesce(json_agg(t), '[]')::text AS j FROM ${q(table)} t`).execute(owner)).rows[0]!.j;
    rows.push({ table, columns, json });
  }
  return { tables, rows, sequences: await sequencesOf(owner) };
}

async function withRows(db: Db, tables: string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const probe = tables.map((t) => `SELECT '${t.replaceAll("'", "''")}' AS t WHERE EXISTS (SELECT 1 FROM ${q(t)})`).join(' UNION ALL ');
  return (await sql.raw<{ t: string }>(probe).execute(db)).rows.map((r) => r.t);
}

async function sequencesOf(db: Db): Promise<Map<string, string | null>> {
  const rows = (await sql<{ s: string; v: string | null }>`SELECT sequencename AS s, last_value::text AS v FROM pg_sequences WHERE schemaname = current_schema()`.execute(db)).rows;
  return new Map(rows.map((r) => [r.s, r.v]));
}

/** Empties a schema back to its pristine state (see above). */
async function empty(owner: Db, pristine: Pristine): Promise<void> {
  await owner.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    const dirty = new Set([...(await withRows(trx, pristine.tables)), ...pristine.rows.map((r) => r.table)]);
    if (dirty.size) await sql.raw(`TRUNCATE ${[...dirty].map(q).join(', ')} CASCADE`).execute(trx);
    for (const { table, columns, json } of pristine.rows) {
      const list = columns.map(q).join(', ');
      await sql`INSERT INTO ${sql.raw(q(table))} (${sql.raw(list)}) OVERRIDING SYSTEM VALUE
        SELECT ${sql.raw(list)} FROM json_populate_recordset(NULL::${sql.raw(q(table))}, ${json}::json)`.execute(trx);
    }
    for (const [name, value] of await sequencesOf(trx)) {
      const was = pristine.sequences.get(name);
      if (value === was) continue;
      if (was === null || was === undefined) await sql.raw(`ALTER SEQUENCE ${q(name)} RESTART`).execute(trx);
      else await sql`SELECT setval(${q(name)}::regclass, ${was}::bigint, true)`.execute(trx);
    }
  });
}

/** The test file ends: its kept PostgreSQL schemas go (PGlite's go with the instance). */
export async function dropKeptSchemas(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  const schemas = kept.postgres.splice(0).map((k) => k.schema);
  kept.pglite.length = 0;
  if (!url || schemas.length === 0) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await admin.end();
  }
}
(globalThis as { __dropKeptTestSchemas?: () => Promise<void> }).__dropKeptTestSchemas = dropKeptSchemas;

/**
 * The handles of one suite on `schema`; closing keeps the schema (emptied) unless `owner` was
 * used, emptying fails or the file already keeps enough, in which case it is dropped.
 */
function suite(kind: DatabaseKind, schema: string, pristine: Pristine, owner: OpenedDatabase, database: OpenedDatabase): OpenedTestDatabase {
  let ownerUsed = false;
  let closed = false;
  return {
    ...database,
    get owner() { ownerUsed = true; return owner.db; },
    async close() {
      if (closed) return;
      closed = true;
      await database.close();
      let keep = !ownerUsed && kept[kind].length < KEEP_AT_MOST;
      if (keep) {
        try { await empty(owner.db, pristine); } catch { keep = false; }
      }
      if (!keep) await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(owner.db);
      await owner.close();
      if (keep) kept[kind].push({ schema, pristine });
    },
  };
}

// Starting PGlite takes seconds: one in-memory instance per test file, a fresh schema per suite.
let sharedPglite: ReturnType<typeof createPglite> | undefined;

const pglite: TestDatabase = {
  kind: 'pglite',
  async open() {
    const instance = await (sharedPglite ??= createPglite());
    const reuse = kept.pglite.pop();
    const schema = reuse?.schema ?? schemaName();
    // Everything through pools: they take turns on the instance and each sets its own role.
    const owner = await openDatabase({ pglite: instance, searchPath: schema });
    let pristine = reuse?.pristine;
    if (!pristine) {
      await sql.raw(`CREATE SCHEMA ${schema}`).execute(owner.db);
      await migrate(owner.db);
      pristine = await pristineOf(owner.db);
    }
    const database = await openDatabase({ pglite: instance, searchPath: schema, role: RUNTIME_ROLE });
    return suite('pglite', schema, pristine, owner, database);
  },
};

function postgres(url: string): TestDatabase {
  return {
    kind: 'postgres',
    async open() {
      const reuse = kept.postgres.pop();
      const schema = reuse?.schema ?? schemaName();
      if (!reuse) {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`CREATE SCHEMA ${schema}`);
        await admin.end();
      }
      const owner = await openDatabase({ databaseUrl: url, searchPath: schema, poolSize: 2 });
      let pristine = reuse?.pristine;
      if (!pristine) {
        await migrate(owner.db);
        pristine = await pristineOf(owner.db);
      }
      const database = await openDatabase({ databaseUrl: url, searchPath: schema, role: RUNTIME_ROLE, poolSize: 5 });
      return suite('postgres', schema, pristine, owner, database);
    },
  };
}

/** For `describe.each(databases())`. */
export function databases(): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pglite, postgres(url)] : [pglite];
}
