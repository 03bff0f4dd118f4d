/**
 * The two lists of /gameserver with their CSV exports: the server list (page mode; filters
 * server id, region, game, state) and the server log (keyset by time; filters server,
 * kind, actor, time).
 */
import { GAME_IDS } from '@console/games';
import { GAME_SERVER_LOG_KINDS, GAME_SERVER_STATES, gameServerItem, gameServerLogItem } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { contains, custom, dateRange, defineList, eqEnum, eqText, sortBy } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';
import { toItem } from './servers';

export const LIST = '/gameserver/list';
export const SERVERLOGS = '/gameserver/serverlogs';
const tags = ['gameserver'];

export const serverList = defineList({
  url: `/api${LIST}`,
  name: 'gameserver.list',
  screen: LIST,
  tags,
  summary: 'Registered game servers with their state and last heartbeat: filters serverId (substring), region, game, state (colours are on /gameserver/status)',
  paging: 'page',
  from: (db: Db) => db.selectFrom('game_server').selectAll(),
  partner: null,
  id: 'id',
  filters: {
    serverId: contains('server_id', 64),
    region: eqText('region', 32),
    game: custom(z.enum(GAME_IDS, { message: `Must be one of ${GAME_IDS.join(', ')}` }), (g) => sql<SqlBool>`games @> ${JSON.stringify([g])}::jsonb`),
    state: eqEnum('state', GAME_SERVER_STATES),
  },
  sorts: {
    serverId: sortBy.text('server_id'),
    name: sortBy.text('name'),
    region: sortBy.text('region'),
    state: sortBy.text('state'),
    lastHeartbeatAt: sortBy.time('last_heartbeat_at', { nullable: true }),
    createdAt: sortBy.time('created_at'),
    updatedAt: sortBy.time('updated_at'),
  },
  defaultSort: { key: 'serverId', order: 'ascend' },
  item: gameServerItem,
  row: (r) => toItem(r),
});

export const serverLogs = defineList({
  url: `/api${SERVERLOGS}`,
  name: 'gameserver.serverlogs',
  screen: SERVERLOGS,
  tags,
  summary: 'Every start, stop, crash, deploy, drain done, staff change and missed-heartbeat transition: filters serverId (exact), kind, actor (exact), from/to',
  paging: 'keyset',
  from: (db: Db) => db.selectFrom('game_server_log').selectAll(),
  partner: null,
  id: 'id',
  filters: {
    serverId: eqText('server_id', 64),
    kind: eqEnum('kind', GAME_SERVER_LOG_KINDS),
    actor: eqText('actor', 80),
    at: dateRange('at'),
  },
  sorts: { at: sortBy.time('at'), id: sortBy.int('id') },
  defaultSort: { key: 'at', order: 'descend' },
  item: gameServerLogItem,
  row: (r) => ({
    id: r.id,
    serverId: r.server_id,
    kind: r.kind,
    at: isoInConsoleZone(r.at),
    actor: r.actor,
    action: (r.action as string | null) ?? null,
    fromState: r.from_state ?? null,
    toState: r.to_state ?? null,
    version: r.version ?? null,
    message: r.message ?? '',
  }),
});
