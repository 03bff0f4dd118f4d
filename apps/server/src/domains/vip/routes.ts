/**
 * VIP: the settings (/activities/newvip/vipconfig, admin), the VIP dashboard
 * (/activities/newvip/vipdashboard: players by level, changes and payments by day, every
 * change with its reason) and the VIP search (/vipmanager/vipdashboard: every VIP with exp,
 * period and what keeps or raises the level). docs/api/vip.md.
 */
import { parseVipSettings, VIP_DEFAULTS, vipLevelsInForce } from '@console/activities';
import { z } from 'zod';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { ApiError } from '../../http/api-error';
import { custom, dateRange, defineList, eqEnum, eqInt, listOperations, sortBy } from '../../http/list';
import { queryInt, vipChangeRow, vipDashboard, vipPlayerRow, type VipDashboard } from '@console/schemas';
import { defineOperation, type Operation } from '../../http/operation';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import { summaryOperation } from '../../reports/summary';
import { saveItem, versionOperations, type VersionedItems } from '../../settings/versions';
import type { DayRange } from '../../http/range';
import { vipConfig } from './evaluate';

const tags = ['vip'];
const num = (v: unknown) => Number(v ?? 0);
const ok = <T>(data: T) => ({ code: 200 as const, data });
const dayText = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export const CONFIG_SCREEN = '/activities/newvip/vipconfig';
export const DASHBOARD_SCREEN = '/activities/newvip/vipdashboard';
export const SEARCH_SCREEN = '/vipmanager/vipdashboard';
type Settings = Record<string, unknown>;

const items: VersionedItems<Settings> = {
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

type DashboardAnswer = VipDashboard;

async function dashboard(db: Db, user: ScopedSubject, r: DayRange): Promise<DashboardAnswer> {
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

function changesList(url: string, name: string, screen: string) {
  return defineList({
    url,
    name,
    screen,
    tags,
    paging: 'keyset',
    summary: 'Every VIP level change with its reason (up, maintain, down, restore), newest first: filters uid, kind, from/to (evaluation time)',
    from: (db: Db) =>
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
        ]),
    partner: 'c.partner',
    id: 'c.id',
    filters: { uid: eqInt('c.uid', 1), kind: eqEnum('c.kind', ['up', 'maintain', 'down', 'restore']), time: dateRange('c.at') },
    sorts: { id: sortBy.int('c.id') },
    defaultSort: { key: 'id', order: 'descend' },
    item: vipChangeRow,
    row: (x) => ({
      id: x.id,
      uid: x.uid,
      name: String(x.name ?? ''),
      partner: x.partner,
      day: dayText(x.day)!,
      at: isoInConsoleZone(x.at),
      kind: String(x.kind),
      fromLevel: x.from_level,
      toLevel: x.to_level,
      reason: x.reason,
      exp: x.exp,
      periodExp: x.period_exp,
      configVersion: x.config_version,
    }),
  });
}

export const vipOperations: Operation[] = [
  defineOperation({
    method: 'GET',
    url: '/api/activities/newvip/vipconfig',
    name: 'activities.newvip.vipconfig',
    screen: CONFIG_SCREEN,
    tags,
    summary: 'The VIP settings in force (version 0: never saved, the defaults) with the rules',
    response: z.object({
      code: z.literal(200),
      data: z.object({ version: z.number(), settings: z.record(z.string(), z.unknown()), defaults: z.record(z.string(), z.unknown()) }),
    }),
    handler: async ({ db }) => {
      const cfg = await vipConfig(db);
      return ok({ version: cfg.version, settings: cfg.settings, defaults: VIP_DEFAULTS });
    },
  }),
  defineOperation({
    method: 'POST',
    url: '/api/activities/newvip/vipconfig/update',
    name: 'activities.newvip.vipconfig.update',
    screen: CONFIG_SCREEN,
    tags,
    audit: true,
    summary:
      'Overwrites the VIP settings (the screen confirms first); 400 naming the field (settings.levels.2.upExp: Must be more than the level before); ' +
      'a new version, applied from the next daily evaluation',
    body: z.strictObject({ settings: z.record(z.string(), z.unknown()) }),
    response: z.object({ code: z.literal(200), data: z.object({ version: z.number() }) }),
    handler: async ({ db, user, now, note, body }) => {
      const parsed = parseVipSettings(body.settings);
      if (!parsed.ok) throw new ApiError(400, `settings.${parsed.message}`);
      const saved = await saveItem({ db, user, now, note }, items, 'settings', 'update', () => parsed.value as unknown as Settings);
      return ok({ version: saved.version });
    },
  }),
  ...versionOperations(items, { base: '/api/activities/newvip/vipconfig/versions', name: 'activities.newvip.vipconfig.versions', tags }),
  summaryOperation({
    url: '/api/activities/newvip/vipdashboard',
    name: 'activities.newvip.vipdashboard',
    screen: DASHBOARD_SCREEN,
    response: vipDashboard,
    summary: 'VIP players by level now; level changes (up, maintain, down, restore) and payments (gifts, bet rebates, deposit bonuses) by day of evaluation',
    load: (db, user, r) => dashboard(db, user, r),
  }),
  ...listOperations(changesList('/api/activities/newvip/vipdashboard/changes', 'activities.newvip.vipdashboard.changes', DASHBOARD_SCREEN)),
  ...listOperations(
    defineList({
      url: '/api/vipmanager/vipdashboard',
      name: 'vipmanager.vipdashboard',
      screen: SEARCH_SCREEN,
      tags,
      paging: 'keyset',
      summary:
        'VIP search: every player with a VIP state, highest exp first: filters uid, level, minLevel; the exp of the period against what keeps the level, and what the next level needs',
      from: (db: Db) =>
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
          ]),
      partner: 'v.partner',
      id: 'v.uid',
      filters: {
        uid: eqInt('v.uid', 1),
        level: eqInt('v.level', 0, 50),
        minLevel: custom(queryInt(0, 50), (v) => sql<boolean>`v.level >= ${v}`),
      },
      sorts: { exp: sortBy.int('v.exp'), level: sortBy.int('v.level') },
      defaultSort: { key: 'exp', order: 'descend' },
      item: vipPlayerRow,
      row: (x) => ({
        uid: x.uid,
        name: String(x.name ?? ''),
        partner: x.partner,
        level: x.level,
        exp: x.exp,
        periodExp: x.period_exp,
        periodStart: dayText(x.period_start)!,
        periodEnd: dayText(x.period_end)!,
        droppedFrom: x.dropped_from === null ? null : x.dropped_from,
        droppedOn: dayText(x.dropped_on),
        topLevel: x.top_level,
        lastDay: dayText(x.last_day)!,
        phone: x.phone_country && x.phone_number ? `+${x.phone_country} ${x.phone_number}` : null,
      }),
    }),
  ),
  defineOperation({
    method: 'GET',
    url: '/api/vipmanager/vipdashboard/levels',
    name: 'vipmanager.vipdashboard.levels',
    screen: SEARCH_SCREEN,
    tags,
    summary: 'The VIP levels in force (what raises, keeps and restores each level, its rebate and bonus), for reading the search: no other setting',
    response: z.object({
      code: z.literal(200),
      data: vipLevelsInForce,
    }),
    handler: async ({ db }) => {
      const cfg = await vipConfig(db);
      return ok({ version: cfg.version, periodDays: cfg.settings.periodDays, restoreDays: cfg.settings.restoreDays, levels: cfg.settings.levels });
    },
  }),
  ...listOperations(changesList('/api/vipmanager/vipdashboard/changes', 'vipmanager.vipdashboard.changes', SEARCH_SCREEN)),
];
