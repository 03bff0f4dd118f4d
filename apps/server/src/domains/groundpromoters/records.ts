/**
 * GroundpromotersRecords: one record per player registered with a ground promoter's share
 * code (console_account.share_code = player.share_id), derived set-based from the players,
 * their devices and addresses and their paid recharges (recharge_order) whenever the records
 * are read or paid (`refreshRecords`):
 *   new player of a promoter              → pending
 *   pending, device or IP shared with a player registered before it → voided ("Duplicate device …
 *     (player …)"): a duplicate never qualifies
 *   pending, phone bound (if required) and ≥ minRecharge paid within qualifyDays → qualified
 *   pending after qualifyDays without that → voided, saying what was missing
 *   qualified → paid (staff; bounty + share to the promoter's `promoter` account, the override
 *     to its province promoter's, from the issuance account; keys gp:<id>:pay / :override)
 *   pending | qualified → voided (staff, with a reason)
 * Any other step is a 409 naming the record and its state. Paid and voided records are final.
 */
import type { GpRecordItem, GpState } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { RowOf } from '../../db/schema';
import { conflict, notFound } from '../../http/api-error';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter } from '../../plugins/partner-scope';
import type { SessionUser } from '../auth/sessions';
import { ensureAccount, issuanceAccount, moveBetweenAccounts } from '../ledger/accounts';
import { allSettings, isStaff, settingOf } from './settings';

export const GP_REASONS = { bounty: 'promoter.bounty', override: 'promoter.override' } as const;
export const GP_CURRENCY = 'php';
const SYSTEM = 'system:groundpromoters';

const peso = (column: string) => sql.raw(`'₱' || to_char(${column} / 100.0, 'FM999999990.00')`);

/** Brings every open record up to date (new players, provinces, duplicates, recharges, qualification, expiry). */
export async function refreshRecords(db: Db, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // one refresh at a time (PostgreSQL); PGlite is one connection anyway
    await sql`SELECT pg_advisory_xact_lock(hashtext('gp_refresh'))`.execute(trx);
    await sql`
      INSERT INTO gp_record (uid, partner, share_code, promoter, province, leader, registered_at, updated_at)
      SELECT p.uid, p.partner, p.share_id, a.username, coalesce(g.province, ''), coalesce(g.leader, ''), p.registered_at, ${now}
        FROM console_account a JOIN player p ON p.share_id = a.share_code
        LEFT JOIN gp_promoter g ON g.username = a.username
       WHERE a.share_code IS NOT NULL AND a.roles @> '["groundpromoter"]'::jsonb
         AND NOT EXISTS (SELECT 1 FROM gp_record r WHERE r.uid = p.uid)
      ON CONFLICT (uid) DO NOTHING`.execute(trx);
    await sql`
      UPDATE gp_record r SET province = g.province, leader = g.leader, updated_at = ${now}
        FROM gp_promoter g
       WHERE g.username = r.promoter AND r.status IN ('pending', 'qualified') AND (r.province <> g.province OR r.leader <> g.leader)`.execute(trx);
    // duplicates: a device or address shared with a player registered before it (first come counts)
    await sql`
      UPDATE gp_record r SET status = 'voided', voided_at = ${now}, voided_by = ${SYSTEM}, reason = d.reason, updated_at = ${now}
        FROM (
          SELECT r2.id, x.reason FROM gp_record r2 JOIN player me ON me.uid = r2.uid
          CROSS JOIN LATERAL (
            SELECT 'Duplicate device ' || m.device_id || ' (player ' || o.uid || ')' AS reason
              FROM player_device m JOIN player_device o ON o.device_id = m.device_id AND o.uid <> m.uid JOIN player op ON op.uid = o.uid
             WHERE m.uid = r2.uid AND (op.registered_at, op.uid) < (me.registered_at, me.uid)
            UNION ALL
            SELECT 'Duplicate IP ' || m.ip || ' (player ' || o.uid || ')'
              FROM player_ip m JOIN player_ip o ON o.ip = m.ip AND o.uid <> m.uid JOIN player op ON op.uid = o.uid
             WHERE m.uid = r2.uid AND (op.registered_at, op.uid) < (me.registered_at, me.uid)
            LIMIT 1) x
          WHERE r2.status = 'pending') d
       WHERE r.id = d.id`.execute(trx);
    const settings = await allSettings(trx);
    const provinces = await trx.selectFrom('gp_record').select('province').distinct().where('status', 'in', ['pending', 'qualified']).execute();
    for (const { province } of provinces) {
      const s = settingOf(settings, province);
      const qualify = sql`(${s.qualifyDays} * interval '1 day')`;
      const share = sql`(${s.shareDays} * interval '1 day')`;
      await sql`
        UPDATE gp_record r SET phone_bound = x.phone_ok, recharge = x.recharge, share_base = x.share_base, bounty = ${s.bounty},
               share = floor(x.share_base * ${String(s.sharePercent)}::numeric / 100),
               override = CASE WHEN r.leader <> '' THEN floor(x.share_base * ${String(s.overridePercent)}::numeric / 100) ELSE 0 END,
               updated_at = ${now}
          FROM (
            SELECT r2.id,
                   (p.phone_bound_at IS NOT NULL AND p.phone_bound_at < r2.registered_at + ${qualify}) AS phone_ok,
                   coalesce((SELECT sum(o.price) FROM recharge_order o WHERE o.uid = r2.uid AND o.status = 'paid' AND o.paid_at < r2.registered_at + ${qualify}), 0) AS recharge,
                   coalesce((SELECT sum(o.price) FROM recharge_order o WHERE o.uid = r2.uid AND o.status = 'paid' AND o.paid_at < r2.registered_at + ${share}), 0) AS share_base
              FROM gp_record r2 JOIN player p ON p.uid = r2.uid
             WHERE r2.status IN ('pending', 'qualified') AND r2.province = ${province}) x
         WHERE r.id = x.id`.execute(trx);
      await sql`
        UPDATE gp_record SET status = 'qualified', qualified_at = ${now}, updated_at = ${now},
               reason = ${s.requirePhone ? 'Phone bound and ' : ''} || ${peso('recharge')} || ${` recharged within ${s.qualifyDays} days`}
         WHERE status = 'pending' AND province = ${province} AND (phone_bound OR ${!s.requirePhone}) AND recharge >= ${s.minRecharge}`.execute(trx);
      await sql`
        UPDATE gp_record SET status = 'voided', voided_at = ${now}, voided_by = ${SYSTEM}, updated_at = ${now},
               reason = ${`Not qualified within ${s.qualifyDays} days: `}
                 || CASE WHEN ${s.requirePhone} AND NOT phone_bound THEN 'no bound phone, ' ELSE '' END
                 || ${peso('recharge')} || ' of ' || ${peso(String(s.minRecharge))} || ' recharged'
         WHERE status = 'pending' AND province = ${province} AND registered_at + ${qualify} <= ${now}`.execute(trx);
      await sql`
        UPDATE gp_record SET reason = 'Waiting: ' || CASE WHEN phone_bound THEN 'phone bound' ELSE 'no bound phone' END
                 || ', ' || ${peso('recharge')} || ' of ' || ${peso(String(s.minRecharge))} || ' recharged'
         WHERE status = 'pending' AND province = ${province}`.execute(trx);
    }
  });
}

/** What a promoter account sees: its own records; a province promoter those of its promoters; staff every one (partner-scoped). */
export function recordScope(user: SessionUser): { promoter?: string; leader?: string } {
  if (isStaff(user)) return {};
  if (user.roles.includes('provincepromoter')) return { leader: user.username };
  return { promoter: user.username };
}

/** A record as read (the lists add the player's name). */
export type RecordRow = RowOf<'gp_record'> & { name?: string | null };

export function toRecordItem(r: RecordRow): GpRecordItem {
  return {
    id: r.id,
    uid: r.uid,
    name: r.name ?? '',
    partner: r.partner,
    shareCode: r.share_code,
    promoter: r.promoter,
    leader: r.leader,
    province: r.province,
    registeredAt: isoInConsoleZone(r.registered_at),
    status: r.status,
    reason: r.reason,
    phoneBound: r.phone_bound,
    recharge: r.recharge,
    shareBase: r.share_base,
    bounty: r.bounty,
    share: r.share,
    override: r.override,
    qualifiedAt: isoInConsoleZone(r.qualified_at),
    paidAt: isoInConsoleZone(r.paid_at),
    paidBy: r.paid_by,
    voidedAt: isoInConsoleZone(r.voided_at),
    voidedBy: r.voided_by,
  };
}

const WORDS: Record<GpState, string> = { pending: 'pending', qualified: 'qualified', paid: 'already paid', voided: 'voided' };

async function lockRecord(trx: Db, user: SessionUser, id: number) {
  const row = await trx.selectFrom('gp_record').selectAll().where('id', '=', id).where(ownPartnerFilter(user, 'partner')).forUpdate().executeTakeFirst();
  if (!row) throw notFound(`Record ${id} not found`);
  return row;
}

const snapshot = (r: RecordRow) => ({ status: r.status, bounty: r.bounty, share: r.share, override: r.override, reason: r.reason });

export interface Change {
  db: Db;
  user: SessionUser;
  now: Date;
  note: { target?: string; before?: unknown; after?: unknown };
}

/** Pays a qualified record: bounty + share to the promoter, override to its province promoter; once (keys), one transaction. */
export async function payRecord(ctx: Change, id: number): Promise<GpRecordItem> {
  const { db, user, now, note } = ctx;
  const row = await lockRecord(db, user, id);
  note.target = `gp_record:${id}`;
  note.before = snapshot(row);
  if (row.status !== 'qualified') throw conflict(`Record ${id} (player ${row.uid}) is ${WORDS[row.status]}: only a qualified record is paid`);
  const issuance = await issuanceAccount(db, GP_CURRENCY);
  const common = { ref: `gp_record:${id}`, actor: `staff:${user.username}`, at: now };
  const earned = row.bounty + row.share;
  if (earned > 0) {
    const account = await ensureAccount(db, 'promoter', row.promoter, row.partner, GP_CURRENCY);
    await moveBetweenAccounts(db, issuance.id, account.id, earned, { ...common, reason: GP_REASONS.bounty, key: `gp:${id}:pay` });
  }
  if (row.override > 0 && row.leader) {
    const account = await ensureAccount(db, 'promoter', row.leader, row.partner, GP_CURRENCY);
    await moveBetweenAccounts(db, issuance.id, account.id, row.override, { ...common, reason: GP_REASONS.override, key: `gp:${id}:override` });
  }
  const after = await db
    .updateTable('gp_record')
    .set({ status: 'paid', paid_at: now, paid_by: user.username, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'qualified')
    .returningAll()
    .executeTakeFirstOrThrow();
  note.after = snapshot(after);
  return toRecordItem(after);
}

/** Voids a pending or qualified record with a reason. */
export async function voidRecord(ctx: Change, id: number, reason: string): Promise<GpRecordItem> {
  const { db, user, now, note } = ctx;
  const row = await lockRecord(db, user, id);
  note.target = `gp_record:${id}`;
  note.before = snapshot(row);
  if (row.status !== 'pending' && row.status !== 'qualified')
    throw conflict(`Record ${id} (player ${row.uid}) is ${WORDS[row.status]}: only a pending or qualified record is voided`);
  const after = await db
    .updateTable('gp_record')
    .set({ status: 'voided', voided_at: now, voided_by: user.username, reason: reason.trim(), updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  note.after = snapshot(after);
  return toRecordItem(after);
}

/** The records with each player's name: what the records list shows. */
export const recordsWithNames = (db: Db) => db.selectFrom('gp_record as r').leftJoin('player as p', 'p.uid', 'r.uid').selectAll('r').select('p.name');
