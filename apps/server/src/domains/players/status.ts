/**
 * Suspending a player until a date, and lifting a suspension. Each writes a ban_log row
 * (kind 'account', value = uid) with the operator and the player's partner, in the
 * operation's transaction. The player row is locked first. A banned player cannot be
 * suspended (409): the ban is the stronger state and is lifted on its own.
 */
import type { SuspendBody, UnsuspendBody } from '@console/schemas';
import { badInput, conflict } from '../../http/api-error';
import { isoInConsoleZone } from '../../http/time';
import { findPlayer } from './access';
import type { StaffChange } from './chips';
import { effectiveStatus } from './view';

/** The furthest a suspension may reach. */
const MAX_SUSPENSION_MS = 100 * 365 * 86_400_000;

export interface StatusResult {
  uid: number;
  status: string;
  suspendedUntil: string | null;
  changed: boolean;
}

export async function suspendPlayer({ db, user, now, note }: StaffChange, body: SuspendBody): Promise<StatusResult> {
  note.target = `player:${body.uid}`;
  const until = new Date(body.until!);
  if (until.getTime() <= now.getTime()) throw badInput('until', 'Must be in the future');
  if (until.getTime() > now.getTime() + MAX_SUSPENSION_MS) throw badInput('until', 'Must be within 100 years');
  const player = await findPlayer(db, user, body.uid, true);
  const status = effectiveStatus(player, now);
  if (status === 'banned') throw conflict(`Player ${body.uid} is banned`);
  const reason = body.reason ?? '';
  await db.updateTable('player').set({ status: 'suspended', suspended_until: until, status_reason: reason }).where('uid', '=', body.uid).execute();
  await db
    .insertInto('ban_log')
    .values({
      at: now,
      kind: 'account',
      value: String(body.uid),
      action: 'suspend',
      reason,
      until,
      operator: user.username,
      partner: player.partner,
    })
    .execute();
  note.before = { status, suspendedUntil: status === 'suspended' ? isoInConsoleZone(player.suspended_until) : null };
  note.after = { status: 'suspended', suspendedUntil: isoInConsoleZone(until), reason };
  return { uid: body.uid, status: 'suspended', suspendedUntil: isoInConsoleZone(until), changed: true };
}

/** Lifts a running suspension; a player who is not suspended is left as is (`changed: false`). */
export async function unsuspendPlayer({ db, user, now, note }: StaffChange, body: UnsuspendBody): Promise<StatusResult> {
  note.target = `player:${body.uid}`;
  const player = await findPlayer(db, user, body.uid, true);
  const status = effectiveStatus(player, now);
  note.before = { status, suspendedUntil: status === 'suspended' ? isoInConsoleZone(player.suspended_until) : null };
  if (status !== 'suspended') {
    note.after = note.before;
    return { uid: body.uid, status, suspendedUntil: null, changed: false };
  }
  const reason = body.reason ?? '';
  await db.updateTable('player').set({ status: 'active', suspended_until: null, status_reason: '' }).where('uid', '=', body.uid).execute();
  await db
    .insertInto('ban_log')
    .values({
      at: now,
      kind: 'account',
      value: String(body.uid),
      action: 'unsuspend',
      reason,
      until: null,
      operator: user.username,
      partner: player.partner,
    })
    .execute();
  note.after = { status: 'active', suspendedUntil: null, reason };
  return { uid: body.uid, status: 'active', suspendedUntil: null, changed: true };
}
