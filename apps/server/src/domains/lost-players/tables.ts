/**
 * Row types of the lost-players tables (merged into db/schema.ts Database). Migration
 * 032_lost_players.sql is the source of truth.
 */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
/** bigint: read as a string by pg, a number by PGlite; Number() it. */
type BigNumber = ColumnType<number, number | undefined, number>;

export interface LostCampaignTable {
  id: Generated<number>;
  partner: Generated<number>;
  name: string;
  send_id: number;
  inactive_days: number;
  filters: ColumnType<Record<string, unknown>, string, string>;
  reward: BigNumber;
  planned: number;
  created_by: string;
  created_at: Time;
  reached: Generated<number>;
  claimed: Generated<number>;
  returned: Generated<number>;
  paid: Generated<number>;
  recharge: BigNumber;
  refreshed_at: Time | null;
}

export interface LostCampaignPlayerTable {
  campaign_id: number;
  uid: number;
  partner: number;
  vip: number;
  last_login_at: Time | null;
  reached_at: Time;
  claimed_at: Time | null;
  returned_at: Time | null;
  paid_at: Time | null;
  recharge: BigNumber;
  recharges: Generated<number>;
}

export interface LostPlayerTables {
  lost_campaign: LostCampaignTable;
  lost_campaign_player: LostCampaignPlayerTable;
}
