/** Row types of the providers tables (merged into db/schema.ts Database). Migration 027. */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
type Day = ColumnType<string, string, string>;

export interface GameProviderTable {
  code: string;
  name: string;
  app_id: string;
  created_at: Time;
}

export interface ProviderGameTable {
  provider: string;
  game: string;
  name: string;
  first_at: Time;
  last_at: Time;
}

export interface ProviderRoundTable {
  id: Generated<number>;
  app_id: string;
  provider: string;
  round_id: string;
  game: string;
  uid: number;
  partner: number;
  bet: number;
  win: number;
  big_win: boolean;
  tx_ids: string[];
  started_at: Time;
  ended_at: Time;
  received_at: Time;
}

export interface ProviderDayTable {
  provider: string;
  game: string;
  day: Day;
  partner: number;
  slot: number;
  rounds: number;
  players: number;
  turnover: number;
  wins: number;
  big_wins: number;
}

export interface ProviderPlayerDayTable {
  provider: string;
  day: Day;
  uid: number;
  game: string;
  partner: number;
  rounds: number;
  turnover: number;
  wins: number;
  big_wins: number;
}

export interface ProviderTables {
  game_provider: GameProviderTable;
  provider_game: ProviderGameTable;
  provider_round: ProviderRoundTable;
  provider_day: ProviderDayTable;
  provider_player_day: ProviderPlayerDayTable;
}
