/** Row types of this domain's tables, as Kysely sees them (merged into db/schema.ts Database). Migration 019: the report roll-ups, written only by triggers. */

export interface ReportRechargeDayTable {
  day: string;
  partner: number;
  channel: string;
  os: string;
  slot: number;
  created: number;
  paid: number;
  failed: number;
  amount: number;
  chips: number;
  bonus_chips: number;
  pay_seconds: number;
  first_payers: number;
}
export interface ReportPayerDayTable {
  day: string;
  uid: number;
  channel: string;
  os: string;
  partner: number;
  orders: number;
  amount: number;
}
export interface ReportFirstPayerTable {
  uid: number;
  partner: number;
  day: string;
  channel: string;
  os: string;
  amount: number;
}
export interface ReportCashoutDayTable {
  day: string;
  partner: number;
  channel: string;
  slot: number;
  requested: number;
  requested_amount: number;
  succeeded: number;
  succeeded_amount: number;
  fees: number;
  pay_seconds: number;
  failed: number;
  failed_amount: number;
  denied: number;
  denied_amount: number;
}
export interface ReportHouseMoneyDayTable {
  day: string;
  partner: number;
  kind: 'freegive' | 'recycle';
  category: string;
  reason: string;
  currency: string;
  slot: number;
  entries: number;
  amount: number;
}

export interface ReportActiveDayTable {
  day: string;
  partner: number;
  slot: number;
  players: number;
}

export interface PaymentReportTables {
  report_active_day: ReportActiveDayTable;
  report_recharge_day: ReportRechargeDayTable;
  report_payer_day: ReportPayerDayTable;
  report_first_payer: ReportFirstPayerTable;
  report_cashout_day: ReportCashoutDayTable;
  report_house_money_day: ReportHouseMoneyDayTable;
}
