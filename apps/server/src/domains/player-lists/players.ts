/**
 * /usermanager/userlist: players with their balances, keyset paged (1,000,000 players: no
 * total is counted; see docs/api/usermanager.md). Sorts use the indexes of migration 008.
 */
import { PLAYER_STATUSES, playerListItem } from '@console/schemas';
import { dateRange, defineList, eqEnum, eqInt, eqText, prefix, sortBy } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';

export const userlist = defineList({
  url: '/api/usermanager/userlist',
  name: 'usermanager.userlist',
  screen: '/usermanager/userlist',
  tags: ['player lists'],
  summary: 'Players with their balances: filters uid, name (prefix, any case), phone (number), status, vip, partner, from/to (registered)',
  paging: 'keyset',
  // player_last_login (migration 014): the last login's sort index lives there, not on player
  from: (db) =>
    db
      .selectFrom('player as p')
      .innerJoin('player_balance as b', 'b.uid', 'p.uid')
      .innerJoin('player_last_login as l', 'l.uid', 'p.uid')
      .select([
        'p.uid',
        'p.name',
        'p.phone_country',
        'p.phone_number',
        'p.vip',
        'p.status',
        'p.suspended_until',
        'p.partner',
        'b.chip',
        'b.bean',
        'b.safe',
        'b.bonus',
        'b.diamond',
        'b.charisma',
        'b.withdrawable',
        'p.net_win',
        'p.registered_at',
        'p.last_login_at',
        'p.login_ip',
        'p.register_ip',
      ]),
  partner: 'p.partner',
  id: 'p.uid',
  filters: {
    uid: eqInt('p.uid', 1),
    name: prefix('p.name', { lower: true }),
    phone: eqText('p.phone_number', 32),
    status: eqEnum('p.status', PLAYER_STATUSES),
    vip: eqInt('p.vip'),
    partner: eqInt('p.partner'),
    registered: dateRange('p.registered_at'),
  },
  sorts: {
    uid: sortBy.int('p.uid'),
    chip: sortBy.int('b.chip', { id: 'b.uid' }), // (chip, uid) index of player_balance
    registeredAt: sortBy.time('p.registered_at'),
    lastLoginAt: sortBy.time('l.last_login_at', { nullable: true, id: 'l.uid' }),
  },
  defaultSort: { key: 'uid', order: 'descend' },
  item: playerListItem,
  row: (r) => ({
    uid: r.uid,
    name: r.name,
    phone: r.phone_number ? `+${r.phone_country ?? ''} ${r.phone_number}` : '',
    vip: r.vip,
    status: r.status,
    suspendedUntil: isoInConsoleZone(r.suspended_until),
    partner: r.partner,
    chip: r.chip,
    bean: r.bean,
    safe: r.safe,
    bonus: r.bonus,
    diamond: r.diamond,
    charisma: r.charisma,
    withdrawable: r.withdrawable,
    netWin: r.net_win,
    registeredAt: isoInConsoleZone(r.registered_at),
    lastLoginAt: isoInConsoleZone(r.last_login_at),
    loginIp: r.login_ip ?? null,
    registerIp: r.register_ip,
  }),
});
