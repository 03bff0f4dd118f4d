/**
 * /groundpromoters/groundpromoterssetting: the bounty settings (province '' = the default,
 * any other province overrides it for its promoters' players), versioned like every
 * configuration (decision 004), and the promoters' provinces and province promoters.
 */
import { gpSettingBody, type GpSetting } from '@console/schemas';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { badInput, conflict, forbidden, notFound } from '../../http/api-error';
import type { SessionUser } from '../auth/sessions';
import type { VersionedItems } from '../../settings/versions';

export const SETTING_SCREEN = '/groundpromoters/groundpromoterssetting';
export const RECORDS_SCREEN = '/groundpromoters/GroundpromotersRecords';

/** docs/domain.md (est.): ₱20 per valid player (bound phone, ≥ ₱100 recharged within 7 days), 3 % of its recharges for 30 days, 1 % province override. */
export const DEFAULT_GP_SETTING: GpSetting = Object.freeze({
  bounty: 2_000,
  minRecharge: 10_000,
  qualifyDays: 7,
  requirePhone: true,
  sharePercent: 3,
  shareDays: 30,
  overridePercent: 1,
});

const fromRow = (r: Record<string, unknown>): GpSetting => ({
  bounty: Number(r.bounty),
  minRecharge: Number(r.min_recharge),
  qualifyDays: Number(r.qualify_days),
  requirePhone: Boolean(r.require_phone),
  sharePercent: Number(r.share_percent),
  shareDays: Number(r.share_days),
  overridePercent: Number(r.override_percent),
});

/** Every stored setting by province ('' the default; the built-in defaults when none is stored). */
export async function allSettings(db: Db): Promise<Map<string, GpSetting & { updatedBy: string; updatedAt: Date | null }>> {
  const rows = await db.selectFrom('gp_setting').selectAll().execute();
  const map = new Map<string, GpSetting & { updatedBy: string; updatedAt: Date | null }>(
    rows.map((r) => [r.province, { ...fromRow(r as never), updatedBy: r.updated_by, updatedAt: r.updated_at }]),
  );
  if (!map.has('')) map.set('', { ...DEFAULT_GP_SETTING, updatedBy: '', updatedAt: null });
  return map;
}

/** The setting of a province: its own, else the default. */
export const settingOf = (all: Map<string, GpSetting>, province: string): GpSetting => all.get(province) ?? all.get('')!;

export const gpSettingItems: VersionedItems<GpSetting & { province: string }> = {
  screen: SETTING_SCREEN,
  kind: 'groundpromoterssetting',
  noun: 'Ground promoter setting',
  read: async (db, key) => {
    const row = await db.selectFrom('gp_setting').selectAll().where('province', '=', key).forUpdate().executeTakeFirst();
    return row ? { province: key, ...fromRow(row) } : null;
  },
  write: async (db, key, doc, now) => {
    if (!doc) {
      await db.deleteFrom('gp_setting').where('province', '=', key).execute();
      return;
    }
    const values = {
      bounty: doc.bounty,
      min_recharge: doc.minRecharge,
      qualify_days: doc.qualifyDays,
      require_phone: doc.requirePhone,
      share_percent: doc.sharePercent,
      share_days: doc.shareDays,
      override_percent: doc.overridePercent,
      updated_by: 'console',
      updated_at: now,
    };
    await db
      .insertInto('gp_setting')
      .values({ province: key, ...values })
      .onConflict((oc) => oc.column('province').doUpdateSet(values))
      .execute();
  },
  restorable: gpSettingBody.extend({ province: z.string() }),
};

/** Who changes settings, provinces and pays or voids records: the console's staff (decision 024); promoters only read. */
const STAFF = ['admin', 'business', 'secadmin', 'partner'];
export const isStaff = (user: SessionUser) => user.roles.some((r) => STAFF.includes(r));
/** The settings and provinces are the platform's: business and secadmin (admin) change them, not a partner. */
export function requireCentralStaff(user: SessionUser): void {
  if (!user.roles.some((r) => r === 'admin' || r === 'business' || r === 'secadmin')) {
    throw forbidden('Only business and secadmin change the ground promoter settings and provinces');
  }
}
export function requireStaff(user: SessionUser): void {
  if (!isStaff(user)) throw forbidden('Promoters see their records; business, secadmin or the partner pays or voids them');
}

/** Records who saved a province's setting last (the setting row's updated_by). */
export async function stampSettingEditor(db: Db, province: string, username: string): Promise<void> {
  await db.updateTable('gp_setting').set({ updated_by: username }).where('province', '=', province).execute();
}

/**
 * Sets a ground promoter's province and province promoter ('': none). 404 when the
 * account is not a ground promoter, 400 when the leader is not a province promoter, 409 when it
 * would lead itself. Returns what it was and what it is.
 */
export async function savePromoter(
  db: Db,
  body: { username: string; province: string; leader: string },
  by: string,
  now: Date,
): Promise<{ before: { province: string; leader: string } | null; after: { province: string; leader: string } }> {
  const promoter = await db.selectFrom('console_account').select(['username', 'roles']).where('username', '=', body.username).executeTakeFirst();
  if (!promoter || !promoter.roles.includes('groundpromoter')) throw notFound(`Ground promoter ${body.username} not found`);
  if (body.leader) {
    const leader = await db.selectFrom('console_account').select('roles').where('username', '=', body.leader).executeTakeFirst();
    if (!leader || !leader.roles.includes('provincepromoter')) throw badInput('leader', `${body.leader} is not a province promoter account`);
  }
  if (body.leader === body.username) throw conflict('A promoter cannot lead itself');
  const before = await db.selectFrom('gp_promoter').select(['province', 'leader']).where('username', '=', body.username).forUpdate().executeTakeFirst();
  const values = { province: body.province.trim(), leader: body.leader, updated_by: by, updated_at: now };
  await db
    .insertInto('gp_promoter')
    .values({ username: body.username, ...values })
    .onConflict((oc) => oc.column('username').doUpdateSet(values))
    .execute();
  return { before: before ?? null, after: { province: values.province, leader: values.leader } };
}
