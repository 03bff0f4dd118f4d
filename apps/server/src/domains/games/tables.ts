/** Row types of the game round tables (merged into db/schema.ts Database). Migration 025. */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
type Json = ColumnType<unknown, string, string>;
type Day = ColumnType<string, string, string>;

export interface GameRoundTable {
  id: Generated<number>;
  app_id: string;
  round_id: string;
  game: string;
  server: string;
  table_id: string;
  config_version: number;
  started_at: Time;
  ended_at: Time;
  partner: number;
  seats: number;
  players: number;
  bet: number;
  win: number;
  fee: number;
  jackpot: number;
  seed_hash: string;
  seed: string;
  bets: Json;
  result: Json;
  verified: boolean;
  why: Generated<string>;
  differences: Json | null;
  received_at: Time;
}

/** A round id of an application, unique across months, with its round's id and end (decision 057); never archived. */
export interface GameRoundKeyTable {
  round_id: string;
  app_id: string;
  id: number;
  ended_at: Time;
}

export interface GameBetTable {
  id: Generated<number>;
  round: number;
  n: number;
  game: string;
  at: Time;
  uid: number | null;
  partner: number;
  seat: string;
  bot: boolean;
  bet: number;
  win: number;
  fee: number;
  jackpot: number;
}

export interface GameDayTable {
  day: Day;
  game: string;
  partner: number;
  slot: number;
  rounds: number;
  flagged: number;
  bets: number;
  players: number;
  turnover: number;
  wins: number;
  fees: number;
  jackpot: number;
}

export interface GamePlayerDayTable {
  game: string;
  day: Day;
  uid: number;
  partner: number;
  rounds: number;
  bets: number;
  turnover: number;
  wins: number;
  fees: number;
  jackpot: number;
}

export interface GameConfigTable {
  game: string;
  settings: Json;
  updated_at: Time;
}

export interface GameTables {
  game_round: GameRoundTable;
  game_round_key: GameRoundKeyTable;
  game_bet: GameBetTable;
  game_day: GameDayTable;
  game_player_day: GamePlayerDayTable;
  game_config: GameConfigTable;
}
