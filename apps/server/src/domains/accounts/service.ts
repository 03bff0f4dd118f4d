/**
 * Changes to console accounts. Each runs inside the operation's transaction (the operation
 * log record is written with it) and fills the note with target, before and after.
 */
import type { CreateAccountBody, UpdateAccountBody } from '@console/schemas';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import type { ConsoleAccountRow } from '../../db/schema';
import { conflict, notFound } from '../../http/api-error';
import type { OperationNote } from '../../http/operation';
import { ownPartnerFilter } from '../../plugins/partner-scope';
import { hashPassword } from '../auth/passwords';
import { revokeAccountSessions, type SessionUser } from '../auth/sessions';
import { checkGrant, checkMayManage, checkNotLastAdmin, checkPartner, checkPartnerExists, isAdmin, lockAdminSet } from './rules';
import { toConsoleAccount } from './view';

interface Change {
  db: Db;
  config: ServerConfig;
  actor: SessionUser;
  now: Date;
  note: OperationNote;
}

/** The account by username, locked, if the actor's partner scope reaches it; else 404. */
async function findManaged(db: Db, actor: SessionUser, username: string): Promise<ConsoleAccountRow> {
  const row = await db
    .selectFrom('console_account')
    .selectAll()
    .where('username', '=', username)
    .where(ownPartnerFilter(actor, 'partner'))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(`Account ${username} not found`);
  return row;
}

export async function createAccount({ db, config, actor, now, note }: Change, body: CreateAccountBody) {
  note.target = body.username;
  checkGrant(actor, body.roles);
  const partner = checkPartner(actor, body.partner);
  await checkPartnerExists(db, partner);
  const inserted = await db
    .insertInto('console_account')
    .values({
      username: body.username,
      password_hash: await hashPassword(body.password, config.argon2),
      name: body.name,
      roles: JSON.stringify(body.roles),
      partner,
      telephone: body.telephone ?? '',
      avatar: body.avatar ?? '',
      enabled: body.enabled ?? true,
      share_code: body.shareCode ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .returningAll()
    .executeTakeFirst()
    .catch(shareCodeTaken(body.shareCode));
  if (!inserted) throw conflict(`Account ${body.username} already exists`);
  const account = toConsoleAccount(inserted);
  note.after = account;
  return account;
}

type Editable = 'name' | 'roles' | 'partner' | 'telephone' | 'avatar' | 'enabled' | 'shareCode';
const EDITABLE: Editable[] = ['name', 'roles', 'partner', 'telephone', 'avatar', 'enabled', 'shareCode'];

/** A unique share code already held by another account: 409 naming it. */
const shareCodeTaken =
  (code: string | undefined) =>
  (error: unknown): never => {
    if ((error as { code?: string }).code === '23505' && (error as Error).message.includes('share_code')) {
      throw conflict(`Share code ${code} is already used by another account`);
    }
    throw error;
  };
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function updateAccount({ db, config, actor, now, note }: Change, body: UpdateAccountBody) {
  note.target = body.username;
  await lockAdminSet(db);
  const target = await findManaged(db, actor, body.username);
  checkMayManage(actor, target);
  const current = { ...target, shareCode: target.share_code ?? '' };
  const changed = EDITABLE.filter((key) => body[key] !== undefined && !same(body[key], current[key]));
  if (changed.length === 0 && body.password === undefined) return toConsoleAccount(target);

  const next = { ...current };
  for (const key of changed) (next as Record<string, unknown>)[key] = body[key];
  if (changed.includes('roles')) checkGrant(actor, next.roles);
  if (changed.includes('partner')) {
    next.partner = checkPartner(actor, body.partner, target.partner);
    await checkPartnerExists(db, next.partner);
  }
  if (changed.includes('enabled') && !next.enabled && target.id === actor.accountId) throw conflict('You cannot disable your own account');
  if (!next.enabled || !isAdmin(next.roles)) await checkNotLastAdmin(db, target);

  const updated = await db
    .updateTable('console_account')
    .set({
      name: next.name,
      roles: JSON.stringify(next.roles),
      partner: next.partner,
      telephone: next.telephone,
      avatar: next.avatar,
      enabled: next.enabled,
      share_code: next.shareCode === '' ? null : next.shareCode,
      updated_at: now,
      ...(body.password !== undefined ? { password_hash: await hashPassword(body.password, config.argon2) } : {}),
    })
    .where('id', '=', target.id)
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch(shareCodeTaken(body.shareCode));

  // disabling, a role change or a password reset ends every session of the account
  if (changed.includes('enabled') || changed.includes('roles') || body.password !== undefined) await revokeAccountSessions(db, target.id);
  const shown = toConsoleAccount(updated);
  note.before = Object.fromEntries(changed.map((key) => [key, current[key]]));
  note.after = Object.fromEntries(changed.map((key) => [key, shown[key]]));
  if (body.password !== undefined) (note.after as Record<string, unknown>).passwordReset = true;
  return shown;
}

export async function removeAccount({ db, actor, note }: Change, username: string): Promise<void> {
  note.target = username;
  if (username === actor.username) throw conflict('You cannot remove your own account');
  await lockAdminSet(db);
  const target = await findManaged(db, actor, username);
  checkMayManage(actor, target);
  await checkNotLastAdmin(db, target);
  await db.deleteFrom('console_account').where('id', '=', target.id).execute();
  note.before = toConsoleAccount(target);
}

export async function resetAuthenticator({ db, actor, now, note }: Change, username: string): Promise<void> {
  note.target = username;
  if (username === actor.username) throw conflict('Use account settings for your own authenticator');
  const target = await findManaged(db, actor, username);
  checkMayManage(actor, target);
  if (target.totp_secret === null) throw conflict(`Account ${username} has no authenticator bound`);
  await db.updateTable('console_account').set({ totp_secret: null, totp_last_step: null, updated_at: now }).where('id', '=', target.id).execute();
  await db.deleteFrom('totp_enrolment').where('account_id', '=', target.id).execute();
  await revokeAccountSessions(db, target.id);
  note.before = { bind2fa: true };
  note.after = { bind2fa: false };
}
