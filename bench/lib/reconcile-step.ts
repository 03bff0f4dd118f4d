// The last step of the money benches: the ledger's reconciliation over the generated data and
// everything the run added (apps/server/src/domains/ledger/reconcile.ts).
import { openDatabase } from '../../apps/server/src/db/open.ts';
import { reconcile } from '../../apps/server/src/domains/ledger/reconcile.ts';

export async function reconcileStep(dbUrl: string) {
  const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 1 });
  const t0 = performance.now();
  try {
    const r = await reconcile(database.db, 10);
    return { balances: r.balances, entries: r.entries, differences: r.differences.length, seconds: Math.round((performance.now() - t0) / 1000) };
  } finally {
    await database.close();
  }
}
