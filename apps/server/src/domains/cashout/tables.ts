/** Row types of this domain's tables, as Kysely sees them (merged into db/schema.ts Database); migration 018. */
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;

/** Wire and stored spelling of §4's cash-out order states (docs/api/cashout.md). */
export const CASHOUT_STATUSES = ['not_reviewed', 'in_review', 'approved', 'succeed', 'fail', 'denied', 'undetermined', 'set_success'] as const;
export type CashoutStatus = (typeof CASHOUT_STATUSES)[number];

export interface CashoutOrderTable {
  id: Generated<number>;
  order_id: string;
  app_id: string;
  request_id: string;
  uid: number;
  partner: Generated<number>;
  channel: string;
  amount: number;
  fee: number;
  account: string;
  remarks: Generated<string>;
  status: ColumnType<CashoutStatus, CashoutStatus | undefined, CashoutStatus>;
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
  late_outcome: 'success' | 'failure' | null;
  late_at: Time | null;
  updated_at: Time;
}

export interface CashoutTransitionTable {
  id: Generated<number>;
  order_id: number;
  at: Time;
  actor: string;
  from_status: string | null;
  to_status: string;
  reason: Generated<string>;
}

export interface CashoutReauthTable {
  token_hash: string;
  confirmed_at: Time | null;
  failures: Generated<number>;
  window_start: Time | null;
}

export interface CharismaCashoutTable {
  id: Generated<number>;
  uid: number;
  partner: Generated<number>;
  charisma: number;
  amount: number;
  status: ColumnType<'unissued' | 'issued', 'unissued' | 'issued' | undefined, 'unissued' | 'issued'>;
  requested_by: string;
  requested_at: Time;
  issued_by: string | null;
  issued_at: Time | null;
}

export interface CashoutTables {
  cashout_order: CashoutOrderTable;
  cashout_transition: CashoutTransitionTable;
  cashout_reauth: CashoutReauthTable;
  charisma_cashout: CharismaCashoutTable;
}
