/**
 * Reconciliation: recomputes every balance from its ledger entries and reports each balance
 * that differs from the sum of its entries, or from the balance_after of its latest entry
 * (entries of one balance are appended under that balance's row lock, so their ids follow
 * their order). Months archived by `npm run archive` count through ledger_opening, the sum of
 * their entries per balance (decision 056). The account ledger (migration 033) is checked the same way, account by account.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { CURRENCIES, type Currency } from '../../db/schema';

export interface BalanceDifference {
  uid: number;
  currency: Currency;
  /** The balance row's value (0 when the row is missing). */
  balance: number;
  /** The sum of the balance's entries, archived ones included (ledger_opening). */
  fromEntries: number;
  /** balance_after of the latest entry, null when there is none. */
  lastBalanceAfter: number | null;
}

export interface AccountDifference {
  account: number;
  kind: string;
  owner: string;
  currency: string;
  /** The account row's balance (0 when the row is missing). */
  balance: number;
  /** The sum of the account's entries. */
  fromEntries: number;
  /** balance_after of the latest entry, null when there is none. */
  lastBalanceAfter: number | null;
}

export interface Reconciliation {
  balances: number;
  entries: number;
  differences: BalanceDifference[];
  /** The account ledger (migration 033): accounts, their entries, each account that differs. */
  accounts: number;
  accountEntries: number;
  accountDifferences: AccountDifference[];
}

const balanceColumn = sql.join(
  CURRENCIES.map((c) => sql`WHEN ${c} THEN b.${sql.ref(c)}`),
  sql` `,
);
const currencyRows = sql.join(CURRENCIES.map((c) => sql`(${c}::text)`));

/** At most `limit` differences are listed (all are counted in none: the list says enough). */
export async function reconcile(db: Db, limit = 1000): Promise<Reconciliation> {
  const { rows } = await sql<{ uid: number; currency: Currency; balance: string; from_entries: string; last_after: string | null }>`
    WITH sums AS (
      SELECT uid, currency, sum(total) AS total FROM (
        SELECT uid, currency, sum(delta) AS total FROM ledger_entry GROUP BY uid, currency
        UNION ALL SELECT uid, currency, amount FROM ledger_opening
      ) s GROUP BY uid, currency
    ), latest AS (
      SELECT DISTINCT ON (uid, currency) uid, currency, balance_after FROM (
        SELECT uid, currency, id, balance_after FROM ledger_entry
        UNION ALL SELECT uid, currency, last_id, last_balance_after FROM ledger_opening
      ) e ORDER BY uid, currency, id DESC
    ), balances AS (
      SELECT b.uid, c.currency, CASE c.currency ${balanceColumn} END AS balance
      FROM player_balance b CROSS JOIN (VALUES ${currencyRows}) AS c(currency)
    )
    SELECT coalesce(b.uid, s.uid) AS uid, coalesce(b.currency, s.currency) AS currency,
      coalesce(b.balance, 0) AS balance, coalesce(s.total, 0) AS from_entries, l.balance_after AS last_after
    FROM balances b
    FULL JOIN sums s ON s.uid = b.uid AND s.currency = b.currency
    LEFT JOIN latest l ON l.uid = coalesce(b.uid, s.uid) AND l.currency = coalesce(b.currency, s.currency)
    WHERE coalesce(b.balance, 0) <> coalesce(s.total, 0)
       OR (l.balance_after IS NOT NULL AND l.balance_after <> coalesce(b.balance, 0))
    ORDER BY 1, 2
    LIMIT ${limit}`.execute(db);
  const counts = await sql<{ balances: string; entries: string; accounts: string; account_entries: string }>`
    SELECT (SELECT count(*) FROM player_balance) AS balances, (SELECT count(*) FROM ledger_entry) AS entries,
      (SELECT count(*) FROM ledger_account) AS accounts, (SELECT count(*) FROM account_entry) AS account_entries`.execute(db);
  const accountRows = await sql<{
    account: number;
    kind: string;
    owner: string;
    currency: string;
    balance: string;
    from_entries: string;
    last_after: string | null;
  }>`
    WITH sums AS (
      SELECT account, sum(delta) AS total FROM account_entry GROUP BY account
    ), latest AS (
      SELECT DISTINCT ON (account) account, balance_after FROM account_entry ORDER BY account, id DESC
    )
    SELECT coalesce(a.id, s.account) AS account, coalesce(a.kind, '') AS kind, coalesce(a.owner, '') AS owner,
      coalesce(a.currency, '') AS currency, coalesce(a.balance, 0) AS balance, coalesce(s.total, 0) AS from_entries,
      l.balance_after AS last_after
    FROM ledger_account a
    FULL JOIN sums s ON s.account = a.id
    LEFT JOIN latest l ON l.account = coalesce(a.id, s.account)
    WHERE coalesce(a.balance, 0) <> coalesce(s.total, 0)
       OR (l.balance_after IS NOT NULL AND l.balance_after <> coalesce(a.balance, 0))
    ORDER BY 1
    LIMIT ${limit}`.execute(db);
  return {
    balances: Number(counts.rows[0].balances) * CURRENCIES.length,
    entries: Number(counts.rows[0].entries),
    differences: rows.map((r) => ({
      uid: Number(r.uid),
      currency: r.currency,
      balance: Number(r.balance),
      fromEntries: Number(r.from_entries),
      lastBalanceAfter: r.last_after === null ? null : Number(r.last_after),
    })),
    accounts: Number(counts.rows[0].accounts),
    accountEntries: Number(counts.rows[0].account_entries),
    accountDifferences: accountRows.rows.map((r) => ({
      account: Number(r.account),
      kind: r.kind,
      owner: r.owner,
      currency: r.currency,
      balance: Number(r.balance),
      fromEntries: Number(r.from_entries),
      lastBalanceAfter: r.last_after === null ? null : Number(r.last_after),
    })),
  };
}
