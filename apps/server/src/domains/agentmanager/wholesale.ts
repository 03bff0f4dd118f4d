/**
 * Wholesalers (/agentmanager/distribution) and their movements (distributionlogs). A
 * wholesaler is an agent with a chip stock: an account of the account ledger (kind
 * 'wholesaler', owner = its uid). Stock is bought from its partner's cloud chips (the platform's
 * own agents, partner 0, from the chip issuance), handed to players of its partner, and returned.
 * Each movement: the two ledger sides (domains/ledger/accounts.ts, idempotent by key), its
 * distribution row and the operation log, in one transaction. The same requestId again answers
 * the first movement and moves nothing.
 */
import type { DistributionItem, DistributionKind, WholesalerItem } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { RowOf } from '../../db/schema';
import { conflict, notFound } from '../../http/api-error';
import type { OperationNote } from '../../http/operation';
import { isoInConsoleZone } from '../../http/time';
import { accountToPlayer, ensureAccount, issuanceAccount, moveBetweenAccounts } from '../ledger/accounts';
import type { DayRange } from '../../http/range';
import { consoleDay, dayStart } from '@console/time';

export interface Change {
  db: Db;
  user: { username: string };
  now: Date;
  note: OperationNote;
}

const CHIP = 'chip';
export const stockAccount = (db: Db, uid: number, partner: number) => ensureAccount(db, 'wholesaler', String(uid), partner, CHIP);
/** Where a wholesaler's stock comes from and returns to: its partner's cloud chips, or the platform's issuance. */
const sourceAccount = (db: Db, partner: number) => (partner > 0 ? ensureAccount(db, 'partner', String(partner), partner, CHIP) : issuanceAccount(db, CHIP));

async function agentOf(db: Db, uid: number) {
  const agent = await db.selectFrom('agent').select(['uid', 'partner', 'name', 'status']).where('uid', '=', uid).executeTakeFirst();
  if (!agent) throw notFound(`Agent ${uid} not found`);
  return agent;
}

async function lockedWholesaler(db: Db, uid: number) {
  const row = await db.selectFrom('agentmanager_wholesaler').selectAll().where('uid', '=', uid).forUpdate().executeTakeFirst();
  if (!row) throw notFound(`Wholesaler ${uid} not found`);
  return row;
}

const docOf = (r: { price: number; daily_limit: unknown; status: string; note: string }) => ({
  price: r.price,
  dailyLimit: Number(r.daily_limit),
  status: r.status,
  note: r.note,
});

export async function createWholesaler(ctx: Change, body: { uid: number; price: number; dailyLimit: number; note: string }): Promise<{ uid: number }> {
  const agent = await agentOf(ctx.db, body.uid);
  const row = await ctx.db
    .insertInto('agentmanager_wholesaler')
    .values({
      uid: body.uid,
      partner: agent.partner,
      price: body.price,
      daily_limit: body.dailyLimit,
      note: body.note,
      created_at: ctx.now,
      created_by: ctx.user.username,
      updated_at: ctx.now,
      updated_by: ctx.user.username,
    })
    .onConflict((oc) => oc.column('uid').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw conflict(`Agent ${body.uid} is a wholesaler already`);
  await stockAccount(ctx.db, body.uid, agent.partner);
  Object.assign(ctx.note, { target: `wholesaler:${body.uid}`, before: null, after: { partner: agent.partner, ...docOf(row) } });
  return { uid: body.uid };
}

export async function updateWholesaler(
  ctx: Change,
  body: { uid: number; price: number; dailyLimit: number; note: string; reason: string },
): Promise<{ uid: number }> {
  const before = await lockedWholesaler(ctx.db, body.uid);
  const after = await ctx.db
    .updateTable('agentmanager_wholesaler')
    .set({
      price: body.price,
      daily_limit: body.dailyLimit,
      note: body.note,
      updated_at: ctx.now,
      updated_by: ctx.user.username,
    })
    .where('uid', '=', body.uid)
    .returningAll()
    .executeTakeFirstOrThrow();
  Object.assign(ctx.note, { target: `wholesaler:${body.uid}`, before: docOf(before), after: { ...docOf(after), reason: body.reason } });
  return { uid: body.uid };
}

export async function setWholesalerStatus(ctx: Change, uid: number, status: 'active' | 'frozen', reason: string): Promise<{ uid: number; status: string }> {
  const before = await lockedWholesaler(ctx.db, uid);
  if (before.status === status) throw conflict(`Wholesaler ${uid} is already ${status}`);
  await ctx.db.updateTable('agentmanager_wholesaler').set({ status, updated_at: ctx.now, updated_by: ctx.user.username }).where('uid', '=', uid).execute();
  Object.assign(ctx.note, { target: `wholesaler:${uid}`, before: { status: before.status }, after: { status, reason } });
  return { uid, status };
}

const toItem = (r: RowOf<'agentmanager_distribution'>): DistributionItem => ({
  id: r.id,
  at: isoInConsoleZone(r.at),
  wholesaler: r.wholesaler,
  partner: r.partner,
  kind: r.kind,
  uid: r.uid,
  tier: r.tier,
  amount: r.amount,
  paid: r.paid,
  balanceAfter: r.balance_after,
  reason: r.reason,
  requestId: r.request_id,
  actor: r.actor,
});

interface Movement {
  uid: number;
  kind: DistributionKind;
  player?: number;
  amount: number;
  requestId: string;
  reason: string;
}

/** A stock purchase, a hand-out to a player or a return: both ledger sides, the row, the log note. */
export async function move(ctx: Change, m: Movement): Promise<DistributionItem> {
  const w = await lockedWholesaler(ctx.db, m.uid);
  const seen = await ctx.db
    .selectFrom('agentmanager_distribution')
    .selectAll()
    .where('wholesaler', '=', m.uid)
    .where('request_id', '=', m.requestId)
    .executeTakeFirst();
  if (seen) {
    if (seen.kind !== m.kind || Number(seen.amount) !== m.amount || (seen.uid ?? undefined) !== m.player) {
      throw conflict(`requestId ${m.requestId} was used for another movement`);
    }
    Object.assign(ctx.note, { target: `wholesaler:${m.uid}`, before: null, after: { resent: Number(seen.id) } });
    return toItem(seen);
  }
  if (w.status !== 'active') throw conflict(`Wholesaler ${m.uid} is frozen`);
  const agent = await agentOf(ctx.db, m.uid);
  if (agent.status !== 'active') throw conflict(`Agent ${m.uid} is suspended`);
  const stock = await stockAccount(ctx.db, m.uid, w.partner);
  const common = {
    reason: `agentmanager.${m.kind}`,
    ref: `wholesaler:${m.uid}`,
    actor: `staff:${ctx.user.username}`,
    key: `agentmanager:${m.uid}:${m.requestId}`,
    at: ctx.now,
  };
  let balance: number;
  let tier: number | null = null;
  if (m.kind === 'distribute') {
    const player = await ctx.db
      .selectFrom('player as p')
      .leftJoin('player as i', 'i.uid', 'p.inviter_uid')
      .select(['p.uid', 'p.partner', 'p.inviter_uid', 'i.inviter_uid as grand'])
      .where('p.uid', '=', m.player!)
      .executeTakeFirst();
    if (!player) throw notFound(`Player ${m.player} not found`);
    if (player.partner !== w.partner) throw conflict(`Player ${m.player} belongs to partner ${player.partner}, the wholesaler to ${w.partner}`);
    if (player.uid === m.uid) throw conflict('A wholesaler cannot hand chips to itself');
    const limit = Number(w.daily_limit);
    if (limit > 0) {
      const day = consoleDay(ctx.now);
      const today = await ctx.db
        .selectFrom('agentmanager_distribution')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('n'))
        .where('wholesaler', '=', m.uid)
        .where('kind', '=', 'distribute')
        .where('at', '>=', dayStart(day))
        .executeTakeFirstOrThrow();
      if (Number(today.n) + m.amount > limit) throw conflict(`Daily limit ${limit} reached (${Number(today.n)} handed out today)`);
    }
    tier = player.inviter_uid === m.uid ? 1 : player.grand === m.uid ? 2 : 0;
    balance = (await accountToPlayer(ctx.db, stock.id, m.player!, m.amount, common)).balances![0];
  } else {
    const source = await sourceAccount(ctx.db, w.partner);
    const moved =
      m.kind === 'stock'
        ? await moveBetweenAccounts(ctx.db, source.id, stock.id, m.amount, common)
        : await moveBetweenAccounts(ctx.db, stock.id, source.id, m.amount, common);
    balance = m.kind === 'stock' ? moved.balances![1] : moved.balances![0];
  }
  const row = await ctx.db
    .insertInto('agentmanager_distribution')
    .values({
      wholesaler: m.uid,
      partner: w.partner,
      kind: m.kind,
      uid: m.player ?? null,
      tier,
      amount: m.amount,
      paid: m.kind === 'stock' ? Math.ceil((m.amount * w.price) / 100) : 0,
      balance_after: balance,
      reason: m.reason,
      request_id: m.requestId,
      actor: ctx.user.username,
      at: ctx.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  Object.assign(ctx.note, {
    target: `wholesaler:${m.uid}`,
    before: { stock: balance + (m.kind === 'stock' ? -m.amount : m.amount) },
    after: { stock: balance, kind: m.kind, player: m.player ?? null, amount: m.amount, requestId: m.requestId, reason: m.reason },
  });
  return toItem(row);
}

/** Wholesalers with their stock and their movements over the range (and today's hand-outs). */
export async function wholesalers(db: Db, r: DayRange, q: Record<string, unknown>, now: Date): Promise<WholesalerItem[]> {
  const today = dayStart(consoleDay(now));
  const { rows } = await sql<Record<string, unknown>>`
    SELECT w.*, a.name, a.status AS agent_status, coalesce(acc.balance, 0) AS stock,
      coalesce(m.stocked, 0) AS stocked, coalesce(m.distributed, 0) AS distributed, coalesce(m.returned, 0) AS returned, coalesce(m.players, 0) AS players,
      (SELECT coalesce(sum(amount), 0) FROM agentmanager_distribution d WHERE d.wholesaler = w.uid AND d.kind = 'distribute' AND d.at >= ${today}) AS today
    FROM agentmanager_wholesaler w
    JOIN agent a ON a.uid = w.uid
    LEFT JOIN ledger_account acc ON acc.kind = 'wholesaler' AND acc.owner = w.uid::text AND acc.currency = 'chip'
    LEFT JOIN (
      SELECT wholesaler, sum(amount) FILTER (WHERE kind = 'stock') AS stocked, sum(amount) FILTER (WHERE kind = 'distribute') AS distributed,
        sum(amount) FILTER (WHERE kind = 'return') AS returned, count(DISTINCT uid) AS players
      FROM agentmanager_distribution WHERE at >= ${r.start} AND at < ${r.end} GROUP BY wholesaler
    ) m ON m.wholesaler = w.uid
    WHERE (${q.partner ?? null}::integer IS NULL OR w.partner = ${q.partner ?? null})
      AND (${q.status ?? null}::text IS NULL OR w.status = ${q.status ?? null})
      AND (${q.uid ?? null}::integer IS NULL OR w.uid = ${q.uid ?? null})
    ORDER BY w.uid`.execute(db);
  return rows.map((x) => ({
    uid: Number(x.uid),
    name: String(x.name),
    partner: Number(x.partner),
    agentStatus: String(x.agent_status),
    status: x.status as WholesalerItem['status'],
    price: Number(x.price),
    dailyLimit: Number(x.daily_limit),
    note: String(x.note),
    stock: Number(x.stock),
    today: Number(x.today),
    stocked: Number(x.stocked),
    distributed: Number(x.distributed),
    returned: Number(x.returned),
    players: Number(x.players),
    createdAt: isoInConsoleZone(x.created_at as Date),
    updatedBy: String(x.updated_by),
  }));
}

export const distributionRow = toItem;

/** Every distribution movement: what the distribution log lists. */
export const distributionMoves = (db: Db) => db.selectFrom('agentmanager_distribution').selectAll();
