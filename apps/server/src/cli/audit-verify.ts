/**
 * `npm run audit:verify`: walks the operation log's hash chain on the server's database
 * (DATABASE_URL, else the PGlite under DATA_DIR, default ./data). Prints "ok, N records"
 * (exit 0) or the first altered record's id (exit 1). With PGlite, stop the server first:
 * an embedded database directory must have one process at a time.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from '../db/open';
import { verifyOperationLog } from '../domains/operation-log/verify';

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = resolve(process.env.DATA_DIR || './data');
if (!databaseUrl && !existsSync(dataDir)) {
  console.error(`no database: ${dataDir} does not exist (set DATA_DIR or DATABASE_URL)`);
  process.exit(2);
}
const database = await openDatabase({ databaseUrl, dataDir, poolSize: 1 });
try {
  const verdict = await verifyOperationLog(database.db);
  if (verdict.ok) {
    console.log(`ok, ${verdict.count} records`);
  } else {
    console.log(`altered record: ${verdict.id} (${verdict.reason}; ${verdict.count} records before it are intact)`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
