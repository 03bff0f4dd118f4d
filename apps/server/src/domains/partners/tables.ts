/** Row types of partners, cloud chips, coin dealers, bills and transfers (migrations 033, 034), merged into db/schema.ts's Database. */
import type { ColumnType, Generated } from 'kysely';
import type { AccountLedgerTables } from '../ledger/account-tables';

type Time = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface PartnerProfileTable {
  partner: number;
  status: Generated<'active' | 'suspended'>;
  status_reason: Generated<string>;
  deposit: Generated<number>;
  rake_share_bp: number;
  cloud_price_bp: number;
  transfer_threshold: number;
  dealer_daily_limit: number;
  dealer_price_bp: number;
  created_at: Time;
  updated_at: Time;
}

export interface PartnerDefaultTable {
  id: number;
  doc: Json<unknown>;
  updated_at: Time;
}

export interface CloudOrderTable {
  id: Generated<number>;
  partner: number;
  amount: number;
  price_bp: number;
  cost: number;
  status: Generated<'pending' | 'paid' | 'cancelled'>;
  note: Generated<string>;
  requested_by: string;
  requested_at: Time;
  decided_by: string | null;
  decided_at: Time | null;
  entry_id: number | null;
  idem_key?: string | null;
}

export interface CoinDealerTable {
  id: Generated<number>;
  partner: Generated<number>;
  name: string;
  uid: number | null;
  price_bp: number;
  daily_limit: number;
  status: Generated<'active' | 'frozen'>;
  created_by: string;
  created_at: Time;
  updated_at: Time;
}

export interface CoinDealerDayTable {
  dealer: number;
  day: string;
  sold: Generated<number>;
  sales: Generated<number>;
}

export interface CoinSaleTable {
  id: Generated<number>;
  at: Time;
  day: string;
  dealer: number;
  partner: number;
  uid: number;
  amount: number;
  price_bp: number;
  paid: number;
  actor: string;
  idem_key: string;
  account_entry_id: number;
  ledger_entry_id: number;
}

export interface CoinStockLoadTable {
  id: Generated<number>;
  dealer: number;
  amount: number;
  note: Generated<string>;
  status: Generated<'requested' | 'approved' | 'rejected'>;
  requested_by: string;
  requested_at: Time;
  decided_by: string | null;
  decided_at: Time | null;
}

export interface PartnerTransferTable {
  id: Generated<number>;
  partner: number;
  kind: 'account' | 'player' | 'agent';
  from_account: number | null;
  to_account: number | null;
  uid: number | null;
  to_partner: number | null;
  amount: number;
  reason: string;
  status: 'pending' | 'done' | 'rejected';
  requested_by: string;
  requested_at: Time;
  decided_by: string | null;
  decided_at: Time | null;
  decision_note: Generated<string>;
}

export type BillStatus = 'draft' | 'confirmed' | 'settled' | 'disputed';

export interface PartnerBillTable {
  id: Generated<number>;
  partner: number;
  period_from: Time;
  period_to: Time;
  opening: number;
  bought: number;
  distributed: number;
  reclaimed: number;
  adjusted: number;
  rake_base: number;
  rake_share_bp: number;
  rake_share: number;
  closing: number;
  status: Generated<BillStatus>;
  note: Generated<string>;
  created_by: string;
  created_at: Time;
  confirmed_by: string | null;
  confirmed_at: Time | null;
  closed_by: string | null;
  closed_at: Time | null;
}

export interface PartnerAdjustmentTable {
  id: Generated<number>;
  bill: number;
  partner: number;
  amount: number;
  reason: string;
  actor: string;
  at: Time;
  entry_id: number;
}

export interface PartnerLedgerTables extends AccountLedgerTables {
  partner_profile: PartnerProfileTable;
  partner_default: PartnerDefaultTable;
  cloud_order: CloudOrderTable;
  coin_dealer: CoinDealerTable;
  coin_dealer_day: CoinDealerDayTable;
  coin_sale: CoinSaleTable;
  coin_stock_load: CoinStockLoadTable;
  partner_transfer: PartnerTransferTable;
  partner_bill: PartnerBillTable;
  partner_adjustment: PartnerAdjustmentTable;
}
