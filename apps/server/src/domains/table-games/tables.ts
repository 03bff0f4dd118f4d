/** Row types of the table-games tables (merged into db/schema.ts Database). Migration 026. */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
type Json = ColumnType<unknown, string, string>;
type Day = ColumnType<string, string, string>;

export interface TableGameItemTable {
  kind: string;
  key: string;
  doc: Json;
  updated_at: Time;
}

export interface CheatFlagTable {
  uid: number;
  partner: number;
  reason: string;
  flagged_by: string;
  flagged_at: Time;
  report: number | null;
}

export interface CheatFlagLogTable {
  id: Generated<number>;
  uid: number;
  partner: number;
  action: 'flag' | 'unflag';
  reason: string;
  actor: string;
  at: Time;
}

export interface GameReportTable {
  id: Generated<number>;
  app_id: string;
  event_id: string;
  at: Time;
  uid: number;
  target_uid: number;
  partner: number;
  game: string;
  round_id: string | null;
  table_id: string | null;
  reason: string;
  text: string;
}

export interface JackpotPoolTable {
  game: string;
  contributed: Generated<number>;
  paid: Generated<number>;
  wins: Generated<number>;
}

export interface JackpotWinTable {
  id: Generated<number>;
  app_id: string;
  event_id: string;
  game: string;
  round_id: string;
  uid: number;
  partner: number;
  amount: number;
  pool_before: number;
  at: Time;
}

export interface TableGameDayTable {
  game: string;
  day: Day;
  room: string;
  mode: string;
  partner: number;
  slot: number;
  rounds: number;
  tables: number;
  seats: number;
  turnover: number;
  wins: number;
  rake: number;
  jackpot: number;
  ai_rounds: number;
  ai_seats: number;
  ai_won: number;
  ai_bet: number;
  ai_win: number;
}

export interface TableGameTables {
  table_game_item: TableGameItemTable;
  cheat_flag: CheatFlagTable;
  cheat_flag_log: CheatFlagLogTable;
  game_report: GameReportTable;
  jackpot_pool: JackpotPoolTable;
  jackpot_win: JackpotWinTable;
  table_game_day: TableGameDayTable;
  table_game_table_day: { game: string; day: Day; table_id: string };
}
