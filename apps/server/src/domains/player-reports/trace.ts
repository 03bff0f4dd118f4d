/**
 * /usermanager/usertrace: a player's login trail (player_login, keyset by (at, id)), the
 * accounts sharing a device or IP address with a player, and every account that used one
 * device or address (player_device / player_ip, primary keys (device_id|ip, uid)). The
 * account searches are bounded reports of at most TRACE_LIMIT rows.
 */
import { loginTrailItem, queryInt, text, tracedAccountItem, type TracedAccountItem } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { dateRange, defineList, eqInt, sortBy } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';
import { partnerScope, type ScopedSubject } from '../../plugins/partner-scope';
import type { ReportSpec } from '../../reports/report';

export const TRACE_LIMIT = 2_000;

export const logins = defineList({
  url: '/api/usermanager/usertrace',
  name: 'usermanager.usertrace',
  screen: '/usermanager/usertrace',
  tags: ['player reports'],
  summary: 'Logins, newest first: filters uid, from/to',
  paging: 'keyset',
  from: (db) => db.selectFrom('player_login').select(['id', 'at', 'uid', 'partner', 'ip', 'device_id', 'duration_seconds']),
  partner: 'partner',
  id: 'id',
  filters: { uid: eqInt('uid', 1), at: dateRange('at') },
  sorts: { at: sortBy.time('at') },
  defaultSort: { key: 'at', order: 'descend' },
  item: loginTrailItem,
  row: (r) => ({
    id: r.id,
    at: isoInConsoleZone(r.at),
    uid: r.uid,
    partner: r.partner,
    ip: r.ip,
    deviceId: r.device_id,
    durationSeconds: r.duration_seconds ?? null,
  }),
});

function usedBy(q: Record<string, unknown>) {
  if (q.uid !== undefined) {
    const uid = q.uid as number;
    return sql`
      SELECT 'device' AS via, o.device_id AS value, o.uid, o.first_at, o.last_at
        FROM player_device m JOIN player_device o ON o.device_id = m.device_id AND o.uid <> m.uid WHERE m.uid = ${uid}
      UNION ALL
      SELECT 'ip', o.ip, o.uid, o.first_at, o.last_at
        FROM player_ip m JOIN player_ip o ON o.ip = m.ip AND o.uid <> m.uid WHERE m.uid = ${uid}`;
  }
  if (q.device !== undefined) return sql`SELECT 'device' AS via, device_id AS value, uid, first_at, last_at FROM player_device WHERE device_id = ${q.device}`;
  return sql`SELECT 'ip' AS via, ip AS value, uid, first_at, last_at FROM player_ip WHERE ip = ${q.ip}`;
}

async function accounts(db: Db, user: ScopedSubject, q: Record<string, unknown>): Promise<TracedAccountItem[]> {
  const scope = partnerScope(user);
  const { rows } = await sql<Record<string, unknown>>`
    SELECT u.via, u.value, u.uid, u.first_at, u.last_at, p.name, p.partner, p.status
    FROM (${usedBy(q)}) AS u JOIN player p ON p.uid = u.uid
    WHERE ${scope === null ? sql`true` : sql`p.partner = ${scope}`}
    LIMIT ${TRACE_LIMIT}`.execute(db);
  return rows.map((r) => ({
    key: `${r.via as string}:${r.value as string}:${r.uid as number}`,
    uid: r.uid as number,
    name: r.name as string,
    partner: r.partner as number,
    status: r.status as string,
    via: r.via as 'device' | 'ip',
    value: r.value as string,
    firstAt: isoInConsoleZone(r.first_at as Date),
    lastAt: isoInConsoleZone(r.last_at as Date),
  }));
}

export const tracedAccounts: ReportSpec<TracedAccountItem> = {
  url: '/api/usermanager/usertrace/accounts',
  name: 'usermanager.usertrace.accounts',
  screen: '/usermanager/usertrace',
  summary: `Accounts sharing a device or IP with a player (uid), or that used one device or IP (device | ip); at most one of them (none: no rows); at most ${TRACE_LIMIT}`,
  params: {
    uid: queryInt(1, 2_147_483_647).optional(),
    device: text(128).min(1, { message: 'Required' }).optional(),
    ip: text(64).min(1, { message: 'Required' }).optional(),
  },
  check: (q) => {
    const given = ['uid', 'device', 'ip'].filter((k) => q[k] !== undefined);
    if (given.length > 1) return { param: given[1], message: 'Only one of uid, device or ip' };
    return undefined;
  },
  item: tracedAccountItem,
  sorts: ['lastAt', 'firstAt', 'uid', 'via'],
  defaultSort: { key: 'lastAt', order: 'descend' },
  id: 'key',
  load: async (db, user, q) => (q.uid === undefined && q.device === undefined && q.ip === undefined ? [] : accounts(db, user, q)),
};
