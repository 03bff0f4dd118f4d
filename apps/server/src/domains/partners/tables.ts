/** Row types of partners, cloud chips, coin dealers, bills and transfers (issue 9), merged into db/schema.ts's Database. */
import type { AccountLedgerTables } from '../ledger/account-tables';

export interface PartnerLedgerTables extends AccountLedgerTables {}
