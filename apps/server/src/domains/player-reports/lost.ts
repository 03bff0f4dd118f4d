/**
 * /usermanager/lostusers: players with no login for `days` days (default 7): last login
 * before now − days, never-logged-in players included (their last login sorts lowest).
 * Keyset paged by last login (player_last_login of migration 014, a narrow copy kept by
 * triggers on player, whose index expression the condition uses too) or by chip
 * (player_balance_chip_uid_idx).
 */
import { lostPlayerItem, queryInt } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { defineList, eqInt, sortBy, type FilterBuilder } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';

export const DEFAULT_LOST_DAYS = 7;
const DAY_MS = 86_400_000;

/** `days` (1 … 3650, default 7): the condition holds even when the parameter is absent. */
const inactiveFor: FilterBuilder = (name) => ({
  params: { [name]: queryInt(1, 3650).optional() },
  where: (v) => {
    const days = (v[name] as number | undefined) ?? DEFAULT_LOST_DAYS;
    const cutoff = new Date(Date.now() - days * DAY_MS);
    return sql<SqlBool>`coalesce(l.last_login_at, '-infinity'::timestamptz) < ${cutoff}`;
  },
});

export const lostusers = defineList({
  url: '/api/usermanager/lostusers',
  name: 'usermanager.lostusers',
  screen: '/usermanager/lostusers',
  tags: ['player reports'],
  summary: `Players without a login for \`days\` days (default ${DEFAULT_LOST_DAYS}): filters days, vip, partner`,
  paging: 'keyset',
  from: (db) =>
    db
      .selectFrom('player_last_login as l')
      .innerJoin('player as p', 'p.uid', 'l.uid')
      .innerJoin('player_balance as b', 'b.uid', 'p.uid')
      .select([
        'p.uid',
        'p.name',
        'p.vip',
        'p.partner',
        'p.status',
        'p.registered_at',
        'p.last_login_at',
        'p.net_win',
        'b.chip',
        'b.safe',
        'b.bean',
        'b.withdrawable',
      ]),
  partner: 'p.partner',
  id: 'p.uid',
  filters: { days: inactiveFor, vip: eqInt('p.vip'), partner: eqInt('p.partner') },
  sorts: { lastLoginAt: sortBy.time('l.last_login_at', { nullable: true, id: 'l.uid' }), chip: sortBy.int('b.chip', { id: 'b.uid' }) },
  defaultSort: { key: 'lastLoginAt', order: 'descend' },
  item: lostPlayerItem,
  row: (r) => ({
    uid: r.uid,
    name: r.name,
    vip: r.vip,
    partner: r.partner,
    status: r.status,
    registeredAt: isoInConsoleZone(r.registered_at),
    lastLoginAt: isoInConsoleZone(r.last_login_at),
    chip: r.chip,
    safe: r.safe,
    bean: r.bean,
    withdrawable: r.withdrawable,
    netWin: r.net_win,
  }),
});
