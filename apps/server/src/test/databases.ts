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

// Starting PGlite takes seconds: one in-memory instance per test file, a fresh schema per suite.
let sharedPglite: ReturnType<typeof createPglite> | undefined;

const pglite: TestDatabase = {
  kind: 'pglite',
  async open() {
    const instance = await (sharedPglite ??= createPglite());
    const schema = schemaName();
    // Everything through pools: they take turns on the instance and each sets its own role.
    const owner = await openDatabase({ pglite: instance, searchPath: schema });
    await sql.raw(`CREATE SCHEMA ${schema}`).execute(owner.db);
    await migrate(owner.db);
    const database = await openDatabase({ pglite: instance, searchPath: schema, role: RUNTIME_ROLE });
    return {
      ...database,
      owner: owner.db,
      async close() {
        await database.close();
        await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(owner.db);
        await owner.close();
      },
    };
  },
};

function postgres(url: string): TestDatabase {
  return {
    kind: 'postgres',
    async open() {
      const schema = schemaName();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const owner = await openDatabase({ databaseUrl: url, searchPath: schema, poolSize: 2 });
      await migrate(owner.db);
      const database = await openDatabase({ databaseUrl: url, searchPath: schema, role: RUNTIME_ROLE, poolSize: 5 });
      return {
        ...database,
        owner: owner.db,
        async close() {
          await database.close();
          await owner.close();
          const dropper = new pg.Client({ connectionString: url });
          await dropper.connect();
          await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
          await dropper.end();
        },
      };
    },
  };
}

/** For `describe.each(databases())`. */
export function databases(): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pglite, postgres(url)] : [pglite];
}
