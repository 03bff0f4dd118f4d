/**
 * The wallet calls of the platform (contract "Platform API", Wallet): debit, credit, rollback
 * and balance. A txId is an idempotency key per application, kept in wallet_tx with a
 * fingerprint of the call's content and the answer given: the same txId with the same content
 * answers that answer again and writes nothing; other content is a 409. A refused call (404,
 * 409 Insufficient balance, 409 Refused by player control: domains/controls) writes nothing at
 * all, its txId included, so it may be sent again.
 *
 * A debit or a credit is one statement (wallet_move, migration 055; decision 036): claiming the
 * txId (an insert that waits for a concurrent call holding the same txId), the ledger movement
 * with its guard, for chips player.net_win and the day rollup of games (wallet_game, migration
 * 014: games are what calls the wallet) with a provider's and an integration agent's day, and
 * the answer. A bet that a player control or a provider limit may refuse is decided in a
 * transaction of the same steps with checkBet before the ledger. A rollback is one transaction.
 * Both are retried whole on a deadlock or serialization failure.
 *
 * The application's scopes (decision 042) are checked before: the currency and the single-amount
 * cap here (scopes.ts), and in the same statement as the ledger movement a credit's matching debit
 * and the scope's day total; a refusal is a 403 that writes nothing, its txId included.
 *
 * A settle (wallet-settle.ts) shares the txId namespace: its row is kind 'settle', and a rollback
 * of it reverses both of its legs once (decision 058). The batch (wallet-batch.ts) applies these
 * calls one by one; the `…Outcome` functions tell it whether a txId was seen before.
 */
import { createHash } from 'node:crypto';
import type { WalletCurrency, WalletMoveBody, WalletRollbackBody, WalletScope } from '@console/schemas';
import type { Db } from '../../db/open';
import { sql, type Insertable } from 'kysely';
import type { WalletTxTable } from '../../db/schema';
import { conflict, notFound } from '../../http/api-error';
import { ledgerError, post, sqlState } from '../ledger/ledger';
import { betPlan, checkBet, ControlRefusal, isProvider, recordRefusal } from '../controls/enforce';
import { withRetry } from './retry';
import { agentxIdOf } from '../agentx/traffic';
import type { PlatformApp } from '../../http/platform-operation';
import { scopeErrorOf, walletRule, type WalletRule } from './scopes';

export interface MoveAnswer {
  txId: string;
  balance: number;
}
export interface RollbackAnswer {
  txId: string;
  originalTxId: string;
  status: 'reversed' | 'voided';
  uid: number | null;
  currency: WalletCurrency | null;
  balance: number | null;
}

/** What a wallet call answered, and whether its txId was seen before (`again`: the first answer, nothing written). */
export interface Outcome<T> {
  answer: T;
  again: boolean;
}

/** wallet_move's SQLSTATE when a player control could refuse the bet (migration 055). */
export const CONTROLLED = 'CN428';

export const fingerprintOf = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');
export const actorOf = (appId: string) => `app:${appId}`;
/** The ledger key of a txId's movement (a settle's bet leg too). */
export const keyOf = (appId: string, txId: string) => `app:${appId}:tx:${txId}`;
/** The ledger key of a settle's win leg (and of a rollback's reversal of one): decision 058. */
export const winKeyOf = (appId: string, txId: string) => `${keyOf(appId, txId)}:win`;

/** Inserts the txId's row unless it exists; true when this call holds it now. */
export async function claim(trx: Db, row: Insertable<WalletTxTable>): Promise<boolean> {
  const claimed = await trx
    .insertInto('wallet_tx')
    .values(row)
    .onConflict((oc) => oc.columns(['app_id', 'tx_id']).doNothing())
    .returning('tx_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** The answer a txId seen before owes: its first answer, or a 409. */
export function answerOf<T>(txId: string, fingerprint: string, kind: string, seen: string, answer: unknown): T {
  if (kind === 'voided') throw conflict(`Transaction ${txId} was rolled back before it arrived`);
  if (seen !== fingerprint) throw conflict(`txId ${txId} was already used with other content`);
  return answer as T;
}

export async function answerAgain<T>(trx: Db, appId: string, txId: string, fingerprint: string): Promise<T> {
  const row = await trx
    .selectFrom('wallet_tx')
    .select(['kind', 'fingerprint', 'answer'])
    .where('app_id', '=', appId)
    .where('tx_id', '=', txId)
    .executeTakeFirstOrThrow();
  return answerOf<T>(txId, fingerprint, row.kind, row.fingerprint, row.answer);
}

/**
 * Game play is a wallet call whose reason starts with `game.` (docs/api/platform.md): bets and
 * wins. Other wallet movements (bonuses, relief, shop) are money, not play.
 */
export const isGameReason = (reason: string) => reason.startsWith('game.');

/**
 * Chips moved by a game: player.net_win and player_day_game, and through a third-party provider
 * or an integration agent their day roll-ups, in the caller's transaction: wallet_game_move
 * (migration 055), the function wallet_move calls too.
 */
export async function gameMoved(
  trx: Db,
  root: Db,
  appId: string,
  uid: number,
  currency: string,
  reason: string,
  delta: number,
  at: Date,
  rollback: boolean,
): Promise<void> {
  if (currency !== 'chip' || !isGameReason(reason)) return;
  // read with the transaction (PGlite has one connection); `root` keys the caches
  const tp = await isProvider(trx, root, appId, at);
  const agent = await agentxIdOf(root, appId, at, trx);
  await sql`SELECT wallet_game_move(${uid}::integer, ${delta}::bigint, ${at}::timestamptz, ${rollback}::boolean, ${tp}::boolean, ${agent}::integer)`.execute(
    trx,
  );
}

/**
 * A debit or a credit: one statement (wallet_move, migration 055) that claims the txId, moves
 * through the ledger with its guard, adds the game roll-ups and stores the answer. A bet that a
 * player control could refuse (the statement says so, and writes nothing) or that a provider's
 * limit applies to is decided in a transaction of its own (walletMoveChecked).
 */
export async function walletMove(db: Db, app: PlatformApp, kind: 'debit' | 'credit', body: WalletMoveBody, now: Date): Promise<MoveAnswer> {
  return (await moveOutcome(db, app, kind, body, now)).answer;
}

/** walletMove, telling whether the txId was seen before. */
export async function moveOutcome(db: Db, app: PlatformApp, kind: 'debit' | 'credit', body: WalletMoveBody, now: Date): Promise<Outcome<MoveAnswer>> {
  const { txId, uid, currency, amount, reason } = body;
  const { appId } = app;
  const rule = walletRule(app, kind === 'debit' ? 'wallet.debit' : 'wallet.credit', currency, amount, kind === 'credit');
  const fingerprint = fingerprintOf([kind, uid, currency, amount, reason, body.ref ?? null]);
  const bet = kind === 'debit' && isGameReason(reason);
  const plan = await betPlan(db, appId, bet ? { reason, amount } : null, now);
  if (plan.slow) return walletMoveChecked(db, appId, rule, kind, body, fingerprint, now);
  const game = currency === 'chip' && isGameReason(reason);
  const agent = game ? await agentxIdOf(db, appId, now) : null;
  const row = await withRetry(async () => {
    try {
      const { rows } = await sql<{
        status: 'posted' | 'again';
        balance: string | number | null;
        prior_kind: string | null;
        prior_fingerprint: string | null;
        prior_answer: unknown;
      }>`
        SELECT status, balance, prior_kind, prior_fingerprint, prior_answer FROM wallet_move(${appId}::text, ${txId}::text, ${kind}::text,
          ${fingerprint}::text, ${uid}::integer, ${currency}::text, ${amount}::bigint, ${reason}::text, ${body.ref ?? txId}::text,
          ${now}::timestamptz, ${plan.scope}::text, ${plan.tp}::boolean, ${agent}::integer,
          ${rule.match}::boolean, ${rule.capScope}::text, ${rule.cap}::bigint)`.execute(db);
      return rows[0];
    } catch (error) {
      if (sqlState(error) === CONTROLLED) return null;
      throw scopeErrorOf(error) ?? ledgerError(error, uid);
    }
  });
  // a control could refuse this bet: nothing was written; it is decided with checkBet
  if (row === null) return walletMoveChecked(db, appId, rule, kind, body, fingerprint, now);
  if (row.status === 'again') {
    return { answer: answerOf<MoveAnswer>(txId, fingerprint, row.prior_kind!, row.prior_fingerprint!, row.prior_answer), again: true };
  }
  return { answer: { txId, balance: Number(row.balance) }, again: false };
}

/** The credit rule in the caller's transaction (app_round_debited, as the money statements run it): a 403 when no debit matches. */
export async function requireRoundDebited(trx: Db, appId: string, uid: number, ref: string, currency: string, now: Date): Promise<void> {
  const { rows } = await sql<{ ok: boolean }>`SELECT app_round_debited(${appId}::text, ${uid}::integer, ${ref}::text, ${now}::timestamptz) AS ok`.execute(trx);
  if (!rows[0].ok) {
    const error = Object.assign(
      new Error(`Missing scope wallet.credit.unmatched for ${currency}: this application did not debit player ${uid} in round ${ref} in the last 24 hours`),
      { code: 'CN403' },
    );
    throw scopeErrorOf(error) ?? error;
  }
}

/** Adds to a scope's day total in the caller's transaction (app_day_use): a 403 past its cap. Last, as the statements take it. */
async function useDayTotal(trx: Db, appId: string, scope: WalletScope, currency: string, amount: number, now: Date, cap: number): Promise<void> {
  try {
    await sql`SELECT app_day_use(${appId}::text, ${scope}::text, ${currency}::text, ${amount}::bigint, ${now}::timestamptz, ${cap}::bigint)`.execute(trx);
  } catch (error) {
    throw scopeErrorOf(error) ?? error;
  }
}

/**
 * The end of a move decided in a transaction (a debit, a credit or a settle whose bet a control
 * could refuse): its answer stored on its txId, then `counted` added to the scope's day total,
 * last, as the statements do (its counter row is locked until the commit).
 */
export async function answered(
  trx: Db,
  appId: string,
  rule: WalletRule,
  currency: string,
  counted: number,
  answer: MoveAnswer,
  now: Date,
): Promise<Outcome<MoveAnswer>> {
  await trx
    .updateTable('wallet_tx')
    .set({ answer: JSON.stringify(answer) })
    .where('app_id', '=', appId)
    .where('tx_id', '=', answer.txId)
    .execute();
  if (rule.cap !== null && rule.capScope !== null) await useDayTotal(trx, appId, rule.capScope, currency, counted, now, rule.cap);
  return { answer, again: false };
}

/** A transaction's failure, with a player control's refusal logged first (recordRefusal, outside the rolled-back transaction). */
export async function refusalLogged(db: Db, error: unknown): Promise<never> {
  if (error instanceof ControlRefusal) await recordRefusal(db, error);
  throw error;
}

/** The same move in a transaction that asks the player controls first (checkBet: a refusal is a 409 and writes nothing). */
function walletMoveChecked(
  db: Db,
  appId: string,
  rule: WalletRule,
  kind: 'debit' | 'credit',
  body: WalletMoveBody,
  fingerprint: string,
  now: Date,
): Promise<Outcome<MoveAnswer>> {
  const { txId, uid, currency, amount, reason } = body;
  const ref = body.ref ?? txId;
  return withRetry(() =>
    db.transaction().execute(async (trx): Promise<Outcome<MoveAnswer>> => {
      if (!(await claim(trx, { app_id: appId, tx_id: txId, kind, fingerprint, uid, currency, amount, original_tx_id: null, at: now, ref }))) {
        return { answer: await answerAgain<MoveAnswer>(trx, appId, txId, fingerprint), again: true };
      }
      // the scope rules of wallet_move (migration 060), in this transaction
      if (rule.match) await requireRoundDebited(trx, appId, uid, ref, currency, now);
      // a bet a player control forbids: 409, the transaction (txId claim included) rolls back
      if (kind === 'debit' && isGameReason(reason)) await checkBet(trx, db, { appId, uid, amount, reason, now });
      const delta = kind === 'debit' ? -amount : amount;
      const posted = await post(trx, { uid, currency, delta, reason, ref: body.ref ?? txId, actor: actorOf(appId), key: keyOf(appId, txId), at: now });
      await gameMoved(trx, db, appId, uid, currency, reason, delta, now, false);
      return answered(trx, appId, rule, currency, amount, { txId, balance: posted.balanceAfter }, now);
    }),
  ).catch((error: unknown) => refusalLogged(db, error));
}

export async function walletRollback(db: Db, appId: string, body: WalletRollbackBody, now: Date): Promise<RollbackAnswer> {
  return (await rollbackOutcome(db, appId, body, now)).answer;
}

/**
 * A rollback, telling whether its txId was seen before. It reverses each leg of its original
 * with an entry of its own (reason wallet.rollback): a debit's or credit's under the key of the
 * rollback's txId with ref = the original txId; a settle's bet leg the same way and its win leg
 * under the key `…:win` with ref = `<original txId>:win` (the win leg's key less `app:<app>:tx:`,
 * as the round reconciliation reads a reversal). The bet is given back before the win is taken
 * back, so the guard asks only that the balance cover what the settle left (win - bet).
 */
export function rollbackOutcome(db: Db, appId: string, body: WalletRollbackBody, now: Date): Promise<Outcome<RollbackAnswer>> {
  const { txId, originalTxId } = body;
  const fingerprint = fingerprintOf(['rollback', originalTxId]);
  const where = (trx: Db, id: string) => trx.selectFrom('wallet_tx').selectAll().where('app_id', '=', appId).where('tx_id', '=', id);
  const save = async (trx: Db, answer: RollbackAnswer): Promise<Outcome<RollbackAnswer>> => {
    await trx
      .updateTable('wallet_tx')
      .set({ answer: JSON.stringify(answer), uid: answer.uid, currency: answer.currency })
      .where('app_id', '=', appId)
      .where('tx_id', '=', txId)
      .execute();
    return { answer, again: false };
  };
  return withRetry(() =>
    db.transaction().execute(async (trx): Promise<Outcome<RollbackAnswer>> => {
      const base = { app_id: appId, uid: null, currency: null, amount: null, at: now };
      if (!(await claim(trx, { ...base, tx_id: txId, kind: 'rollback', fingerprint, original_tx_id: originalTxId }))) {
        return { answer: await answerAgain<RollbackAnswer>(trx, appId, txId, fingerprint), again: true };
      }
      let original = await where(trx, originalTxId).forUpdate().executeTakeFirst();
      if (!original) {
        // the original has not arrived: a 'voided' row in its place refuses it when it comes
        if (await claim(trx, { ...base, tx_id: originalTxId, kind: 'voided', fingerprint: '', original_tx_id: txId })) {
          return save(trx, { txId, originalTxId, status: 'voided', uid: null, currency: null, balance: null });
        }
        original = await where(trx, originalTxId).forUpdate().executeTakeFirstOrThrow(); // it arrived meanwhile
      }
      if (original.kind === 'rollback') throw conflict(`Transaction ${originalTxId} is a rollback: only a debit, a credit or a settle can be rolled back`);
      if (original.kind === 'voided' || original.rolled_back) throw conflict(`Transaction ${originalTxId} is already rolled back`);
      const uid = original.uid!;
      const currency = original.currency as WalletCurrency;
      const amount = Number(original.amount ?? 0);
      const legs: { delta: number; key: string; ref: string; reverses: string }[] =
        original.kind === 'settle'
          ? [
              { delta: amount, key: keyOf(appId, txId), ref: originalTxId, reverses: keyOf(appId, originalTxId) },
              { delta: -Number(original.win ?? 0), key: winKeyOf(appId, txId), ref: `${originalTxId}:win`, reverses: winKeyOf(appId, originalTxId) },
            ].filter((leg) => leg.delta !== 0)
          : [{ delta: original.kind === 'debit' ? amount : -amount, key: keyOf(appId, txId), ref: originalTxId, reverses: keyOf(appId, originalTxId) }];
      let balance = 0;
      for (const leg of legs) {
        const posted = await post(trx, {
          uid,
          currency,
          delta: leg.delta,
          reason: 'wallet.rollback',
          ref: leg.ref,
          actor: actorOf(appId),
          key: leg.key,
          at: now,
        });
        balance = posted.balanceAfter;
        // a rollback is play when what it reverses was
        const reversed = await trx
          .selectFrom('ledger_key as k')
          .innerJoin('ledger_entry as l', (j) => j.onRef('l.id', '=', 'k.entry_id').onRef('l.at', '=', 'k.at'))
          .select('l.reason')
          .where('k.key', '=', leg.reverses)
          .executeTakeFirst();
        await gameMoved(trx, db, appId, uid, currency, reversed?.reason ?? '', leg.delta, now, true);
      }
      await trx.updateTable('wallet_tx').set({ rolled_back: true }).where('app_id', '=', appId).where('tx_id', '=', originalTxId).execute();
      return save(trx, { txId, originalTxId, status: 'reversed', uid, currency, balance });
    }),
  );
}

export interface Balances {
  chip: number;
  bean: number;
  safe: number;
  bonus: number;
  diamond: number;
  charisma: number;
  withdrawable: number;
}

export async function walletBalance(db: Db, uid: number): Promise<{ uid: number; balances: Balances }> {
  const row = await db
    .selectFrom('player_balance')
    .select(['chip', 'bean', 'safe', 'bonus', 'diamond', 'charisma', 'withdrawable'])
    .where('uid', '=', uid)
    .executeTakeFirst();
  if (!row) throw notFound(`Player ${uid} not found`);
  return { uid, balances: row };
}
