/**
 * Cash-out orders as the platform creates and reads them (contract "Recharge and cash-out"):
 * a request holds amount + fee from the player's `withdrawable` at once, through the ledger,
 * in the transaction that inserts the order. `requestId` is idempotent per application: the
 * same request answers the same order; a different one under a used id is a 409.
 * Exported for the simulator, which calls them in process.
 */
import { randomBytes } from 'node:crypto';
import type { CashoutCreateBody } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { conflict, notFound } from '../../http/api-error';
import { postAll, type Movement } from '../ledger/ledger';
import { cashoutRules } from '../payment-config/withdrawal-rules';
import type { CashoutStatus } from './tables';
import type { PayoutTable } from './payout';
import { cashoutReviewForced } from '../controls/enforce';
import { startOfDayMs } from '@console/time';

/** Ledger reasons of a cash-out (docs/decisions/006-cashout-review.md). */
export const CASHOUT_REASONS = { hold: 'cashout.hold', fee: 'cashout.fee', refund: 'cashout.refund' } as const;

/** "8f3a…21c0": how an order is named in messages and on screen. */
export const abbreviate = (orderId: string) => `${orderId.slice(0, 4)}…${orderId.slice(-4)}`;

export const newOrderId = () => randomBytes(16).toString('hex');

/**
 * ceil(amount × feePercent / 100), exactly: the percent is numeric(5,2), so in hundredths
 * of a percent it is an integer and the product stays in BigInt (amount × 9999 passes 2^53).
 */
export function cashoutFee(amount: number, feePercent: string | number): number {
  const hundredths = BigInt(Math.round(Number(feePercent) * 100));
  const numerator = BigInt(amount) * hundredths;
  return Number((numerator + 9_999n) / 10_000n);
}

export interface CreatedOrder {
  orderId: string;
  status: CashoutStatus;
  fee: number;
}

function sameRequest(row: { uid: number; channel: string; amount: number; account: string }, body: CashoutCreateBody): boolean {
  return row.uid === body.uid && row.channel === body.channel && Number(row.amount) === body.amount && row.account === body.account;
}

async function existing(db: Db, appId: string, body: CashoutCreateBody): Promise<CreatedOrder | null> {
  const row = await db
    .selectFrom('cashout_order')
    .select(['order_id', 'status', 'fee', 'uid', 'channel', 'amount', 'account'])
    .where('app_id', '=', appId)
    .where('request_id', '=', body.requestId)
    .executeTakeFirst();
  if (!row) return null;
  if (!sameRequest(row, body)) throw conflict(`requestId ${body.requestId} was used for another order (${abbreviate(row.order_id)})`);
  return { orderId: row.order_id, status: row.status, fee: Number(row.fee) };
}

/** How many cash-outs the player asked for today, on one channel or all (denied and failed ones gave nothing: they do not count). */
async function todaysCount(db: Db, uid: number, now: Date, channel?: string): Promise<number> {
  const row = await db
    .selectFrom('cashout_order')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('uid', '=', uid)
    .where('created_at', '>=', new Date(startOfDayMs(now)))
    .where('status', 'not in', ['denied', 'fail'])
    .$if(channel !== undefined, (qb) => qb.where('channel', '=', channel!))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function createCashout(db: Db, appId: string, body: CashoutCreateBody, now: Date): Promise<CreatedOrder> {
  const again = await existing(db, appId, body);
  if (again) return again;
  try {
    return await db.transaction().execute(async (trx) => {
      // the balance row lock serializes a player's requests: the daily counts and the
      // requestId look-up below cannot race another request of the same player
      const balance = await trx
        .selectFrom('player_balance')
        .select(['uid', 'partner', 'withdrawable'])
        .where('uid', '=', body.uid)
        .forUpdate()
        .executeTakeFirst();
      if (!balance) throw notFound(`Player ${body.uid} not found`);
      const repeated = await existing(trx, appId, body);
      if (repeated) return repeated;
      const channel = await trx.selectFrom('cashout_channel').selectAll().where('channel', '=', body.channel).executeTakeFirst();
      if (!channel) throw notFound(`Cash-out channel ${body.channel} not found`);
      if (channel.status !== 'open') throw conflict(`Cash-out channel ${body.channel} is not open (${channel.status})`);
      const min = Number(channel.min_amount);
      const max = Number(channel.max_amount);
      if (body.amount < min || body.amount > max) throw conflict(`Amount ${body.amount} is outside channel ${body.channel}'s range ${min}–${max}`);
      if (channel.daily_max_enabled && (await todaysCount(trx, body.uid, now, body.channel)) >= channel.daily_max) {
        throw conflict(`Player ${body.uid} reached channel ${body.channel}'s ${channel.daily_max} cash-outs today`);
      }
      const rules = await cashoutRules(trx);
      if (rules.dailyCount > 0 && (await todaysCount(trx, body.uid, now)) >= rules.dailyCount) {
        throw conflict(`Player ${body.uid} reached ${rules.dailyCount} cash-outs today`);
      }
      const fee = cashoutFee(body.amount, channel.fee_percent);
      const orderId = newOrderId();
      const inserted = await trx
        .insertInto('cashout_order')
        .values({
          order_id: orderId,
          app_id: appId,
          request_id: body.requestId,
          uid: body.uid,
          partner: balance.partner,
          channel: body.channel,
          amount: body.amount,
          fee,
          account: body.account,
          created_at: now,
          updated_at: now,
          // a player control holds the order for a second reviewer (domains/controls); said where the reviewer reads
          ...((await cashoutReviewForced(trx, body.uid)) ? { remarks: 'Player control: a second reviewer approves' } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const common = { uid: body.uid, currency: 'withdrawable' as const, ref: orderId, actor: `app:${appId}`, at: now };
      const moves: Movement[] = [{ ...common, delta: -body.amount, reason: CASHOUT_REASONS.hold, key: `cashout:${orderId}:hold` }];
      if (fee > 0) moves.push({ ...common, delta: -fee, reason: CASHOUT_REASONS.fee, key: `cashout:${orderId}:fee` });
      await postAll(trx, moves);
      await trx
        .insertInto('cashout_transition')
        .values({
          order_id: Number(inserted.id),
          at: now,
          actor: `app:${appId}`,
          from_status: null,
          to_status: 'not_reviewed',
          reason: 'requested',
        })
        .execute();
      return { orderId, status: 'not_reviewed' as const, fee };
    });
  } catch (error) {
    // the same requestId inserted by a request of another player at the same moment
    if ((error as { code?: string }).code === '23505' && String((error as Error).message).includes('request_id')) {
      const winner = await existing(db, appId, body);
      if (winner) return winner;
    }
    throw error;
  }
}

/** An order's status, amount and fee, for the application that asked for it (the platform's status call of either cash-out). */
export async function orderStatus(db: Db, table: PayoutTable, appId: string, orderId: string) {
  // written as the players' table: the agents' has the same columns (payout.ts's PAYOUT_COLUMNS_AGREE)
  const row = await db
    .selectFrom(table as 'cashout_order')
    .select(['order_id', 'status', 'amount', 'fee'])
    .where('order_id', '=', orderId)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  if (!row) throw notFound(`Order ${abbreviate(orderId)} not found`);
  return { orderId: row.order_id, status: row.status, amount: row.amount, fee: row.fee };
}

/** A player's or an agent's open holds: amount + fee of its orders not yet settled or returned. */
export async function openHolds(db: Db, table: PayoutTable, uid: number): Promise<number> {
  const { rows } = await sql<{ s: string | null }>`
    SELECT sum(amount + fee) AS s FROM ${sql.table(table)}
    WHERE uid = ${uid} AND status IN ('not_reviewed', 'in_review', 'approved', 'undetermined')`.execute(db);
  return Number(rows[0]?.s ?? 0);
}
