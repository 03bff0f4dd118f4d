/**
 * `npx tsx apps/server/src/domains/games/reconcile-cli.ts [--from ISO] [--to ISO] [--game id]`:
 * every round's player seats against their wallet entries (reconcile.ts) on the server's
 * database (DATABASE_URL, else the PGlite under DATA_DIR, default ./data; stop the server
 * first). Default range: the last 24 hours. Prints "ok, N rounds" (exit 0) or each difference
 * (exit 1).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../db/open';
import { reconcileRounds } from './reconcile';

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' }, game: { type: 'string' } } });
const to = values.to ? new Date(values.to) : new Date();
const from = values.from ? new Date(values.from) : new Date(to.getTime() - 86_400_000);
if (!Number.isFinite(from.getTime()) || !Number.isFinite(to.getTime())) {
  console.error('--from and --to are ISO 8601 times');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = resolve(process.env.DATA_DIR || './data');
if (!databaseUrl && !existsSync(dataDir)) {
  console.error(`no database: ${dataDir} does not exist (set DATA_DIR or DATABASE_URL)`);
  process.exit(2);
}
const database = await openDatabase({ databaseUrl, dataDir, poolSize: 1 });
try {
  const result = await reconcileRounds(database.db, { from, to, game: values.game });
  for (const d of result.differences) {
    console.log(`${d.appId} ${d.game} round ${d.roundId} uid ${d.uid}: bet ${d.bet} debited ${d.debited}, win ${d.win} credited ${d.credited}`);
  }
  if (result.differences.length === 0) console.log(`ok, ${result.rounds} rounds from ${from.toISOString()} to ${to.toISOString()}`);
  else {
    console.log(`${result.differences.length} difference(s) in ${result.rounds} rounds${result.differences.length >= 1000 ? ' (first 1000)' : ''}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
