/**
 * Row types of this domain's tables, as Kysely sees them (merged into db/schema.ts Database).
 * Migrations 015_payment_channels.sql and 016_payment_config.sql are the source of truth.
 */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as the parsed value, written as a JSON string. */
type Json<T> = ColumnType<T, string, string>;

export type ChannelStatus = 'close' | 'maintenance' | 'open';

export interface PaymentPackageTable {
  package: string;
  name: Generated<string>;
  partner: Generated<number>;
  created_at: DefaultedTimestamp;
  /** 016: the list machinery's integer tie-breaker. */
  id: Generated<number>;
}

export interface RechargeProductTable {
  product_id: string;
  name: Generated<string>;
  /** Centavos. */
  price: number;
  chips: number;
  first_bonus: Generated<number>;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  id: Generated<number>;
}

export interface RechargeChannelTable {
  channel: string;
  name: Generated<string>;
  icon: Generated<string>;
  sort_order: Generated<number>;
  status: ColumnType<ChannelStatus, ChannelStatus | undefined, ChannelStatus>;
  paid_only: Generated<boolean>;
  updated_at: DefaultedTimestamp;
  id: Generated<number>;
}

export interface RechargeChannelProductTable {
  channel: string;
  product_id: string;
}
export interface RechargeChannelPackageTable {
  channel: string;
  package: string;
}

export interface CashoutChannelTable {
  channel: string;
  name: Generated<string>;
  icon: Generated<string>;
  sort_order: Generated<number>;
  status: ColumnType<ChannelStatus, ChannelStatus | undefined, ChannelStatus>;
  /** Centavos, inclusive. */
  min_amount: number;
  max_amount: number;
  /** numeric(5,2): read as a string ('2.00'). */
  fee_percent: ColumnType<string, string | number | undefined, string | number>;
  daily_max: Generated<number>;
  daily_max_enabled: Generated<boolean>;
  max_consecutive_failures: Generated<number>;
  consecutive_failures: Generated<number>;
  updated_at: DefaultedTimestamp;
  id: Generated<number>;
}

export interface ConfigVersionTable {
  id: Generated<number>;
  kind: string;
  key: Generated<string>;
  at: Timestamp;
  actor: string;
  action: string;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  /** 016: the partner of the item (0 for platform-wide configuration). */
  partner: Generated<number>;
}

export interface CashoutRulesTable {
  id: Generated<boolean>;
  four_eyes_amount: number;
  daily_count: number;
  review_from_hour: number;
  review_to_hour: number;
  updated_at: DefaultedTimestamp;
}

/** A channel paid through a provider's HTTP API (migration 064); the secret sealed (secrets/columns.ts). */
export interface PayoutEndpointTable {
  channel: string;
  url: string;
  merchant_id: string;
  secret: string;
  timeout_ms: number;
  retries: number;
  enabled: boolean;
  updated_at: ColumnType<Date, Date | string, Date | string>;
  updated_by: string;
}

export interface PaymentConfigTables {
  payment_package: PaymentPackageTable;
  recharge_product: RechargeProductTable;
  recharge_channel: RechargeChannelTable;
  recharge_channel_product: RechargeChannelProductTable;
  recharge_channel_package: RechargeChannelPackageTable;
  cashout_channel: CashoutChannelTable;
  payout_endpoint: PayoutEndpointTable;
  config_version: ConfigVersionTable;
  cashout_rules: CashoutRulesTable;
}

// Migration 016 adds columns to platform_application (platform domain's table, typed in
// db/schema.ts): the secret rotation with an overlap is this domain's, so its columns are
// declared here by merging into that interface rather than editing the shared file.
declare module '../../db/schema' {
  interface PlatformApplicationTable {
    id: Generated<number>;
    previous_secret: ColumnType<string | null, string | null | undefined, string | null>;
    previous_secret_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    rotated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  }
}
