/**
 * The ledger service: the only way a player's balance changes. Each movement is one call of
 * the SQL function ledger_post (migration 005), which updates the balance with its guard
 * (`balance + delta >= 0`) and appends the entry in the same statement, inside the caller's
 * transaction. A movement that would take a balance below zero changes nothing and is a 409
 * `Insufficient balance`; an unknown player is a 404; an idempotency key seen before is a 409
 * (the callers that promise idempotent answers look their key up first).
 *
 * Movements of one business step (a transfer, a gift) go through `postAll` in one
 * transaction: all of them or none. docs/decisions/003-ledger.md.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { Currency } from '../../db/schema';
import { ApiError } from '../../http/api-error';

export interface Movement {
  uid: number;
  currency: Currency;
  /** Signed amount in the smallest unit; never 0. */
  delta: number;
  /** What kind of movement: 'staff.add', 'wallet.debit', 'gift.sent', 'batch.chip' … */
  reason: string;
  /** What it belongs to: an order, a txId, an event id, a batch line. */
  ref?: string;
  /** 'staff:<username>', 'app:<app id>' or 'system:<job>'. */
  actor: string;
  /** Idempotency key: a movement with a key is applied at most once, ever. */
  key?: string | null;
  at: Date;
}

export interface Posted {
  entryId: number;
  balanceAfter: number;
}

export const INSUFFICIENT_BALANCE = 'Insufficient balance';

/** The SQLSTATE of a database error (pg and PGlite both expose `code`). */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Turns the ledger function's refusals into API errors; anything else is rethrown as is. */
export function ledgerError(error: unknown, uid?: number): unknown {
  switch (sqlState(error)) {
    case 'CN404':
      return new ApiError(404, uid === undefined ? 'Player not found' : `Player ${uid} not found`);
    case 'CN409':
      return new ApiError(409, INSUFFICIENT_BALANCE);
    case 'CN400':
      return new ApiError(400, (error as Error).message);
    case '23505':
      if (((error as { constraint?: string }).constraint ?? (error as Error).message).includes('ledger_key_pkey')) {
        return new ApiError(409, 'Already applied');
      }
      return error;
    default:
      return error;
  }
}

/** One movement, atomic by itself (one statement); joins the caller's transaction when given one. */
export async function post(db: Db, m: Movement): Promise<Posted> {
  if (!Number.isSafeInteger(m.delta) || m.delta === 0) throw new ApiError(400, 'delta: Must be a non-zero integer');
  try {
    const { rows } = await sql<{ entry_id: number; balance_after: number }>`
      SELECT entry_id, balance_after FROM ledger_post(${m.uid}::integer, ${m.currency}::text, ${m.delta}::bigint, ${m.reason}::text,
        ${m.ref ?? ''}::text, ${m.actor}::text, ${m.key ?? null}::text, ${m.at}::timestamptz)`.execute(db);
    const row = rows[0];
    return { entryId: row.entry_id, balanceAfter: row.balance_after };
  } catch (error) {
    throw ledgerError(error, m.uid);
  }
}

/**
 * Several movements as one step, in order, inside the caller's transaction (required: a
 * refusal of the second after the first was written must undo the first, which only the
 * transaction can do).
 */
export async function postAll(trx: Db, movements: readonly Movement[]): Promise<Posted[]> {
  if (!trx.isTransaction) throw new Error('ledger.postAll needs a transaction');
  const posted: Posted[] = [];
  for (const m of movements) posted.push(await post(trx, m));
  return posted;
}

/** Moves `amount` from one balance to another (two players, or one player's chip ↔ safe). */
export function transfer(
  trx: Db,
  from: { uid: number; currency: Currency },
  to: { uid: number; currency: Currency },
  amount: number,
  common: Omit<Movement, 'uid' | 'currency' | 'delta' | 'key'> & { key?: string | null },
): Promise<Posted[]> {
  const key = common.key ?? null;
  return postAll(trx, [
    { ...common, uid: from.uid, currency: from.currency, delta: -amount, key: key && `${key}:out` },
    { ...common, uid: to.uid, currency: to.currency, delta: amount, key: key && `${key}:in` },
  ]);
}

/**
 * Many independent movements in one statement: each is still one ledger_post call with its
 * guard, applied in the given order, inside the caller's transaction (required). A refusal of
 * any refuses the statement, so the caller rolls back (to a savepoint) and decides. For bulk
 * callers (batch sends): one round trip instead of one per movement.
 */
export async function postMany(trx: Db, movements: readonly Movement[]): Promise<Posted[]> {
  if (!trx.isTransaction) throw new Error('ledger.postMany needs a transaction');
  if (movements.length === 0) return [];
  for (const m of movements) if (!Number.isSafeInteger(m.delta) || m.delta === 0) throw new ApiError(400, 'delta: Must be a non-zero integer');
  const rows = sql.join(
    movements.map(
      (m, i) => sql`(${i}::integer, ${m.uid}::integer, ${m.currency}::text, ${m.delta}::bigint,
    ${m.reason}::text, ${m.ref ?? ''}::text, ${m.actor}::text, ${m.key ?? null}::text, ${m.at}::timestamptz)`,
    ),
  );
  try {
    const { rows: posted } = await sql<{ i: number; entry_id: number; balance_after: number }>`
      SELECT v.i, p.entry_id, p.balance_after
      FROM (VALUES ${rows}) AS v(i, uid, currency, delta, reason, ref, actor, key, at)
      CROSS JOIN LATERAL ledger_post(v.uid, v.currency, v.delta, v.reason, v.ref, v.actor, v.key, v.at) AS p
      ORDER BY v.i`.execute(trx);
    return posted.map((r) => ({ entryId: r.entry_id, balanceAfter: r.balance_after }));
  } catch (error) {
    throw ledgerError(error);
  }
}
