/**
 * One step of a batch: one transaction that credits the next chunk of its pending lines.
 *
 * In the transaction, in this order:
 *   1. the batch row, `FOR UPDATE SKIP LOCKED`: exactly one worker (of any process) advances
 *      a batch at a time; the others skip it and come back later;
 *   2. the next pending lines by line number;
 *   3. the issuer's daily limit charged line by line (limits.ts chargeEach, usage row locked):
 *      a line that does not fit fails with the limit's message, a later smaller one may fit;
 *   4. the fitting lines' credits through the ledger (idempotency key `batch:<id>:<line>`),
 *      in uid order so that concurrent batches lock balance rows in one order; one
 *      statement for the chunk, or line by line when one of them is refused;
 *   5. the lines marked sent (with their entry) or failed (with the reason), the batch's
 *      counters, and `done` when no line is left.
 * All of it commits together or not at all: a process killed at any point leaves the chunk
 * pending, and whoever takes the batch next credits it once.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { IssueCurrency } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { post, postMany, type Movement, type Posted } from '../ledger/ledger';
import { chargeEach, releaseIssue } from './limits';

export const LEDGER_REASONS: Record<IssueCurrency, string> = { chip: 'batch.chip', withdrawable: 'batch.cash' };
export const PLAYER_NOT_FOUND = 'Player not found';
export const CREDIT_FAILED = 'Credit failed';
export const ISSUER_DISABLED = 'The issuing account is disabled or removed';

export const batchKey = (batchId: number, line: number) => `batch:${batchId}:${line}`;

/** What a step did: credited a chunk, finished the batch, or found it taken or not running. */
export type StepResult = 'advanced' | 'finished' | 'skipped';

interface Outcome {
  line: number;
  status: 'sent' | 'failed';
  message: string;
  entry: number | null;
  amount: number;
}

export async function advanceBatch(db: Db, batchId: number, chunkLines: number, now: Date): Promise<StepResult> {
  return db.transaction().execute(async (trx) => {
    const locked = await sql<{ currency: IssueCurrency; created_by: string }>`
      SELECT currency, created_by FROM issue_batch WHERE id = ${batchId} AND status = 'running' FOR UPDATE SKIP LOCKED`.execute(trx);
    const batch = locked.rows[0];
    if (!batch) return 'skipped';
    const lines = await trx
      .selectFrom('issue_batch_line')
      .select(['line_no', 'uid', 'amount'])
      .where('batch_id', '=', batchId)
      .where('status', '=', 'pending')
      .orderBy('line_no')
      .limit(chunkLines)
      .execute();
    if (lines.length === 0) {
      await trx.updateTable('issue_batch').set({ status: 'done', finished_at: now }).where('id', '=', batchId).execute();
      return 'finished';
    }
    const outcomes = await creditLines(
      trx,
      batchId,
      batch,
      lines.map((l) => ({ line: l.line_no, uid: l.uid, amount: l.amount })),
      now,
    );
    await markLines(trx, batchId, outcomes);
    const sent = outcomes.filter((o) => o.status === 'sent');
    const left = lines.length < chunkLines ? 0 : await pendingCount(trx, batchId);
    await sql`
      UPDATE issue_batch SET
        sent_lines = sent_lines + ${sent.length},
        sent_amount = sent_amount + ${sent.reduce((s, o) => s + o.amount, 0)},
        failed_lines = failed_lines + ${outcomes.length - sent.length},
        status = ${left === 0 ? 'done' : 'running'},
        finished_at = ${left === 0 ? now : null}
      WHERE id = ${batchId}`.execute(trx);
    return left === 0 ? 'finished' : 'advanced';
  });
}

async function pendingCount(trx: Db, batchId: number): Promise<number> {
  const row = await trx
    .selectFrom('issue_batch_line')
    .select(sql<number>`1`.as('one'))
    .where('batch_id', '=', batchId)
    .where('status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  return row ? 1 : 0;
}

async function creditLines(
  trx: Db,
  batchId: number,
  batch: { currency: IssueCurrency; created_by: string },
  lines: { line: number; uid: number; amount: number }[],
  now: Date,
): Promise<Outcome[]> {
  const account = await trx.selectFrom('console_account').select(['roles', 'enabled']).where('username', '=', batch.created_by).executeTakeFirst();
  if (!account?.enabled) return lines.map((l) => ({ line: l.line, status: 'failed', message: ISSUER_DISABLED, entry: null, amount: l.amount }));
  const present = await trx
    .selectFrom('player_balance')
    .select('uid')
    .where(sql<boolean>`uid = ANY(string_to_array(${lines.map((l) => l.uid).join(',')}, ',')::integer[])`)
    .execute();
  const known = new Set(present.map((r) => r.uid));
  const payable = lines.filter((l) => known.has(l.uid));
  const { refusals } = await chargeEach(
    trx,
    { username: batch.created_by, roles: account.roles },
    batch.currency,
    payable.map((l) => l.amount),
    now,
  );
  const refusalOf = new Map(payable.map((l, i) => [l.line, refusals[i]!]));
  const outcomes = new Map<number, Outcome>();
  for (const l of lines) {
    const refusal = known.has(l.uid) ? refusalOf.get(l.line)! : PLAYER_NOT_FOUND;
    if (refusal !== null) outcomes.set(l.line, { line: l.line, status: 'failed', message: refusal, entry: null, amount: l.amount });
  }
  const credits = payable.filter((l) => refusalOf.get(l.line) === null).sort((a, b) => a.uid - b.uid);
  const movements = credits.map((l) => {
    const key = batchKey(batchId, l.line);
    return {
      uid: l.uid,
      currency: batch.currency,
      delta: l.amount,
      reason: LEDGER_REASONS[batch.currency],
      ref: key,
      actor: `staff:${batch.created_by}`,
      key,
      at: now,
    };
  });
  const posted = await creditAll(trx, movements);
  let released = 0;
  credits.forEach((l, i) => {
    const result = posted[i];
    if (typeof result === 'string') released += l.amount;
    outcomes.set(
      l.line,
      typeof result === 'string'
        ? { line: l.line, status: 'failed', message: result, entry: null, amount: l.amount }
        : { line: l.line, status: 'sent', message: '', entry: result.entryId, amount: l.amount },
    );
  });
  await releaseIssue(trx, batch.created_by, batch.currency, released, now);
  return lines.map((l) => outcomes.get(l.line)!);
}

/**
 * The chunk's credits in one statement (ledger.postMany). Should one be refused (a player
 * gone), the statement is undone to a savepoint and the credits go one by one, each under its
 * own savepoint: the refused ones get their message, the others are paid.
 */
async function creditAll(trx: Db, movements: Movement[]): Promise<(Posted | string)[]> {
  await sql`SAVEPOINT batch_credits`.execute(trx);
  try {
    const posted = await postMany(trx, movements);
    await sql`RELEASE SAVEPOINT batch_credits`.execute(trx);
    return posted;
  } catch {
    await sql`ROLLBACK TO SAVEPOINT batch_credits`.execute(trx);
  }
  const results: (Posted | string)[] = [];
  for (const m of movements) {
    await sql`SAVEPOINT batch_line`.execute(trx);
    try {
      results.push(await post(trx, m));
      await sql`RELEASE SAVEPOINT batch_line`.execute(trx);
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT batch_line`.execute(trx);
      results.push(error instanceof ApiError ? error.message : CREDIT_FAILED);
    }
  }
  return results;
}

/** One UPDATE for the chunk's lines. */
async function markLines(trx: Db, batchId: number, outcomes: Outcome[]): Promise<void> {
  const rows = sql.join(outcomes.map((o) => sql`(${o.line}::integer, ${o.status}::text, ${o.message}::text, ${o.entry}::bigint)`));
  await sql`
    UPDATE issue_batch_line AS l SET status = v.status, message = v.message, ledger_entry_id = v.entry
    FROM (VALUES ${rows}) AS v(line_no, status, message, entry)
    WHERE l.batch_id = ${batchId} AND l.line_no = v.line_no AND l.status = 'pending'`.execute(trx);
}
