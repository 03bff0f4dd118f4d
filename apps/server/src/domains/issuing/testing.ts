/** Test helpers of the issuing tests: players in bulk, batch text, and what the ledger holds for a batch. */
import { sql } from 'kysely';
import type { Db } from '../../db/open';

/** Players `first` … `first + count - 1` (partner `partner`) with empty balances, in two statements. */
export async function addPlayers(db: Db, first: number, count: number, partner = 0): Promise<void> {
  const last = first + count - 1;
  await sql`
    INSERT INTO player (uid, name, register_ip, register_device, registered_at, partner)
    SELECT g, 'p' || g, '10.0.0.1', 'dev-' || g, '2026-11-01T00:00:00Z', ${partner} FROM generate_series(${first}::integer, ${last}::integer) g`.execute(db);
  await sql`
    INSERT INTO player_balance (uid, partner) SELECT g, ${partner} FROM generate_series(${first}::integer, ${last}::integer) g`.execute(db);
}

/** `uid,amount` lines. */
export const batchText = (lines: { uid: number; amount: number }[]) => lines.map((l) => `${l.uid},${l.amount}`).join('\n');

/** Ledger entries of a batch: how many lines have 0, 1 or more entries, and their sum. */
export async function batchLedger(db: Db, batchId: number) {
  const { rows } = await sql<{ lines: string; once: string; twice: string; missing: string; sent_total: string; entries_total: string }>`
    WITH e AS (
      SELECT idem_key, count(*) AS n, sum(delta) AS total FROM ledger_entry WHERE idem_key LIKE ${`batch:${batchId}:%`} GROUP BY idem_key
    )
    SELECT count(*) AS lines,
      count(*) FILTER (WHERE e.n = 1) AS once,
      count(*) FILTER (WHERE e.n > 1) AS twice,
      count(*) FILTER (WHERE l.status = 'sent' AND e.n IS NULL) AS missing,
      coalesce(sum(l.amount) FILTER (WHERE l.status = 'sent'), 0) AS sent_total,
      coalesce((SELECT sum(total) FROM e), 0) AS entries_total
    FROM issue_batch_line l LEFT JOIN e ON e.idem_key = 'batch:' || l.batch_id || ':' || l.line_no
    WHERE l.batch_id = ${batchId}`.execute(db);
  const r = rows[0];
  return {
    lines: Number(r.lines),
    once: Number(r.once),
    twice: Number(r.twice),
    missing: Number(r.missing),
    sentTotal: Number(r.sent_total),
    entriesTotal: Number(r.entries_total),
  };
}
