/** Row types of the leaderboard tables (merged into db/schema.ts Database). Migration 051_rank.sql is the source of truth. */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
type MaybeTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint: read as a string by pg, a number by PGlite; Number() it. */
type Big = ColumnType<number, number | undefined, number>;

export interface RankBoardTable {
  id: string;
  created_at: Time;
}

export interface RankSettlementTable {
  board: string;
  period: string;
  metric: string;
  game: string;
  config_version: Big;
  settled_at: Time;
  settled_by: string;
}

export interface RankSettlementLineTable {
  id: Generated<number>;
  board: string;
  period: string;
  rank: number;
  uid: number;
  partner: Generated<number>;
  value: Big;
  reached_at: MaybeTime;
  tier: string;
  amount: Big;
  state: 'paid' | 'skipped';
  reason: Generated<string>;
  entry_id: ColumnType<number | null, number | null | undefined, number | null>;
  at: Time;
}

export interface RankTables {
  rank_board: RankBoardTable;
  rank_settlement: RankSettlementTable;
  rank_settlement_line: RankSettlementLineTable;
}
