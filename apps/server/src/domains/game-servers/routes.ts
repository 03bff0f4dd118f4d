/**
 * /gameserver (docs/api/gameserver.md): the status board, the server list with its
 * staff changes (each audited: operation log with the server before and after, and a `staff`
 * record in the server log), the server log, and the signed calls of the game servers.
 * Roles come from the catalogue screens (main; admin everywhere).
 */
import {
  gameServerBody,
  gameServerDesired,
  gameServerEventBody,
  gameServerHeartbeatBody,
  gameServerItem,
  gameServerRef,
  gameServerStateQuery,
  gameServerStatus,
} from '@console/schemas';
import { z } from 'zod';
import { listOperations } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import { LIST, serverList, serverLogs } from './lists';
import { desiredState, heartbeat, serverEvent } from './platform';
import { changeState, editServer, registerServer, TRANSITIONS } from './servers';
import { serverStatus } from './status';

const tags = ['gameserver'];
const ok = (data: unknown) => ({ code: 200, data });
const itemAnswer = z.object({ code: z.literal(200), data: gameServerItem });

const stateChange = (action: keyof typeof TRANSITIONS, summary: string) =>
  defineOperation({
    method: 'POST',
    url: `/api${LIST}/${action}`,
    name: `gameserver.list.${action}`,
    screen: LIST,
    tags,
    audit: true,
    body: gameServerRef,
    response: itemAnswer,
    summary: `${summary} (from ${TRANSITIONS[action].from.join(' or ')}); 404 unknown server, 409 from any other state`,
    handler: async ({ db, user, now, note, body }) => ok(await changeState({ db, user, now, note }, body.serverId, action)),
  });

export const gameServerOperations: Operation[] = [
  defineOperation({
    method: 'GET',
    url: '/api/gameserver/status',
    name: 'gameserver.status',
    screen: '/gameserver/status',
    tags,
    summary:
      'Every server not retired: last heartbeat, load, players, tables, version, state, colour (red after 3 missed 10 s intervals or a crash, ' +
      'with seconds of silence); totals per game and overall',
    response: z.object({ code: z.literal(200), data: gameServerStatus }),
    handler: async ({ db, now }) => ok(await serverStatus(db, now)),
  }),
  ...listOperations(serverList),
  defineOperation({
    method: 'POST',
    url: `/api${LIST}/register`,
    name: 'gameserver.list.register',
    screen: LIST,
    tags,
    audit: true,
    body: gameServerBody,
    response: itemAnswer,
    summary: 'Registers a server (active; it may then send heartbeats); 409 when the id exists, retired ones included',
    handler: async ({ db, user, now, note, body }) => ok(await registerServer({ db, user, now, note }, body)),
  }),
  defineOperation({
    method: 'POST',
    url: `/api${LIST}/update`,
    name: 'gameserver.list.update',
    screen: LIST,
    tags,
    audit: true,
    body: gameServerBody,
    response: itemAnswer,
    summary: "Overwrites a server's name, host, region and games (the id stays); 404 unknown, 409 retired",
    handler: async ({ db, user, now, note, body }) => ok(await editServer({ db, user, now, note }, body)),
  }),
  stateChange('drain', 'Drains a server: it seats no new table and reports `drained` when its last one ends'),
  stateChange('maintenance', 'Puts a server in maintenance: it takes no players'),
  stateChange('resume', 'Returns a server to service (active)'),
  stateChange('retire', 'Retires a server for good: its heartbeats are refused from then on'),
  ...listOperations(serverLogs),
];

const desiredAnswer = z.object({ code: z.literal(200), data: gameServerDesired });

export const gameServerPlatformOperations: PlatformOperation[] = [
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/gameserver/heartbeat',
    name: 'platform.gameserver.heartbeat',
    scope: 'rounds',
    summary:
      'A game server is alive: version, load (%), each game with its online players and tables, its clock; answers the desired state ' +
      'and games. Every 10 s; 3 missed turn it red. 404 not registered, 409 retired; an `at` older than the last one taken changes nothing',
    body: gameServerHeartbeatBody,
    response: desiredAnswer,
    handler: async ({ db, app, body, now }) => ok(await heartbeat(db, app.appId, body, now)),
  }),
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/gameserver/events',
    name: 'platform.gameserver.events',
    scope: 'rounds',
    summary:
      'A lifecycle event: start, stop, crash, deploy (version required), drained; eventId idempotent per application (a repeat answers ' +
      '`duplicate`, another event under the same id is a 409); answers the desired state',
    body: gameServerEventBody,
    response: z.object({ code: z.literal(200), data: z.object({ eventId: z.string(), status: z.enum(['applied', 'duplicate']), desired: gameServerDesired }) }),
    handler: async ({ db, app, body, now }) => ok(await serverEvent(db, app.appId, body, now)),
  }),
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/gameserver/state',
    name: 'platform.gameserver.state',
    scope: 'rounds',
    summary: "A server's desired state (active, draining, maintenance, retired) and games, and the heartbeat interval; 404 not registered",
    query: gameServerStateQuery,
    response: desiredAnswer,
    handler: async ({ db, query }) => ok(await desiredState(db, query.serverId)),
  }),
];
