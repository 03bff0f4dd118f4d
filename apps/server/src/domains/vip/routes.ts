/**
 * VIP: the settings (/activities/newvip/vipconfig, admin), the VIP dashboard
 * (/activities/newvip/vipdashboard: players by level, changes and payments by day, every
 * change with its reason) and the VIP search (/vipmanager/vipdashboard: every VIP with exp,
 * period and what keeps or raises the level). docs/api/vip.md.
 */
import { parseVipSettings, VIP_DEFAULTS, vipLevelsInForce } from '@console/activities';
import { z } from 'zod';
import { ApiError } from '../../http/api-error';
import { dateRange, defineList, eqEnum, eqInt, listOperations, minInt, sortBy } from '../../http/list';
import { vipChangeRow, vipDashboard, vipPlayerRow } from '@console/schemas';
import { defineOperation, type Operation } from '../../http/operation';
import { isoInConsoleZone } from '../../http/time';
import { summaryOperation } from '../../reports/summary';
import { saveItem, versionOperations } from '../../settings/versions';
import { vipConfig } from './evaluate';
import { CONFIG_SCREEN, dashboard, items, vipChangesWithNames, vipPlayersWithNames } from './screens';

const tags = ['vip'];
const ok = <T>(data: T) => ({ code: 200 as const, data });
const dayText = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export const DASHBOARD_SCREEN = '/activities/newvip/vipdashboard';
export const SEARCH_SCREEN = '/vipmanager/vipdashboard';
type Settings = Record<string, unknown>;

function changesList(url: string, name: string, screen: string) {
  return defineList({
    url,
    name,
    screen,
    tags,
    paging: 'keyset',
    summary: 'Every VIP level change with its reason (up, maintain, down, restore), newest first: filters uid, kind, from/to (evaluation time)',
    from: vipChangesWithNames,
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
      from: vipPlayersWithNames,
      partner: 'v.partner',
      id: 'v.uid',
      filters: {
        uid: eqInt('v.uid', 1),
        level: eqInt('v.level', 0, 50),
        minLevel: minInt('v.level', 0, 50),
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
