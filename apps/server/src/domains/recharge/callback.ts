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
 */
import type { RechargeCallbackBody } from '@console/schemas';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/open';
import { notFound } from '../../http/api-error';
import { postAll, type Movement } from '../ledger/ledger';
import { shortOrderId, type RechargeAnswer } from './orders';
import type { RechargeOrderTable } from './tables';

export const RECHARGE_REASONS = { chips: 'recharge', bonus: 'recharge.bonus' } as const;

export type Order = Selectable<RechargeOrderTable>;

export const orderNotFound = (orderId: string) => notFound(`Order ${shortOrderId(orderId)} not found`);

/** The order row, locked until the transaction ends. */
export async function lockOrder(trx: Db, orderId: string, partner?: number): Promise<Order> {
  const row = await trx.selectFrom('recharge_order').selectAll().where('order_id', '=', orderId)
    .$if(partner !== undefined && partner !== 0, (qb) => qb.where('partner', '=', partner!))
    .forUpdate().executeTakeFirst();
  if (!row) throw orderNotFound(orderId);
  return row;
}

export interface Credited { chips: number; bonusChips: number; entryIds: number[] }

/**
 * Credits an order's chips, and its first-recharge bonus when it is the player's first paid
 * order (recharge_first_paid's primary key decides under concurrency). Inside the caller's
 * transaction, with the order row locked by it.
 */
export async function creditOrder(trx: Db, order: Order, actor: string, now: Date): Promise<Credited> {
  const first = await trx.insertInto('recharge_first_paid').values({ uid: order.uid, order_id: order.order_id, at: now })
    .onConflict((oc) => oc.column('uid').doNothing()).returning('uid').executeTakeFirst();
  const bonusChips = first ? Number(order.product_bonus) : 0;
  const chips = Number(order.product_chips);
  const common = { uid: order.uid, currency: 'chip' as const, ref: order.order_id, actor, at: now };
  const movements: Movement[] = [{ ...common, delta: chips, reason: RECHARGE_REASONS.chips, key: `recharge:${order.order_id}` }];
  if (bonusChips > 0) movements.push({ ...common, delta: bonusChips, reason: RECHARGE_REASONS.bonus, key: `recharge:${order.order_id}:bonus` });
  const posted = await postAll(trx, movements);
  return { chips, bonusChips, entryIds: posted.map((p) => p.entryId) };
}

async function applyCallback(trx: Db, appId: string, body: RechargeCallbackBody, now: Date): Promise<RechargeAnswer> {
  const order = await lockOrder(trx, body.orderId);
  const change: Record<string, unknown> = { callback_at: now, callbacks: sql`callbacks + 1` };
  let status = order.status;
  const money = { paid_amount: body.amount, channel_order_id: body.channelOrderId };
  if (order.status === 'created') {
    if (body.status === 'failed') {
      status = 'failed';
      Object.assign(change, { status, channel_order_id: body.channelOrderId });
    } else if (body.amount !== Number(order.price)) {
      status = 'held';
      Object.assign(change, { status, held_reason: 'amount', ...money });
    } else {
      const credited = await creditOrder(trx, order, `app:${appId}`, now);
      status = 'paid';
      Object.assign(change, { status, paid_at: now, chips: credited.chips, bonus_chips: credited.bonusChips, ...money });
    }
  } else if (order.status === 'paid' && order.flag === null) {
    if (body.status === 'failed') change.flag = 'failedAfterPaid';
    else if (body.channelOrderId !== order.channel_order_id) change.flag = 'channelOrderId';
  } else if (order.status === 'failed' && body.status === 'paid' && order.resolution === null) {
    status = 'held';
    Object.assign(change, { status, held_reason: 'afterFailed', ...money });
  }
  await trx.updateTable('recharge_order').set(change).where('id', '=', order.id).execute();
  return { orderId: order.order_id, status };
}

/** POST /api/platform/recharge/callback as a plain function (the simulator calls it in process). */
export async function rechargeCallback(db: Db, appId: string, body: RechargeCallbackBody, now: Date): Promise<RechargeAnswer> {
  if (db.isTransaction) return applyCallback(db, appId, body, now);
  return db.transaction().execute((trx) => applyCallback(trx, appId, body, now));
}
