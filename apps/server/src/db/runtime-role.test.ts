import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type OpenedTestDatabase } from '../test/databases';
import { openDatabase, RUNTIME_ROLE, startupOptions, type Db } from './open';

const currentUser = async (d: Db) => (await sql<{ u: string }>`SELECT current_user AS u`.execute(d)).rows[0].u;

/** What RUNTIME_ROLE may do to a table of the current schema, as a string like 'SIUD'. */
async function rights(d: Db, table: string): Promise<string> {
  const { rows } = await sql<{ r: string }>`
    SELECT concat(
      CASE WHEN has_table_privilege(${RUNTIME_ROLE}, t, 'SELECT') THEN 'S' END,
      CASE WHEN has_table_privilege(${RUNTIME_ROLE}, t, 'INSERT') THEN 'I' END,
      CASE WHEN has_table_privilege(${RUNTIME_ROLE}, t, 'UPDATE') THEN 'U' END,
      CASE WHEN has_table_privilege(${RUNTIME_ROLE}, t, 'DELETE') THEN 'D' END,
      CASE WHEN has_table_privilege(${RUNTIME_ROLE}, t, 'TRUNCATE') THEN 'T' END,
      CASE WHEN has_table_privilege(${RUNTIME_ROLE}, t, 'TRIGGER') THEN 'G' END,
      CASE WHEN pg_has_role(${RUNTIME_ROLE}, (SELECT relowner FROM pg_class WHERE oid = t), 'USAGE') THEN 'O' END) AS r
    FROM (SELECT to_regclass(quote_ident(current_schema()) || '.' || ${table})::oid AS t) x`.execute(d);
  return rows[0].r;
}

describe.each(databases())('runtime role on $kind', (db) => {
  let database: OpenedTestDatabase;
  beforeAll(async () => {
    database = await db.open();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs the server handle as the runtime role and the owner handle as the login, in any order', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await currentUser(database.db)).toBe(RUNTIME_ROLE);
      expect(await currentUser(database.owner)).not.toBe(RUNTIME_ROLE);
    }
    const [a, b] = await Promise.all([currentUser(database.db), currentUser(database.owner)]);
    expect([a, b === RUNTIME_ROLE]).toEqual([RUNTIME_ROLE, false]);
  });

  it('grants plain DML, but only SELECT and INSERT on the log and no ownership anywhere', async () => {
    const d = database.owner;
    expect(await rights(d, 'operation_log')).toBe('SI');
    expect(await rights(d, 'operation_log_head')).toBe('SU');
    // the migrations' bookkeeping: read-only (a server checks the database is current, migration 067)
    expect(await rights(d, 'schema_migration')).toBe('S');
    expect(await rights(d, 'schema_repeatable')).toBe('S');
    for (const table of ['partner', 'console_account', 'totp_enrolment', 'account_session', 'signin_throttle']) {
      expect(await rights(d, table)).toBe('SIUD');
    }
  });

  it('gives tables of later migrations plain DML through default privileges', async () => {
    await sql`CREATE TABLE later_table (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, v text)`.execute(database.owner);
    expect(await rights(database.owner, 'later_table')).toBe('SIUD');
    await sql`INSERT INTO later_table (v) VALUES ('x')`.execute(database.db);
    await expect(sql`TRUNCATE later_table`.execute(database.db)).rejects.toThrow(/permission denied/);
    await sql`DROP TABLE later_table`.execute(database.owner);
  });
});

describe('startup options', () => {
  it("puts ours after the URL's own options, which pg would otherwise let replace them", () => {
    expect(startupOptions('postgres://u@h:5432/d', ['-c role=r'])).toEqual({ connectionString: 'postgres://u@h:5432/d', options: '-c role=r' });
    expect(startupOptions('postgres://u@h:5432/d', [])).toEqual({ connectionString: 'postgres://u@h:5432/d', options: undefined });
    expect(startupOptions('postgres://u@h:5432/d?options=-c%20role%3Dpostgres&sslmode=disable', ['-c role=r'])).toEqual({
      connectionString: 'postgres://u@h:5432/d?sslmode=disable',
      options: '-c role=postgres -c role=r',
    });
  });

  const url = process.env.TEST_DATABASE_URL;
  it.runIf(url)('keeps the role when the URL carries options of its own (PostgreSQL)', async () => {
    const withOptions = `${url}${url!.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c statement_timeout=1234')}`;
    const database = await openDatabase({ databaseUrl: withOptions, role: RUNTIME_ROLE, poolSize: 1 });
    try {
      const { rows } = await sql<{ u: string; t: string }>`SELECT current_user AS u, current_setting('statement_timeout') AS t`.execute(database.db);
      expect(rows[0]).toEqual({ u: RUNTIME_ROLE, t: '1234ms' });
    } finally {
      await database.close();
    }
  });
});
