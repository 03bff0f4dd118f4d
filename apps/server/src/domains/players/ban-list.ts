/**
 * The active bans of /usermanager/banediter, declared with the list machinery (http/list):
 * newest first, filters kind, exact value and operator, page mode with a total (active bans
 * are one row per kind and value: few), and the streaming CSV export. Lifted bans are
 * history: /usermanager/banAccountlogs reads them from ban_log.
 *
 * Partner scope: an account ban carries its player's partner; device and address bans carry
 * none (0). A partner-scoped account therefore sees the account bans of its own players only.
 */
import { BAN_KINDS, banRecord, PLAYER_SCREENS } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { defineList, eqEnum, eqText, sortBy } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';

export const activeBans = defineList({
  url: '/api/players/bans',
  name: 'players.bans',
  screen: PLAYER_SCREENS.bans,
  tags: ['players'],
  summary: 'Active bans: filters kind, value (exact: uid, device id or address), operator (username that banned)',
  paging: 'page',
  from: (db: Db) =>
    db
      .selectFrom(
        db
          .selectFrom('ban')
          .leftJoin('player as p', (join) =>
            join.on(sql<boolean>`ban.kind = 'account' AND p.uid = (CASE WHEN ban.value ~ '^[0-9]{1,10}$' THEN ban.value::bigint END)`),
          )
          .where('ban.active', '=', true)
          .select([
            'ban.id',
            'ban.kind',
            'ban.value',
            'ban.reason',
            'ban.banned_by',
            'ban.banned_at',
            'ban.lifted_by',
            'ban.lifted_at',
            'ban.active',
            sql<number>`coalesce(p.partner, 0)`.as('partner'),
          ])
          .as('b'),
      )
      .selectAll('b'),
  partner: 'b.partner',
  id: 'b.id',
  filters: {
    kind: eqEnum('b.kind', BAN_KINDS),
    value: eqText('b.value', 128),
    operator: eqText('b.banned_by', 64),
  },
  sorts: { id: sortBy.int('b.id'), bannedAt: sortBy.time('b.banned_at') },
  defaultSort: { key: 'id', order: 'descend' },
  item: banRecord,
  row: (r) => ({
    id: r.id,
    kind: r.kind,
    value: r.value,
    reason: r.reason,
    bannedBy: r.banned_by,
    bannedAt: isoInConsoleZone(r.banned_at),
    liftedBy: r.lifted_by ?? null,
    liftedAt: isoInConsoleZone(r.lifted_at),
    active: r.active,
  }),
});
