/** Row types of /agentcash (migration 043), merged into db/schema.ts's Database. */
import type { ColumnType, Generated } from 'kysely';
import type { CashoutStatus } from '../cashout/tables';

type Time = ColumnType<Date, Date | string, Date | string>;
type Big = ColumnType<number, number | string, number | string>;

export interface AgentCashConfigTable {
  partner: number;
  min_amount: Big;
  max_amount: Big;
  daily_max_amount: Big;
  daily_count: number;
  fee_percent: ColumnType<string, string | number, string | number>;
  auto_approve_amount: Big;
  four_eyes_amount: Big;
  updated_by: string;
  updated_at: Time;
}

export interface AgentCashoutOrderTable {
  id: Generated<number>;
  order_id: string;
  app_id: string;
  request_id: string;
  uid: number;
  partner: Generated<number>;
  channel: string;
  account_id: Big;
  currency: string;
  amount: Big;
  fee: Big;
  account: string;
  remarks: Generated<string>;
  status: ColumnType<CashoutStatus, CashoutStatus | undefined, CashoutStatus>;
  auto: Generated<boolean>;
  created_at: Time;
  claimed_by: string | null;
  claimed_at: Time | null;
  approved_by: string | null;
  approved_at: Time | null;
  second_approved_by: string | null;
  second_approved_at: Time | null;
  resolved_by: string | null;
  resolved_at: Time | null;
  provider: string | null;
  payout_started_at: Time | null;
  provider_ref: string | null;
  attempts: Generated<number>;
  finished_at: Time | null;
  updated_at: Time;
}

export interface AgentCashoutTransitionTable {
  id: Generated<number>;
  order_id: number;
  at: Time;
  actor: string;
  from_status: string | null;
  to_status: string;
  reason: Generated<string>;
}

export interface AgentCashTables {
  agent_cash_config: AgentCashConfigTable;
  agent_cashout_order: AgentCashoutOrderTable;
  agent_cashout_transition: AgentCashoutTransitionTable;
}
