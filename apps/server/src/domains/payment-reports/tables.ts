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

/** Registrations per day and partner, striped by transaction (report_register_collect). */
export interface ReportRegisterDayTable {
  day: string;
  partner: number;
  slot: number;
  players: number;
}

/** The days of a player by kind ('active', 'payer', 'game'), the input of the span reports (report_*_span_feed). */
export interface ReportPlayerDaySetTable {
  kind: string;
  uid: number;
  day: string;
  partner: number;
}

/** Players per day, kind and gap since their previous day of that kind, striped (report_span_collect). */
export interface ReportSpanDayTable {
  kind: string;
  day: string;
  partner: number;
  gap: number;
  slot: number;
  players: number;
}

export interface PaymentReportTables {
  report_active_day: ReportActiveDayTable;
  report_register_day: ReportRegisterDayTable;
  report_player_day_set: ReportPlayerDaySetTable;
  report_span_day: ReportSpanDayTable;
  report_recharge_day: ReportRechargeDayTable;
  report_payer_day: ReportPayerDayTable;
  report_first_payer: ReportFirstPayerTable;
  report_cashout_day: ReportCashoutDayTable;
  report_house_money_day: ReportHouseMoneyDayTable;
}
