/**
 * A staff member's decision on a held order (/usermanager/payorder): credit it (the order's
 * chips, and the first-recharge bonus if it is still the player's first paid order, through
 * the same ledger keys as a callback, so it can never be paid twice) or refuse it (failed,
 * nothing moves). Only a held order can be decided (409 otherwise, saying its state); a
 * partner account reaches only its partner's orders (404 otherwise). The operation's
 * transaction writes the log record with the order's state before and after.
 */
import type { RechargeResolveBody } from '@console/schemas';
import type { Db } from '../../db/open';
import { conflict } from '../../http/api-error';
import type { OperationNote } from '../../http/operation';
import type { SessionUser } from '../auth/sessions';
import { creditOrder, lockOrder, type Order } from './callback';
import { shortOrderId, type RechargeAnswer } from './orders';

export interface StaffDecision {
  db: Db;
  user: SessionUser;
  now: Date;
  note: OperationNote;
}

const summary = (o: Pick<Order, 'status' | 'held_reason' | 'paid_amount' | 'price' | 'chips' | 'bonus_chips' | 'resolution'>) => ({
  status: o.status,
  heldReason: o.held_reason,
  price: o.price,
  paidAmount: o.paid_amount === null ? null : o.paid_amount,
  chips: o.chips,
  bonusChips: o.bonus_chips,
  resolution: o.resolution,
});

async function heldOrder(ctx: StaffDecision, body: RechargeResolveBody): Promise<Order> {
  ctx.note.target = `recharge:${body.orderId}`;
  const order = await lockOrder(ctx.db, body.orderId, ctx.user.partner);
  if (order.status !== 'held') throw conflict(`Order ${shortOrderId(order.order_id)} is ${order.status}, not held`);
  ctx.note.before = { uid: order.uid, ...summary(order) };
  return order;
}

export async function creditHeldOrder(ctx: StaffDecision, body: RechargeResolveBody): Promise<RechargeAnswer> {
  const order = await heldOrder(ctx, body);
  const credited = await creditOrder(ctx.db, order, `staff:${ctx.user.username}`, ctx.now);
  const after = await ctx.db
    .updateTable('recharge_order')
    .set({
      status: 'paid',
      paid_at: ctx.now,
      chips: credited.chips,
      bonus_chips: credited.bonusChips,
      resolution: 'credited',
      resolved_by: ctx.user.username,
      resolved_at: ctx.now,
      resolution_note: body.reason,
    })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  ctx.note.after = { uid: order.uid, ...summary(after), reason: body.reason, ledgerEntries: credited.entryIds };
  return { orderId: order.order_id, status: 'paid' };
}

export async function refuseHeldOrder(ctx: StaffDecision, body: RechargeResolveBody): Promise<RechargeAnswer> {
  const order = await heldOrder(ctx, body);
  const after = await ctx.db
    .updateTable('recharge_order')
    .set({
      status: 'failed',
      resolution: 'refused',
      resolved_by: ctx.user.username,
      resolved_at: ctx.now,
      resolution_note: body.reason,
    })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  ctx.note.after = { uid: order.uid, ...summary(after), reason: body.reason };
  return { orderId: order.order_id, status: 'failed' };
}
