/**
 * Applied migrations carry the SHA-256 of their file: a file changed after it was applied is
 * refused by name (the change belongs in a new migration), a database from before checksums
 * adopts the files as they are, and a second run applies nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../test/databases';
import type { OpenedTestDatabase } from '../test/databases';
import { applyMigration, ChangedMigrationError, migrate, migrationFiles, pendingMigrations, WITHOUT_TRANSACTION } from './migrate';

describe.each(databases())('migration checksums on $kind', (kind) => {
  let opened: OpenedTestDatabase;
  beforeAll(async () => {
    opened = await kind.open();
  });
  afterAll(async () => opened?.close());

  it('records a checksum per migration; a second run applies nothing', async () => {
    const db = opened.owner;
    expect(await migrate(db)).toEqual([]);
    const rows = await db.selectFrom('schema_migration').select(['name', 'checksum']).orderBy('name').execute();
    expect(rows.map((r) => r.name)).toEqual(migrationFiles());
    for (const r of rows) expect(r.checksum, r.name).toMatch(/^[0-9a-f]{64}$/);
  });

  it('adopts the files of a database from before checksums, and refuses a file changed since', async () => {
    const db = opened.owner;
    await sql`UPDATE schema_migration SET checksum = NULL WHERE name = '001_accounts.sql'`.execute(db);
    expect(await migrate(db)).toEqual([]);
    const adopted = await db.selectFrom('schema_migration').select('checksum').where('name', '=', '001_accounts.sql').executeTakeFirstOrThrow();
    expect(adopted.checksum).toMatch(/^[0-9a-f]{64}$/);
    // as if the file had been edited after it was applied here
    const real = await db.selectFrom('schema_migration').select('checksum').where('name', '=', '005_players_ledger.sql').executeTakeFirstOrThrow();
    await sql`UPDATE schema_migration SET checksum = ${'0'.repeat(64)} WHERE name = '005_players_ledger.sql'`.execute(db);
    const refused = await migrate(db).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ChangedMigrationError);
    expect((refused as Error).message).toMatch(
      /^migration 005_players_ledger\.sql was changed after it was applied to this database \(checksum 000000000000…, the file's [0-9a-f]{12}…\): restore it and put the change in a new migration$/,
    );
    await sql`UPDATE schema_migration SET checksum = ${real.checksum} WHERE name = '005_players_ledger.sql'`.execute(db);
  });

  it('runs a migration marked to run without a transaction statement by statement (CREATE INDEX CONCURRENTLY), once', async () => {
    const db = opened.owner;
    const text = `${WITHOUT_TRANSACTION}: indexes built without blocking writes
CREATE INDEX CONCURRENTLY IF NOT EXISTS test_online_a_idx ON job_schedule (due_at);
-- a comment between statements
CREATE INDEX CONCURRENTLY IF NOT EXISTS test_online_b_idx ON job_schedule (finished_at); -- and after one
`;
    try {
      expect(await applyMigration(db, '990_test_online.sql', text)).toBe(true);
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname IN ('test_online_a_idx', 'test_online_b_idx')`.execute(db);
      expect(rows[0].n).toBe(2);
      expect(await applyMigration(db, '990_test_online.sql', text)).toBe(false);
    } finally {
      await sql`DROP INDEX IF EXISTS test_online_a_idx`.execute(db);
      await sql`DROP INDEX IF EXISTS test_online_b_idx`.execute(db);
      await sql`DELETE FROM schema_migration WHERE name = '990_test_online.sql'`.execute(db);
    }
  });

  it.runIf(kind.kind === 'postgres')('gives up on a table lock after the lock timeout, naming the migration and changing nothing', async () => {
    const db = opened.owner;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE job_schedule IN ACCESS EXCLUSIVE MODE`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    try {
      const refused = await applyMigration(db, '991_test_busy.sql', 'ALTER TABLE job_schedule ADD COLUMN test_busy integer;', { lockTimeoutMs: 300 }).catch(
        (e: unknown) => e,
      );
      expect((refused as Error).message).toBe(
        'migration 991_test_busy.sql waited more than 0.3 s for a table lock (the table is busy): nothing was changed; run it again when it is quieter, or raise MIGRATION_LOCK_TIMEOUT_MS',
      );
    } finally {
      release();
      await holder;
    }
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'job_schedule' AND column_name = 'test_busy'`.execute(db);
    expect(rows[0].n).toBe(0);
    expect(await db.selectFrom('schema_migration').select('name').where('name', '=', '991_test_busy.sql').execute()).toEqual([]);
  });

  it("leaves a newer release's functions alone and counts its database as current (a rolling deploy)", async () => {
    const db = opened.owner;
    await sql`INSERT INTO schema_migration (name, checksum) VALUES ('999_a_newer_release.sql', ${'f'.repeat(64)})`.execute(db);
    await sql`UPDATE schema_repeatable SET checksum = 'newer' WHERE name = 'ledger/sql/ledger_post.sql'`.execute(db);
    try {
      expect(await pendingMigrations(db)).toEqual([]);
      expect(await migrate(db)).toEqual([]);
      const kept = await db.selectFrom('schema_repeatable').select('checksum').where('name', '=', 'ledger/sql/ledger_post.sql').executeTakeFirstOrThrow();
      expect(kept.checksum).toBe('newer');
    } finally {
      await sql`DELETE FROM schema_migration WHERE name = '999_a_newer_release.sql'`.execute(db);
      await migrate(db);
    }
    expect(await pendingMigrations(db)).toEqual([]);
  });
});
