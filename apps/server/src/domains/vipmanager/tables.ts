/** /vipmanager tables (migration 050): VIP batches, VIP hosts and the contact log. */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;

export interface VipBatchTable {
  batch_id: number;
  partner: number;
}

export interface VipHostTable {
  uid: number;
  host: string;
  assigned_by: string;
  assigned_at: Time;
}

export interface VipContactTable {
  id: Generated<number>;
  uid: number;
  partner: number;
  host: string;
  channel: string;
  outcome: string;
  note: string;
  contacted_at: Time;
  logged_by: string;
  logged_at: Time;
}

export interface VipManagerTables {
  vip_batch: VipBatchTable;
  vip_host: VipHostTable;
  vip_contact: VipContactTable;
}
