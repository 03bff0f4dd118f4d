/**
 * `npm run migrate`: applies the pending migrations and repeatable files to the server's database
 * (MIGRATION_DATABASE_URL, else DATABASE_URL, else the PGlite under DATA_DIR, default ./data),
 * alone: the deploy step before servers start with MIGRATE=0 and a login that is only a member
 * of console_app (docs/deploy.md). Two runs at once take turns on an advisory lock. A statement
 * waits at most MIGRATION_LOCK_TIMEOUT_MS (10 s) for a table lock (docs/migrations.md). Prints one
 * line per migration applied and "database current" (exit 0), or the failure (exit 1; a changed
 * migration: exit 2). With PGlite, stop the server first.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { ChangedMigrationError, migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { processSettingsFromEnv } from '../config';

let lockTimeoutMs: number;
try {
  lockTimeoutMs = processSettingsFromEnv(process.env, false).migrationLockTimeoutMs;
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const databaseUrl = process.env.MIGRATION_DATABASE_URL || process.env.DATABASE_URL || undefined;
const dataDir = resolve(process.env.DATA_DIR || './data');
if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
const database = await openDatabase({ databaseUrl, dataDir, poolSize: 1 });
const started = performance.now();
try {
  const applied = await migrate(database.db, { lockTimeoutMs });
  for (const name of applied) console.log(`applied ${name}`);
  console.log(
    `database current (${applied.length} migration${applied.length === 1 ? '' : 's'} applied, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
} catch (error) {
  console.error(error instanceof ChangedMigrationError ? error.message : `migration failed: ${(error as Error).message}`);
  process.exitCode = error instanceof ChangedMigrationError ? 2 : 1;
} finally {
  await database.close();
}
