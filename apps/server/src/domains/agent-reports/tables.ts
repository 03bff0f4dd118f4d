/**
 * Row types of agent cooperation reports and the extra rebate, merged into
 * db/schema.ts's Database. Migrations 039_agent_reports.sql and 040_extra_rebate.sql are the
 * source of truth.
 */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
/** date: read as a Date by pg and PGlite; written as 'YYYY-MM-DD'. */
type Day = ColumnType<Date | string, string, string>;
/** bigint: read as a string by pg, a number by PGlite; Number() it. */
type BigNumber = ColumnType<number, number | undefined, number>;

export interface AgentInviteeDayTable {
  day: Day;
  uid: number;
  agent: number;
  agent2: number | null;
  partner: number;
  registered: boolean;
  rounds: number;
  turnover: BigNumber;
  wins: BigNumber;
  rake: BigNumber;
  recharge: BigNumber;
}

export interface AgentReportDayTable {
  id: Generated<number>;
  day: Day;
  agent: number;
  partner: number;
  new_t1: number;
  new_t2: number;
  active_t1: number;
  active_t2: number;
  players: number;
  rounds: BigNumber;
  turnover: BigNumber;
  wins: BigNumber;
  recharge_t1: BigNumber;
  recharge_t2: BigNumber;
  rake_t1: BigNumber;
  rake_t2: BigNumber;
  turnover_t1: BigNumber;
}

export interface AgentReportStateTable {
  id: number;
  through: Day | null;
  at: Time | null;
}

export interface ExtraRebateConfigTable {
  id: Generated<number>;
  partner: number;
  name: string;
  window_from: Day;
  window_to: Day;
  tiers: ColumnType<unknown, string, string>;
  agent_cap: BigNumber;
  budget: BigNumber;
  currency: Generated<string>;
  status: Generated<'open' | 'cancelled' | 'settled'>;
  paid: BigNumber;
  agents: Generated<number>;
  settled_at: Time | null;
  version: Generated<number>;
  created_by: string;
  created_at: Time;
  updated_by: string;
  updated_at: Time;
}

export interface ExtraRebatePayoutTable {
  config: number;
  agent: number;
  partner: number;
  t1_rake: BigNumber;
  active: number;
  excluded: number;
  turnover: BigNumber;
  tier: number;
  rate_bp: number;
  computed: BigNumber;
  amount: BigNumber;
  capped: boolean;
  budget_cut: boolean;
  entry: BigNumber | null;
  paid_at: Time;
}

export interface AgentReportTables {
  agent_invitee_day: AgentInviteeDayTable;
  agent_report_day: AgentReportDayTable;
  agent_report_state: AgentReportStateTable;
  extra_rebate_config: ExtraRebateConfigTable;
  extra_rebate_payout: ExtraRebatePayoutTable;
}
