/**
 * The inviters' visits of the demo's activity traffic (demo.ts): newearnmoney and redfission
 * pay an inviter for its invitees, and the history's inviters seldom open their activities
 * screen on the day an invitee counts (a recruiter plays one day in five), so the demo plans
 * the visits that make them claim, on each day of the traffic:
 *   - redfission: an invitee registered that day that counts under the rule in force (a new
 *     phone, a new device, its rounds played): its inviter opens the app minutes after the
 *     invitee's last needed round (a signed player.login, then the activities screen): its
 *     packet of the day opens and fills by the invitee; full, it is claimed;
 *   - newearnmoney: an invitee whose first paid recharge (the set least or more) and bound phone
 *     make it count that day: its inviter opens the screen minutes later (the ₱10 of the
 *     invitee) and again the next day (the day's commission on its invitees' bets). The history's
 *     invitees seldom pay, so up to two a day of those with a bound phone who never paid take
 *     the ₱100 first top-up by GCash (order and paid callback) minutes before a sitting.
 * The plan reads only what the traffic does not write (registrations, bets, phones, the
 * history's own recharges): a seed run again plans the same visits, and the traffic's sample
 * leaves the planned inviters out on their days (their logins are the traffic's own).
 */
import { dayOf, dayStart, findActivity, inviteeWhyNot, type InviteeRule } from '@console/activities';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { share } from '../../seed/demo-console';
import { firstRecharge, inviteeColumns, inviteeOf, type InviteeColumns } from './engine';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The request ids of the traffic's own recharges (its top-ups are told apart by them). */
export const INVITE_PREFIX = 'demo-invite-';
export const TRAFFIC_RECHARGES = ['demo-rush-%', `${INVITE_PREFIX}%`] as const;
/** The first top-up of an invitee: ₱100 (php100, GCash), at most two a day. */
export const INVITE_TOP_UP = 10_000;
const TOP_UPS_A_DAY = 2;

export interface InviteVisit {
  at: number;
  inviter: number;
  day: string;
  why: 'redfission' | 'newearnmoney' | 'commission';
}
export interface InviteTopUp {
  at: number;
  uid: number;
  inviter: number;
  day: string;
  requestId: string;
}

/** The invitee rule of an activity under the settings the demo saves (the defaults where it saves none). */
export function ruleOf(id: 'redfission' | 'newearnmoney', patch: Record<string, unknown> = {}): InviteeRule {
  const a = findActivity(id)!;
  const parsed = a.parseSettings({ ...a.defaults, ...patch });
  if (!parsed.ok) throw new Error(`demo activities: ${id}: ${parsed.message}`);
  return a.invitee!(parsed.value);
}

const time = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());
const notTraffic = sql.raw(TRAFFIC_RECHARGES.map((p) => `r.request_id NOT LIKE '${p}'`).join(' AND '));

/** The visits and top-ups of the days `days` (GMT+08:00, oldest first), none at or after `end`. */
export async function planInvites(
  db: Db,
  days: readonly string[],
  end: number,
  rules: { redfission: InviteeRule; newearnmoney: InviteeRule; minRounds: number },
): Promise<{ visits: InviteVisit[]; topUps: InviteTopUp[] }> {
  const visits: InviteVisit[] = [];
  const topUps: InviteTopUp[] = [];
  const nem = new Set<string>();
  for (const day of days) {
    const from = dayStart(day);
    const to = new Date(Math.min(from.getTime() + DAY, end));
    if (to <= from) continue;
    const dayNo = Math.round(from.getTime() / DAY);
    const latest = Math.min(from.getTime() + DAY - 10 * MINUTE, end - 5 * MINUTE);
    const visit = (inviter: number, at: number, why: InviteVisit['why']) => {
      if (at > from.getTime() && at <= latest) visits.push({ at, inviter, day, why });
      if (why === 'newearnmoney') nem.add(`${inviter}:${day}`);
    };
    // redfission: the day's invitees that count, from the moment they do (their last needed round, the phone)
    const joined = (
      await sql<InviteeColumns & { uid: number; inviter: number; bound: Date | null; nth_bet: Date | null }>`
      SELECT i.uid, i.inviter_uid AS inviter, i.phone_bound_at AS bound, ${inviteeColumns},
        (SELECT g.at FROM game_bet g WHERE g.uid = i.uid ORDER BY g.at OFFSET ${Math.max(0, rules.minRounds - 1)} LIMIT 1) AS nth_bet
      FROM player i ${firstRecharge} WHERE i.inviter_uid IS NOT NULL AND i.registered_at >= ${from} AND i.registered_at < ${to}
      ORDER BY i.registered_at, i.uid`.execute(db)
    ).rows;
    for (const r of joined) {
      if (inviteeWhyNot(rules.redfission, inviteeOf(r, 0)) !== null) continue;
      const counts = Math.max(time(r.nth_bet) ?? r.registered_at.getTime(), time(r.bound) ?? 0);
      visit(r.inviter, counts + (5 + (share(r.uid, dayNo + 51) % 25)) * MINUTE, 'redfission');
    }
    // newearnmoney: invitees whose first paid recharge of the history (with a bound phone) makes them count that day
    const paid = (
      await sql<{ uid: number; inviter: number; bound: Date | string | null; amount: unknown; paid_at: Date | string }>`
      SELECT i.uid, i.inviter_uid AS inviter, i.phone_bound_at AS bound, f.amount, f.paid_at FROM player i
      JOIN LATERAL (SELECT coalesce(r.paid_amount, r.price) AS amount, r.paid_at FROM recharge_order r
        WHERE r.uid = i.uid AND r.status = 'paid' AND ${notTraffic} ORDER BY r.paid_at, r.id LIMIT 1) f ON true
      WHERE i.inviter_uid IS NOT NULL AND f.paid_at >= ${from} AND f.paid_at < ${to} ORDER BY f.paid_at, i.uid`.execute(db)
    ).rows;
    for (const r of paid) {
      const valid = inviteeWhyNot(rules.newearnmoney, {
        uid: r.uid,
        registeredAt: from,
        phoneBound: r.bound !== null,
        newPhone: true,
        newDevice: true,
        rounds: 0,
        firstDeposit: Number(r.amount),
        validBet: 0,
      });
      if (valid !== null || time(r.bound)! >= to.getTime()) continue;
      visit(r.inviter, Math.max(time(r.paid_at)!, time(r.bound)!) + (10 + (share(r.uid, dayNo + 53) % 40)) * MINUTE, 'newearnmoney');
    }
    // the first top-ups: invitees with a bound phone who never paid, minutes before the day's first sitting
    const unpaid = (
      await sql<{ uid: number; inviter: number; bound: Date | string; first_bet: Date | string }>`
      SELECT i.uid, i.inviter_uid AS inviter, i.phone_bound_at AS bound, b.first_bet FROM player i
      JOIN LATERAL (SELECT min(g.at) AS first_bet FROM game_bet g WHERE g.uid = i.uid AND g.at >= ${from} AND g.at < ${to}) b ON b.first_bet IS NOT NULL
      WHERE i.inviter_uid IS NOT NULL AND i.phone_bound_at IS NOT NULL AND i.status = 'active'
        AND NOT EXISTS (SELECT 1 FROM recharge_order r WHERE r.uid = i.uid AND r.status = 'paid' AND ${notTraffic})
      ORDER BY i.uid`.execute(db)
    ).rows
      .filter((r) => time(r.bound)! < time(r.first_bet)! - 10 * MINUTE && time(r.first_bet)! - 5 * MINUTE > from.getTime() && share(r.uid, dayNo + 52) < 30)
      .sort((a, b) => share(a.uid, dayNo + 54) - share(b.uid, dayNo + 54) || a.uid - b.uid)
      .slice(0, TOP_UPS_A_DAY);
    for (const r of unpaid) {
      const at = time(r.first_bet)! - 4 * MINUTE;
      if (at + 30 * MINUTE > latest) continue;
      topUps.push({ at, uid: r.uid, inviter: r.inviter, day, requestId: `${INVITE_PREFIX}${r.uid}` });
      visit(r.inviter, at + (20 + (share(r.uid, dayNo + 55) % 40)) * MINUTE, 'newearnmoney');
    }
  }
  // the next day's commission: the inviter opens the screen again around noon
  for (const key of nem) {
    const [inviter, day] = key.split(':') as [string, string];
    const next = dayStart(day).getTime() + DAY;
    const at = next + 11 * HOUR + (share(Number(inviter), Math.round(next / DAY) + 56) % 300) * MINUTE;
    if (at <= end - 5 * MINUTE) visits.push({ at, inviter: Number(inviter), day: dayOf(new Date(next)), why: 'commission' });
  }
  const seen = new Set<string>();
  return {
    visits: visits.sort((a, b) => a.at - b.at || a.inviter - b.inviter).filter((v) => !seen.has(`${v.inviter}:${v.at}`) && !!seen.add(`${v.inviter}:${v.at}`)),
    topUps,
  };
}
