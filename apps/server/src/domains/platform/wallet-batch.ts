/**
 * The wallet batch (contract "Fewer calls per bet"; docs/decisions/058-wallet-settle-batch.md):
 * 1 to 1000 ops, each a debit, credit, settle or rollback with that call's body beside `op`.
 * Each op is that single call, made by the same service in the order sent: atomic on its own (its
 * own statement or transaction, retried as the single call is), so a later op sees an earlier
 * one's balance, and a refused op writes nothing and does not stop the others.
 *
 * Per op, in the order the single call checks them: `op` (a 400 naming it), the call's scope
 * (403 naming it, counted per application as the call's refusal is), the body (the 400 the call
 * would answer, naming the field), then the call itself (404, 409, 403 of a currency, cap, match
 * or day total). Its result: `applied` with the balance it answered; `rejected` with its code and
 * message; `duplicate` when its txId was seen before with the same content (in an earlier call or
 * earlier in this one), with the first answer's balance. A rollback's balance is the balance after
 * the reversal; a rollback that voided its original (or a repeat of one) reports none.
 */
import {
  walletBatchOpName,
  walletMoveBody,
  walletRollbackBody,
  walletSettleBody,
  type PlatformScope,
  type WalletBatchOpName,
  type WalletBatchResult,
  type WalletMoveBody,
  type WalletRollbackBody,
  type WalletSettleBody,
} from '@console/schemas';
import type { Db } from '../../db/open';
import { ApiError } from '../../http/api-error';
import { zodValidator } from '../../http/operation';
import { countScopeRefusal, missingScope, ScopeRefusal, type PlatformApp } from '../../http/platform-operation';
import { settleOutcome } from './wallet-settle';
import { moveOutcome, rollbackOutcome, type Outcome } from './wallet';

/** Each op's scope: the single call's (routes.ts); a rollback needs any wallet scope, which the batch itself needs. */
const OP_SCOPES: Record<WalletBatchOpName, readonly PlatformScope[]> = {
  debit: ['wallet.debit'],
  credit: ['wallet.credit'],
  settle: ['wallet.settle'],
  rollback: ['wallet.debit', 'wallet.credit', 'wallet.settle'],
};

// the single calls' validators, so that a bad op is refused with the very message its call would answer
const nameOf = zodValidator(walletBatchOpName, 'body');
const BODIES = {
  debit: zodValidator(walletMoveBody, 'body'),
  credit: zodValidator(walletMoveBody, 'body'),
  settle: zodValidator(walletSettleBody, 'body'),
  rollback: zodValidator(walletRollbackBody, 'body'),
} satisfies Record<WalletBatchOpName, ReturnType<typeof zodValidator>>;

/** One op's result, with the op it was (null when it named none). */
export interface BatchOutcome {
  op: WalletBatchOpName | null;
  result: WalletBatchResult;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function validated<T>(check: (data: unknown) => { value?: unknown; error?: ApiError }, data: unknown): T {
  const { value, error } = check(data);
  if (error) throw error;
  return value as T;
}

async function applyOp(db: Db, app: PlatformApp, raw: unknown, now: Date): Promise<BatchOutcome> {
  let op: WalletBatchOpName | null = null;
  const txId = isRecord(raw) && typeof raw.txId === 'string' ? raw.txId : null;
  try {
    op = validated<{ op: WalletBatchOpName }>(nameOf, raw).op;
    const scopes = OP_SCOPES[op];
    if (!scopes.some((s) => app.scopes[s] !== undefined)) throw missingScope(scopes.join(' or '));
    const { op: _op, ...fields } = raw as Record<string, unknown>;
    const body = validated<WalletMoveBody | WalletSettleBody | WalletRollbackBody>(BODIES[op], fields);
    let outcome: Outcome<{ txId: string; balance: number | null }>;
    if (op === 'rollback') outcome = await rollbackOutcome(db, app.appId, body as WalletRollbackBody, now);
    else if (op === 'settle') outcome = await settleOutcome(db, app, body as WalletSettleBody, now);
    else outcome = await moveOutcome(db, app, op, body as WalletMoveBody, now);
    const { balance } = outcome.answer;
    return { op, result: { txId: body.txId, status: outcome.again ? 'duplicate' : 'applied', ...(balance === null ? {} : { balance }) } };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // counted as the single call's refusal is (platform-operation.ts), never one log record each
    // (a failure to count never changes the answer, as there)
    if (error instanceof ScopeRefusal) await countScopeRefusal(db, app.appId, error, now).catch(() => undefined);
    return { op, result: { txId, status: 'rejected', code: error.code, message: error.message } };
  }
}

/** Applies the ops one by one in the order sent; one result each, in that order. */
export async function walletBatch(db: Db, app: PlatformApp, ops: readonly unknown[], now: Date): Promise<BatchOutcome[]> {
  const outcomes: BatchOutcome[] = [];
  for (const raw of ops) outcomes.push(await applyOp(db, app, raw, now));
  return outcomes;
}
