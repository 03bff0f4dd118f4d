/**
 * The order row as the review sees it, its lock, its item shape and the wording of refused
 * transitions ("Order 8f3a…21c0 is already approved"). Shared by review.ts and payout.ts.
 */
import type { CashoutOrderItem } from '@console/schemas';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/open';
import { conflict, notFound } from '../../http/api-error';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import { postAll } from '../ledger/ledger';
import { abbreviate, CASHOUT_REASONS } from './orders';
import type { CashoutOrderTable, CashoutStatus } from './tables';

export type OrderRow = Selectable<CashoutOrderTable>;

/**
 * The columns the review steps read (review.ts `ReviewStore`): the players' cash-out orders and
 * the agents' (domains/agentcash) share them, and their history tables share cashout_transition's.
 */
export interface ReviewRow {
  id: number;
  order_id: string;
  status: CashoutStatus;
  claimed_by: string | null;
  claimed_at: Date | null;
  approved_by: string | null;
}

/** An order table and its history table (cashout_order / cashout_transition, or the agents'). */
export interface ReviewTables {
  order: string;
  transition: string;
}
export const CASHOUT_TABLES: ReviewTables = { order: 'cashout_order', transition: 'cashout_transition' };

/** The order under its row lock (in the caller's transaction); 404 outside the caller's partner. */
export async function lockOrder(trx: Db, orderId: string, user?: ScopedSubject): Promise<OrderRow> {
  const row = await trx
    .selectFrom('cashout_order')
    .selectAll()
    .where('order_id', '=', orderId)
    .$if(user !== undefined, (qb) => qb.where(ownPartnerFilter(user!, 'partner')))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(`Order ${abbreviate(orderId)} not found`);
  return row;
}

export function toItem(r: OrderRow, fourEyesAmount: number): CashoutOrderItem {
  return {
    id: r.id,
    orderId: r.order_id,
    uid: r.uid,
    partner: r.partner,
    channel: r.channel,
    amount: r.amount,
    fee: r.fee,
    account: r.account,
    remarks: r.remarks,
    status: r.status,
    createdAt: isoInConsoleZone(r.created_at),
    claimedBy: r.claimed_by,
    approvedBy: r.approved_by,
    secondApprovedBy: r.second_approved_by,
    resolvedBy: r.resolved_by,
    providerRef: r.provider_ref,
    attempts: r.attempts,
    finishedAt: isoInConsoleZone(r.finished_at),
    lateOutcome: r.late_outcome,
    needsTwo: r.amount > fourEyesAmount,
  };
}

/** What the operation log keeps before and after a step. */
export const snapshot = (r: OrderRow) => ({
  status: r.status,
  claimedBy: r.claimed_by,
  approvedBy: r.approved_by,
  secondApprovedBy: r.second_approved_by,
  resolvedBy: r.resolved_by,
  remarks: r.remarks,
  providerRef: r.provider_ref,
  lateOutcome: r.late_outcome,
});

const STATE_WORDS: Record<CashoutStatus, string> = {
  not_reviewed: 'not reviewed yet',
  in_review: 'in review',
  approved: 'already approved',
  succeed: 'already paid out',
  fail: 'already failed',
  denied: 'already denied',
  undetermined: 'awaiting its payout outcome (undetermined)',
  set_success: 'already set to success',
};

/** The 409 of a transition this state does not allow: names the order abbreviated and why. */
export function refused(order: Pick<ReviewRow, 'order_id' | 'status' | 'claimed_by'>, detail?: string) {
  const words = order.status === 'in_review' && order.claimed_by ? `in review (claimed by ${order.claimed_by})` : STATE_WORDS[order.status];
  return conflict(`Order ${abbreviate(order.order_id)} is ${words}${detail ? `: ${detail}` : ''}`);
}

export interface StepStamp {
  actor: string;
  at: Date;
  reason?: string;
}

/** Moves the order from its (locked) status to `to`: guarded UPDATE, history row. */
export async function move(
  trx: Db,
  order: OrderRow,
  to: CashoutStatus,
  stamp: StepStamp,
  set: Partial<Record<keyof OrderRow, unknown>> = {},
): Promise<OrderRow> {
  return moveIn(CASHOUT_TABLES, trx, order, to, stamp, set);
}

/** `move` over any order table of the review (the agents' cash-outs use it with their tables). */
export async function moveIn<Row extends ReviewRow>(
  tables: ReviewTables,
  trx: Db,
  order: Row,
  to: CashoutStatus,
  stamp: StepStamp,
  set: Partial<Record<keyof Row, unknown>> = {},
): Promise<Row> {
  const anyDb = trx as unknown as Kysely<any>;
  const updated = await anyDb
    .updateTable(tables.order)
    .set({ ...set, status: to, updated_at: stamp.at })
    .where('id', '=', order.id)
    .where('status', '=', order.status)
    .returningAll()
    .executeTakeFirst();
  // the row lock makes this unreachable; the guard stays so that a missing lock fails loudly
  if (!updated) throw refused(order, 'it changed meanwhile');
  if (to !== order.status || stamp.reason) {
    await anyDb
      .insertInto(tables.transition)
      .values({
        order_id: order.id,
        at: stamp.at,
        actor: stamp.actor,
        from_status: order.status,
        to_status: to,
        reason: stamp.reason ?? '',
      })
      .execute();
  }
  return updated as unknown as Row;
}

/** Returns the held amount + fee to withdrawable: once per order, whatever retries (idempotency key). */
export async function refund(trx: Db, order: OrderRow, stamp: StepStamp): Promise<void> {
  await postAll(trx, [
    {
      uid: order.uid,
      currency: 'withdrawable',
      delta: order.amount + order.fee,
      reason: CASHOUT_REASONS.refund,
      ref: order.order_id,
      actor: stamp.actor,
      key: `cashout:${order.order_id}:refund`,
      at: stamp.at,
    },
  ]);
}
