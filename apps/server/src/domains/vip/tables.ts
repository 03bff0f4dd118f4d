/** Row types of the VIP tables (merged into db/schema.ts Database). Migration 049_vip.sql is the source of truth. */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
/** bigint: read as a string by pg, a number by PGlite; Number() it. */
type Big = ColumnType<number, number | undefined, number>;
type Day = ColumnType<string, string, string>;
type NullableDay = ColumnType<string | null, string | null | undefined, string | null>;

export interface VipConfigTable {
  id: number;
  settings: ColumnType<unknown, string, string>;
  updated_at: Time;
}
export interface VipPlayerTable {
  uid: number;
  partner: Generated<number>;
  level: number;
  exp: Big;
  period_exp: Big;
  period_start: Day;
  period_end: Day;
  dropped_from: number | null;
  dropped_on: NullableDay;
  top_level: number;
  last_day: Day;
  updated_at: Time;
}
export interface VipDayTable {
  day: Day;
  uid: number;
  bet: Big;
  recharge: Big;
}
export interface VipChangeTable {
  id: Generated<number>;
  uid: number;
  partner: number;
  day: Day;
  at: Time;
  kind: 'up' | 'maintain' | 'down' | 'restore';
  from_level: number;
  to_level: number;
  reason: string;
  exp: Big;
  period_exp: Big;
  config_version: Big;
}
export interface VipPayoutTable {
  id: Generated<number>;
  uid: number;
  partner: number;
  kind: 'gift' | 'rebate' | 'deposit';
  period: string;
  level: number;
  base: Big;
  amount: Big;
  day: Day;
  entry_id: ColumnType<number | null, number | null | undefined, number | null>;
}
export interface VipEvaluationTable {
  day: Day;
  config_version: Big;
  started_at: Time;
  finished_at: Time;
  players: number;
  ups: number;
  maintains: number;
  downs: number;
  restores: number;
  paid: Big;
  loss_rebates: Generated<number>;
}
export interface VipTables {
  vip_config: VipConfigTable;
  vip_player: VipPlayerTable;
  vip_day: VipDayTable;
  vip_change: VipChangeTable;
  vip_payout: VipPayoutTable;
  vip_evaluation: VipEvaluationTable;
}
