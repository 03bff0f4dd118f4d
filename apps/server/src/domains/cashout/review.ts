/**
 * The staff side of §4: claim, approve (four eyes above the configured amount, a recent
 * re-authentication), deny, and setting an undetermined payout's outcome. Each step is one
 * transaction on the order's row lock with its operation-log record (before and after); a
 * refused step is logged as failed and answered 409 naming the order. After an approval
 * that completes the order, the payout runs (payout.ts) once the approval is committed.
 * Concurrency-safe across processes: the row lock orders the steps, and every UPDATE is
 * guarded by the status it read.
 *
 * The steps are written once against a `ReviewStore` (the order table's lock, move, refund,
 * four-eyes rule, item and payout): players' cash-outs use `cashoutStore`; the agents'
 * cash-outs of /agentcash (domains/agentcash) run the very same steps on their own table.
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
import { lockOrder, move, refund, refused, snapshot, toItem, type OrderRow, type ReviewRow, type StepStamp } from './state';
import { cashoutReviewForced } from '../controls/enforce';

export interface Reviewer {
  db: Db;
  user: SessionUser;
  ip: string;
  clock: Clock;
}

const actorOf = (user: SessionUser) => `staff:${user.username}`;

/** What the review steps need of an order table (players' cash-outs here, agents' in domains/agentcash). */
export interface ReviewStore<Row extends ReviewRow, Item extends { status: string }> {
  /** Operation-log prefix and target prefix ('cashout' → 'cashout.claim', 'cashout:<orderId>'). */
  name: string;
  lock(trx: Db, orderId: string, user?: SessionUser): Promise<Row>;
  move(trx: Db, order: Row, to: Row['status'], stamp: StepStamp, set?: Partial<Record<keyof Row, unknown>>): Promise<Row>;
  /** Returns the hold (amount + fee) once per order. */
  refund(trx: Db, order: Row, stamp: StepStamp): Promise<void>;
  /** Whether this order needs a second approver. */
  needsTwo(trx: Db, order: Row): Promise<boolean>;
  /** A check before any approval (409 to refuse); absent: none. */
  beforeApprove?(trx: Db, order: Row): Promise<void>;
  refused(order: Row, detail?: string): ApiError;
  snapshot(order: Row): unknown;
  item(trx: Db, order: Row): Promise<Item>;
  /** Pays an approved order once; returns its status after (null: someone else pays it). */
  pay(db: Db, orderId: string, clock: Clock): Promise<string | null>;
}

/** Players' cash-outs (cashout_order). */
export const cashoutStore: ReviewStore<OrderRow, CashoutOrderItem> = {
  name: 'cashout',
  lock: (trx, orderId, user) => lockOrder(trx, orderId, user),
  move: (trx, order, to, stamp, set) => move(trx, order, to, stamp, set),
  refund,
  // a player control may hold every order of its player for a second reviewer (domains/controls)
  needsTwo: async (trx, order) => order.amount > (await cashoutRules(trx)).fourEyesAmount || (await cashoutReviewForced(trx, order.uid)),
  refused: (order, detail) => refused(order, detail),
  snapshot,
  item: async (trx, order) => toItem(order, (await cashoutRules(trx)).fourEyesAmount),
  pay: (db, orderId, clock) => runPayout(db, orderId, clock),
};

export interface BatchResult {
  orderId: string;
  status: string;
  code: number;
  message?: string;
}

async function each<Item extends { status: string }>(orderIds: readonly string[], work: (orderId: string) => Promise<Item>): Promise<BatchResult[]> {
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

/** A claim older than this may be released by any reviewer (its reviewer went home). */
export const STALE_CLAIM_MS = 30 * 60_000;

/** The review steps over one order table. */
export function reviewSteps<Row extends ReviewRow, Item extends { status: string }>(store: ReviewStore<Row, Item>) {
  /** One staff step: lock, decide, write, log; a refusal is logged too (result failed). */
  async function step(r: Reviewer, operation: string, orderId: string, decide: (trx: Db, order: Row, at: Date) => Promise<Row>): Promise<Item> {
    const at = new Date(r.clock());
    const target = `${store.name}:${orderId}`;
    try {
      return await r.db.transaction().execute(async (trx) => {
        const order = await store.lock(trx, orderId, r.user);
        const after = await decide(trx, order, at);
        await appendOperationLog(
          trx,
          {
            username: r.user.username,
            partner: r.user.partner,
            operation,
            target,
            result: 'ok',
            status: 200,
            message: '',
            before: store.snapshot(order),
            after: store.snapshot(after),
            ip: r.ip,
          },
          at,
        );
        return store.item(trx, after);
      });
    } catch (error) {
      if (error instanceof ApiError && !error.logged && error.statusCode !== 403 && error.statusCode !== 429) {
        await appendOperationLog(
          r.db,
          {
            username: r.user.username,
            partner: r.user.partner,
            operation,
            target,
            result: 'failed',
            status: error.statusCode,
            message: error.message,
            before: null,
            after: null,
            ip: r.ip,
          },
          at,
        );
        error.logged = true;
      }
      throw error;
    }
  }

  function claim(r: Reviewer, orderId: string): Promise<Item> {
    return step(r, `${store.name}.claim`, orderId, async (trx, order, at) => {
      if (order.status !== 'not_reviewed') throw store.refused(order, order.claimed_by === r.user.username ? 'you claimed it already' : undefined);
      return store.move(trx, order, 'in_review', { actor: actorOf(r.user), at, reason: 'claimed' }, { claimed_by: r.user.username, claimed_at: at } as never);
    });
  }

  /**
   * Release: in review → not reviewed again, before any approval; by its reviewer at any time,
   * by anyone else once the claim is older than 30 minutes (so an order never waits on an absent
   * reviewer).
   */
  function release(r: Reviewer, orderId: string): Promise<Item> {
    return step(r, `${store.name}.release`, orderId, async (trx, order, at) => {
      if (order.status !== 'in_review') throw store.refused(order);
      if (order.approved_by !== null) throw store.refused(order, `${order.approved_by} approved it already: approve or deny it`);
      const stale = order.claimed_at !== null && at.getTime() - order.claimed_at.getTime() > STALE_CLAIM_MS;
      if (order.claimed_by !== r.user.username && !stale) throw store.refused(order, 'only its reviewer releases it within 30 minutes of the claim');
      return store.move(trx, order, 'not_reviewed', { actor: actorOf(r.user), at, reason: `released (claimed by ${order.claimed_by})` }, {
        claimed_by: null,
        claimed_at: null,
      } as never);
    });
  }

  /**
   * Approve: the first approval comes from the reviewer who claimed the order (a not reviewed
   * order is claimed by the approval itself); above the four-eyes amount the order then waits in
   * review for a second approval by anyone else allowed to review. Nobody approves twice.
   */
  async function approveOne(r: Reviewer, orderId: string): Promise<Item> {
    const me = r.user.username;
    return step(r, `${store.name}.approve`, orderId, async (trx, order, at) => {
      const stamp = { actor: actorOf(r.user), at };
      const needsTwo = await store.needsTwo(trx, order);
      if (order.status === 'not_reviewed') {
        await store.beforeApprove?.(trx, order);
        order = await store.move(trx, order, 'in_review', { ...stamp, reason: 'claimed by approving' }, { claimed_by: me, claimed_at: at } as never);
      } else if (order.status !== 'in_review') {
        throw store.refused(order);
      } else {
        await store.beforeApprove?.(trx, order);
      }
      if (order.approved_by === null) {
        if (order.claimed_by !== me) throw store.refused(order, 'only its reviewer gives the first approval');
        if (!needsTwo) return store.move(trx, order, 'approved', { ...stamp, reason: 'approved' }, { approved_by: me, approved_at: at } as never);
        return store.move(trx, order, 'in_review', { ...stamp, reason: 'first approval (four eyes: a second reviewer approves)' }, {
          approved_by: me,
          approved_at: at,
        } as never);
      }
      if (order.approved_by === me) throw new ApiError(409, `Order ${abbreviate(order.order_id)} needs a second reviewer: you approved it already`);
      return store.move(trx, order, 'approved', { ...stamp, reason: `second approval (first: ${order.approved_by})` }, {
        second_approved_by: me,
        second_approved_at: at,
      } as never);
    });
  }

  async function payIfApproved(r: Reviewer, orderId: string, item: Item): Promise<Item> {
    if (item.status !== 'approved') return item;
    const status = await store.pay(r.db, orderId, r.clock);
    return status ? { ...item, status } : item;
  }

  async function approve(r: Reviewer, orderId: string): Promise<Item> {
    await requireRecentReauth(r.db, r.user, new Date(r.clock()));
    return payIfApproved(r, orderId, await approveOne(r, orderId));
  }

  /** Deny (from not reviewed, or in review by its reviewer or a second reviewer): the hold and fee go back once. */
  function deny(r: Reviewer, orderId: string, reason: string): Promise<Item> {
    return step(r, `${store.name}.deny`, orderId, async (trx, order, at) => {
      if (order.status !== 'not_reviewed' && order.status !== 'in_review') throw store.refused(order);
      if (order.status === 'in_review' && order.approved_by === null && order.claimed_by !== r.user.username) throw store.refused(order);
      const stamp = { actor: actorOf(r.user), at, reason };
      await store.refund(trx, order, stamp);
      return store.move(trx, order, 'denied', stamp, { resolved_by: r.user.username, resolved_at: at, remarks: reason, finished_at: at } as never);
    });
  }

  /** An undetermined payout set by hand: success settles the hold, fail returns it once. */
  function resolve(r: Reviewer, orderId: string, outcome: 'success' | 'fail', reason: string): Promise<Item> {
    return step(r, outcome === 'success' ? `${store.name}.setSuccess` : `${store.name}.setFail`, orderId, async (trx, order, at) => {
      if (order.status !== 'undetermined') throw store.refused(order, 'only an undetermined payout can be set by hand');
      const stamp = { actor: actorOf(r.user), at, reason };
      const set = { resolved_by: r.user.username, resolved_at: at, remarks: reason, finished_at: at } as never;
      if (outcome === 'success') return store.move(trx, order, 'set_success', stamp, set);
      await store.refund(trx, order, stamp);
      return store.move(trx, order, 'fail', stamp, set);
    });
  }

  async function approveBatch(r: Reviewer, orderIds: readonly string[]): Promise<BatchResult[]> {
    await requireRecentReauth(r.db, r.user, new Date(r.clock()));
    return each(orderIds, async (orderId) => payIfApproved(r, orderId, await approveOne(r, orderId)));
  }

  function denyBatch(r: Reviewer, orderIds: readonly string[], reason: string): Promise<BatchResult[]> {
    return each(orderIds, (orderId) => deny(r, orderId, reason));
  }

  return { claim, release, approve, deny, resolve, approveBatch, denyBatch };
}

/** The players' cash-out review steps. */
export const cashoutReview = reviewSteps(cashoutStore);
