/**
 * The player's context beside an order, for the reviewer: profile and balances, the order's
 * history, the player's recent recharges (recharge_order), recent
 * bets (ledger game.* entries), recent cash-outs, and risk flags: devices and IP addresses
 * the player shares with other accounts (player_device / player_ip, as /usermanager/usertrace).
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { notFound } from '../../http/api-error';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter } from '../../plugins/partner-scope';
import type { SessionUser } from '../auth/sessions';
import { cashoutRules } from '../payment-config/withdrawal-rules';
import { abbreviate } from './orders';
import { toItem } from './state';

const RECENT = 10;
/** At most this many shared devices or addresses, each with at most 20 other accounts. */
const MAX_RISKS = 10;

/** The player's last recharge orders (the recharge domain's recharge_order, index (uid, created_at, id)). */
async function recentRecharges(db: Db, uid: number) {
  const rows = await db
    .selectFrom('recharge_order')
    .select(['order_id', 'channel', 'price', 'status', 'created_at', 'paid_at'])
    .where('uid', '=', uid)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(RECENT)
    .execute();
  return rows.map((r) => ({
    orderId: r.order_id,
    channel: r.channel,
    price: r.price,
    status: r.status,
    createdAt: isoInConsoleZone(r.created_at),
    paidAt: isoInConsoleZone(r.paid_at),
  }));
}

async function risks(db: Db, uid: number) {
  const { rows } = await sql<{ kind: 'device' | 'ip'; value: string; uids: number[] }>`
    SELECT 'device' AS kind, m.device_id AS value, (array_agg(o.uid ORDER BY o.uid))[1:20] AS uids
      FROM player_device m JOIN player_device o ON o.device_id = m.device_id AND o.uid <> m.uid
      WHERE m.uid = ${uid} GROUP BY m.device_id
    UNION ALL
    SELECT 'ip', m.ip, (array_agg(o.uid ORDER BY o.uid))[1:20]
      FROM player_ip m JOIN player_ip o ON o.ip = m.ip AND o.uid <> m.uid
      WHERE m.uid = ${uid} GROUP BY m.ip
    LIMIT ${MAX_RISKS}`.execute(db);
  return rows.map((r) => ({ kind: r.kind, value: r.value, uids: r.uids.map(Number) }));
}

export async function orderContext(db: Db, user: SessionUser, orderId: string) {
  const order = await db.selectFrom('cashout_order').selectAll().where('order_id', '=', orderId).where(ownPartnerFilter(user, 'partner')).executeTakeFirst();
  if (!order) throw notFound(`Order ${abbreviate(orderId)} not found`);
  const uid = order.uid;
  const [rules, history, player, balances, recharges, bets, cashouts, flags] = await Promise.all([
    cashoutRules(db),
    db.selectFrom('cashout_transition').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
    db.selectFrom('player').select(['uid', 'name', 'status', 'gcash', 'bank', 'registered_at']).where('uid', '=', uid).executeTakeFirstOrThrow(),
    db
      .selectFrom('player_balance')
      .select(['chip', 'bean', 'safe', 'bonus', 'diamond', 'charisma', 'withdrawable'])
      .where('uid', '=', uid)
      .executeTakeFirstOrThrow(),
    recentRecharges(db, uid),
    db
      .selectFrom('ledger_entry')
      .select(['at', 'reason', 'delta', 'currency'])
      .where('uid', '=', uid)
      .where('reason', 'like', 'game.%')
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
    db
      .selectFrom('cashout_order')
      .select(['order_id', 'created_at', 'amount', 'status'])
      .where('uid', '=', uid)
      .where('id', '<>', order.id)
      .orderBy('created_at', 'desc')
      .limit(RECENT)
      .execute(),
    risks(db, uid),
  ]);
  return {
    order: toItem(order, rules.fourEyesAmount),
    history: history.map((h) => ({ at: isoInConsoleZone(h.at), actor: h.actor, from: h.from_status, to: h.to_status, reason: h.reason })),
    player: {
      uid: player.uid,
      name: player.name,
      status: player.status,
      gcash: player.gcash,
      bank: player.bank,
      registeredAt: isoInConsoleZone(player.registered_at),
    },
    balances: Object.fromEntries(Object.entries(balances).map(([k, v]) => [k, v])),
    recharges,
    bets: bets.map((b) => ({ at: isoInConsoleZone(b.at), reason: b.reason, delta: b.delta, currency: b.currency })),
    cashouts: cashouts.map((c) => ({ orderId: c.order_id, at: isoInConsoleZone(c.created_at), amount: c.amount, status: c.status })),
    risks: flags,
  };
}

/** Counts of the queues (the states a reviewer acts on) and of flagged late outcomes, and the four-eyes amount. */
export async function queueSummary(db: Db, user: SessionUser) {
  const rows = await db
    .selectFrom('cashout_order')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('status', 'in', ['not_reviewed', 'in_review', 'approved', 'undetermined'])
    .where(ownPartnerFilter(user, 'partner'))
    .groupBy('status')
    .execute();
  const late = await db
    .selectFrom('cashout_order')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('late_outcome', 'is not', null)
    .where(ownPartnerFilter(user, 'partner'))
    .executeTakeFirstOrThrow();
  const counts: Record<string, number> = { not_reviewed: 0, in_review: 0, approved: 0, undetermined: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return { counts, late: Number(late.n), fourEyesAmount: (await cashoutRules(db)).fourEyesAmount };
}
