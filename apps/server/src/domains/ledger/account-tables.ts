/** Row types of the account ledger (migration 033), merged into db/schema.ts's Database through partners/tables.ts. */
import type { ColumnType, Generated, Selectable } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;

export interface LedgerAccountTable {
  id: Generated<number>;
  /** 'issuance' | 'platform' | 'partner' | 'dealer' | 'agent' | 'promoter' | … */
  kind: string;
  owner: string;
  partner: Generated<number>;
  currency: string;
  /** Changes only through account_post. */
  balance: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AccountEntryTable {
  id: Generated<number>;
  at: Time;
  account: number;
  kind: string;
  owner: string;
  partner: number;
  currency: string;
  delta: number;
  balance_after: number;
  reason: string;
  ref: Generated<string>;
  counterparty: Generated<string>;
  actor: string;
  idem_key: string | null;
}

export interface AccountLedgerTables {
  ledger_account: LedgerAccountTable;
  account_entry: AccountEntryTable;
}

export type LedgerAccountRow = Selectable<LedgerAccountTable>;
export type AccountEntryRow = Selectable<AccountEntryTable>;
