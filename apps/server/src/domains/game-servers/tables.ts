/**
 * Row types of the game-server tables (merged into db/schema.ts Database).
 * Migration 023_game_servers.sql is the source of truth.
 */
import type { GameServerAction, GameServerLogKind, GameServerProcess, GameServerState } from '@console/schemas';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb: read as the parsed value, written as a JSON string. */
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface ReportedGame {
  game: string;
  online: number;
  tables: number;
}

export interface GameServerTable {
  id: Generated<number>;
  server_id: string;
  name: string;
  host: string;
  region: string;
  games: Json<string[]>;
  state: ColumnType<GameServerState, GameServerState | undefined, GameServerState>;
  process: ColumnType<GameServerProcess, GameServerProcess | undefined, GameServerProcess>;
  health: ColumnType<'ok' | 'missing', 'ok' | 'missing' | undefined, 'ok' | 'missing'>;
  last_heartbeat_at: NullableTimestamp;
  reported_at: NullableTimestamp;
  version: ColumnType<string | null, string | null | undefined, string | null>;
  /** numeric(5,2): read as a string. */
  load: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  online_players: ColumnType<number | null, number | null | undefined, number | null>;
  tables: ColumnType<number | null, number | null | undefined, number | null>;
  reported_games: NullableJson<ReportedGame[]>;
  drained_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GameServerLogTable {
  id: Generated<number>;
  server_id: string;
  kind: GameServerLogKind;
  at: Timestamp;
  actor: string;
  action: ColumnType<GameServerAction | null, GameServerAction | null | undefined, never>;
  from_state: ColumnType<string | null, string | null | undefined, never>;
  to_state: ColumnType<string | null, string | null | undefined, never>;
  version: ColumnType<string | null, string | null | undefined, never>;
  message: ColumnType<string, string | undefined, never>;
  app_id: ColumnType<string | null, string | null | undefined, never>;
  event_id: ColumnType<string | null, string | null | undefined, never>;
}

/** Row types of the game-server tables (merged into db/schema.ts Database). */
export interface GameServerTables {
  game_server: GameServerTable;
  game_server_log: GameServerLogTable;
}
