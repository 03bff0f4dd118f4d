/**
 * Staff changes of /agentcooperation (decision 021): make a player an agent, add a rate version
 * (never backwards), suspend or reinstate, adjust a week's rebate (the open week only), void a
 * pending adjustment, the settlement's setting. Each runs in the operation's transaction and
 * fills its operation-log note with before and after; partner accounts reach their own agents only.
 */
import type { AgentAdjustBody, AgentCreateBody, AgentRateBody, AgentSettings, AgentSettingsBody, AgentStatusBody, RebateLineVoidBody } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { ApiError, badInput, conflict, notFound } from '../../http/api-error';
import type { OperationNote } from '../../http/operation';
import { isoInConsoleZone } from '../../http/time';
import { ownsPartner, type ScopedSubject } from '../../plugins/partner-scope';
import { sqlState } from '../ledger/ledger';
import { ensureWeeks, isMonday, weekKey, weekOf } from './weeks';

export interface ChangeContext {
  db: Db;
  user: ScopedSubject & { username: string };
  now: Date;
  note: OperationNote;
}

const actorOf = (user: { username: string }) => `staff:${user.username}`;

/** CN409 from the closed-week guard (migration 037) as the API's 409. */
export function weekError(error: unknown): unknown {
  if (sqlState(error) === 'CN409') return new ApiError(409, (error as Error).message);
  return error;
}

async function agentOf(db: Db, user: ScopedSubject, uid: number, lock = false) {
  let q = db.selectFrom('agent').selectAll().where('uid', '=', uid);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  // another partner's agent is as unknown as a missing one
  if (!row || !ownsPartner(user, row.partner)) throw notFound(`Agent ${uid} not found`);
  return row;
}

const rateDoc = (r: {
  rate: number;
  t1: number;
  t2: number;
  recharge?: number;
  currency?: string;
  currencyRatio?: number;
  effectiveAt: string;
  note?: string;
}) => ({
  rate: r.rate,
  t1: r.t1,
  t2: r.t2,
  recharge: r.recharge ?? 0,
  currency: r.currency ?? 'PHP',
  currencyRatio: r.currencyRatio ?? 100,
  effectiveAt: r.effectiveAt,
  note: r.note ?? '',
});

export async function createAgent(ctx: ChangeContext, body: AgentCreateBody): Promise<{ uid: number }> {
  const { db, user, now } = ctx;
  const player = await db.selectFrom('player').select(['uid', 'name', 'partner']).where('uid', '=', body.uid).executeTakeFirst();
  if (!player || !ownsPartner(user, player.partner)) throw badInput('uid', `No player ${body.uid}`);
  const exists = await db.selectFrom('agent').select('uid').where('uid', '=', body.uid).executeTakeFirst();
  if (exists) throw conflict(`Player ${body.uid} is already an agent`);
  const name = body.name?.trim() || player.name.slice(0, 64) || `Agent ${body.uid}`;
  await db
    .insertInto('agent')
    .values({
      uid: body.uid,
      partner: player.partner,
      name,
      created_at: now,
      created_by: actorOf(user),
      updated_at: now,
    })
    .execute();
  const rate = rateDoc({ ...body, effectiveAt: now.toISOString() });
  await db
    .insertInto('agent_rate')
    .values({
      agent: body.uid,
      effective_at: now,
      rate: rate.rate,
      t1: rate.t1,
      t2: rate.t2,
      recharge: rate.recharge,
      currency: rate.currency,
      currency_ratio: rate.currencyRatio,
      note: rate.note,
      created_by: actorOf(user),
      created_at: now,
    })
    .execute();
  await ensureWeeks(db, weekOf(now), weekOf(now));
  ctx.note.target = `agent:${body.uid}`;
  ctx.note.before = null;
  ctx.note.after = { uid: body.uid, name, partner: player.partner, status: 'active', ...rate };
  return { uid: body.uid };
}

/** A new rate version from effectiveAt (now or later): never applied backwards. */
export async function addRate(ctx: ChangeContext, body: AgentRateBody): Promise<{ id: number }> {
  const { db, user, now } = ctx;
  const agent = await agentOf(db, user, body.uid, true);
  const at = new Date(body.effectiveAt);
  if (at.getTime() < now.getTime()) throw badInput('effectiveAt', 'Must not be in the past: a rate applies from its time only');
  const closed = await db
    .selectFrom('agent_week')
    .select('week')
    .where('status', '=', 'closed')
    .where('starts_at', '<=', at)
    .where('ends_at', '>', at)
    .executeTakeFirst();
  if (closed) throw conflict(`Week ${weekKey(closed.week)} is closed: a rate cannot start in it`);
  const clash = await db.selectFrom('agent_rate').select('id').where('agent', '=', body.uid).where('effective_at', '=', at).executeTakeFirst();
  if (clash) throw conflict('effectiveAt: A version of this agent already starts then');
  const before = await db
    .selectFrom('agent_rate')
    .selectAll()
    .where('agent', '=', body.uid)
    .where('effective_at', '<=', at)
    .orderBy('effective_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const rate = rateDoc(body);
  const row = await db
    .insertInto('agent_rate')
    .values({
      agent: body.uid,
      effective_at: at,
      rate: rate.rate,
      t1: rate.t1,
      t2: rate.t2,
      recharge: rate.recharge,
      currency: rate.currency,
      currency_ratio: rate.currencyRatio,
      note: rate.note,
      created_by: actorOf(user),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('agent').set({ updated_at: now }).where('uid', '=', agent.uid).execute();
  ctx.note.target = `agent:${body.uid}`;
  ctx.note.before = before
    ? {
        rate: before.rate,
        t1: before.t1,
        t2: before.t2,
        recharge: before.recharge,
        currency: before.currency,
        currencyRatio: before.currency_ratio,
        effectiveAt: new Date(before.effective_at).toISOString(),
      }
    : null;
  ctx.note.after = { id: row.id, ...rate, effectiveAt: at.toISOString() };
  return { id: row.id };
}

export async function setStatus(ctx: ChangeContext, body: AgentStatusBody): Promise<{ uid: number; status: string }> {
  const { db, user, now } = ctx;
  const agent = await agentOf(db, user, body.uid, true);
  if (agent.status === body.status) throw conflict(`Agent ${body.uid} is already ${body.status}`);
  const note = body.status === 'suspended' ? body.reason : '';
  await db.updateTable('agent').set({ status: body.status, note, updated_at: now }).where('uid', '=', body.uid).execute();
  ctx.note.target = `agent:${body.uid}`;
  ctx.note.before = { status: agent.status, note: agent.note };
  ctx.note.after = { status: body.status, note, reason: body.reason };
  return { uid: body.uid, status: body.status };
}

/** A correction in the week holding now (or a given open week): a closed week is refused with 409. */
export async function adjust(ctx: ChangeContext, body: AgentAdjustBody): Promise<{ id: number; week: string }> {
  const { db, user, now } = ctx;
  const agent = await agentOf(db, user, body.uid);
  const current = weekOf(now);
  const week = body.week ?? current;
  if (!isMonday(week)) throw badInput('week', "Must be a Monday (the week's first day)");
  if (week > current) throw badInput('week', 'Must not be a future week');
  await ensureWeeks(db, week, week);
  // FOR SHARE: waits for a settlement computing this week, then sees it closed
  const row = await sql<{ status: string }>`SELECT status FROM agent_week WHERE week = ${week}::date FOR SHARE`.execute(db);
  if (row.rows[0]?.status === 'closed') throw conflict(`Week ${week} is closed: corrections go into the next week`);
  try {
    const line = await db
      .insertInto('agent_rebate_line')
      .values({
        week,
        agent: agent.uid,
        partner: agent.partner,
        invitee: null,
        kind: 'adjustment',
        base: 0,
        bps: 0,
        amount: body.amount,
        status: 'pending',
        reason: body.reason,
        created_at: now,
        created_by: actorOf(user),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.note.target = `agent:${agent.uid}`;
    ctx.note.before = null;
    ctx.note.after = { line: line.id, week, amount: body.amount, reason: body.reason };
    return { id: line.id, week };
  } catch (error) {
    throw weekError(error);
  }
}

/** Voids a pending adjustment (its week still open); anything else: 409. */
export async function voidLine(ctx: ChangeContext, body: RebateLineVoidBody): Promise<{ id: number }> {
  const { db, user } = ctx;
  const line = await db.selectFrom('agent_rebate_line').selectAll().where('id', '=', body.id).forUpdate().executeTakeFirst();
  if (!line || !ownsPartner(user, line.partner)) throw notFound(`Rebate line ${body.id} not found`);
  const week = weekKey(line.week);
  const status = await sql<{ status: string }>`SELECT status FROM agent_week WHERE week = ${week}::date FOR SHARE`.execute(db);
  if (status.rows[0]?.status === 'closed') throw conflict(`Week ${week} is closed: corrections go into the next week`);
  if (line.kind !== 'adjustment' || line.status !== 'pending') throw conflict('Only a pending adjustment can be voided');
  const reason = `${body.reason} (was: ${line.reason})`.slice(0, 200);
  try {
    await db.updateTable('agent_rebate_line').set({ status: 'voided', reason }).where('id', '=', body.id).execute();
  } catch (error) {
    throw weekError(error);
  }
  ctx.note.target = `agent_rebate_line:${body.id}`;
  ctx.note.before = { status: line.status, amount: line.amount, reason: line.reason };
  ctx.note.after = { status: 'voided', reason };
  return { id: body.id };
}

export async function readSettings(db: Db): Promise<AgentSettings> {
  const row = await db.selectFrom('agent_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  return {
    minActiveInvitees: row?.min_active_invitees ?? 5,
    updatedAt: isoInConsoleZone(row?.updated_at ?? null),
    updatedBy: row?.updated_by ?? '',
  };
}

export async function saveSettings(ctx: ChangeContext, body: AgentSettingsBody): Promise<AgentSettings> {
  const before = await readSettings(ctx.db);
  await ctx.db
    .insertInto('agent_settings')
    .values({ id: 1, min_active_invitees: body.minActiveInvitees, updated_at: ctx.now, updated_by: ctx.user.username })
    .onConflict((oc) => oc.column('id').doUpdateSet({ min_active_invitees: body.minActiveInvitees, updated_at: ctx.now, updated_by: ctx.user.username }))
    .execute();
  ctx.note.target = 'agent_settings';
  ctx.note.before = { minActiveInvitees: before.minActiveInvitees };
  ctx.note.after = { minActiveInvitees: body.minActiveInvitees };
  return readSettings(ctx.db);
}
