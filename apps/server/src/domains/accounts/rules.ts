/**
 * Who may grant what, and the rules that keep the console manageable:
 * - only admin grants `admin` or acts on an account holding it;
 * - a partner account manages only its own partner's accounts and cannot grant admin or secadmin;
 * - nobody removes or disables their own account;
 * - admin cannot be taken from the last enabled admin.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { ConsoleAccountRow } from '../../db/schema';
import { badInput, conflict, forbidden } from '../../http/api-error';
import { partnerScope, type ScopedSubject } from '../../plugins/partner-scope';

const ADMIN_SET_LOCK = 7_314_002;
const PARTNER_MAY_NOT_GRANT = ['admin', 'secadmin'];

export const isAdmin = (roles: readonly string[]) => roles.includes('admin');

export function checkGrant(actor: ScopedSubject, roles: readonly string[]): void {
  if (isAdmin(roles) && !isAdmin(actor.roles)) throw forbidden('Only admin grants admin');
  if (partnerScope(actor) !== null && roles.some((role) => PARTNER_MAY_NOT_GRANT.includes(role))) {
    throw forbidden('A partner account cannot grant admin or secadmin');
  }
}

export function checkMayManage(actor: ScopedSubject, target: Pick<ConsoleAccountRow, 'roles'>): void {
  if (isAdmin(target.roles) && !isAdmin(actor.roles)) throw forbidden('Only admin manages an admin account');
}

/** The partner a new or moved account gets: a partner account keeps it in its own partner. */
export function checkPartner(actor: ScopedSubject, requested: number | undefined, current = 0): number {
  const scope = partnerScope(actor);
  if (scope === null) return requested ?? current;
  if (requested !== undefined && requested !== scope) throw forbidden('A partner account manages only its own partner');
  return scope;
}

export async function checkPartnerExists(db: Db, partner: number): Promise<void> {
  if (partner === 0) return;
  const row = await db.selectFrom('partner').select('id').where('id', '=', partner).executeTakeFirst();
  if (!row) throw badInput('partner', 'Unknown partner');
}

/** Serializes every change that could remove the last admin (two admins demoting each other). */
export async function lockAdminSet(db: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${ADMIN_SET_LOCK})`.execute(db);
}

/** Refuses when `target` is the last enabled admin and would stop being one. */
export async function checkNotLastAdmin(db: Db, target: ConsoleAccountRow): Promise<void> {
  if (!target.enabled || !isAdmin(target.roles)) return;
  const other = await db
    .selectFrom('console_account')
    .select('id')
    .where('enabled', '=', true)
    .where(sql<boolean>`roles @> '["admin"]'::jsonb`)
    .where('id', '!=', target.id)
    .limit(1)
    .executeTakeFirst();
  if (!other) throw conflict('Admin cannot be taken from the last enabled admin');
}
