/**
 * The channel's callback (POST /api/platform/recharge/callback) and the one place an order's
 * chips are credited. The order row is locked first, so concurrent and repeated callbacks
 * take turns and each sees the state the previous one left; the ledger keys
 * `recharge:<orderId>` and `recharge:<orderId>:bonus` are the second guard (a movement with
 * a key is applied at most once, ever).
 *
 * What a callback does, by the order's state (docs/decisions/005-recharge.md):
 *   created  paid, amount = price → paid, chips (+ first-recharge bonus) credited
 *            paid, amount ≠ price → held ('amount'), nothing credited
 *            failed → failed
 *   paid     paid again → nothing (another channel order id is flagged 'channelOrderId')
 *            failed → stays paid, flagged 'failedAfterPaid' (the chips are not taken back)
 *   failed   paid → held ('afterFailed'): money may have arrived, a person decides
 *            (unless a person already refused it: then it stays failed)
 *   held     nothing: it waits for a person
 * Every callback is counted (callbacks, callback_at).
 *
 * The decision runs in the database, as one statement (SQL functions recharge_callback and
 * recharge_credit, migration 022): one round trip a callback instead of six, which is what
 * took the callbacks past 2,000/s (docs/decisions/005-recharge.md). The staff decision on a
 * held order (resolve.ts) locks with lockOrder and credits with creditOrder, the same function.
 */
import type { RechargeCallbackBody } from '@console/schemas';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/open';
import type { PlatformApp } from '../../http/platform-operation';
import { checkCallbackChannel } from '../platform/scopes';
import { notFound } from '../../http/api-error';
import { ledgerError } from '../ledger/ledger';
import { shortOrderId, type RechargeAnswer } from './orders';
import type { RechargeOrderTable, RechargeStatus } from './tables';

/** The ledger reasons of a credit (written by recharge_credit, migration 022). */
export const RECHARGE_REASONS = { chips: 'recharge', bonus: 'recharge.bonus' } as const;

export type Order = Selectable<RechargeOrderTable>;

export const orderNotFound = (orderId: string) => notFound(`Order ${shortOrderId(orderId)} not found`);

/** The order row, locked until the transaction ends. */
export async function lockOrder(trx: Db, orderId: string, partner?: number): Promise<Order> {
  const row = await trx
    .selectFrom('recharge_order')
    .selectAll()
    .where('order_id', '=', orderId)
    .$if(partner !== undefined && partner !== 0, (qb) => qb.where('partner', '=', partner!))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw orderNotFound(orderId);
  return row;
}

export interface Credited {
  chips: number;
  bonusChips: number;
  entryIds: number[];
}

/**
 * Credits an order's chips, and its first-recharge bonus when it is the player's first paid
 * order (recharge_first_paid's primary key decides under concurrency): the SQL function
 * recharge_credit (migration 022), which the callback's own function calls too, so the two
 * paths credit alike. Inside the caller's transaction, with the order row locked by it.
 */
export async function creditOrder(trx: Db, order: Order, actor: string, now: Date): Promise<Credited> {
  if (!trx.isTransaction) throw new Error('creditOrder needs a transaction');
  try {
    const { rows } = await sql<{ bonus_chips: number; entry_ids: number[] | string[] }>`
      SELECT bonus_chips, entry_ids FROM recharge_credit(${order.order_id}::text, ${order.uid}::integer, ${order.product_chips}::bigint,
        ${order.product_bonus}::bigint, ${actor}::text, ${now}::timestamptz)`.execute(trx);
    const row = rows[0];
    return { chips: order.product_chips, bonusChips: row.bonus_chips, entryIds: row.entry_ids.map(Number) };
  } catch (error) {
    throw ledgerError(error, order.uid);
  }
}

/**
 * POST /api/platform/recharge/callback as a plain function (the simulator calls it in process):
 * one statement, the SQL function recharge_callback (migration 022), which locks the order,
 * decides as the table above says, credits through recharge_credit (ledger_post) and updates
 * the order; atomic by itself, or part of the caller's transaction when given one.
 */
export async function rechargeCallback(db: Db, app: PlatformApp, body: RechargeCallbackBody, now: Date): Promise<RechargeAnswer> {
  const { appId } = app;
  // only an application bound to the order's channel may speak for it (contract "Scopes")
  const order = await db.selectFrom('recharge_order').select('channel').where('order_id', '=', body.orderId).executeTakeFirst();
  if (!order) throw orderNotFound(body.orderId);
  checkCallbackChannel(app.scopes, order.channel);
  let status: RechargeStatus | null;
  try {
    const { rows } = await sql<{ status: RechargeStatus | null }>`
      SELECT recharge_callback(${appId}::text, ${body.orderId}::text, ${body.channelOrderId}::text, ${body.amount}::bigint,
        ${body.status}::text, ${now}::timestamptz) AS status`.execute(db);
    status = rows[0].status;
  } catch (error) {
    throw ledgerError(error);
  }
  if (status === null) throw orderNotFound(body.orderId);
  return { orderId: body.orderId, status };
}
