/** Row types of the redemption-code tables (merged into db/schema.ts Database). Migration 047_cdkcode.sql is the source of truth. */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
type MaybeTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint: read as a string by pg, a number by PGlite; Number() it. */
type Big = ColumnType<number, number | undefined, number>;
type Currency = 'chip' | 'bean' | 'diamond';

export interface CdkBatchTable {
  id: Generated<number>;
  name: string;
  kind: 'unique' | 'universal';
  quantity: number;
  currency: Currency;
  amount: Big;
  start_at: Time;
  end_at: Time;
  status: Generated<'active' | 'disabled'>;
  redeemed: Generated<number>;
  created_by: string;
  created_at: Time;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: MaybeTime;
}

export interface CdkCodeTable {
  id: Generated<number>;
  batch_id: number;
  code: string;
  max_uses: number;
  uses: Generated<number>;
  last_at: MaybeTime;
}

export interface CdkRedemptionTable {
  id: Generated<number>;
  batch_id: number;
  code_id: number;
  code: string;
  uid: number;
  partner: number;
  currency: Currency;
  amount: Big;
  device: string | null;
  phone: string | null;
  gcash: string | null;
  entry_id: Big;
  app_id: string;
  at: Time;
}

export interface CdkTables {
  cdk_batch: CdkBatchTable;
  cdk_code: CdkCodeTable;
  cdk_redemption: CdkRedemptionTable;
}
