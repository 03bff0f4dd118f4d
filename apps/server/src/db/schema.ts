/** Row types of the tables, as Kysely sees them (migrations/ is the source of truth). */
import type { ColumnType, Compilable, Generated, InferResult, Insertable, Selectable } from 'kysely';
import type { AppScopes } from '@console/schemas';
import type { CashoutTables } from '../domains/cashout/tables';
import type { GameServerTables } from '../domains/game-servers/tables';
import type { GameTables } from '../domains/games/tables';
import type { LobbyTables } from '../domains/lobby/tables';
import type { TableGameTables } from '../domains/table-games/tables';
import type { ProviderTables } from '../domains/providers/tables';
import type { ControlTables } from '../domains/controls/tables';
import type { MessageTables } from '../domains/messages/tables';
import type { AppSettingTables } from '../domains/app-settings/tables';
import type { PartnerLedgerTables } from '../domains/partners/tables';
import type { RoomTables } from '../domains/rooms/tables';
import type { AgentTables } from '../domains/agents/tables';
import type { AgentReportTables } from '../domains/agent-reports/tables';
import type { AgentManagerTables } from '../domains/agentmanager/tables';
import type { AgentxTables } from '../domains/agentx/tables';
import type { AgentCashTables } from '../domains/agentcash/tables';
import type { GroundPromoterTables } from '../domains/groundpromoters/tables';
import type { ActivityTables } from '../domains/activities/tables';
import type { VipTables } from '../domains/vip/tables';
import type { FbActivityTables } from '../domains/fbactivity/tables';
import type { RankTables } from '../domains/rank/tables';
import type { TongitsArenaTables } from '../domains/tongitsarena/tables';
import type { VipManagerTables } from '../domains/vipmanager/tables';
import type { CdkTables } from '../domains/cdkcode/tables';
import type { LostPlayerTables } from '../domains/lost-players/tables';
import type { PaymentConfigTables } from '../domains/payment-config/tables';
import type { PaymentReportTables } from '../domains/payment-reports/tables';
import type { RechargeTables } from '../domains/recharge/tables';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** jsonb: read as the parsed value, written as a JSON string. */
type Json<T> = ColumnType<T, string, string>;

export interface ConsoleAccountTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  name: Generated<string>;
  avatar: Generated<string>;
  telephone: Generated<string>;
  roles: Json<string[]>;
  partner: Generated<number>;
  enabled: Generated<boolean>;
  totp_secret: string | null;
  /** Last accepted TOTP time-step: a code is accepted once. */
  totp_last_step: number | null;
  /** Bound under a once-bound or required role: the account keeps needing an authenticator (migration 062). */
  totp_kept: Generated<boolean>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_login_at: Timestamp | null;
  share_code: string | null;
}

export interface Role2faPolicyTable {
  role: string;
  policy: 'optional' | 'once-bound' | 'required';
  updated_at: Generated<Date>;
  updated_by: Generated<string>;
}

export interface RateCountTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

/** Where each account's last change is in the primary's WAL (migration 068, db/replica.ts). */
export interface StaffLastWriteTable {
  account_id: number;
  lsn: string;
  at: Timestamp;
}

/** The background jobs' shared schedule (migration 067, http/job-schedule.ts). */
export interface JobScheduleTable {
  id: string;
  due_at: Timestamp;
  holder: string | null;
  lease_until: Timestamp | null;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  runs: Generated<number>;
  failures: Generated<number>;
  last_error: string | null;
  last_seconds: number | null;
}

export interface RefusalTallyTable {
  id: Generated<number>;
  minute: Timestamp;
  source: 'staff' | 'platform';
  who: string;
  reason: string;
  target: string;
  count: number;
  addresses: number;
  sample_ips: string[];
}

export interface TotpEnrolmentTable {
  account_id: number;
  secret: string;
  created_at: Timestamp;
}

export interface AccountSessionTable {
  /** SHA-256 of the opaque token (hex). */
  token_hash: string;
  account_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface SigninThrottleTable {
  /** 'user:<username>' or 'ip:<address>'. */
  key: string;
  failures: number;
  window_start: Timestamp;
  locked_until: Timestamp | null;
}

export interface PartnerTable {
  id: number;
  name: string;
}

export interface OperationLogTable {
  id: number;
  at: Timestamp;
  username: string;
  partner: number;
  operation: string;
  target: string;
  result: string;
  status: number;
  message: string;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  ip: string;
  prev_hash: string;
  hash: string;
}

export interface OperationLogHeadTable {
  id: number;
  last_id: number;
  last_hash: string;
}

/** Writable on insert, then read as a Date. */
type Time = ColumnType<Date, Date | string, Date | string>;
type Id = Generated<number>;

export interface PlatformApplicationTable {
  app_id: string;
  name: Generated<string>;
  secret: string;
  enabled: Generated<boolean>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** What the application may call (migration 060; @console/schemas AppScopes). */
  scopes: ColumnType<AppScopes, string | undefined, string>;
  /** 1: version 1 or 2 signatures; 2: version 2 only (migration 060). */
  signature_version: Generated<1 | 2>;
}

/** Per application, wallet scope, currency and day: what it moved where the scope has a day total (migration 060). */
export interface PlatformAppDayTable {
  app_id: string;
  scope: string;
  currency: string;
  day: ColumnType<string, string, string>;
  /** 0–7: the day's total is the sum of its slots (migration 060). */
  slot: number;
  total: number;
}

/** Calls refused for a missing scope, per application, day and scope (migration 060). */
export interface PlatformAppRefusalTable {
  app_id: string;
  day: ColumnType<string, string, string>;
  scope: string;
  refused: number;
  last_at: Time;
  last_message: string;
}

export type PlayerStatus = 'active' | 'suspended' | 'banned';

export interface PlayerTable {
  uid: number;
  name: string;
  avatar: Generated<string>;
  phone_country: string | null;
  phone_number: string | null;
  phone_bound_at: Time | null;
  register_ip: string;
  register_device: string;
  register_package: Generated<string>;
  registered_at: Time;
  login_ip: string | null;
  login_device: string | null;
  last_login_at: Time | null;
  login_count: Generated<number>;
  share_id: string | null;
  inviter_uid: number | null;
  vip: Generated<number>;
  gcash: Generated<string>;
  bank: Generated<string>;
  partner: Generated<number>;
  status: ColumnType<PlayerStatus, PlayerStatus | undefined, PlayerStatus>;
  suspended_until: Time | null;
  status_reason: Generated<string>;
  net_win: Generated<number>;
  app_id: Generated<string>;
}

/** The currencies of a player's balance row (contract: wallet balance). */
export const CURRENCIES = ['chip', 'bean', 'safe', 'bonus', 'diamond', 'charisma', 'withdrawable'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface PlayerBalanceTable {
  uid: number;
  partner: Generated<number>;
  chip: Generated<number>;
  bean: Generated<number>;
  safe: Generated<number>;
  bonus: Generated<number>;
  diamond: Generated<number>;
  charisma: Generated<number>;
  withdrawable: Generated<number>;
}

export interface LedgerEntryTable {
  id: Id;
  at: Time;
  uid: number;
  partner: number;
  currency: Currency;
  delta: number;
  balance_after: number;
  reason: string;
  ref: Generated<string>;
  actor: string;
  idem_key: string | null;
}

/** The ledger's idempotency keys of every month (decision 056): unique here, since a partitioned table's unique index must hold the month. */
export interface LedgerKeyTable {
  key: string;
  entry_id: number;
  at: Time;
}

/** Per balance, what `npm run archive` took out of the ledger: reconciliation starts from it (decision 056). */
export interface LedgerOpeningTable {
  uid: number;
  currency: Currency;
  amount: number;
  entries: number;
  /** The newest archived entry of the balance (by id) and its balance_after. */
  last_id: number;
  last_balance_after: number;
}

/** Each month `npm run archive` wrote to a file and dropped (decision 056). */
export interface ArchivedMonthTable {
  table_name: string;
  /** The console month, 'YYYY-MM'. */
  month: string;
  row_count: number;
  file: string;
  sha256: string;
  archived_at: Generated<Date>;
}

/** An event's record, in the month it was received (decision 057); its outcome is its claim's. */
export interface PlatformEventTable {
  app_id: string;
  event_id: string;
  type: string;
  at: Time;
  received_at: Time;
  data: Json<unknown>;
}

/** An application's event id, claimed once, with its outcome (what a duplicate answers); never archived. */
export interface PlatformEventClaimTable {
  app_id: string;
  event_id: string;
  received_at: Time;
  status: 'applied' | 'rejected';
  code: number | null;
  message: string | null;
}

export interface WalletTxTable {
  app_id: string;
  tx_id: string;
  kind: 'debit' | 'credit' | 'settle' | 'rollback' | 'voided';
  fingerprint: string;
  uid: number | null;
  currency: string | null;
  /** The amount of a debit or credit; a settle's bet (0: none). */
  amount: number | null;
  /** A settle's win (0: none); null for every other kind (migration 071). */
  win: ColumnType<number | null, number | null | undefined, number | null>;
  original_tx_id: string | null;
  rolled_back: Generated<boolean>;
  answer: Json<unknown> | null;
  at: Time;
  /** The round the call named (its ref, else its txId); null for rollbacks and older rows (migration 060). */
  ref: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PlayerLoginTable {
  id: Id;
  uid: number;
  partner: Generated<number>;
  at: Time;
  ip: string;
  device_id: string;
  duration_seconds: number | null;
}

/** The last login as a sort key (migration 014): a copy of player.last_login_at kept by triggers. */
export interface PlayerLastLoginTable {
  uid: number;
  last_login_at: Time | null;
}

/** Daily active players (migration 014): one row a GMT+08:00 day and player, kept by each login. */
export interface PlayerActiveDayTable {
  day: ColumnType<string, string, string>;
  uid: number;
  partner: number;
  logins: number;
  seconds: Generated<number>;
  timed: Generated<number>;
}

export interface PlayerDeviceTable {
  device_id: string;
  uid: number;
  first_at: Time;
  last_at: Time;
}
export interface PlayerIpTable {
  ip: string;
  uid: number;
  first_at: Time;
  last_at: Time;
}

export interface PlayerProfileChangeTable {
  id: Id;
  uid: number;
  at: Time;
  field: string;
  old_value: string | null;
  new_value: string | null;
}

export interface PlayerGiftTable {
  id: Id;
  at: Time;
  from_uid: number;
  to_uid: number;
  partner: Generated<number>;
  gift_id: string;
  chips: number;
  charisma: number;
}

export interface PlayerEmoteTable {
  id: Id;
  at: Time;
  uid: number;
  partner: Generated<number>;
  emote_id: string;
  chips: number;
}

export interface PlayerTransferTable {
  id: Id;
  at: Time;
  kind: 'player' | 'coindealer';
  from_uid: number;
  to_uid: number;
  partner: Generated<number>;
  amount: number;
  price: number | null;
}

export interface PlayerFeedbackTable {
  id: Id;
  at: Time;
  uid: number;
  partner: Generated<number>;
  category: string;
  text: string;
  status: ColumnType<'open' | 'replied' | 'closed', 'open' | 'replied' | 'closed' | undefined, 'open' | 'replied' | 'closed'>;
  reply: Generated<string>;
  handled_by: Generated<string>;
  handled_at: Time | null;
}

export interface PlayerTipoffTable {
  id: Id;
  at: Time;
  uid: number;
  target_uid: number;
  partner: Generated<number>;
  reason: string;
  text: string;
  status: ColumnType<'pending' | 'valid' | 'invalid', 'pending' | 'valid' | 'invalid' | undefined, 'pending' | 'valid' | 'invalid'>;
  note: Generated<string>;
  handled_by: Generated<string>;
  handled_at: Time | null;
}

export interface SmsLogTable {
  id: Id;
  at: Time;
  phone_country: string;
  phone_number: string;
  code: string;
  provider: string;
  purpose: string;
  app_id: Generated<string>;
}

export interface PlayerBadgeTable {
  id: Id;
  uid: number;
  badge_id: string;
  name: string;
  granted_at: Time;
}

/** Game chips per GMT+08:00 day and player, kept by a trigger on ledger_entry (migration 012). */
export interface PlayerDayGameTable {
  id: Id;
  day: ColumnType<string, string, string>;
  uid: number;
  partner: number;
  bets: number;
  wins: number;
  bet_count: number;
  net: Generated<number>;
}

export type BanKind = 'account' | 'device' | 'ip';

export interface BanTable {
  id: Id;
  kind: BanKind;
  value: string;
  reason: string;
  banned_by: string;
  banned_at: Time;
  lifted_by: string | null;
  lifted_at: Time | null;
  active: Generated<boolean>;
}

export interface BanLogTable {
  id: Id;
  at: Time;
  kind: BanKind;
  value: string;
  action: 'ban' | 'unban' | 'suspend' | 'unsuspend';
  reason: Generated<string>;
  until: Time | null;
  operator: string;
  partner: Generated<number>;
}

export type IssueCurrency = 'chip' | 'withdrawable';

export interface IssueLimitTable {
  permission_group: string;
  currency: IssueCurrency;
  daily_limit: number;
}
export interface IssueUsageTable {
  username: string;
  day: string;
  currency: IssueCurrency;
  issued: Generated<number>;
}

export interface IssueBatchTable {
  id: Id;
  currency: IssueCurrency;
  created_by: string;
  created_at: Time;
  reason: string;
  status: ColumnType<'running' | 'done', 'running' | 'done' | undefined, 'running' | 'done'>;
  lines: number;
  total: number;
  sent_lines: Generated<number>;
  sent_amount: Generated<number>;
  failed_lines: Generated<number>;
  finished_at: Time | null;
}

export interface IssueBatchLineTable {
  batch_id: number;
  line_no: number;
  uid: number;
  amount: number;
  status: ColumnType<'pending' | 'sent' | 'failed', 'pending' | 'sent' | 'failed' | undefined, 'pending' | 'sent' | 'failed'>;
  message: Generated<string>;
  ledger_entry_id: number | null;
}

export interface SchemaMigrationTable {
  name: string;
  applied_at: Generated<Date>;
  /** SHA-256 of the file as applied (db/migrate.ts); null until a start from before checksums adopts it. */
  checksum: string | null;
}

/** SHA-256 of each repeatable file (a domain's sql/<function>.sql) as last applied (migration 065). */
export interface SchemaRepeatableTable {
  name: string;
  checksum: string;
  applied_at: Generated<Date>;
}

/** The demo seed's finished steps (migration 059; seed/demo.ts). */
export interface DemoSeedStepTable {
  step: string;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  done_at: Generated<Date>;
}

/** The Facebook share activity's table (merged into Database below). */

export interface Database extends FbActivityTables {}
export interface Database extends VipTables {}

export interface Database extends RankTables {}

export interface Database extends TongitsArenaTables {}

/** Every table; the payment and game domains keep their row types in their own tables.ts. */
export interface Database
  extends
    PaymentConfigTables,
    RechargeTables,
    CashoutTables,
    PaymentReportTables,
    GameTables,
    GameServerTables,
    LobbyTables,
    TableGameTables,
    ProviderTables,
    ControlTables,
    MessageTables,
    AppSettingTables,
    LostPlayerTables,
    VipManagerTables,
    PartnerLedgerTables,
    RoomTables,
    AgentTables,
    AgentReportTables,
    AgentManagerTables,
    AgentxTables,
    AgentCashTables,
    GroundPromoterTables,
    ActivityTables,
    CdkTables {
  console_account: ConsoleAccountTable;
  role_2fa_policy: Role2faPolicyTable;
  rate_count: RateCountTable;
  refusal_tally: RefusalTallyTable;
  job_schedule: JobScheduleTable;
  staff_last_write: StaffLastWriteTable;
  totp_enrolment: TotpEnrolmentTable;
  account_session: AccountSessionTable;
  signin_throttle: SigninThrottleTable;
  partner: PartnerTable;
  operation_log: OperationLogTable;
  operation_log_head: OperationLogHeadTable;
  schema_migration: SchemaMigrationTable;
  schema_repeatable: SchemaRepeatableTable;
  demo_seed_step: DemoSeedStepTable;
  platform_application: PlatformApplicationTable;
  platform_app_day: PlatformAppDayTable;
  platform_app_refusal: PlatformAppRefusalTable;
  player: PlayerTable;
  player_balance: PlayerBalanceTable;
  ledger_entry: LedgerEntryTable;
  ledger_key: LedgerKeyTable;
  ledger_opening: LedgerOpeningTable;
  archived_month: ArchivedMonthTable;
  platform_event: PlatformEventTable;
  platform_event_claim: PlatformEventClaimTable;
  wallet_tx: WalletTxTable;
  player_login: PlayerLoginTable;
  player_last_login: PlayerLastLoginTable;
  player_active_day: PlayerActiveDayTable;
  player_device: PlayerDeviceTable;
  player_ip: PlayerIpTable;
  player_profile_change: PlayerProfileChangeTable;
  player_gift: PlayerGiftTable;
  player_emote: PlayerEmoteTable;
  player_transfer: PlayerTransferTable;
  player_feedback: PlayerFeedbackTable;
  player_tipoff: PlayerTipoffTable;
  sms_log: SmsLogTable;
  player_badge: PlayerBadgeTable;
  player_day_game: PlayerDayGameTable;
  ban: BanTable;
  ban_log: BanLogTable;
  issue_limit: IssueLimitTable;
  issue_usage: IssueUsageTable;
  issue_batch: IssueBatchTable;
  issue_batch_line: IssueBatchLineTable;
}

export type ConsoleAccountRow = Selectable<ConsoleAccountTable>;
export type NewConsoleAccount = Insertable<ConsoleAccountTable>;
export type OperationLogRow = Selectable<OperationLogTable>;
export type PlayerRow = Selectable<PlayerTable>;
export type PlayerBalanceRow = Selectable<PlayerBalanceTable>;
export type LedgerEntryRow = Selectable<LedgerEntryTable>;
/** The row of a table as a query reads it (`selectAll()`): what a row mapper shared by a list and its other reads takes. */
export type RowOf<T extends keyof Database> = Selectable<Database[T]>;
/** The row a query function reads (`QueryRow<typeof fromLines>`): what a mapper of that query's rows takes. */
export type QueryRow<F extends (...args: never[]) => Compilable<unknown>> = InferResult<ReturnType<F>>[number];
