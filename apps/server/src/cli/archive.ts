/**
 * `npm run archive`: writes every month of the ledger, the game bets and the login trail older
 * than its retention to ARCHIVE_DIR (default ./archive) as gzip-compressed CSV with a SHA-256
 * checksum, then detaches and drops it (domains/partitions/archive.ts). Runs as the tables' owner
 * (MIGRATION_DATABASE_URL, else DATABASE_URL, else the PGlite under DATA_DIR: stop the server
 * first). `--dry-run` lists the months without changing anything. Retention: RETENTION_LEDGER_MONTHS
 * (24), RETENTION_BETS_MONTHS (13), RETENTION_LOGINS_MONTHS (6), closed months kept besides the current one.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from '../db/open';
import { archiveMonths, retentionFromEnv } from '../domains/partitions/archive';

const databaseUrl = process.env.MIGRATION_DATABASE_URL || process.env.DATABASE_URL || undefined;
const dataDir = resolve(process.env.DATA_DIR || './data');
if (!databaseUrl && !existsSync(dataDir)) {
  console.error(`no database: ${dataDir} does not exist (set DATA_DIR or DATABASE_URL)`);
  process.exit(2);
}
const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--dry-run');
if (unknown.length) {
  console.error(`unknown argument ${unknown[0]} (only --dry-run)`);
  process.exit(2);
}
let retention;
try {
  retention = retentionFromEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const database = await openDatabase({ databaseUrl, dataDir, poolSize: 1 });
try {
  const started = performance.now();
  const done = await archiveMonths(database.db, {
    dir: resolve(process.env.ARCHIVE_DIR || './archive'),
    retention,
    nowMs: Date.now(),
    dryRun: args.includes('--dry-run'),
  });
  for (const m of done)
    console.log(args.includes('--dry-run') ? `would archive ${m.partition}` : `archived ${m.partition}: ${m.rows} rows, ${m.file}, sha256 ${m.sha256}`);
  console.log(
    `${done.length} month(s) ${args.includes('--dry-run') ? 'past their retention' : 'archived'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await database.close();
}
