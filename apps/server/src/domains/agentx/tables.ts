/** Row types of /agentx: third-party integration agents (migration 041), merged into db/schema.ts's Database. */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
type BigDefault = ColumnType<number, number | bigint | string | undefined, number | bigint | string>;

export interface AgentxAgentTable {
  id: Generated<number>;
  app_id: string;
  name: string;
  partner: Generated<number>;
  status: Generated<'active' | 'suspended'>;
  wallet_mode: 'transfer' | 'seamless';
  callback_url: string;
  currency: string;
  revenue_share: number;
  ip_allow: Generated<string[]>;
  created_at: Time;
  created_by: string;
  updated_at: Time;
  updated_by: string;
}

export interface AgentxDayTable {
  agent: number;
  day: ColumnType<string, string, string>;
  slot: number;
  calls: Generated<number>;
  refused: Generated<number>;
  rounds: Generated<number>;
  bets: BigDefault;
  wins: BigDefault;
}

export interface AgentxPlayerDayTable {
  agent: number;
  day: ColumnType<string, string, string>;
  uid: number;
}

export interface AgentxTables {
  agentx_agent: AgentxAgentTable;
  agentx_day: AgentxDayTable;
  agentx_player_day: AgentxPlayerDayTable;
}
