/**
 * Agents' cash-out orders (/agentcash; docs/api/agentcash.md, decision 024).
 *
 * Money: an agent's commission is its `agent` account of the account ledger (kind 'agent',
 * owner = uid, currency = lower(agent_rate.currency), decision 021). A request moves amount to
 * the platform's 'agentcash.hold' account and fee to 'agentcash.fee' at once (keys
 * agentcash:<order>:hold / :fee); a denial or failure moves both back once (:refund /
 * :feeback); a success moves the held amount to the currency's issuance account (:paid: the
 * commission the platform owed has left as cash). Every move is idempotent by its key.
 *
 * Review: the players' cash-out steps (domains/cashout/review.ts `reviewSteps`) over
 * agent_cashout_order: the same states, claim, four eyes, re-authentication, batch steps.
 */
import type { AgentCashoutCreateBody, AgentCashoutItem } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { conflict, notFound } from '../../http/api-error';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import { abbreviate, cashoutFee, newOrderId } from '../cashout/orders';
import { providerOutcome, PAYOUT_DEADLINE_MS, startPayoutOnce, type Clock } from '../cashout/payout';
import { type LateOutcome, type PayoutOutcome } from '../cashout/providers';
import { reviewSteps, type ReviewStore } from '../cashout/review';
import { moveIn, refused, type ReviewTables, type StepStamp } from '../cashout/state';
import type { CashoutStatus } from '../cashout/tables';
import { ensureAccount, issuanceAccount, moveBetweenAccounts } from '../ledger/accounts';
import { agentCashConfig } from './config';
import { startOfDayMs } from '@console/time';

export const AGENT_CASH_REASONS = {
  hold: 'agentcash.hold',
  fee: 'agentcash.fee',
  refund: 'agentcash.refund',
  paid: 'agentcash.paid',
} as const;
export const AGENT_TABLES: ReviewTables = { order: 'agent_cashout_order', transition: 'agent_cashout_transition' };
export const AUTO_APPROVER = 'system:auto';
const SYSTEM = 'system:payout';

export interface AgentOrderRow {
  id: number;
  order_id: string;
  app_id: string;
  request_id: string;
  uid: number;
  partner: number;
  channel: string;
  account_id: number;
  currency: string;
  amount: number;
  fee: number;
  account: string;
  remarks: string;
  status: CashoutStatus;
  auto: boolean;
  created_at: Date;
  claimed_by: string | null;
  claimed_at: Date | null;
  approved_by: string | null;
  approved_at: Date | null;
  second_approved_by: string | null;
  second_approved_at: Date | null;
  resolved_by: string | null;
  resolved_at: Date | null;
  provider: string | null;
  payout_started_at: Date | null;
  provider_ref: string | null;
  attempts: number;
  finished_at: Date | null;
  updated_at: Date;
}

export function toAgentItem(r: AgentOrderRow & { name?: string | null }, fourEyesAmount: number): AgentCashoutItem {
  return {
    id: Number(r.id),
    orderId: r.order_id,
    uid: r.uid,
    name: r.name ?? '',
    partner: r.partner,
    channel: r.channel,
    amount: Number(r.amount),
    fee: Number(r.fee),
    account: r.account,
    remarks: r.remarks,
    status: r.status,
    auto: r.auto,
    createdAt: isoInConsoleZone(r.created_at),
    claimedBy: r.claimed_by,
    approvedBy: r.approved_by,
    secondApprovedBy: r.second_approved_by,
    resolvedBy: r.resolved_by,
    providerRef: r.provider_ref,
    finishedAt: isoInConsoleZone(r.finished_at),
    needsTwo: Number(r.amount) > fourEyesAmount,
  };
}

const snapshot = (r: AgentOrderRow) => ({
  status: r.status,
  claimedBy: r.claimed_by,
  approvedBy: r.approved_by,
  secondApprovedBy: r.second_approved_by,
  resolvedBy: r.resolved_by,
  remarks: r.remarks,
  providerRef: r.provider_ref,
});

export async function lockAgentOrder(trx: Db, orderId: string, user?: ScopedSubject): Promise<AgentOrderRow> {
  const row = await trx
    .selectFrom('agent_cashout_order')
    .selectAll()
    .where('order_id', '=', orderId)
    .$if(user !== undefined, (qb) => qb.where(ownPartnerFilter(user!, 'partner')))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(`Order ${abbreviate(orderId)} not found`);
  return normalize(row);
}

const normalize = (row: Record<string, unknown>): AgentOrderRow => ({
  ...(row as unknown as AgentOrderRow),
  id: Number(row.id),
  account_id: Number(row.account_id),
  amount: Number(row.amount),
  fee: Number(row.fee),
});

/** The platform's hold and fee accounts of a currency. */
const holdAccount = (db: Db, currency: string) => ensureAccount(db, 'platform', 'agentcash.hold', 0, currency);
const feeAccount = (db: Db, currency: string) => ensureAccount(db, 'platform', 'agentcash.fee', 0, currency);

/** Returns amount + fee to the agent's account: once per order (keys). */
async function refundOrder(trx: Db, order: AgentOrderRow, stamp: StepStamp): Promise<void> {
  const common = { ref: order.order_id, actor: stamp.actor, at: stamp.at, reason: AGENT_CASH_REASONS.refund };
  await moveBetweenAccounts(trx, (await holdAccount(trx, order.currency)).id, order.account_id, order.amount, {
    ...common,
    key: `agentcash:${order.order_id}:refund`,
  });
  if (order.fee > 0) {
    await moveBetweenAccounts(trx, (await feeAccount(trx, order.currency)).id, order.account_id, order.fee, {
      ...common,
      key: `agentcash:${order.order_id}:feeback`,
    });
  }
}

/** A success: the held amount leaves as cash (to the issuance account), once. */
async function settleOrder(trx: Db, order: AgentOrderRow, stamp: StepStamp): Promise<void> {
  await moveBetweenAccounts(trx, (await holdAccount(trx, order.currency)).id, (await issuanceAccount(trx, order.currency)).id, order.amount, {
    ref: order.order_id,
    actor: stamp.actor,
    at: stamp.at,
    reason: AGENT_CASH_REASONS.paid,
    key: `agentcash:${order.order_id}:paid`,
  });
}

/** Moves an agent order; a move into succeed / set_success settles its hold in the same transaction. */
async function moveAgent(trx: Db, order: AgentOrderRow, to: CashoutStatus, stamp: StepStamp, set: Partial<Record<keyof AgentOrderRow, unknown>> = {}) {
  if ((to === 'succeed' || to === 'set_success') && order.status !== to) await settleOrder(trx, order, stamp);
  return normalize((await moveIn(AGENT_TABLES, trx, order, to, stamp, set)) as unknown as Record<string, unknown>);
}

/** An open cheat record: the agent flagged in /cheatmanager (cheat_flag, one row while flagged). */
export async function openCheatRecord(db: Db, uid: number): Promise<boolean> {
  return (await db.selectFrom('cheat_flag').select('uid').where('uid', '=', uid).executeTakeFirst()) !== undefined;
}

const fourEyesOf = async (db: Db, partner: number) => (await agentCashConfig(db, partner)).config.fourEyesAmount;

async function agentName(db: Db, uid: number): Promise<string> {
  return (await db.selectFrom('agent').select('name').where('uid', '=', uid).executeTakeFirst())?.name ?? '';
}

export const agentCashStore: ReviewStore<AgentOrderRow, AgentCashoutItem> = {
  name: 'agentcash',
  lock: lockAgentOrder,
  move: moveAgent,
  refund: refundOrder,
  needsTwo: async (trx, order) => order.amount > (await fourEyesOf(trx, order.partner)),
  beforeApprove: async (trx, order) => {
    if (await openCheatRecord(trx, order.uid)) throw refused(order, `agent ${order.uid} has an open cheat record: no payout while it is open`);
  },
  refused: (order, detail) => refused(order, detail),
  snapshot,
  item: async (trx, order) => toAgentItem({ ...order, name: await agentName(trx, order.uid) }, await fourEyesOf(trx, order.partner)),
  pay: (db, orderId, clock) => runAgentPayout(db, orderId, clock),
};

export const agentReview = reviewSteps(agentCashStore);

// ---------------------------------------------------------------- payout

async function settle(trx: Db, order: AgentOrderRow, outcome: PayoutOutcome, stamp: StepStamp): Promise<AgentOrderRow> {
  if (outcome.status === 'timeout') {
    return order.status === 'approved' ? moveAgent(trx, order, 'undetermined', { ...stamp, reason: 'provider did not answer' }) : order;
  }
  if (outcome.status === 'success') {
    return moveAgent(trx, order, 'succeed', { ...stamp, reason: `paid: ${outcome.reference}` }, { provider_ref: outcome.reference, finished_at: stamp.at });
  }
  await refundOrder(trx, order, stamp);
  return moveAgent(trx, order, 'fail', { ...stamp, reason: outcome.reason.slice(0, 200) }, { finished_at: stamp.at });
}

/** A provider's late report about an agent order (an undetermined one is settled as reported); others go to the players' handler. */
export async function lateReport(db: Db, report: LateOutcome, clock: Clock): Promise<void> {
  const known = await db.selectFrom('agent_cashout_order').select('id').where('order_id', '=', report.orderId).executeTakeFirst();
  if (!known) {
    await providerOutcome(db, report, clock);
    return;
  }
  await db.transaction().execute(async (trx) => {
    const order = await lockAgentOrder(trx, report.orderId);
    if (order.status !== 'undetermined' && order.status !== 'approved') return;
    const outcome: PayoutOutcome =
      report.status === 'success'
        ? { status: 'success', reference: report.reference ?? '' }
        : { status: 'failure', reason: report.reason ?? 'provider reported a failure' };
    await settle(trx, order, outcome, { actor: SYSTEM, at: new Date(clock()) });
  });
}

/** Pays an approved agent order once (the guarded stamp of payout_started_at, as for players); returns its status after. */
export async function runAgentPayout(db: Db, orderId: string, clock: Clock, deadlineMs = PAYOUT_DEADLINE_MS): Promise<string | null> {
  const outcome = await startPayoutOnce(db, 'agent_cashout_order', orderId, clock, deadlineMs, (report) => lateReport(db, report, clock));
  if (!outcome) return null;
  return db.transaction().execute(async (trx) => {
    const order = await lockAgentOrder(trx, orderId);
    if (order.status !== 'approved') return order.status;
    return (await settle(trx, order, outcome, { actor: SYSTEM, at: new Date(clock()) })).status;
  });
}

/** Approved orders whose payout never started (a crash between commit and stamp) are paid now. */
export async function recoverAgentPayouts(db: Db, clock: Clock): Promise<void> {
  const unstarted = await db
    .selectFrom('agent_cashout_order')
    .select('order_id')
    .where('status', '=', 'approved')
    .where('payout_started_at', 'is', null)
    .where('updated_at', '<', new Date(clock() - 60_000))
    .limit(20)
    .execute();
  for (const { order_id } of unstarted) await runAgentPayout(db, order_id, clock);
}

// ---------------------------------------------------------------- the platform's request

export interface CreatedAgentOrder {
  orderId: string;
  status: CashoutStatus;
  fee: number;
}

function sameRequest(row: { uid: number; channel: string; amount: number | string; account: string }, body: AgentCashoutCreateBody): boolean {
  return row.uid === body.uid && row.channel === body.channel && Number(row.amount) === body.amount && row.account === body.account;
}

async function existing(db: Db, appId: string, body: AgentCashoutCreateBody): Promise<CreatedAgentOrder | null> {
  const row = await db
    .selectFrom('agent_cashout_order')
    .select(['order_id', 'status', 'fee', 'uid', 'channel', 'amount', 'account'])
    .where('app_id', '=', appId)
    .where('request_id', '=', body.requestId)
    .executeTakeFirst();
  if (!row) return null;
  if (!sameRequest(row, body)) throw conflict(`requestId ${body.requestId} was used for another order (${abbreviate(row.order_id)})`);
  return { orderId: row.order_id, status: row.status, fee: Number(row.fee) };
}

/** The commission account's currency: the agent's latest rate's, lower case ('php'). */
async function commissionCurrency(db: Db, uid: number): Promise<string> {
  const rate = await db
    .selectFrom('agent_rate')
    .select('currency')
    .where('agent', '=', uid)
    .orderBy('effective_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return (rate?.currency ?? 'PHP').toLowerCase();
}

/**
 * An agent's cash-out request (the platform's call): checks the agent (active, enough active
 * invitees: agent.withdrawable, decision 021), the channel, the partner's settings (range, day
 * count and amount), holds amount + fee, and at or under the auto-approve amount (without an
 * open cheat record) approves it at once and pays it; requestId idempotent per application.
 */
export async function createAgentCashout(db: Db, appId: string, body: AgentCashoutCreateBody, now: Date, clock: Clock): Promise<CreatedAgentOrder> {
  const again = await existing(db, appId, body);
  if (again) return again;
  let created: CreatedAgentOrder;
  try {
    created = await db.transaction().execute(async (trx) => {
      // the agent row lock serializes an agent's requests: the day's counts cannot race
      const agent = await trx.selectFrom('agent').selectAll().where('uid', '=', body.uid).forUpdate().executeTakeFirst();
      if (!agent) throw notFound(`Agent ${body.uid} not found`);
      const repeated = await existing(trx, appId, body);
      if (repeated) return repeated;
      if (agent.status !== 'active') throw conflict(`Agent ${body.uid} is ${agent.status}: no cash-out`);
      if (!agent.withdrawable) {
        const min = (await trx.selectFrom('agent_settings').select('min_active_invitees').executeTakeFirst())?.min_active_invitees ?? 5;
        throw conflict(`Agent ${body.uid} cannot withdraw: ${agent.active_invitees} active invitees in the last settled week, at least ${min} needed`);
      }
      const channel = await trx.selectFrom('cashout_channel').selectAll().where('channel', '=', body.channel).executeTakeFirst();
      if (!channel) throw notFound(`Cash-out channel ${body.channel} not found`);
      if (channel.status !== 'open') throw conflict(`Cash-out channel ${body.channel} is not open (${channel.status})`);
      const { config } = await agentCashConfig(trx, agent.partner);
      if (body.amount < config.minAmount || body.amount > config.maxAmount) {
        throw conflict(`Amount ${body.amount} is outside the agent cash-out range ${config.minAmount}–${config.maxAmount}`);
      }
      const { rows } = await sql<{ n: string; total: string | null }>`
        SELECT count(*) AS n, sum(amount) AS total FROM agent_cashout_order
        WHERE uid = ${body.uid} AND created_at >= ${new Date(startOfDayMs(now))} AND status NOT IN ('denied', 'fail')`.execute(trx);
      const today = { n: Number(rows[0]?.n ?? 0), total: Number(rows[0]?.total ?? 0) };
      if (today.n >= config.dailyCount) throw conflict(`Agent ${body.uid} reached ${config.dailyCount} cash-outs today`);
      if (today.total + body.amount > config.dailyMaxAmount) {
        throw conflict(`Agent ${body.uid} would pass the day's ${config.dailyMaxAmount} (${today.total} asked today)`);
      }
      const fee = cashoutFee(body.amount, config.feePercent);
      const currency = await commissionCurrency(trx, body.uid);
      const account = await ensureAccount(trx, 'agent', String(body.uid), agent.partner, currency);
      const cheat = await openCheatRecord(trx, body.uid);
      const orderId = newOrderId();
      const inserted = await trx
        .insertInto('agent_cashout_order')
        .values({
          order_id: orderId,
          app_id: appId,
          request_id: body.requestId,
          uid: body.uid,
          partner: agent.partner,
          channel: body.channel,
          account_id: account.id,
          currency,
          amount: body.amount,
          fee,
          account: body.account,
          created_at: now,
          updated_at: now,
          remarks: cheat ? 'Open cheat record: manual review, no payout while it is open' : '',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const common = { ref: orderId, actor: `app:${appId}`, at: now };
      await moveBetweenAccounts(trx, account.id, (await holdAccount(trx, currency)).id, body.amount, {
        ...common,
        reason: AGENT_CASH_REASONS.hold,
        key: `agentcash:${orderId}:hold`,
      });
      if (fee > 0)
        await moveBetweenAccounts(trx, account.id, (await feeAccount(trx, currency)).id, fee, {
          ...common,
          reason: AGENT_CASH_REASONS.fee,
          key: `agentcash:${orderId}:fee`,
        });
      await trx
        .insertInto('agent_cashout_transition')
        .values({
          order_id: Number(inserted.id),
          at: now,
          actor: `app:${appId}`,
          from_status: null,
          to_status: 'not_reviewed',
          reason: 'requested',
        })
        .execute();
      if (!cheat && body.amount <= config.autoApproveAmount) {
        await moveIn(
          AGENT_TABLES,
          trx,
          normalize(inserted),
          'approved',
          { actor: AUTO_APPROVER, at: now, reason: `auto-approved (at most ${config.autoApproveAmount})` },
          { approved_by: AUTO_APPROVER, approved_at: now, auto: true },
        );
        return { orderId, status: 'approved' as const, fee };
      }
      return { orderId, status: 'not_reviewed' as const, fee };
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505' && String((error as Error).message).includes('request_id')) {
      const winner = await existing(db, appId, body);
      if (winner) return winner;
    }
    throw error;
  }
  if (created.status !== 'approved') return created;
  const status = await runAgentPayout(db, created.orderId, clock);
  return status ? { ...created, status: status as CashoutStatus } : created;
}
