/**
 * Bans by account, device or IP (table `ban`: one active row per kind and value, enforced by
 * the unique index ban_active_idx) and their lifting; every ban and lift writes a ban_log
 * row with the operator and a partner (the player's for an account, the operator's for a
 * device or address). An account ban also sets the player's status to 'banned'; the
 * platform API refuses registrations and logins from a banned device or address, and
 * logins of a banned account, by reading the active rows of `ban`.
 */
import type { BanBody, BanRecord, UnbanBody } from '@console/schemas';
import { sql } from 'kysely';
import { conflict, notFound } from '../../http/api-error';
import { findPlayer } from './access';
import type { StaffChange } from './chips';
import { toBan } from './view';

export interface BanResult {
  ban: BanRecord;
  changed: boolean;
}

export async function banValue({ db, user, now, note }: StaffChange, body: BanBody): Promise<BanResult> {
  const { kind, value, reason } = body;
  note.target = kind === 'account' ? `player:${value}` : `${kind}:${value}`;
  const player = kind === 'account' ? await findPlayer(db, user, Number(value), true) : null;
  const inserted = await db
    .insertInto('ban')
    .values({ kind, value, reason, banned_by: user.username, banned_at: now, active: true })
    // the index's own predicate, literally: a bound parameter (active = $1) can fail to match the partial
    // unique index on PostgreSQL ("no unique or exclusion constraint matching the ON CONFLICT", a 500)
    .onConflict((oc) =>
      oc
        .columns(['kind', 'value'])
        .where(sql<boolean>`active`)
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
  if (!inserted) throw conflict('Already banned');
  if (player) await db.updateTable('player').set({ status: 'banned', status_reason: reason }).where('uid', '=', player.uid).execute();
  await db
    .insertInto('ban_log')
    .values({
      at: now,
      kind,
      value,
      action: 'ban',
      reason,
      until: null,
      operator: user.username,
      partner: player ? player.partner : user.partner,
    })
    .execute();
  const ban = toBan(inserted);
  note.before = player ? { status: player.status } : { banned: false };
  note.after = player ? { status: 'banned', ban } : { banned: true, ban };
  return { ban, changed: true };
}

/** Lifts a ban by id; a ban already lifted is left as is (`changed: false`). */
export async function liftBan({ db, user, now, note }: StaffChange, body: UnbanBody): Promise<BanResult> {
  const row = await db.selectFrom('ban').selectAll().where('id', '=', body.id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(`Ban ${body.id} not found`);
  note.target = row.kind === 'account' ? `player:${row.value}` : `${row.kind}:${row.value}`;
  // a partner scope that does not reach the banned player does not reach its ban either
  const player =
    row.kind === 'account'
      ? await findPlayer(db, user, Number(row.value), true).catch(() => {
          throw notFound(`Ban ${body.id} not found`);
        })
      : null;
  note.before = toBan(row);
  if (!row.active) {
    note.after = note.before;
    return { ban: toBan(row), changed: false };
  }
  const lifted = await db
    .updateTable('ban')
    .set({ active: false, lifted_by: user.username, lifted_at: now })
    .where('id', '=', body.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (player && player.status === 'banned') {
    const stillSuspended = player.suspended_until !== null && new Date(player.suspended_until) > now;
    await db
      .updateTable('player')
      .set({ status: stillSuspended ? 'suspended' : 'active', status_reason: '' })
      .where('uid', '=', player.uid)
      .execute();
  }
  await db
    .insertInto('ban_log')
    .values({
      at: now,
      kind: row.kind,
      value: row.value,
      action: 'unban',
      reason: body.reason ?? '',
      until: null,
      operator: user.username,
      partner: player ? player.partner : user.partner,
    })
    .execute();
  const ban = toBan(lifted);
  note.after = ban;
  return { ban, changed: true };
}
