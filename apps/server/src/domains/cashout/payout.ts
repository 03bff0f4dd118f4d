/**
 * The payout of an approved order, run inline right after the approval commits (the
 * reviewer sees the outcome). Exactly once: the guarded UPDATE that stamps
 * payout_started_at (`WHERE status = 'approved' AND payout_started_at IS NULL`) is won by
 * one caller, on any server process; only that caller calls the provider. The outcome:
 *   success  → succeed (the hold was the payment: nothing moves), channel failures reset;
 *   failure  → fail, hold + fee returned once, channel failures + 1 (at the channel's max it
 *              closes itself and the operation log says why);
 *   timeout  → undetermined (no money moves until the provider reports or a reviewer sets it).
 * A provider's late report (providerOutcome) settles an undetermined order, and on an order
 * already settled the other way it only flags it (late_outcome): never paid or refunded twice.
 */
import type { Db } from '../../db/open';
import type { Database } from '../../db/schema';
import type { Selectable } from 'kysely';
import { notePayoutOutcome } from '../payment-config/channel-health';
import { payoutProviderFor, SimulatedProvider, type LateOutcome, type PayoutOutcome } from './providers';
import { lockOrder, move, refund, type OrderRow, type StepStamp } from './state';

/** A provider that has not answered by then is a timeout (undetermined). */
export const PAYOUT_DEADLINE_MS = 15_000;
/** A payout started this long ago and still approved: its process died; the order is undetermined. */
export const STALE_PAYOUT_MS = 10 * 60_000;
const SYSTEM = 'system:payout';

export type Clock = () => number;

function withDeadline(work: Promise<PayoutOutcome>, ms: number): Promise<PayoutOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<PayoutOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'timeout' }), ms);
  });
  return Promise.race([work.catch((): PayoutOutcome => ({ status: 'timeout' })), deadline]).finally(() => clearTimeout(timer));
}

/** The order tables whose approved orders are paid this way: the players' and the agents' cash-outs. */
export type PayoutTable = 'cashout_order' | 'agent_cashout_order';
type PayoutColumns =
  'id' | 'order_id' | 'app_id' | 'status' | 'channel' | 'uid' | 'amount' | 'fee' | 'account' | 'provider' | 'payout_started_at' | 'attempts' | 'updated_at';
type PayoutRow<T extends PayoutTable> = Selectable<Pick<Database[T], PayoutColumns>>;
/** Compiles only while both tables read every column the payout reads or writes alike (startPayoutOnce names one for both). */
const PAYOUT_COLUMNS_AGREE: [PayoutRow<'agent_cashout_order'>, PayoutRow<'cashout_order'>] extends [
  PayoutRow<'cashout_order'>,
  PayoutRow<'agent_cashout_order'>,
]
  ? true
  : never = true;
void PAYOUT_COLUMNS_AGREE;

/**
 * Starts an approved order's payout, exactly once (the guarded stamp of payout_started_at: one
 * caller wins, on any server process), and asks the channel's provider with a deadline. Answers
 * the provider's outcome, or null when the order was not approved or its payout was already
 * started (someone else pays it). The caller settles the outcome; `onLate` takes a simulated
 * provider's report after the deadline.
 */
export async function startPayoutOnce(
  db: Db,
  table: PayoutTable,
  orderId: string,
  clock: Clock,
  deadlineMs: number,
  onLate: (report: LateOutcome) => Promise<unknown>,
): Promise<PayoutOutcome | null> {
  const at = new Date(clock());
  // written as the players' table: the agents' has the same columns (PAYOUT_COLUMNS_AGREE)
  const started = await db
    .updateTable(table as 'cashout_order')
    .set((eb) => ({ payout_started_at: at, attempts: eb('attempts', '+', 1), updated_at: at }))
    .where('order_id', '=', orderId)
    .where('status', '=', 'approved')
    .where('payout_started_at', 'is', null)
    .returning(['id', 'channel', 'uid', 'amount', 'account'])
    .executeTakeFirst();
  if (!started) return null;
  const provider = await payoutProviderFor(db, started.channel);
  // a simulated provider reports late outcomes to the database that asked it to pay
  if (provider instanceof SimulatedProvider) provider.onLate = (report) => onLate(report).then(() => undefined);
  await db
    .updateTable(table as 'cashout_order')
    .set({ provider: provider.name })
    .where('id', '=', started.id)
    .execute();
  return withDeadline(provider.pay({ orderId, channel: started.channel, uid: started.uid, amount: started.amount, account: started.account }), deadlineMs);
}

/** Pays an approved order if nobody else started its payout; returns the order's status after. */
export async function runPayout(db: Db, orderId: string, clock: Clock, deadlineMs = PAYOUT_DEADLINE_MS): Promise<string | null> {
  const outcome = await startPayoutOnce(db, 'cashout_order', orderId, clock, deadlineMs, (report) => providerOutcome(db, report, clock));
  if (!outcome) return null;
  return applyOutcome(db, orderId, outcome, clock);
}

/** Settles an order the provider answered about (approved or undetermined ones); a no-op on others. */
async function settle(trx: Db, order: OrderRow, outcome: PayoutOutcome, stamp: StepStamp): Promise<OrderRow> {
  if (outcome.status === 'timeout') {
    return order.status === 'approved' ? move(trx, order, 'undetermined', { ...stamp, reason: 'provider did not answer' }) : order;
  }
  if (outcome.status === 'success') {
    await notePayoutOutcome(trx, order.channel, true, stamp.at);
    return move(trx, order, 'succeed', { ...stamp, reason: `paid: ${outcome.reference}` }, { provider_ref: outcome.reference, finished_at: stamp.at });
  }
  await refund(trx, order, stamp);
  // at the channel's max consecutive failures it closes itself, logged (payment-config)
  await notePayoutOutcome(trx, order.channel, false, stamp.at);
  return move(trx, order, 'fail', { ...stamp, reason: outcome.reason.slice(0, 200) }, { finished_at: stamp.at });
}

export async function applyOutcome(db: Db, orderId: string, outcome: PayoutOutcome, clock: Clock): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    const stamp = { actor: SYSTEM, at: new Date(clock()) };
    if (order.status !== 'approved') return order.status; // settled meanwhile (a sweep): the late path flags it
    return (await settle(trx, order, outcome, stamp)).status;
  });
}

/**
 * A provider's report after the fact (the simulated providers' late callback; the entry a real
 * provider's callback would call). Undetermined: settled as reported. Settled the other way
 * (a reviewer set fail, then the money arrived): flagged, nothing moves. Same outcome: nothing.
 */
export async function providerOutcome(db: Db, report: LateOutcome, clock: Clock): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, report.orderId);
    const stamp = { actor: SYSTEM, at: new Date(clock()) };
    if (order.status === 'undetermined' || order.status === 'approved') {
      const outcome: PayoutOutcome =
        report.status === 'success'
          ? { status: 'success', reference: report.reference ?? '' }
          : { status: 'failure', reason: report.reason ?? 'provider reported a failure' };
      return (await settle(trx, order, outcome, stamp)).status;
    }
    const paidOut = order.status === 'succeed' || order.status === 'set_success';
    const contradicts = (report.status === 'success' && !paidOut) || (report.status === 'failure' && paidOut);
    if (contradicts && order.late_outcome === null) {
      await trx
        .updateTable('cashout_order')
        .set({ late_outcome: report.status, late_at: stamp.at, updated_at: stamp.at, ...(report.reference ? { provider_ref: report.reference } : {}) })
        .where('id', '=', order.id)
        .execute();
      await trx
        .insertInto('cashout_transition')
        .values({
          order_id: order.id,
          at: stamp.at,
          actor: SYSTEM,
          from_status: order.status,
          to_status: order.status,
          reason: `late ${report.status} from the provider after ${order.status}: flagged, nothing paid or refunded`,
        })
        .execute();
    }
    return order.status;
  });
}

/**
 * Recovery after a crash: approved orders whose payout never started are paid now; payouts
 * started long ago and never answered turn undetermined (a reviewer or a late report decides).
 */
export async function recoverPayouts(db: Db, clock: Clock): Promise<void> {
  const now = clock();
  const stale = await db
    .selectFrom('cashout_order')
    .select('order_id')
    .where('status', '=', 'approved')
    .where('payout_started_at', '<', new Date(now - STALE_PAYOUT_MS))
    .limit(100)
    .execute();
  for (const { order_id } of stale) await applyOutcome(db, order_id, { status: 'timeout' }, clock);
  const unstarted = await db
    .selectFrom('cashout_order')
    .select('order_id')
    .where('status', '=', 'approved')
    .where('payout_started_at', 'is', null)
    .where('updated_at', '<', new Date(now - 60_000))
    .limit(20)
    .execute();
  for (const { order_id } of unstarted) await runPayout(db, order_id, clock);
}
