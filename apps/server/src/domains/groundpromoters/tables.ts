/** Row types of /groundpromoters (migration 044), merged into db/schema.ts's Database. */
import type { ColumnType, Generated } from 'kysely';
import type { GpState } from '@console/schemas';

type Time = ColumnType<Date, Date | string, Date | string>;
type Big = ColumnType<number, number | string, number | string>;

export interface GpSettingTable {
  province: string;
  bounty: Big;
  min_recharge: Big;
  qualify_days: number;
  require_phone: boolean;
  share_percent: ColumnType<string, string | number, string | number>;
  share_days: number;
  override_percent: ColumnType<string, string | number, string | number>;
  updated_by: string;
  updated_at: Time;
}

export interface GpPromoterTable {
  username: string;
  province: Generated<string>;
  leader: Generated<string>;
  updated_by: string;
  updated_at: Time;
}

export interface GpRecordTable {
  id: Generated<number>;
  uid: number;
  partner: Generated<number>;
  share_code: string;
  promoter: string;
  province: Generated<string>;
  leader: Generated<string>;
  registered_at: Time;
  status: ColumnType<GpState, GpState | undefined, GpState>;
  reason: Generated<string>;
  phone_bound: Generated<boolean>;
  recharge: ColumnType<number, number | string | undefined, number | string>;
  share_base: ColumnType<number, number | string | undefined, number | string>;
  bounty: ColumnType<number, number | string | undefined, number | string>;
  share: ColumnType<number, number | string | undefined, number | string>;
  override: ColumnType<number, number | string | undefined, number | string>;
  qualified_at: Time | null;
  paid_at: Time | null;
  paid_by: string | null;
  voided_at: Time | null;
  voided_by: string | null;
  updated_at: Time;
}

export interface GroundPromoterTables {
  gp_setting: GpSettingTable;
  gp_promoter: GpPromoterTable;
  gp_record: GpRecordTable;
}
