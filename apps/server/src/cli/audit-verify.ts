/**
 * `npm run audit:verify [-- --anchors <file>]`: walks the operation log's hash chain on the
 * server's database (DATABASE_URL, else the PGlite under DATA_DIR, default ./data). Prints
 * "ok, N records" (exit 0) or the first altered record's id (exit 1). With an anchor file (the
 * server's AUDIT_ANCHOR_FILE, kept outside the database: domains/operation-log/anchor.ts), every
 * anchored record must also still carry its anchored hash, so a chain rewritten whole by someone
 * holding the owner's credentials is caught. With PGlite, stop the server first: an embedded
 * database directory must have one process at a time.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from '../db/open';
import { checkAnchors, readAnchors, type Anchor } from '../domains/operation-log/anchor';
import { verifyOperationLog } from '../domains/operation-log/verify';

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = resolve(process.env.DATA_DIR || './data');
if (!databaseUrl && !existsSync(dataDir)) {
  console.error(`no database: ${dataDir} does not exist (set DATA_DIR or DATABASE_URL)`);
  process.exit(2);
}
const anchorsAt = process.argv.indexOf('--anchors');
let anchors: Anchor[] | null = null;
if (anchorsAt >= 0) {
  try {
    anchors = readAnchors(process.argv[anchorsAt + 1] ?? '');
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}
const database = await openDatabase({ databaseUrl, dataDir, poolSize: 1 });
try {
  const verdict = await verifyOperationLog(database.db);
  const anchored = verdict.ok && anchors ? await checkAnchors(database.db, anchors) : null;
  if (anchored && !anchored.ok) {
    console.log(`rewritten: ${anchored.reason}`);
    process.exitCode = 1;
  } else if (verdict.ok) {
    const held = anchored?.ok
      ? `; ${anchored.checked} anchor${anchored.checked === 1 ? '' : 's'} hold${anchored.latest ? ` (latest: record ${anchored.latest.id} at ${anchored.latest.at})` : ''}`
      : '';
    console.log(`ok, ${verdict.count} records${held}`);
  } else {
    console.log(`altered record: ${verdict.id} (${verdict.reason}; ${verdict.count} records before it are intact)`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
