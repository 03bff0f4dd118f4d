/**
 * Runs the numbered SQL files of ../migrations in order, each in its own transaction, and
 * records them in schema_migration with the SHA-256 of their text. An applied migration whose
 * file has changed since is refused by name: a change goes into a new migration (a database
 * from before checksums adopts the files as they are). An advisory lock makes concurrent
 * starts take turns. Then the secrets still in clear are sealed (secrets/columns.ts).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { sealClearSecrets } from '../secrets/columns';
import type { Db } from './open';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
const LOCK_KEY = 7_314_001;

export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
}

/** An applied migration whose file no longer matches what was applied. */
export class ChangedMigrationError extends Error {}

/** Applies the pending migrations; returns the names applied now. */
export async function migrate(db: Db): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  await sql`ALTER TABLE schema_migration ADD COLUMN IF NOT EXISTS checksum text`.execute(db);
  const applied: string[] = [];
  for (const file of migrationFiles()) {
    const text = readFileSync(MIGRATIONS_DIR + file, 'utf8');
    const checksum = createHash('sha256').update(text).digest('hex');
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
      const done = await trx.selectFrom('schema_migration').select(['name', 'checksum']).where('name', '=', file).executeTakeFirst();
      if (done) {
        if (done.checksum === null) {
          await trx.updateTable('schema_migration').set({ checksum }).where('name', '=', file).execute();
        } else if (done.checksum !== checksum) {
          throw new ChangedMigrationError(`migration ${file} was changed after it was applied to this database (checksum ${done.checksum.slice(0, 12)}…, the file's ${checksum.slice(0, 12)}…): restore it and put the change in a new migration`);
        }
        return;
      }
      await sql.raw(text).execute(trx);
      await trx.insertInto('schema_migration').values({ name: file, checksum }).execute();
      applied.push(file);
    });
    // from 061 on the sealed columns' CHECKs refuse an UPDATE of a row still in clear: seal them at once
    if (file.startsWith('061_') && applied.includes(file)) await sealClearSecrets(db);
  }
  // secrets still in clear (written before migration 061) are sealed before anything reads them
  await sealClearSecrets(db);
  return applied;
}
