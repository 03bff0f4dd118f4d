/**
 * The settle call (contract "Fewer calls per bet"; docs/decisions/058-wallet-settle-batch.md):
 * atomically the guarded debit of `bet`, then the credit of `win`, in the round `ref`. It shares
 * the application's txId namespace with debit, credit and rollback (its row in wallet_tx is kind
 * 'settle', its bet in `amount`, its win in `win`): the same txId with the same content answers
 * its first answer and writes nothing, other content is a 409, and a rollback that came first
 * voids it (409). A refusal (404, 409 Insufficient balance, 409 Refused by player control, 403 of
 * a scope) writes nothing, its txId included.
 *
 * Each leg is a ledger entry like a debit's and a credit's, with the call's reason and ref: the
 * bet under `app:<app>:tx:<txId>`, the win under `app:<app>:tx:<txId>:win`; a leg of 0 writes
 * none. The game roll-ups count the bet as a debit's and the win as a credit's.
 *
 * One statement (wallet_settle) as a debit is one (decision 036); a bet that a player control
 * could refuse, or a provider's limit, is decided in a transaction of the same steps with checkBet
 * before the ledger (only the bet leg is a bet).
 */
import type { WalletSettleBody } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { PlatformApp } from '../../http/platform-operation';
import { agentxIdOf } from '../agentx/traffic';
import { betPlan, checkBet } from '../controls/enforce';
import { ledgerError, post, sqlState } from '../ledger/ledger';
import { withRetry } from './retry';
import { scopeErrorOf, settleRule, type WalletRule } from './scopes';
import {
  actorOf,
  answerAgain,
  answerOf,
  claim,
  CONTROLLED,
  fingerprintOf,
  gameMoved,
  isGameReason,
  keyOf,
  requireRoundDebited,
  answered,
  refusalLogged,
  winKeyOf,
  type MoveAnswer,
  type Outcome,
} from './wallet';

export async function walletSettle(db: Db, app: PlatformApp, body: WalletSettleBody, now: Date): Promise<MoveAnswer> {
  return (await settleOutcome(db, app, body, now)).answer;
}

/** walletSettle, telling whether the txId was seen before. */
export async function settleOutcome(db: Db, app: PlatformApp, body: WalletSettleBody, now: Date): Promise<Outcome<MoveAnswer>> {
  const { txId, uid, currency, bet, win, reason, ref } = body;
  const { appId } = app;
  const rule = settleRule(app, currency, bet, win);
  const fingerprint = fingerprintOf(['settle', uid, currency, bet, win, reason, ref]);
  const plan = await betPlan(db, appId, bet > 0 && isGameReason(reason) ? { reason, amount: bet } : null, now);
  if (plan.slow) return settleChecked(db, appId, rule, body, fingerprint, now);
  const agent = currency === 'chip' && isGameReason(reason) ? await agentxIdOf(db, appId, now) : null;
  const row = await withRetry(async () => {
    try {
      const { rows } = await sql<{
        status: 'posted' | 'again';
        balance: string | number | null;
        prior_kind: string | null;
        prior_fingerprint: string | null;
        prior_answer: unknown;
      }>`
        SELECT status, balance, prior_kind, prior_fingerprint, prior_answer FROM wallet_settle(${appId}::text, ${txId}::text, ${fingerprint}::text,
          ${uid}::integer, ${currency}::text, ${bet}::bigint, ${win}::bigint, ${reason}::text, ${ref}::text, ${now}::timestamptz,
          ${plan.scope}::text, ${plan.tp}::boolean, ${agent}::integer, ${rule.match}::boolean, ${rule.cap}::bigint)`.execute(db);
      return rows[0];
    } catch (error) {
      if (sqlState(error) === CONTROLLED) return null;
      throw scopeErrorOf(error) ?? ledgerError(error, uid);
    }
  });
  // a control could refuse this bet: nothing was written; it is decided with checkBet
  if (row === null) return settleChecked(db, appId, rule, body, fingerprint, now);
  if (row.status === 'again') {
    return { answer: answerOf<MoveAnswer>(txId, fingerprint, row.prior_kind!, row.prior_fingerprint!, row.prior_answer), again: true };
  }
  return { answer: { txId, balance: Number(row.balance) }, again: false };
}

/** The settle in a transaction that asks the player controls of its bet first (checkBet: a refusal is a 409 and writes nothing). */
function settleChecked(db: Db, appId: string, rule: WalletRule, body: WalletSettleBody, fingerprint: string, now: Date): Promise<Outcome<MoveAnswer>> {
  const { txId, uid, currency, bet, win, reason, ref } = body;
  return withRetry(() =>
    db.transaction().execute(async (trx): Promise<Outcome<MoveAnswer>> => {
      const row = { app_id: appId, tx_id: txId, kind: 'settle' as const, fingerprint, uid, currency, amount: bet, win, original_tx_id: null, at: now, ref };
      if (!(await claim(trx, row))) return { answer: await answerAgain<MoveAnswer>(trx, appId, txId, fingerprint), again: true };
      if (rule.match) await requireRoundDebited(trx, appId, uid, ref, currency, now);
      // only the bet is a bet: a player control refuses it with a 409, and the transaction (txId claim included) rolls back
      if (bet > 0 && isGameReason(reason)) await checkBet(trx, db, { appId, uid, amount: bet, reason, now });
      let balance = 0;
      for (const [delta, key] of [
        [-bet, keyOf(appId, txId)],
        [win, winKeyOf(appId, txId)],
      ] as const) {
        if (delta === 0) continue;
        balance = (await post(trx, { uid, currency, delta, reason, ref, actor: actorOf(appId), key, at: now })).balanceAfter;
        await gameMoved(trx, db, appId, uid, currency, reason, delta, now, false);
      }
      // the day total of wallet.settle counts wins
      return answered(trx, appId, rule, currency, win, { txId, balance }, now);
    }),
  ).catch((error: unknown) => refusalLogged(db, error));
}
