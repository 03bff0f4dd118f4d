/**
 * What the agent cash-out review shows beside its queues: their counts, and one order with its
 * history and the agent's context (commission balance, open holds, withdrawable, active
 * invitees, cheat record, recent orders). A partner account sees its own partner's only.
 */
import type { Db } from '../../db/open';
import { notFound } from '../../http/api-error';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter, partnerScope } from '../../plugins/partner-scope';
import type { SessionUser } from '../auth/sessions';
import { abbreviate } from '../cashout/orders';
import { findAccount } from '../ledger/accounts';
import { agentCashConfig } from './config';
import { openCheatRecord, toAgentItem } from './orders';
import { openHolds } from '../cashout/orders';

/** The review queues' counts for the account, and the amounts of the settings in force for it. */
export async function summary(db: Db, user: SessionUser) {
  const rows = await db
    .selectFrom('agent_cashout_order')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('status', 'in', ['not_reviewed', 'in_review', 'approved', 'undetermined'])
    .where(ownPartnerFilter(user, 'partner'))
    .groupBy('status')
    .execute();
  const counts: Record<string, number> = { not_reviewed: 0, in_review: 0, approved: 0, undetermined: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  const { config } = await agentCashConfig(db, user.partner > 0 && partnerScope(user) !== null ? user.partner : 0);
  return { counts, fourEyesAmount: config.fourEyesAmount, autoApproveAmount: config.autoApproveAmount };
}

/** An order with its history and the agent's context: commission balance, open holds, withdrawable, active invitees, cheat record, recent orders. */
export async function context(db: Db, user: SessionUser, orderId: string) {
  const order = await db
    .selectFrom('agent_cashout_order')
    .selectAll()
    .where('order_id', '=', orderId)
    .where(ownPartnerFilter(user, 'partner'))
    .executeTakeFirst();
  if (!order) throw notFound(`Order ${abbreviate(orderId)} not found`);
  const [history, agent, account, recent, cheat, held, cfg] = await Promise.all([
    db.selectFrom('agent_cashout_transition').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
    db.selectFrom('agent').select(['uid', 'name', 'status', 'active_invitees', 'withdrawable', 'partner']).where('uid', '=', order.uid).executeTakeFirst(),
    findAccount(db, 'agent', String(order.uid), order.currency),
    db
      .selectFrom('agent_cashout_order')
      .select(['order_id', 'created_at', 'amount', 'status'])
      .where('uid', '=', order.uid)
      .where('id', '<>', order.id)
      .orderBy('created_at', 'desc')
      .limit(10)
      .execute(),
    openCheatRecord(db, order.uid),
    openHolds(db, 'agent_cashout_order', order.uid),
    agentCashConfig(db, order.partner),
  ]);
  return {
    order: toAgentItem({ ...order, amount: order.amount, fee: order.fee, name: agent?.name ?? '' }, cfg.config.fourEyesAmount),
    history: history.map((h) => ({ at: isoInConsoleZone(h.at), actor: h.actor, from: h.from_status, to: h.to_status, reason: h.reason })),
    agent: agent ? { uid: agent.uid, name: agent.name, status: agent.status, activeInvitees: agent.active_invitees, withdrawable: agent.withdrawable } : null,
    balance: account ? account.balance : 0,
    held,
    cheatRecordOpen: cheat,
    recent: recent.map((c) => ({ orderId: c.order_id, at: isoInConsoleZone(c.created_at), amount: c.amount, status: c.status })),
  };
}
