/**
 * Distribution bills (/partnermanager/partnersum): one partner over whole GMT+08:00 days
 * [from, to], computed from the account_entry rows of its cloud-chip account:
 *   opening      the balance at the start (the sum of earlier entries)
 *   bought       cloud.sold (issuance → partner)
 *   distributed  every other outflow (to players, dealers, other accounts), as a positive number
 *   reclaimed    every other inflow (from players, dealers)
 *   adjusted     partner.adjust (with reasons, partner_adjustment)
 *   closing      opening + bought − distributed + reclaimed + adjusted = the balance at the end
 * and the rake share: rake_share_bp of the house take (turnover − wins) of the partner's players
 * over those days (game_day, the games roll-up; negative when the players won).
 * draft → confirmed (the partner agrees) → settled (the platform paid or was paid) | disputed.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { ApiError, conflict, forbidden, notFound } from '../../http/api-error';
import { partnerScope } from '../../plugins/partner-scope';
import { issuanceAccount, moveBetweenAccounts } from '../ledger/accounts';
import { actorOf, checkStopLoss, mustOwn, partnerAccount, profileOf, REASONS, type Ctx } from './service';
import { addDays, consoleDay, dayStart } from '@console/time';

export interface BillFigures {
  opening: number;
  bought: number;
  distributed: number;
  reclaimed: number;
  adjusted: number;
  closing: number;
  rakeBase: number;
  rakeShare: number;
}

/** The figures of a partner over [from, to) (instants), and its rake over the days fromDay..toDay. */
export async function billFigures(db: Db, partner: number, from: Date, to: Date, rakeShareBp: number): Promise<BillFigures> {
  const account = await partnerAccount(db, partner);
  const inside = sql`at >= ${from} AND at < ${to}`;
  const other = sql`reason NOT IN (${REASONS.cloudSold}, ${REASONS.adjust})`;
  const { rows } = await sql<Record<string, string>>`
    SELECT coalesce(sum(delta) FILTER (WHERE at < ${from}), 0) AS opening,
      coalesce(sum(delta) FILTER (WHERE ${inside} AND reason = ${REASONS.cloudSold}), 0) AS bought,
      coalesce(-sum(delta) FILTER (WHERE ${inside} AND ${other} AND delta < 0), 0) AS distributed,
      coalesce(sum(delta) FILTER (WHERE ${inside} AND ${other} AND delta > 0), 0) AS reclaimed,
      coalesce(sum(delta) FILTER (WHERE ${inside} AND reason = ${REASONS.adjust}), 0) AS adjusted,
      coalesce(sum(delta) FILTER (WHERE at < ${to}), 0) AS closing
    FROM account_entry WHERE account = ${account.id}`.execute(db);
  const r = rows[0];
  const take = await db
    .selectFrom('game_day')
    .select(sql<string>`coalesce(sum(turnover - wins), 0)`.as('take'))
    .where('partner', '=', partner)
    .where('day', '>=', consoleDay(from))
    .where('day', '<', consoleDay(to))
    .executeTakeFirst();
  const rakeBase = Number(take?.take ?? 0);
  const f = {
    opening: Number(r.opening),
    bought: Number(r.bought),
    distributed: Number(r.distributed),
    reclaimed: Number(r.reclaimed),
    adjusted: Number(r.adjusted),
    closing: Number(r.closing),
    rakeBase,
    rakeShare: Math.trunc((rakeBase * rakeShareBp) / 10_000),
  };
  // the identity the table's CHECK holds too: a bill that does not add up is never stored
  if (f.closing !== f.opening + f.bought - f.distributed + f.reclaimed + f.adjusted) throw new Error(`bill of partner ${partner} does not add up`);
  return f;
}

const columns = (f: BillFigures) => ({
  opening: f.opening,
  bought: f.bought,
  distributed: f.distributed,
  reclaimed: f.reclaimed,
  adjusted: f.adjusted,
  closing: f.closing,
  rake_base: f.rakeBase,
  rake_share: f.rakeShare,
});

/** A draft bill of whole days [fromDay, toDay], today at the latest (its figures as of now); periods of one partner never overlap. */
export async function createBill(ctx: Ctx, partner: number, fromDay: string, toDay: string) {
  const { db, now, user } = ctx;
  if (toDay < fromDay) throw new ApiError(400, 'to: Must not be before from');
  const from = dayStart(fromDay);
  const to = dayStart(addDays(toDay, 1));
  // the running day may be billed as a draft (its figures as of now); confirming waits for its end
  if (to.getTime() > dayStart(addDays(consoleDay(now), 1)).getTime()) throw new ApiError(400, 'to: Must not be after today');
  const profile = await profileOf(db, partner, true);
  const overlap = await db
    .selectFrom('partner_bill')
    .select('id')
    .where('partner', '=', partner)
    .where('period_from', '<', to)
    .where('period_to', '>', from)
    .executeTakeFirst();
  if (overlap) throw conflict(`Bill ${overlap.id} covers part of this period already`);
  const f = await billFigures(db, partner, from, to, profile.rake_share_bp);
  const row = await db
    .insertInto('partner_bill')
    .values({
      partner,
      period_from: from,
      period_to: to,
      ...columns(f),
      rake_share_bp: profile.rake_share_bp,
      created_by: user.username,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await checkStopLoss(db, user, now, ctx.ip);
  Object.assign(ctx.note, { target: `partner_bill:${row.id}`, before: null, after: { partner, from: fromDay, to: toDay, ...f } });
  return { id: Number(row.id), ...f };
}

async function billOf(ctx: Ctx, id: number) {
  const bill = await ctx.db.selectFrom('partner_bill').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!bill) throw notFound(`Bill ${id} not found`);
  mustOwn(ctx.user, bill.partner, `Bill ${id}`);
  return bill;
}

/**
 * An adjustment of a draft bill, with its reason: chips from issuance to the partner (or back),
 * dated in the bill's last millisecond so that the bill and the next period's opening count it.
 * Only the partner's latest bill (a later one would have counted the old balance).
 */
export async function adjustBill(ctx: Ctx, id: number, amount: number, reason: string) {
  const { db, now, user } = ctx;
  if (partnerScope(user) !== null) throw forbidden('Only the platform adjusts a bill');
  const bill = await billOf(ctx, id);
  if (bill.status !== 'draft') throw conflict(`Bill ${id} is ${bill.status}: only a draft is adjusted`);
  const later = await db
    .selectFrom('partner_bill')
    .select('id')
    .where('partner', '=', bill.partner)
    .where('period_from', '>', bill.period_from)
    .executeTakeFirst();
  if (later) throw conflict(`Bill ${later.id} follows this one: only the latest bill is adjusted`);
  const issuer = await issuanceAccount(db, 'chip');
  const account = await partnerAccount(db, bill.partner);
  const at = new Date(new Date(bill.period_to).getTime() - 1);
  const seq = await db
    .selectFrom('partner_adjustment')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('bill', '=', id)
    .executeTakeFirst();
  const move = await moveBetweenAccounts(db, amount > 0 ? issuer.id : account.id, amount > 0 ? account.id : issuer.id, Math.abs(amount), {
    reason: REASONS.adjust,
    ref: `partner_bill:${id}`,
    actor: actorOf(user),
    key: `partners:adjust:${id}:${Number(seq?.n ?? 0) + 1}`,
    at,
  });
  await db
    .insertInto('partner_adjustment')
    .values({
      bill: id,
      partner: bill.partner,
      amount,
      reason,
      actor: user.username,
      at: now,
      entry_id: move.entries[amount > 0 ? 1 : 0],
    })
    .execute();
  const f = await billFigures(db, bill.partner, new Date(bill.period_from), new Date(bill.period_to), bill.rake_share_bp);
  await db.updateTable('partner_bill').set(columns(f)).where('id', '=', id).execute();
  Object.assign(ctx.note, {
    target: `partner_bill:${id}`,
    before: { adjusted: Number(bill.adjusted), closing: Number(bill.closing) },
    after: { amount, reason, adjusted: f.adjusted, closing: f.closing },
  });
  return { id, ...f };
}

const STEPS = {
  confirm: { from: 'draft', to: 'confirmed' },
  settle: { from: 'confirmed', to: 'settled' },
  dispute: { from: 'confirmed', to: 'disputed' },
} as const;

/** confirm (draft → confirmed), settle (confirmed → settled; the platform only), dispute (confirmed → disputed, with a note). */
export async function stepBill(ctx: Ctx, id: number, action: keyof typeof STEPS, note = '') {
  const { db, now, user } = ctx;
  const bill = await billOf(ctx, id);
  const step = STEPS[action];
  if (bill.status !== step.from) throw conflict(`Bill ${id} is ${bill.status}: ${action} needs ${step.from}`);
  if (action === 'settle' && partnerScope(user) !== null) throw forbidden('Only the platform settles a bill');
  if (action === 'dispute' && !note.trim()) throw new ApiError(400, 'note: Required to dispute');
  let figures = {};
  if (action === 'confirm' && new Date(bill.period_to).getTime() > now.getTime())
    throw conflict(`Bill ${id} covers a day that has not ended: confirm it after its last day`);
  if (action === 'confirm') {
    // confirmed figures are the ledger's at that moment (a late-arriving entry is in them)
    const f = await billFigures(db, bill.partner, new Date(bill.period_from), new Date(bill.period_to), bill.rake_share_bp);
    figures = columns(f);
  }
  await db
    .updateTable('partner_bill')
    .set({
      ...figures,
      status: step.to,
      ...(note ? { note } : {}),
      ...(action === 'confirm' ? { confirmed_by: user.username, confirmed_at: now } : { closed_by: user.username, closed_at: now }),
    })
    .where('id', '=', id)
    .execute();
  Object.assign(ctx.note, { target: `partner_bill:${id}`, before: { status: bill.status }, after: { status: step.to, note } });
  return { id, status: step.to };
}
