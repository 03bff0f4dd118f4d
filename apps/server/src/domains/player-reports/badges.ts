/**
 * /usermanager/badgesearch: badges players hold, by uid, badge id or name (prefix, any case),
 * keyset paged by grant time (indexes of migrations 005 and 012).
 */
import { badgeItem } from '@console/schemas';
import { defineList, eqInt, eqText, prefix, sortBy } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';

export const badgesearch = defineList({
  url: '/api/usermanager/badgesearch',
  name: 'usermanager.badgesearch',
  screen: '/usermanager/badgesearch',
  tags: ['player reports'],
  summary: 'Badges held by players: filters uid, badgeId, name (prefix, any case)',
  paging: 'keyset',
  from: (db) =>
    db
      .selectFrom('player_badge as b')
      .innerJoin('player as p', 'p.uid', 'b.uid')
      .select(['b.id', 'b.uid', 'p.name as player_name', 'b.badge_id', 'b.name', 'b.granted_at']),
  partner: 'p.partner',
  id: 'b.id',
  filters: { uid: eqInt('b.uid', 1), badgeId: eqText('b.badge_id', 64), name: prefix('b.name', { lower: true }) },
  sorts: { grantedAt: sortBy.time('b.granted_at') },
  defaultSort: { key: 'grantedAt', order: 'descend' },
  item: badgeItem,
  row: (r) => ({
    id: r.id,
    uid: r.uid,
    playerName: r.player_name,
    badgeId: r.badge_id,
    name: r.name,
    grantedAt: isoInConsoleZone(r.granted_at),
  }),
});
