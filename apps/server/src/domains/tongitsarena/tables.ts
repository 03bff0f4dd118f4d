/** Row types of the Tongits arena's tables (merged into db/schema.ts Database). Migration 052_tongits_arena.sql is the source of truth. */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
type MaybeTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint: read as a string by pg, a number by PGlite; Number() it. */
type Big = ColumnType<number, number | undefined, number>;
type MaybeBig = ColumnType<number | null, number | null | undefined, number | null>;
/** A date column: read as a Date (pg) or a string; written as 'YYYY-MM-DD'. */
type Day = ColumnType<Date | string, string, string>;

export interface ArenaTableTable {
  id: string;
  seq: Generated<number>;
  name: string;
  stake: Big;
  defence_reward: Big;
  streak_steps: ColumnType<unknown, string | undefined, string>;
  open: boolean;
  created_at: Time;
  updated_at: Time;
}

export interface ArenaReignTable {
  id: Generated<number>;
  arena: string;
  uid: number;
  partner: Generated<number>;
  started_at: Time;
  challenge_id: MaybeBig;
  defences: Generated<number>;
  earned: Generated<number>;
  ended_at: MaybeTime;
  ended_how: 'beaten' | 'removed' | 'closed' | null;
  ended_by: Generated<string>;
  end_reason: Generated<string>;
}

export interface ArenaChallengeTable {
  id: Generated<number>;
  app_id: string;
  request_id: string;
  arena: string;
  uid: number;
  partner: Generated<number>;
  day: Day;
  season: Day;
  free: boolean;
  price: Big;
  ticket_entry: MaybeBig;
  bought_at: Time;
  state: 'pending' | 'defended' | 'won' | 'seated' | 'void';
  reign_id: MaybeBig;
  new_reign_id: MaybeBig;
  defender_uid: ColumnType<number | null, number | null | undefined, number | null>;
  streak: ColumnType<number | null, number | null | undefined, number | null>;
  reward: Generated<number>;
  bonus: Generated<number>;
  paid: Generated<number>;
  note: Generated<string>;
  reward_entry: MaybeBig;
  refund_entry: MaybeBig;
  outcome: ColumnType<'defended' | 'beaten' | 'void' | null, 'defended' | 'beaten' | 'void' | null | undefined, 'defended' | 'beaten' | 'void' | null>;
  match_id: Generated<string>;
  result_at: MaybeTime;
}

export interface ArenaSeasonSettlementTable {
  season: Day;
  config_version: Big;
  settled_at: Time;
  settled_by: string;
}

export interface ArenaSeasonLineTable {
  id: Generated<number>;
  season: Day;
  rank: number;
  uid: number;
  partner: Generated<number>;
  tickets: number;
  reached_at: MaybeTime;
  tier: string;
  amount: Big;
  state: 'paid' | 'skipped';
  reason: Generated<string>;
  entry_id: MaybeBig;
  at: Time;
}

export interface TongitsArenaTables {
  arena_table: ArenaTableTable;
  arena_reign: ArenaReignTable;
  arena_challenge: ArenaChallengeTable;
  arena_season_settlement: ArenaSeasonSettlementTable;
  arena_season_line: ArenaSeasonLineTable;
}
