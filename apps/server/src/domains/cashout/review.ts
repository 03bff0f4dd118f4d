/**
 * The staff side of §4: claim, approve (four eyes above the configured amount, a recent
 * re-authentication), deny, and setting an undetermined payout's outcome. Each step is one
 * transaction on the order's row lock with its operation-log record (before and after); a
 * refused step is logged as failed and answered 409 naming the order. After an approval
 * that completes the order, the payout runs (payout.ts) once the approval is committed.
 * Concurrency-safe across processes: the row lock orders the steps, and every UPDATE is
 * guarded by the status it read.
 */
import type { CashoutOrderItem } from '@console/schemas';
import type { Db } from '../../db/open';
import { ApiError } from '../../http/api-error';
import { appendOperationLog } from '../operation-log/chain';
import type { SessionUser } from '../auth/sessions';
import { cashoutRules } from '../payment-config/withdrawal-rules';
import { abbreviate } from './orders';
import { runPayout, type Clock } from './payout';
import { requireRecentReauth } from './reauth';
import { lockOrder, move, refund, refused, snapshot, toItem, type OrderRow } from './state';
import { cashoutReviewForced } from '../controls/enforce';

export interface Reviewer { db: Db; user: SessionUser; ip: string; clock: Clock }

const actorOf = (user: SessionUser) => `staff:${user.username}`;

/** One staff step: lock, decide, write, log; a refusal is logged too (result failed). */
async function step(r: Reviewer, operation: string, orderId: string, decide: (trx: Db, order: OrderRow, at: Date) => Promise<OrderRow>): Promise<CashoutOrderItem> {
  const at = new Date(r.clock());
  const target = `cashout:${orderId}`;
  try {
    return await r.db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, orderId, r.user);
      const after = await decide(trx, order, at);
      await appendOperationLog(trx, {
        username: r.user.username, partner: r.user.partner, operation, target, result: 'ok', status: 200, message: '',
        before: snapshot(order), after: snapshot(after), ip: r.ip,
      }, at);
      return toItem(after, (await cashoutRules(trx)).fourEyesAmount);
    });
  } catch (error) {
    if (error instanceof ApiError && !error.logged && error.statusCode !== 403 && error.statusCode !== 429) {
      await appendOperationLog(r.db, {
        username: r.user.username, partner: r.user.partner, operation, target, result: 'failed', status: error.statusCode,
        message: error.message, before: null, after: null, ip: r.ip,
      }, at);
      error.logged = true;
    }
    throw error;
  }
}

export function claim(r: Reviewer, orderId: string): Promise<CashoutOrderItem> {
  return step(r, 'cashout.claim', orderId, async (trx, order, at) => {
    if (order.status !== 'not_reviewed') throw refused(order, order.claimed_by === r.user.username ? 'you claimed it already' : undefined);
    return move(trx, order, 'in_review', { actor: actorOf(r.user), at, reason: 'claimed' }, { claimed_by: r.user.username, claimed_at: at });
  });
}

/** A claim older than this may be released by any reviewer (its reviewer went home). */
export const STALE_CLAIM_MS = 30 * 60_000;

/**
 * Release: in review → not reviewed again, before any approval; by its reviewer at any time,
 * by anyone else once the claim is older than 30 minutes (so an order never waits on an absent
 * reviewer).
 */
export function release(r: Reviewer, orderId: string): Promise<CashoutOrderItem> {
  return step(r, 'cashout.release', orderId, async (trx, order, at) => {
    if (order.status !== 'in_review') throw refused(order);
    if (order.approved_by !== null) throw refused(order, `${order.approved_by} approved it already: approve or deny it`);
    const stale = order.claimed_at !== null && at.getTime() - order.claimed_at.getTime() > STALE_CLAIM_MS;
    if (order.claimed_by !== r.user.username && !stale) throw refused(order, 'only its reviewer releases it within 30 minutes of the claim');
    return move(trx, order, 'not_reviewed', { actor: actorOf(r.user), at, reason: `released (claimed by ${order.claimed_by})` }, { claimed_by: null, claimed_at: null });
  });
}

/**
 * Approve: the first approval comes from the reviewer who claimed the order (a not reviewed
 * order is claimed by the approval itself); above the four-eyes amount the order then waits in
 * review for a second approval by anyone else allowed to review. Nobody approves twice.
 */
async function approveOne(r: Reviewer, orderId: string): Promise<CashoutOrderItem> {
  const me = r.user.username;
  return step(r, 'cashout.approve', orderId, async (trx, order, at) => {
    const stamp = { actor: actorOf(r.user), at };
    // a player control may hold every order of its player for a second reviewer (domains/controls)
    const needsTwo = Number(order.amount) > (await cashoutRules(trx)).fourEyesAmount || (await cashoutReviewForced(trx, order.uid));
    if (order.status === 'not_reviewed') {
      order = await move(trx, order, 'in_review', { ...stamp, reason: 'claimed by approving' }, { claimed_by: me, claimed_at: at });
    } else if (order.status !== 'in_review') {
      throw refused(order);
    }
    if (order.approved_by === null) {
      if (order.claimed_by !== me) throw refused(order, 'only its reviewer gives the first approval');
      if (!needsTwo) return move(trx, order, 'approved', { ...stamp, reason: 'approved' }, { approved_by: me, approved_at: at });
      return move(trx, order, 'in_review', { ...stamp, reason: 'first approval (four eyes: a second reviewer approves)' }, { approved_by: me, approved_at: at });
    }
    if (order.approved_by === me) throw new ApiError(409, `Order ${abbreviate(order.order_id)} needs a second reviewer: you approved it already`);
    return move(trx, order, 'approved', { ...stamp, reason: `second approval (first: ${order.approved_by})` }, { second_approved_by: me, second_approved_at: at });
  });
}

export async function approve(r: Reviewer, orderId: string): Promise<CashoutOrderItem> {
  await requireRecentReauth(r.db, r.user, new Date(r.clock()));
  const item = await approveOne(r, orderId);
  if (item.status !== 'approved') return item;
  const status = await runPayout(r.db, orderId, r.clock);
  return status ? { ...item, status: status as CashoutOrderItem['status'] } : item;
}

/** Deny (from not reviewed, or in review by its reviewer or a second reviewer): the hold and fee go back once. */
export function deny(r: Reviewer, orderId: string, reason: string): Promise<CashoutOrderItem> {
  return step(r, 'cashout.deny', orderId, async (trx, order, at) => {
    if (order.status !== 'not_reviewed' && order.status !== 'in_review') throw refused(order);
    if (order.status === 'in_review' && order.approved_by === null && order.claimed_by !== r.user.username) throw refused(order);
    const stamp = { actor: actorOf(r.user), at, reason };
    await refund(trx, order, stamp);
    return move(trx, order, 'denied', stamp, { resolved_by: r.user.username, resolved_at: at, remarks: reason, finished_at: at });
  });
}

/** An undetermined payout set by hand: success settles the hold, fail returns it once. */
export function resolve(r: Reviewer, orderId: string, outcome: 'success' | 'fail', reason: string): Promise<CashoutOrderItem> {
  return step(r, outcome === 'success' ? 'cashout.setSuccess' : 'cashout.setFail', orderId, async (trx, order, at) => {
    if (order.status !== 'undetermined') throw refused(order, 'only an undetermined payout can be set by hand');
    const stamp = { actor: actorOf(r.user), at, reason };
    const set = { resolved_by: r.user.username, resolved_at: at, remarks: reason, finished_at: at };
    if (outcome === 'success') return move(trx, order, 'set_success', stamp, set);
    await refund(trx, order, stamp);
    return move(trx, order, 'fail', stamp, set);
  });
}

export interface BatchResult { orderId: string; status: string; code: number; message?: string }

async function each(orderIds: readonly string[], work: (orderId: string) => Promise<CashoutOrderItem>): Promise<BatchResult[]> {
  const results: BatchResult[] = [];
  // one after the other: each order is its own transaction and log record; a refusal of one
  // does not stop the others
  for (const orderId of orderIds) {
    try {
      results.push({ orderId, status: (await work(orderId)).status, code: 200 });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      results.push({ orderId, status: 'refused', code: error.statusCode, message: error.message });
    }
  }
  return results;
}

export async function approveBatch(r: Reviewer, orderIds: readonly string[]): Promise<BatchResult[]> {
  await requireRecentReauth(r.db, r.user, new Date(r.clock()));
  return each(orderIds, async (orderId) => {
    const item = await approveOne(r, orderId);
    if (item.status !== 'approved') return item;
    const status = await runPayout(r.db, orderId, r.clock);
    return status ? { ...item, status: status as CashoutOrderItem['status'] } : item;
  });
}

export function denyBatch(r: Reviewer, orderIds: readonly string[], reason: string): Promise<BatchResult[]> {
  return each(orderIds, (orderId) => deny(r, orderId, reason));
}
