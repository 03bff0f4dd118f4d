/**
 * What a game server tells the console, and what it reads back (signed platform calls,
 * docs/api/gameserver.md):
 *   heartbeat  every HEARTBEAT_INTERVAL_SECONDS: version, load, each game with its online
 *              players and tables; answered with the desired state and the assigned games.
 *              A heartbeat whose `at` is older than the last one taken changes nothing (a
 *              late packet). A heartbeat from a red server logs `recovered`.
 *   events     start, stop, crash, deploy, drained; idempotent by (application, eventId).
 *   state      the desired state alone (a server that starts asks before it takes tables).
 * Unknown server: 404 (staff register servers first); a retired one: 409. Nothing here
 * writes the operation log (not a staff action); the server log keeps every event.
 */
import {
  HEARTBEAT_INTERVAL_SECONDS,
  MISSED_HEARTBEATS,
  type GameServerDesired,
  type GameServerEventBody,
  type GameServerHeartbeatBody,
} from '@console/schemas';
import type { Db } from '../../db/open';
import { badInput, conflict, notFound } from '../../http/api-error';
import { healthOf, sweepMissed, type ServerRow } from './health';

/** An event or heartbeat may be dated at most this far ahead of the console's clock. */
const MAX_AHEAD_MS = 300_000;

export const desiredOf = (row: ServerRow): GameServerDesired => ({
  serverId: row.server_id,
  state: row.state,
  games: row.games,
  intervalSeconds: HEARTBEAT_INTERVAL_SECONDS,
  missedHeartbeats: MISSED_HEARTBEATS,
});

async function lockLive(db: Db, serverId: string): Promise<ServerRow> {
  const row = await db.selectFrom('game_server').selectAll().where('server_id', '=', serverId).forUpdate().executeTakeFirst();
  if (!row) throw notFound(`Server ${serverId} is not registered`);
  if (row.state === 'retired') throw conflict(`Server ${serverId} is retired`);
  return row;
}

function checkAt(at: string, now: Date): Date {
  const date = new Date(at);
  if (date.getTime() - now.getTime() > MAX_AHEAD_MS) throw badInput('at', 'More than 300 s ahead of the console clock');
  return date;
}

const transaction = <T>(db: Db, work: (trx: Db) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));

/** Logs `recovered` when a red server is heard from again (its silence first, if no sweep saw it). */
async function recoverIfRed(db: Db, row: ServerRow, appId: string, now: Date, how: string): Promise<void> {
  await sweepMissed(db, now, row.server_id);
  const { health, redReason } = healthOf(row, now);
  if (health !== 'red') return;
  const message =
    redReason === 'crashed'
      ? `${how} after a crash`
      : `${how} after ${Math.round((now.getTime() - new Date(row.last_heartbeat_at!).getTime()) / 1000)} s of silence`;
  await db
    .insertInto('game_server_log')
    .values({
      server_id: row.server_id,
      kind: 'recovered',
      at: now,
      actor: `app:${appId}`,
      from_state: row.state,
      to_state: row.state,
      version: row.version,
      message,
    })
    .execute();
}

export async function heartbeat(db: Db, appId: string, body: GameServerHeartbeatBody, now: Date): Promise<GameServerDesired> {
  const at = checkAt(body.at, now);
  return transaction(db, async (trx) => {
    const row = await lockLive(trx, body.serverId);
    if (row.reported_at && at.getTime() < new Date(row.reported_at).getTime()) return desiredOf(row);
    await recoverIfRed(trx, row, appId, now, 'Heartbeat');
    const online = body.games.reduce((n, g) => n + g.online, 0);
    const tables = body.games.reduce((n, g) => n + g.tables, 0);
    const updated = await trx
      .updateTable('game_server')
      .set({
        last_heartbeat_at: now,
        reported_at: at,
        version: body.version,
        load: body.load.toFixed(2),
        online_players: online,
        tables,
        reported_games: JSON.stringify(body.games),
        process: 'running',
        health: 'ok',
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return desiredOf(updated);
  });
}

export interface EventResult {
  eventId: string;
  status: 'applied' | 'duplicate';
  desired: GameServerDesired;
}

export async function serverEvent(db: Db, appId: string, body: GameServerEventBody, now: Date): Promise<EventResult> {
  const at = checkAt(body.at, now);
  return transaction(db, async (trx) => {
    const row = await lockLive(trx, body.serverId);
    const seen = await trx
      .selectFrom('game_server_log')
      .select(['server_id', 'kind'])
      .where('app_id', '=', appId)
      .where('event_id', '=', body.eventId)
      .executeTakeFirst();
    if (seen) {
      if (seen.server_id !== body.serverId || seen.kind !== body.type)
        throw conflict(`Event ${body.eventId} was already used for ${seen.kind} of ${seen.server_id}`);
      return { eventId: body.eventId, status: 'duplicate', desired: desiredOf(row) };
    }
    if (body.type === 'start' || body.type === 'deploy') await recoverIfRed(trx, row, appId, now, body.type === 'start' ? 'Started' : 'Deployed');
    const set: Record<string, unknown> = {};
    let message = body.message ?? '';
    switch (body.type) {
      case 'start':
      case 'deploy':
        Object.assign(set, { process: 'running', health: 'ok', last_heartbeat_at: now, version: body.version ?? row.version });
        if (body.type === 'deploy' && !message) message = `${row.version ?? '-'} → ${body.version}`;
        break;
      case 'stop':
        Object.assign(set, { process: 'stopped', health: 'ok', load: null, online_players: 0, tables: 0, reported_games: null });
        break;
      case 'crash':
        Object.assign(set, { process: 'crashed', health: 'ok', load: null, online_players: 0, tables: 0, reported_games: null });
        break;
      case 'drained':
        if (row.state === 'draining') Object.assign(set, { drained_at: at, tables: 0 });
        else if (!message) message = `Reported while ${row.state}`;
        break;
    }
    const updated =
      Object.keys(set).length === 0
        ? row
        : await trx
            .updateTable('game_server')
            .set(set as never)
            .where('id', '=', row.id)
            .returningAll()
            .executeTakeFirstOrThrow();
    const logged = await trx
      .insertInto('game_server_log')
      .values({
        server_id: row.server_id,
        kind: body.type,
        at,
        actor: `app:${appId}`,
        from_state: row.state,
        to_state: updated.state,
        version: body.version ?? row.version,
        message,
        app_id: appId,
        event_id: body.eventId,
      })
      .onConflict((oc) => oc.columns(['app_id', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    // the same id sent for another server at the same moment: the other one took it
    if (!logged) throw conflict(`Event ${body.eventId} was already used`);
    return { eventId: body.eventId, status: 'applied', desired: desiredOf(updated) };
  });
}

export async function desiredState(db: Db, serverId: string): Promise<GameServerDesired> {
  const row = await db.selectFrom('game_server').selectAll().where('server_id', '=', serverId).executeTakeFirst();
  if (!row) throw notFound(`Server ${serverId} is not registered`);
  return desiredOf(row);
}
