/**
 * Applied migrations carry the SHA-256 of their file: a file changed after it was applied is
 * refused by name (the change belongs in a new migration), a database from before checksums
 * adopts the files as they are, and a second run applies nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../test/databases';
import type { OpenedTestDatabase } from '../test/databases';
import { ChangedMigrationError, migrate, migrationFiles } from './migrate';

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
    await sql`UPDATE schema_migration SET checksum = ${'0'.repeat(64)} WHERE name = '005_players_ledger.sql'`.execute(db);
    const refused = await migrate(db).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ChangedMigrationError);
    expect((refused as Error).message).toMatch(
      /^migration 005_players_ledger\.sql was changed after it was applied to this database \(checksum 000000000000…, the file's [0-9a-f]{12}…\): restore it and put the change in a new migration$/,
    );
    await sql`UPDATE schema_migration SET checksum = ${adopted.checksum} WHERE name = '005_players_ledger.sql'`.execute(db).catch(() => undefined);
  });
});
