/** Row types of this domain's tables, as Kysely sees them (merged into db/schema.ts Database). Migration 017. */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;

export const RECHARGE_STATUSES = ['created', 'paid', 'failed', 'held'] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];
export type HeldReason = 'amount' | 'afterFailed';
export type RechargeFlag = 'failedAfterPaid' | 'channelOrderId';

export interface RechargeOrderTable {
  id: Generated<number>;
  order_id: string;
  app_id: string;
  request_id: string;
  uid: number;
  partner: number;
  product_id: string;
  channel: string;
  os: string;
  price: number;
  product_chips: number;
  product_bonus: number;
  status: ColumnType<RechargeStatus, RechargeStatus | undefined, RechargeStatus>;
  channel_order_id: string | null;
  paid_amount: number | null;
  chips: Generated<number>;
  bonus_chips: Generated<number>;
  created_at: Time;
  paid_at: Time | null;
  callback_at: Time | null;
  callbacks: Generated<number>;
  held_reason: HeldReason | null;
  flag: RechargeFlag | null;
  resolution: 'credited' | 'refused' | null;
  resolved_by: string | null;
  resolved_at: Time | null;
  resolution_note: string | null;
}

export interface RechargeFirstPaidTable {
  uid: number;
  order_id: string;
  at: Time;
}

export interface RechargeTables {
  recharge_order: RechargeOrderTable;
  recharge_first_paid: RechargeFirstPaidTable;
}
