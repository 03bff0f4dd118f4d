/**
 * Red, green or grey, and the missed-heartbeat transition. A server sends a heartbeat every
 * HEARTBEAT_INTERVAL_SECONDS (10 s); one that is running and has been silent for
 * MISSED_HEARTBEATS intervals (30 s) by the console's clock is red, as is one that reported a
 * crash. Colour is computed when read; `sweepMissed` writes the transition to the server log
 * once (dated when the third interval ran out, whenever the sweep runs) and is safe to run
 * from any number of requests or instances at once: the UPDATE's condition picks each server
 * once.
 */
import { HEARTBEAT_INTERVAL_SECONDS, MISSED_HEARTBEATS, type GameServerStatusItem } from '@console/schemas';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/open';
import type { GameServerTable } from './tables';

export const MISS_AFTER_MS = HEARTBEAT_INTERVAL_SECONDS * MISSED_HEARTBEATS * 1000;
export const MISSED_MESSAGE = `No heartbeat for ${HEARTBEAT_INTERVAL_SECONDS * MISSED_HEARTBEATS} s (${MISSED_HEARTBEATS} intervals of ${HEARTBEAT_INTERVAL_SECONDS} s)`;

export type ServerRow = Selectable<GameServerTable>;

export interface Health {
  health: GameServerStatusItem['health'];
  redReason: 'crashed' | 'missed' | null;
  silentSeconds: number | null;
}

export function healthOf(row: Pick<ServerRow, 'state' | 'process' | 'last_heartbeat_at'>, now: Date): Health {
  const last = row.last_heartbeat_at ? new Date(row.last_heartbeat_at).getTime() : null;
  const silentSeconds = last === null ? null : Math.max(0, Math.floor((now.getTime() - last) / 1000));
  if (row.state === 'retired') return { health: 'grey', redReason: null, silentSeconds };
  if (row.process === 'crashed') return { health: 'red', redReason: 'crashed', silentSeconds };
  if (row.process !== 'running' || last === null) return { health: 'grey', redReason: null, silentSeconds };
  if (now.getTime() - last > MISS_AFTER_MS) return { health: 'red', redReason: 'missed', silentSeconds };
  return { health: 'green', redReason: null, silentSeconds };
}

/**
 * Marks every running server silent for longer than MISS_AFTER_MS as missing and logs the
 * transition (kind `missed`, actor `system`), once. Returns the server ids it marked.
 */
export async function sweepMissed(db: Db, now: Date, serverId?: string): Promise<string[]> {
  const cutoff = new Date(now.getTime() - MISS_AFTER_MS);
  const only = serverId === undefined ? sql`` : sql`AND server_id = ${serverId}`;
  const rows = await sql<{ server_id: string }>`
    WITH gone AS (
      UPDATE game_server SET health = 'missing'
      WHERE health = 'ok' AND process = 'running' AND state <> 'retired' AND last_heartbeat_at < ${cutoff} ${only}
      RETURNING server_id, last_heartbeat_at, state
    )
    INSERT INTO game_server_log (server_id, kind, at, actor, from_state, to_state, message)
    SELECT server_id, 'missed', last_heartbeat_at + ${`${MISS_AFTER_MS} milliseconds`}::interval, 'system', state, state, ${MISSED_MESSAGE}
    FROM gone
    RETURNING server_id`.execute(db);
  return rows.rows.map((r) => r.server_id);
}
