/**
 * The databases every API test file runs on: PGlite in memory always, and PostgreSQL when
 * TEST_DATABASE_URL is set. Each suite (`open()`) gets a migrated database of its own; as in
 * main.ts, the owner's handle migrated it and `db` runs as the server's role (RUNTIME_ROLE).
 *
 * Nothing is migrated here (docs/decisions/038-test-databases.md): the unit project's global
 * setup (global-setup.ts, template.ts) migrates once per run, and a suite gets a copy of that:
 *
 * - PGlite: the file's instance starts from the migrated snapshot, whose schemas (PGLITE_SCHEMAS)
 *   are the file's first suites' databases; when they are used up another instance is started
 *   from the snapshot (1.5 s of CPU; migrating one schema costs 3 s).
 * - PostgreSQL: a database of its own, `CREATE DATABASE … TEMPLATE` of the run's template (0.3 s).
 *
 * A closed suite's schema or database is kept for the next `open()` of the same test file (and
 * on PostgreSQL of the next file of the same worker), emptied back to what the migrations left,
 * instead of a new copy: emptying the few tables a suite wrote costs ~0.1 s, and a dozen files
 * open a database per test. Emptied means: every table that has rows truncated (triggers off for
 * it, so the append-only guards let it happen), the rows the migrations wrote put back, and every
 * sequence set back to where the migrations left it. A suite that used `owner` (tampering, DDL,
 * its own migrations) may have changed more than rows: its schema or database is not used again
 * (a PGlite schema is left in the instance, which goes with the file; a PostgreSQL database is
 * renamed for the global setup to drop). Late queries of a closed suite cannot reach the next
 * one: its pools ended (pg refuses, and so does pglitePool).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { createPglite, openDatabase, RUNTIME_ROLE, type DatabaseKind, type Db, type OpenedDatabase } from '../db/open';
import type { ProvidedTestDatabases } from './global-setup';
import {
  databaseUrl,
  empty,
  PGLITE_SCHEMAS,
  pgliteSnapshot,
  runDatabases,
  withAdmin,
  type PgliteSnapshot,
  type PostgresTemplate,
  type Pristine,
} from './template';

export interface OpenedTestDatabase extends OpenedDatabase {
  /**
   * The owner of the tables (the login that ran the migrations). Not for the server: for
   * tests that act as an attacker with owner rights would, e.g. tampering with the log.
   */
  owner: Db;
}

export interface TestDatabase {
  kind: DatabaseKind;
  /** Opens a fresh, migrated database; `close` also drops (or empties) it. */
  open(): Promise<OpenedTestDatabase>;
}

const KEEP_AT_MOST = 2;

function provided(): ProvidedTestDatabases | undefined {
  try {
    return inject('testDatabases');
  } catch {
    return undefined; // not under vitest's unit project
  }
}

/**
 * The handles of one suite; `release(reusable)` is called once both pools are closed, reusable
 * when `owner` was not used and the schema or database was emptied.
 */
function suite(
  kind: DatabaseKind,
  pristine: Pristine,
  owner: OpenedDatabase,
  database: OpenedDatabase,
  keep: () => boolean,
  release: (reusable: boolean) => Promise<void>,
): OpenedTestDatabase {
  let ownerUsed = false;
  let closed = false;
  return {
    ...database,
    get owner() {
      ownerUsed = true;
      return owner.db;
    },
    async close() {
      if (closed) return;
      closed = true;
      await database.close();
      let reusable = !ownerUsed && keep();
      if (reusable) {
        try {
          await empty(owner.db, pristine);
        } catch {
          reusable = false;
        }
      }
      await owner.close();
      await release(reusable);
    },
  };
}

// ---- PGlite: one instance per test file (more when its snapshot's schemas are used up) ----

interface Instance {
  pglite: PGlite;
  schemas: number;
}
interface Slot {
  instance: Instance;
  schema: string;
}
/** Schemas ready for a suite: untouched ones of the snapshot, and emptied ones of closed suites. */
const ready: Slot[] = [];
let snapshot: Promise<{ data: Blob; pristine: Pristine } | undefined> | undefined;

function pgliteSource(): Promise<{ data: Blob; pristine: Pristine } | undefined> {
  return (snapshot ??= (async () => {
    const made: PgliteSnapshot = provided()?.pglite ?? (await pgliteSnapshot());
    return { data: new Blob([readFileSync(made.path)]), pristine: made.pristine };
  })());
}

/** A new instance from the snapshot: its schemas join `ready`. */
async function startInstance(): Promise<void> {
  const source = await pgliteSource();
  const instance: Instance = { pglite: await createPglite(undefined, source!.data), schemas: PGLITE_SCHEMAS.length };
  for (const schema of [...PGLITE_SCHEMAS].reverse()) ready.push({ instance, schema });
}

async function leave(slot: Slot): Promise<void> {
  slot.instance.schemas -= 1;
  if (slot.instance.schemas === 0) await slot.instance.pglite.close();
}

const pglite: TestDatabase = {
  kind: 'pglite',
  async open() {
    const { pristine } = (await pgliteSource())!;
    let slot = ready.pop();
    if (!slot) {
      await startInstance();
      slot = ready.pop()!;
    }
    // Everything through pools: they take turns on the instance and each sets its own role.
    const owner = await openDatabase({ pglite: slot.instance.pglite, searchPath: slot.schema });
    const database = await openDatabase({ pglite: slot.instance.pglite, searchPath: slot.schema, role: RUNTIME_ROLE });
    const taken = slot;
    // emptied for reuse only when fewer than KEEP_AT_MOST schemas are ready (untouched ones need no emptying)
    return suite(
      'pglite',
      pristine,
      owner,
      database,
      () => ready.length < KEEP_AT_MOST,
      async (reusable) => {
        if (reusable) ready.push(taken);
        else await leave(taken);
      },
    );
  },
};

// ---- PostgreSQL: a database per suite, cloned from the run's template ----

interface PgSlot {
  name: string;
  url: string;
}
const keptPostgres: PgSlot[] = [];
const suffix = () => randomBytes(5).toString('hex');

function template(): PostgresTemplate {
  const made = provided()?.postgres;
  if (!made)
    throw new Error('test databases: no PostgreSQL template; run the tests through vitest.config.ts (its unit project has the global setup that makes it)');
  return made;
}

async function rename(url: string, from: string, to: string): Promise<boolean> {
  try {
    await withAdmin(url, (c) => c.query(`ALTER DATABASE ${from} RENAME TO ${to}`));
    return true;
  } catch {
    return false; // still in use: the global setup drops it at the end of the run
  }
}

/** A clean database the worker's previous file kept (`_k<worker>_…`), renamed to in use. */
async function claimKept(url: string, prefix: string): Promise<string | undefined> {
  const worker = process.env.VITEST_POOL_ID;
  if (!worker) return undefined;
  for (const name of await runDatabases(url, `${prefix}_k${worker}_`)) {
    const inUse = `${prefix}_u_${suffix()}`;
    if (await rename(url, name, inUse)) return inUse;
  }
  return undefined;
}

function postgres(url: string): TestDatabase {
  return {
    kind: 'postgres',
    async open() {
      const { prefix, template: from, pristine } = template();
      let slot = keptPostgres.pop();
      if (!slot) {
        let name = await claimKept(url, prefix);
        if (!name) {
          name = `${prefix}_u_${suffix()}`;
          await withAdmin(url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${from}`));
        }
        slot = { name, url: databaseUrl(url, name) };
      }
      const owner = await openDatabase({ databaseUrl: slot.url, searchPath: 'public', poolSize: 2 });
      const database = await openDatabase({ databaseUrl: slot.url, searchPath: 'public', role: RUNTIME_ROLE, poolSize: 5 });
      const taken = slot;
      return suite(
        'postgres',
        pristine,
        owner,
        database,
        () => keptPostgres.length < KEEP_AT_MOST,
        async (reusable) => {
          if (reusable) keptPostgres.push(taken);
          else await rename(url, taken.name, `${prefix}_x_${suffix()}`);
        },
      );
    },
  };
}

/**
 * The test file ends (the setup file calls this): its kept PostgreSQL databases go to the
 * worker's next file (`_k<worker>_…`) or, outside a worker, to be dropped.
 */
export async function dropKeptSchemas(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  const slots = keptPostgres.splice(0);
  if (!url || slots.length === 0) return;
  const { prefix } = template();
  const worker = process.env.VITEST_POOL_ID;
  for (const slot of slots) await rename(url, slot.name, worker ? `${prefix}_k${worker}_${suffix()}` : `${prefix}_x_${suffix()}`);
}
(globalThis as { __dropKeptTestSchemas?: () => Promise<void> }).__dropKeptTestSchemas = dropKeptSchemas;

/** For `describe.each(databases())`. */
export function databases(): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pglite, postgres(url)] : [pglite];
}
