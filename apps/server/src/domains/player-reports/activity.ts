/**
 * actives (logins and registrations by day) and registers (registrations by day and the
 * registered players). Login figures come from the daily-active rollup player_active_day
 * (migration 014: one row a day and player, kept by each login), distinct players over the
 * range and registrations by day from the roll-ups of migration 021, one grouped query each
 * over the range; ranges default to the
 * last 30 days and are at most MAX_RANGE_DAYS long.
 */
import { activeDay, activesSummary, registeredPlayerItem, registersSummary, type ActiveDay } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { dateRange, defineList, eqInt, eqText, sortBy } from '../../http/list';
import { defineOperation } from '../../http/operation';
import { isoInConsoleZone } from '../../http/time';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';
import { activeCounts, newPlayerCounts } from '../payment-reports/rollups';
import { rangeOf, rangeParams, rangeProblem, type DayRange } from '../../http/range';
import type { ReportSpec } from '../../reports/report';

export const DEFAULT_DAYS = 30;

const rangeQuery = z.strictObject(rangeParams).superRefine((q, ctx) => {
  const problem = rangeProblem(q);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.param] });
});

const activeRange = (r: DayRange) => sql<SqlBool>`day BETWEEN ${r.from}::date AND ${r.to}::date`;

async function loginDays(db: Db, user: ScopedSubject, r: DayRange) {
  const rows = await db
    .selectFrom('player_active_day')
    .select([
      sql<string>`day::text`.as('day'),
      sql<number>`sum(logins)::int`.as('logins'),
      sql<number>`count(*)::int`.as('active'),
      sql<number | null>`round(sum(seconds)::numeric / nullif(sum(timed), 0))::int`.as('avg'),
    ])
    .where(activeRange(r))
    .where(ownPartnerFilter(user, 'partner'))
    .groupBy('day')
    .execute();
  return new Map(rows.map((row) => [row.day, row]));
}

/** Registrations by day (the roll-up of migration 021). */
const registrationDays = newPlayerCounts;

export async function activeDays(db: Db, user: ScopedSubject, r: DayRange): Promise<ActiveDay[]> {
  const [logins, registrations] = await Promise.all([loginDays(db, user, r), registrationDays(db, user, r)]);
  return r.days.map((day) => ({
    day,
    activePlayers: logins.get(day)?.active ?? 0,
    logins: logins.get(day)?.logins ?? 0,
    newPlayers: registrations.get(day) ?? 0,
    avgSessionSeconds: logins.get(day)?.avg ?? null,
  }));
}

/** GET /api/usermanager/actives: the figures and the chart rows of the range. */
export const activesOperation = defineOperation({
  method: 'GET',
  url: '/api/usermanager/actives',
  name: 'usermanager.actives',
  screen: '/usermanager/actives',
  tags: ['player reports'],
  summary: 'Active players over from/to (default the last 30 days, at most 92): totals (distinct active players, logins, new players) and one row a day',
  query: rangeQuery,
  response: z.object({ code: z.literal(200), data: activesSummary }),
  handler: async ({ db, user, query, now }) => {
    const r = rangeOf(query, now, DEFAULT_DAYS);
    // distinct players over the range from the span roll-up (migration 021), not the range's player-days
    const [days, distinct] = await Promise.all([activeDays(db, user, r), activeCounts(db, user, r)]);
    const sum = (k: 'logins' | 'newPlayers') => days.reduce((s, d) => s + d[k], 0);
    return { code: 200, data: { totals: { activePlayers: distinct.range, logins: sum('logins'), newPlayers: sum('newPlayers') }, days } };
  },
});

/** GET /api/usermanager/actives/days: the same days as a table (page, sort, export). */
export const activesDaysReport: ReportSpec<ActiveDay> = {
  url: '/api/usermanager/actives/days',
  name: 'usermanager.actives.days',
  screen: '/usermanager/actives',
  summary: 'Active players by day over from/to (default the last 30 days, at most 92)',
  params: rangeParams,
  check: (q) => rangeProblem(q),
  item: activeDay,
  sorts: ['day', 'activePlayers', 'logins', 'newPlayers', 'avgSessionSeconds'],
  defaultSort: { key: 'day', order: 'descend' },
  id: 'day',
  load: (db, user, q, now) => activeDays(db, user, rangeOf(q, now, DEFAULT_DAYS)),
};

/** GET /api/usermanager/registers/days: registrations by day (chart and total). */
export const registersDaysOperation = defineOperation({
  method: 'GET',
  url: '/api/usermanager/registers/days',
  name: 'usermanager.registers.days',
  screen: '/usermanager/registers',
  tags: ['player reports'],
  summary: 'Registrations by day over from/to (default the last 30 days, at most 92), with their total',
  query: rangeQuery,
  response: z.object({ code: z.literal(200), data: registersSummary }),
  handler: async ({ db, user, query, now }) => {
    const r = rangeOf(query, now, DEFAULT_DAYS);
    const counts = await registrationDays(db, user, r);
    const days = r.days.map((day) => ({ day, registrations: counts.get(day) ?? 0 }));
    return { code: 200, data: { totals: { registrations: days.reduce((s, d) => s + d.registrations, 0) }, days } };
  },
});

/** GET /api/usermanager/registers: the registered players, newest first (keyset). */
export const registers = defineList({
  url: '/api/usermanager/registers',
  name: 'usermanager.registers',
  screen: '/usermanager/registers',
  tags: ['player reports'],
  summary: 'Registered players: filters from/to (registration time), package, partner',
  paging: 'keyset',
  from: (db) =>
    db
      .selectFrom('player as p')
      .select(['p.uid', 'p.name', 'p.register_package', 'p.register_ip', 'p.register_device', 'p.partner', 'p.share_id', 'p.inviter_uid', 'p.registered_at']),
  partner: 'p.partner',
  id: 'p.uid',
  filters: {
    registered: dateRange('p.registered_at'),
    package: eqText('p.register_package', 128),
    partner: eqInt('p.partner'),
  },
  sorts: { registeredAt: sortBy.time('p.registered_at'), uid: sortBy.int('p.uid') },
  defaultSort: { key: 'registeredAt', order: 'descend' },
  item: registeredPlayerItem,
  row: (r) => ({
    uid: r.uid,
    name: r.name,
    package: r.register_package,
    registerIp: r.register_ip,
    device: r.register_device,
    partner: r.partner,
    shareId: r.share_id ?? null,
    inviterUid: r.inviter_uid ?? null,
    registeredAt: isoInConsoleZone(r.registered_at),
  }),
});
