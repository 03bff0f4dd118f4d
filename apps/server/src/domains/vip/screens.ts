/**
 * What the VIP screens read: the settings as a versioned item, the dashboard's figures, and the
 * rows of the change log and of the VIP search (each with the player's name).
 */
import { parseVipSettings, VIP_DEFAULTS } from '@console/activities';
import type { VipDashboard } from '@console/schemas';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import type { DayRange } from '../../http/range';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import type { VersionedItems } from '../../settings/versions';
import { vipConfig } from './evaluate';

export const CONFIG_SCREEN = '/activities/newvip/vipconfig';
type Settings = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);

/** The VIP settings as a versioned screen item (one row, id 1). */
export const items: VersionedItems<Settings> = {
  screen: CONFIG_SCREEN,
  kind: 'vip',
  noun: 'VIP settings',
  async read(db) {
    const row = await db.selectFrom('vip_config').select('settings').where('id', '=', 1).forUpdate().executeTakeFirst();
    return row ? (row.settings as Settings) : null;
  },
  async write(db, _key, doc, now) {
    const settings = JSON.stringify(doc ?? VIP_DEFAULTS);
    await db
      .insertInto('vip_config')
      .values({ id: 1, settings, updated_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ settings, updated_at: now }))
      .execute();
  },
  restorable: z.custom<Settings>((v) => parseVipSettings(v).ok, { message: 'does not fit the VIP settings' }),
};

/** The VIP dashboard over a range of days: players per level now, the level changes and the payouts by day. */
export async function dashboard(db: Db, user: ScopedSubject, r: DayRange): Promise<VipDashboard> {
  const cfg = await vipConfig(db);
  const [levels, changes, payouts, last] = await Promise.all([
    db
      .selectFrom('vip_player')
      .select(['level', sql<number>`count(*)`.as('n')])
      .where('level', '>', 0)
      .where(ownPartnerFilter(user, 'partner'))
      .groupBy('level')
      .orderBy('level')
      .execute(),
    db
      .selectFrom('vip_change')
      .select([sql<string>`day::text`.as('day'), 'kind', sql<number>`count(*)`.as('n')])
      .where(sql<boolean>`day BETWEEN ${r.from}::date AND ${r.to}::date`)
      .where(ownPartnerFilter(user, 'partner'))
      .groupBy(['day', 'kind'])
      .execute(),
    db
      .selectFrom('vip_payout')
      .select([sql<string>`day::text`.as('day'), 'kind', sql<number>`sum(amount)`.as('n')])
      .where(sql<boolean>`day BETWEEN ${r.from}::date AND ${r.to}::date`)
      .where(ownPartnerFilter(user, 'partner'))
      .groupBy(['day', 'kind'])
      .execute(),
    db
      .selectFrom('vip_evaluation')
      .select(sql<string>`max(day)::text`.as('d'))
      .executeTakeFirst(),
  ]);
  const get = (rows: { day: string; kind: string; n: unknown }[], day: string, kind: string) => num(rows.find((x) => x.day === day && x.kind === kind)?.n);
  const days = r.days.map((day) => ({
    day,
    ups: get(changes, day, 'up'),
    maintains: get(changes, day, 'maintain'),
    downs: get(changes, day, 'down'),
    restores: get(changes, day, 'restore'),
    gift: get(payouts, day, 'gift'),
    rebate: get(payouts, day, 'rebate'),
    deposit: get(payouts, day, 'deposit'),
  }));
  const sum = (k: keyof (typeof days)[number]) => days.reduce((n, d) => n + (d[k] as number), 0);
  return {
    configVersion: cfg.version,
    open: cfg.settings.open,
    lastEvaluated: last?.d ?? null,
    levels: cfg.settings.levels.map((l) => ({ level: l.level, players: num(levels.find((x) => x.level === l.level)?.n) })),
    totals: {
      vips: levels.reduce((n, x) => n + num(x.n), 0),
      ups: sum('ups'),
      maintains: sum('maintains'),
      downs: sum('downs'),
      restores: sum('restores'),
      gift: sum('gift'),
      rebate: sum('rebate'),
      deposit: sum('deposit'),
      paid: sum('gift') + sum('rebate') + sum('deposit'),
    },
    days,
    chart: days.map((d) => ({ day: d.day, ups: d.ups, downs: d.downs, restores: d.restores, paid: (d.gift + d.rebate + d.deposit) / 100 })),
  };
}

/** Every VIP level change with the player's name: the change log's rows. */
export const vipChangesWithNames = (db: Db) =>
  db
    .selectFrom('vip_change as c')
    .leftJoin('player as p', 'p.uid', 'c.uid')
    .select([
      'c.id',
      'c.uid',
      'p.name',
      'c.partner',
      'c.day',
      'c.at',
      'c.kind',
      'c.from_level',
      'c.to_level',
      'c.reason',
      'c.exp',
      'c.period_exp',
      'c.config_version',
    ]);

/** Every player with a VIP state, with its name and phone: the VIP search's rows. */
export const vipPlayersWithNames = (db: Db) =>
  db
    .selectFrom('vip_player as v')
    .innerJoin('player as p', 'p.uid', 'v.uid')
    .select([
      'v.uid',
      'p.name',
      'v.partner',
      'v.level',
      'v.exp',
      'v.period_exp',
      'v.period_start',
      'v.period_end',
      'v.dropped_from',
      'v.dropped_on',
      'v.top_level',
      'v.last_day',
      'p.phone_country',
      'p.phone_number',
    ]);
