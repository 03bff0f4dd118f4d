/** Row types of the controls tables (merged into db/schema.ts Database). Migration 028_player_controls.sql is the source of truth. */
import type { ColumnType, Generated } from 'kysely';

/** bigint: read as a string by pg, a number by PGlite; Number() it. */
type Big = ColumnType<number, number, number>;
type NullableBig = ColumnType<number | null, number | null | undefined, number | null>;
type NullableJson = ColumnType<unknown, string | null | undefined, string | null>;
export type ControlScope = 'house' | 'tp';

export interface PlayerControlTable {
  uid: number;
  scope: ControlScope;
  partner: Generated<number>;
  max_bet: NullableBig;
  day_loss_cap: NullableBig;
  blocked: ColumnType<unknown, string | undefined, string>;
  cool_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  cashout_review: Generated<boolean>;
  log_seconds: Generated<number>;
  reason: Generated<string>;
  updated_by: string;
  updated_at: ColumnType<Date, Date, Date>;
  id: Generated<number>;
}

export interface ControlProviderTable {
  app_id: string;
  game: Generated<string>;
  name: string;
  max_bet: NullableBig;
  closed: Generated<boolean>;
  updated_by: string;
  updated_at: ColumnType<Date, Date, Date>;
  id: Generated<number>;
}

export interface ControlLogTable {
  id: Generated<number>;
  at: ColumnType<Date, Date, never>;
  scope: ControlScope;
  kind: 'set' | 'clear' | 'config' | 'provider' | 'refusal';
  uid: number | null;
  partner: Generated<number>;
  app_id: Generated<string>;
  control: Generated<string>;
  amount: NullableBig;
  refusals: number | null;
  message: Generated<string>;
  actor: string;
  before: NullableJson;
  after: NullableJson;
}

export interface ControlTpDayTable {
  day: string;
  uid: number;
  partner: number;
  bets: Big;
  wins: Big;
  bet_count: number;
}

export interface ControlTables {
  player_control: PlayerControlTable;
  control_provider: ControlProviderTable;
  control_log: ControlLogTable;
  control_tp_day: ControlTpDayTable;
}
