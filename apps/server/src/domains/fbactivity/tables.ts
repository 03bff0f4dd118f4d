/** Row type of the Facebook share table (merged into db/schema.ts Database). Migration 048_fbactivity.sql is the source of truth. */
import type { ColumnType, Generated } from 'kysely';
import type { FbShareState } from '@console/schemas';

type Time = ColumnType<Date, Date | string, Date | string>;
type MaybeTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint: read as a string by pg, a number by PGlite; Number() it. */
type Big = ColumnType<number, number | undefined, number>;

export interface FbShareTable {
  id: Generated<number>;
  uid: number;
  partner: Generated<number>;
  day: ColumnType<string, string, string>;
  seq: number;
  post_url: string;
  screenshot_url: string;
  state: FbShareState;
  reason: Generated<string>;
  currency: 'chip' | 'bean' | 'diamond';
  amount: Big;
  config_version: Big;
  app_id: string;
  submitted_at: Time;
  reviewed_by: string | null;
  reviewed_at: MaybeTime;
  paid_by: string | null;
  paid_at: MaybeTime;
  entry_id: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: Time;
}

export interface FbActivityTables {
  fb_share: FbShareTable;
}
