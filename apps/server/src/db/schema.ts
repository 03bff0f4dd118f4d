/** Row types of the tables, as Kysely sees them (migrations/ is the source of truth). */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

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
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_login_at: Timestamp | null;
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

export interface SchemaMigrationTable {
  name: string;
  applied_at: Generated<Date>;
}

export interface Database {
  console_account: ConsoleAccountTable;
  totp_enrolment: TotpEnrolmentTable;
  account_session: AccountSessionTable;
  signin_throttle: SigninThrottleTable;
  partner: PartnerTable;
  operation_log: OperationLogTable;
  operation_log_head: OperationLogHeadTable;
  schema_migration: SchemaMigrationTable;
}

export type ConsoleAccountRow = Selectable<ConsoleAccountTable>;
export type NewConsoleAccount = Insertable<ConsoleAccountTable>;
export type OperationLogRow = Selectable<OperationLogTable>;
