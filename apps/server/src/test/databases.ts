/**
 * The databases every API test file runs on: PGlite in memory always, and PostgreSQL when
 * TEST_DATABASE_URL is set (a fresh schema per suite, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../db/migrate';
import { createPglite, openDatabase, type DatabaseKind, type OpenedDatabase } from '../db/open';

export interface TestDatabase {
  kind: DatabaseKind;
  /** Opens a fresh, migrated database; `close` also drops it. */
  open(): Promise<OpenedDatabase>;
}

const schemaName = () => `t_${randomBytes(6).toString('hex')}`;

// Starting PGlite takes seconds: one in-memory instance per test file, a fresh schema per suite.
let sharedPglite: ReturnType<typeof createPglite> | undefined;

const pglite: TestDatabase = {
  kind: 'pglite',
  async open() {
    const instance = await (sharedPglite ??= createPglite());
    const schema = schemaName();
    await instance.exec(`CREATE SCHEMA ${schema}`);
    const database = await openDatabase({ pglite: instance, searchPath: schema });
    await migrate(database.db);
    return {
      ...database,
      async close() {
        await database.close();
        await instance.exec(`DROP SCHEMA ${schema} CASCADE`);
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
      const database = await openDatabase({ databaseUrl: url, searchPath: schema, poolSize: 5 });
      await migrate(database.db);
      return {
        ...database,
        async close() {
          await database.close();
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
