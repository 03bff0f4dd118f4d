/** Row types of the activity tables (merged into db/schema.ts Database). Migration 046_activities.sql is the source of truth. */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
/** bigint: read as a string by pg, a number by PGlite; Number() it. */
type Big = ColumnType<number, number | undefined, number>;
type Day = ColumnType<string, string, string>;

export interface ActivityConfigTable {
  activity: string;
  settings: ColumnType<unknown, string, string>;
  updated_at: Time;
}
export interface ActivityVersionTable {
  activity: string;
  version: Big;
  saved_at: Time;
}

export interface ActivityPlayerTable {
  id: Generated<number>;
  activity: string;
  period: string;
  uid: number;
  partner: Generated<number>;
  config_version: Big;
  state: string;
  progress: Big;
  target: ColumnType<number | null, number | null | undefined, number | null>;
  rewards: Generated<number>;
  rewarded: Big;
  first_at: Time;
  first_day: Day;
  updated_at: Time;
  reset_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ActivityRewardTable {
  id: Generated<number>;
  activity: string;
  period: string;
  tier: string;
  uid: number;
  partner: number;
  currency: 'chip' | 'bean' | 'diamond';
  amount: Big;
  config_version: Big;
  device: string | null;
  phone: string | null;
  gcash: string | null;
  entry_id: Big;
  app_id: string;
  at: Time;
  day: Day;
}

export interface ActivityBudgetTable {
  activity: string;
  spent: Big;
}
export interface ActivityBudgetDayTable {
  activity: string;
  day: Day;
  spent: Big;
}

/** A login from the installed web app (the pwaguide activity; recall_events_apply). */
export interface PlayerPwaLoginTable {
  id: Generated<number>;
  event_id: string;
  app_id: string;
  uid: number;
  device_id: string;
  at: Time;
}

/** A friend called back to the game by a player (the callbackactivity; recall_events_apply). */
export interface PlayerRecallTable {
  id: Generated<number>;
  event_id: string;
  app_id: string;
  uid: number;
  friend_uid: number;
  channel: string | null;
  at: Time;
}

export interface ActivityTables {
  player_pwa_login: PlayerPwaLoginTable;
  player_recall: PlayerRecallTable;
  activity_config: ActivityConfigTable;
  activity_version: ActivityVersionTable;
  activity_player: ActivityPlayerTable;
  activity_reward: ActivityRewardTable;
  activity_budget: ActivityBudgetTable;
  activity_budget_day: ActivityBudgetDayTable;
}
