/**
 * `npm run reconcile`: recomputes every player balance from the ledger on the server's database
 * (DATABASE_URL, else the PGlite under DATA_DIR, default ./data). Prints "ok, N balances, M
 * entries; A accounts, B account entries" (exit 0) or each difference (exit 1). With PGlite, stop the server first.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from '../db/open';
import { reconcile } from '../domains/ledger/reconcile';

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = resolve(process.env.DATA_DIR || './data');
if (!databaseUrl && !existsSync(dataDir)) {
  console.error(`no database: ${dataDir} does not exist (set DATA_DIR or DATABASE_URL)`);
  process.exit(2);
}
const database = await openDatabase({ databaseUrl, dataDir, poolSize: 1 });
try {
  const result = await reconcile(database.db);
  if (result.differences.length === 0 && result.accountDifferences.length === 0) {
    console.log(`ok, ${result.balances} balances, ${result.entries} entries; ${result.accounts} accounts, ${result.accountEntries} account entries`);
  } else {
    for (const d of result.accountDifferences) {
      console.log(
        `account ${d.account} (${d.kind} ${d.owner} ${d.currency}): balance ${d.balance}, entries sum ${d.fromEntries}, latest entry after ${d.lastBalanceAfter ?? '-'}`,
      );
    }
    for (const d of result.differences) {
      console.log(`uid ${d.uid} ${d.currency}: balance ${d.balance}, entries sum ${d.fromEntries}, latest entry after ${d.lastBalanceAfter ?? '-'}`);
    }
    console.log(`${result.differences.length} difference(s)${result.differences.length >= 1000 ? ' (first 1000)' : ''}`);
    if (result.accountDifferences.length > 0) console.log(`${result.accountDifferences.length} account difference(s)`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
