/**
 * Row types of agents, rate history, T1/T2 rebates and the weekly settlement, merged
 * into db/schema.ts's Database. Migration 037_agents.sql is the source of truth (and says what
 * every column means); docs/decisions/021-agents.md explains the model. Other issue-9 domains
 * read these tables: keep the names stable.
 *
 * Units: rates are basis points (2000 = 20%); chips are centavos; agent_rebate.amount is in the
 * smallest unit of agent_rebate.currency (the commission account's balance unit).
 */
import type { ColumnType, Generated, Selectable } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
/** A GMT+8 calendar date ('YYYY-MM-DD'); PGlite and pg may read it as a Date: use weekKey(). */
type Day = ColumnType<Date | string, string, string>;
/** bigint (chips): read as a number on both drivers (db/open.ts). */
type BigNumber = ColumnType<number, number | undefined, number>;

export interface AgentSettingsTable {
  id: Generated<number>;
  min_active_invitees: Generated<number>;
  updated_at: Time | null;
  updated_by: Generated<string>;
}

export interface AgentTable {
  /** The player who is the agent (player.uid). */
  uid: number;
  partner: Generated<number>;
  name: string;
  status: Generated<'active' | 'suspended'>;
  note: Generated<string>;
  created_at: Time;
  created_by: string;
  updated_at: Time;
  /** As of the last settled week: T1 invitees who played in it. */
  active_invitees: Generated<number>;
  /** As of the last settled week: active_invitees >= agent_settings.min_active_invitees. */
  withdrawable: Generated<boolean>;
  /** Negative result carried into the next week (chips, <= 0). */
  carry: BigNumber;
  settled_week: Day | null;
}

export interface AgentRateTable {
  id: Generated<number>;
  agent: number;
  effective_at: Time;
  /** Basis points. t1 + t2 <= rate. */
  rate: number;
  t1: number;
  t2: number;
  /** Share of T1 invitees' paid recharges, basis points (0 = none). */
  recharge: Generated<number>;
  /** ISO code ('PHP'); the commission account's currency is its lower case. */
  currency: Generated<string>;
  /** Chips per unit of the currency (100: 100 chips = ₱1). */
  currency_ratio: Generated<number>;
  note: Generated<string>;
  created_by: string;
  created_at: Time;
}

export interface AgentWeekTable {
  /** The Monday (GMT+8) that starts the week. */
  week: Day;
  starts_at: Time;
  ends_at: Time;
  status: Generated<'open' | 'closed'>;
  closed_at: Time | null;
}

export interface AgentSettlementRunTable {
  id: Generated<number>;
  week: Day;
  status: 'paying' | 'done';
  claimed_by: string;
  started_at: Time;
  computed_at: Time;
  finished_at: Time | null;
  agents: Generated<number>;
  lines: Generated<number>;
  paid: Generated<number>;
  paid_chips: BigNumber;
  paid_amount: BigNumber;
}

export type RebateLineKind = 't1' | 't2' | 'recharge' | 'own' | 'adjustment';
export type RebateStatus = 'pending' | 'settled' | 'voided';

export interface AgentRebateLineTable {
  id: Generated<number>;
  week: Day;
  agent: number;
  partner: number;
  invitee: number | null;
  kind: RebateLineKind;
  base: BigNumber;
  bps: Generated<number>;
  amount: BigNumber;
  status: Generated<RebateStatus>;
  reason: Generated<string>;
  created_at: Time;
  created_by: string;
  settled_at: Time | null;
}

export interface AgentRebateTable {
  /** Migration 038: the lists' tie-breaker. */
  id: Generated<number>;
  week: Day;
  agent: number;
  partner: number;
  t1_invitees: Generated<number>;
  t2_invitees: Generated<number>;
  active_invitees: Generated<number>;
  t1_rake: BigNumber;
  t1_amount: BigNumber;
  t2_rake: BigNumber;
  t2_amount: BigNumber;
  recharge_base: BigNumber;
  recharge_amount: BigNumber;
  own_rake: BigNumber;
  excluded_rake: BigNumber;
  adjustments: BigNumber;
  carried_in: BigNumber;
  total: BigNumber;
  paid_chips: BigNumber;
  carry_out: BigNumber;
  currency: string;
  currency_ratio: number;
  /** Paid, in the currency's smallest unit. */
  amount: BigNumber;
  withdrawable: Generated<boolean>;
  status: Generated<RebateStatus>;
  reason: Generated<string>;
  run: number;
  entry: number | null;
  settled_at: Time | null;
}

export interface AgentTables {
  agent_settings: AgentSettingsTable;
  agent: AgentTable;
  agent_rate: AgentRateTable;
  agent_week: AgentWeekTable;
  agent_settlement_run: AgentSettlementRunTable;
  agent_rebate_line: AgentRebateLineTable;
  agent_rebate: AgentRebateTable;
}

export type AgentRow = Selectable<AgentTable>;
export type AgentRateRow = Selectable<AgentRateTable>;
export type AgentRebateRow = Selectable<AgentRebateTable>;
export type AgentRebateLineRow = Selectable<AgentRebateLineTable>;
