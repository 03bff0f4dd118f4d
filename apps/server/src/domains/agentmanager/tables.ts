/** Row types of /agentmanager: wholesalers, distribution, the monthly host report (migration 042), merged into db/schema.ts's Database. */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
type Big = ColumnType<number, number | bigint | string, number | bigint | string>;
type Day = ColumnType<string, string, string>;

export interface AgentManagerWholesalerTable {
  uid: number;
  partner: number;
  price: number;
  daily_limit: Big;
  status: Generated<'active' | 'frozen'>;
  note: Generated<string>;
  created_at: Time;
  created_by: string;
  updated_at: Time;
  updated_by: string;
}

export interface AgentManagerDistributionTable {
  id: Generated<number>;
  wholesaler: number;
  partner: number;
  kind: 'stock' | 'distribute' | 'return';
  uid: number | null;
  tier: number | null;
  amount: Big;
  paid: Big;
  balance_after: Big;
  reason: string;
  request_id: string;
  actor: string;
  at: Time;
}

export interface AgentManagerMonthTable {
  month: Day;
  closed_at: Time;
  closed_by: string;
  agents: number;
  note: Generated<string>;
}

export interface AgentManagerHostReportTable {
  month: Day;
  agent: number;
  partner: number;
  name: string;
  t1_invitees: number;
  t2_invitees: number;
  new_invitees: number;
  t1_rake: Big;
  t2_rake: Big;
  rebate: Big;
  paid: Big;
  distributed: Big;
}

export interface AgentManagerTables {
  agentmanager_wholesaler: AgentManagerWholesalerTable;
  agentmanager_distribution: AgentManagerDistributionTable;
  agentmanager_month: AgentManagerMonthTable;
  agentmanager_host_report: AgentManagerHostReportTable;
}
