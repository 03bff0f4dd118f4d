/**
 * Runs the numbered SQL files of ../migrations in order, each in its own transaction, and
 * records them in schema_migration. An advisory lock makes concurrent starts take turns. Then
 * the secrets still in clear are sealed (secrets/columns.ts).
 */
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

/** Applies the pending migrations; returns the names applied now. */
export async function migrate(db: Db): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  const applied: string[] = [];
  for (const file of migrationFiles()) {
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
      const done = await trx.selectFrom('schema_migration').select('name').where('name', '=', file).executeTakeFirst();
      if (done) return;
      await sql.raw(readFileSync(MIGRATIONS_DIR + file, 'utf8')).execute(trx);
      await trx.insertInto('schema_migration').values({ name: file }).execute();
      applied.push(file);
    });
    // from 061 on the sealed columns' CHECKs refuse an UPDATE of a row still in clear: seal them at once
    if (file.startsWith('061_') && applied.includes(file)) await sealClearSecrets(db);
  }
  // secrets still in clear (written before migration 061) are sealed before anything reads them
  await sealClearSecrets(db);
  return applied;
}
