/** Checks shared by the configuration writes: named items exist; a removal others still need is a 409, not a 500. */
import type { Db } from '../../db/open';
import { conflict } from '../../http/api-error';

/** 409 naming the first code of `codes` that has no row in `table`. */
export async function requireAll(db: Db, table: 'recharge_product' | 'payment_package' | 'recharge_channel', codes: string[], noun: string): Promise<void> {
  if (codes.length === 0) return;
  const column = table === 'recharge_product' ? 'product_id' : table === 'payment_package' ? 'package' : 'channel';

  const rows = (await (db.selectFrom(table) as any).select(`${column} as code`).where(column, 'in', codes).execute()) as { code: string }[];
  const found = new Set(rows.map((r) => r.code));
  const missing = codes.find((c) => !found.has(c));
  if (missing !== undefined) throw conflict(`${noun} ${missing} does not exist`);
}

/** Runs a removal; a row of another table still pointing at it (SQLSTATE 23503) becomes a 409 with `message`. */
export async function removing<T>(run: () => Promise<T>, message: string): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if ((err as { code?: unknown }).code === '23503') throw conflict(message);
    throw err;
  }
}
