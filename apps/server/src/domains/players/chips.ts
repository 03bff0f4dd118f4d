/**
 * Staff chip actions on one player, each inside its operation's transaction (with its
 * operation-log record) and each through the ledger: add chips (counted against the
 * account's daily issue limit in the same transaction), reduce chips (409 `Insufficient
 * balance` when short), and move chips between the player's chip and safe balances.
 * The balance row is locked first so that the log's before and after are exact.
 */
import type { ChipChangeBody, PlayerBalances, SafeMoveBody } from '@console/schemas';
import type { Db } from '../../db/open';
import type { OperationNote } from '../../http/operation';
import type { SessionUser } from '../auth/sessions';
import { chargeIssue } from '../issuing/limits';
import { post, transfer, type Movement } from '../ledger/ledger';
import { findPlayer, playerNotFound } from './access';
import { toBalances } from './view';

export interface StaffChange {
  db: Db;
  user: SessionUser;
  now: Date;
  note: OperationNote;
}

export interface ChipResult {
  uid: number;
  balances: PlayerBalances;
  entryIds: number[];
}

/** Ledger reasons of staff movements; the staff's own words go to the entry's `ref`. */
export const STAFF_REASONS = { add: 'staff.add', reduce: 'staff.reduce', toSafe: 'staff.toSafe', toChip: 'staff.toChip' } as const;

const actorOf = (user: SessionUser) => `staff:${user.username}`;
/** A submission id makes the movement happen at most once (a retry is a 409 `Already applied`). */
const keyOf = (user: SessionUser, requestId: string | undefined) => (requestId ? `staff:${user.username}:${requestId}` : null);

async function lockedBalances(db: Db, uid: number): Promise<PlayerBalances> {
  const row = await db.selectFrom('player_balance').selectAll().where('uid', '=', uid).forUpdate().executeTakeFirst();
  if (!row) throw playerNotFound(uid);
  return toBalances(row);
}

async function change(
  ctx: StaffChange,
  uid: number,
  detail: Record<string, unknown>,
  move: (balancesBefore: PlayerBalances) => Promise<number[]>,
): Promise<ChipResult> {
  const { db, user, note } = ctx;
  note.target = `player:${uid}`;
  await findPlayer(db, user, uid);
  const before = await lockedBalances(db, uid);
  const entryIds = await move(before);
  const after = await lockedBalances(db, uid);
  note.before = { chip: before.chip, safe: before.safe };
  note.after = { chip: after.chip, safe: after.safe, ...detail, ledgerEntries: entryIds };
  return { uid, balances: after, entryIds };
}

function movement(ctx: StaffChange, body: ChipChangeBody, delta: number, reason: string): Movement {
  return { uid: body.uid, currency: 'chip', delta, reason, ref: body.reason, actor: actorOf(ctx.user), key: keyOf(ctx.user, body.requestId), at: ctx.now };
}

export function addChips(ctx: StaffChange, body: ChipChangeBody): Promise<ChipResult> {
  return change(ctx, body.uid, { added: body.amount, reason: body.reason }, async () => {
    await chargeIssue(ctx.db, ctx.user, 'chip', body.amount, ctx.now);
    return [(await post(ctx.db, movement(ctx, body, body.amount, STAFF_REASONS.add))).entryId];
  });
}

export function reduceChips(ctx: StaffChange, body: ChipChangeBody): Promise<ChipResult> {
  return change(ctx, body.uid, { reduced: body.amount, reason: body.reason }, async () => [
    (await post(ctx.db, movement(ctx, body, -body.amount, STAFF_REASONS.reduce))).entryId,
  ]);
}

export function moveSafe(ctx: StaffChange, body: SafeMoveBody): Promise<ChipResult> {
  const toSafe = body.direction === 'toSafe';
  const chip = { uid: body.uid, currency: 'chip' as const };
  const safe = { uid: body.uid, currency: 'safe' as const };
  return change(ctx, body.uid, { moved: body.amount, direction: body.direction, reason: body.reason }, async () => {
    const posted = await transfer(ctx.db, toSafe ? chip : safe, toSafe ? safe : chip, body.amount, {
      reason: toSafe ? STAFF_REASONS.toSafe : STAFF_REASONS.toChip,
      ref: body.reason,
      actor: actorOf(ctx.user),
      key: keyOf(ctx.user, body.requestId),
      at: ctx.now,
    });
    return posted.map((p) => p.entryId);
  });
}
