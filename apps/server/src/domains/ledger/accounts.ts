/**
 * The account ledger: balances of non-player accounts (a partner's cloud chips, a coin dealer's
 * stock, an agent's commission, a promoter's earnings), with the rules of the players' ledger
 * (ledger.ts). Each movement is one call of the SQL function account_post (migration 033): the
 * guarded update (`balance + delta >= 0`, except the platform's 'issuance' accounts) and its
 * append-only entry in one statement, inside the caller's transaction.
 *
 * Value moves, it is not created: a move takes from one side and gives to the other in the
 * caller's transaction, both sides or neither: between two accounts (`moveBetweenAccounts`),
 * or between an account and a player's balance (`accountToPlayer`, `playerToAccount`: the
 * account side through account_post, the player side through ledger_post). Value the platform
 * creates (cloud chips it sells, commission it owes) comes out of the currency's 'issuance'
 * account, which goes below zero by what is outstanding.
 *
 * Idempotency: a move with a key is applied at most once, ever: each side's entry carries
 * `<key>:out` / `<key>:in` (`<key>:account` / `<key>:player` with a player); a move whose key
 * was applied before changes nothing and answers `applied: false` with the first entries, and
 * one racing it on another connection waits for it and is refused 409 'Already applied'.
 * docs/decisions/019-account-ledger-and-partners.md.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import { CURRENCIES, type Currency } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { post as ledgerPost, sqlState, type Posted } from './ledger';
import type { AccountEntryRow } from './account-tables';

/** The kinds in use; any lower-case word is accepted by the table. */
export type AccountKind = 'issuance' | 'platform' | 'partner' | 'dealer' | 'agent' | 'promoter' | (string & {});

export interface LedgerAccount {
  id: number;
  kind: AccountKind;
  owner: string;
  /** The partner whose money it is (0: the platform's). */
  partner: number;
  currency: string;
  balance: number;
}

export interface AccountMovement {
  account: number;
  /** Signed amount in the smallest unit; never 0. */
  delta: number;
  /** What kind of movement: 'cloud.sold', 'dealer.stock', 'dealer.sold' … */
  reason: string;
  /** What it belongs to: an order, a bill, a transfer. */
  ref?: string;
  /** The other side: 'account:<id>' or 'player:<uid>'. */
  counterparty?: string;
  /** 'staff:<username>', 'app:<app id>' or 'system:<job>'. */
  actor: string;
  /** Idempotency key: a movement with a key is applied at most once, ever. */
  key?: string | null;
  at: Date;
}

/** What a move has in common on both sides. */
export interface MoveCommon {
  reason: string;
  ref?: string;
  actor: string;
  key?: string | null;
  at: Date;
}

export interface Move {
  /** False when the key was applied before: nothing changed, `entries` are the first ones. */
  applied: boolean;
  /** The two sides' entry ids, from-side first. */
  entries: [number, number];
  /** Balances after the move: from-side, to-side (null when not applied now). */
  balances: [number, number] | null;
}

const WORD = /^[a-z][a-z0-9_]{0,31}$/;

/** Turns account_post's refusals into API errors; anything else is rethrown as is. */
export function accountError(error: unknown, account?: number): unknown {
  switch (sqlState(error)) {
    case 'CN404':
      return new ApiError(404, account === undefined ? 'Account not found' : `Account ${account} not found`);
    case 'CN409':
      return new ApiError(409, 'Insufficient balance');
    case 'CN400':
      return new ApiError(400, (error as Error).message);
    case '23505':
      if (((error as { constraint?: string }).constraint ?? (error as Error).message).includes('_entry_idem')) {
        return new ApiError(409, 'Already applied');
      }
      return error;
    default:
      return error;
  }
}

const toAccount = (r: { id: number; kind: string; owner: string; partner: number; currency: string; balance: number }): LedgerAccount => ({
  id: r.id,
  kind: r.kind,
  owner: r.owner,
  partner: r.partner,
  currency: r.currency,
  balance: r.balance,
});

/**
 * The account of (kind, owner, currency), created with balance 0 when missing (safe under
 * concurrency: the unique key decides). An existing account keeps its partner: moving an
 * account to another partner is `setAccountPartner`, a step of its own.
 */
export async function ensureAccount(db: Db, kind: AccountKind, owner: string, partner: number, currency: string): Promise<LedgerAccount> {
  if (!WORD.test(kind)) throw new ApiError(400, 'kind: Must be a lower-case word');
  if (!WORD.test(currency)) throw new ApiError(400, 'currency: Must be a lower-case word');
  if (owner.length < 1 || owner.length > 128) throw new ApiError(400, 'owner: Must be 1 to 128 characters');
  if (!Number.isSafeInteger(partner) || partner < 0) throw new ApiError(400, 'partner: Must be a whole number ≥ 0');
  const found = await findAccount(db, kind, owner, currency);
  if (found) return found;
  await db
    .insertInto('ledger_account')
    .values({ kind, owner, partner, currency, created_at: new Date() })
    .onConflict((oc) => oc.columns(['kind', 'owner', 'currency']).doNothing())
    .execute();
  return (await findAccount(db, kind, owner, currency))!;
}

export async function findAccount(db: Db, kind: AccountKind, owner: string, currency: string): Promise<LedgerAccount | undefined> {
  const row = await db
    .selectFrom('ledger_account')
    .select(['id', 'kind', 'owner', 'partner', 'currency', 'balance'])
    .where('kind', '=', kind)
    .where('owner', '=', owner)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row && toAccount(row);
}

export async function getAccount(db: Db, id: number): Promise<LedgerAccount | undefined> {
  const row = await db.selectFrom('ledger_account').select(['id', 'kind', 'owner', 'partner', 'currency', 'balance']).where('id', '=', id).executeTakeFirst();
  return row && toAccount(row);
}

/** The platform's issuing account of a currency (the only kind that goes below zero). */
export const issuanceAccount = (db: Db, currency: string) => ensureAccount(db, 'issuance', 'platform', 0, currency);

/**
 * Gives an account to another partner (an agent moved with its players). Its past entries
 * keep the partner they were made under; the caller logs the change.
 */
export async function setAccountPartner(trx: Db, id: number, partner: number): Promise<void> {
  if (!Number.isSafeInteger(partner) || partner < 0) throw new ApiError(400, 'partner: Must be a whole number ≥ 0');
  const r = await trx.updateTable('ledger_account').set({ partner }).where('id', '=', id).where('kind', '<>', 'issuance').executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw new ApiError(404, `Account ${id} not found`);
}

/** One movement of one account, atomic by itself; joins the caller's transaction when given one. A key seen before is a 409. */
export async function accountPost(db: Db, m: AccountMovement): Promise<Posted> {
  if (!Number.isSafeInteger(m.delta) || m.delta === 0) throw new ApiError(400, 'delta: Must be a non-zero integer');
  try {
    const { rows } = await sql<{ entry_id: number; balance_after: number }>`
      SELECT entry_id, balance_after FROM account_post(${m.account}::bigint, ${m.delta}::bigint, ${m.reason}::text,
        ${m.ref ?? ''}::text, ${m.counterparty ?? ''}::text, ${m.actor}::text, ${m.key ?? null}::text, ${m.at}::timestamptz)`.execute(db);
    const row = rows[0];
    return { entryId: row.entry_id, balanceAfter: row.balance_after };
  } catch (error) {
    throw accountError(error, m.account);
  }
}

function checkAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new ApiError(400, 'amount: Must be a whole number > 0');
}

/** The entry ids of a move applied before under `key` (sides named by their suffixes), or null. */
async function appliedBefore(
  trx: Db,
  key: string | null | undefined,
  sides: [string, string],
  table: ['account_entry' | 'ledger_entry', 'account_entry' | 'ledger_entry'],
): Promise<[number, number] | null> {
  if (!key) return null;
  const first = await entryOfKey(trx, table[0], `${key}:${sides[0]}`);
  if (!first) return null;
  const second = await entryOfKey(trx, table[1], `${key}:${sides[1]}`);
  return [first.id, second?.id ?? 0];
}

/** The entry written under an idempotency key: the account ledger holds its keys, the players' ledger keeps them in ledger_key. */
const entryOfKey = (trx: Db, table: 'account_entry' | 'ledger_entry', key: string) =>
  table === 'account_entry'
    ? trx.selectFrom('account_entry').select('id').where('idem_key', '=', key).executeTakeFirst()
    : trx.selectFrom('ledger_key').select('entry_id as id').where('key', '=', key).executeTakeFirst();

/** Moves `amount` from one account to another of the same currency, both sides or neither (needs a transaction). */
export async function moveBetweenAccounts(trx: Db, from: number, to: number, amount: number, common: MoveCommon): Promise<Move> {
  if (!trx.isTransaction) throw new Error('accounts.moveBetweenAccounts needs a transaction');
  checkAmount(amount);
  if (from === to) throw new ApiError(400, 'to: Must be another account');
  const before = await appliedBefore(trx, common.key, ['out', 'in'], ['account_entry', 'account_entry']);
  if (before) return { applied: false, entries: before, balances: null };
  const accounts = await trx.selectFrom('ledger_account').select(['id', 'currency']).where('id', 'in', [from, to]).execute();
  const currencyOf = (id: number) => accounts.find((a) => a.id === id)?.currency;
  if (!currencyOf(from)) throw new ApiError(404, `Account ${from} not found`);
  if (!currencyOf(to)) throw new ApiError(404, `Account ${to} not found`);
  if (currencyOf(from) !== currencyOf(to)) throw new ApiError(400, 'to: Must be an account of the same currency');
  const key = common.key ?? null;
  const out = await accountPost(trx, { ...common, account: from, delta: -amount, counterparty: `account:${to}`, key: key && `${key}:out` });
  const inn = await accountPost(trx, { ...common, account: to, delta: amount, counterparty: `account:${from}`, key: key && `${key}:in` });
  return { applied: true, entries: [out.entryId, inn.entryId], balances: [out.balanceAfter, inn.balanceAfter] };
}

function playerCurrency(currency: string): Currency {
  if (!(CURRENCIES as readonly string[]).includes(currency)) throw new ApiError(400, `currency: ${currency} is not a player balance`);
  return currency as Currency;
}

/**
 * Moves `amount` from an account to a player's balance of the account's currency (a partner's
 * cloud chips handed to a player, a dealer's sale): account_post and ledger_post in the
 * caller's transaction (required). The player's entry carries the account's reason, ref and actor.
 */
export async function accountToPlayer(trx: Db, account: number, uid: number, amount: number, common: MoveCommon): Promise<Move> {
  if (!trx.isTransaction) throw new Error('accounts.accountToPlayer needs a transaction');
  checkAmount(amount);
  const before = await appliedBefore(trx, common.key, ['account', 'player'], ['account_entry', 'ledger_entry']);
  if (before) return { applied: false, entries: before, balances: null };
  const a = await getAccount(trx, account);
  if (!a) throw new ApiError(404, `Account ${account} not found`);
  const currency = playerCurrency(a.currency);
  const key = common.key ?? null;
  const out = await accountPost(trx, { ...common, account, delta: -amount, counterparty: `player:${uid}`, key: key && `${key}:account` });
  const inn = await ledgerPost(trx, { ...common, uid, currency, delta: amount, ref: common.ref ?? `account:${account}`, key: key && `${key}:player` });
  return { applied: true, entries: [out.entryId, inn.entryId], balances: [out.balanceAfter, inn.balanceAfter] };
}

/** Moves `amount` from a player's balance back to an account (a reclaim): ledger_post then account_post, in the caller's transaction. */
export async function playerToAccount(trx: Db, uid: number, account: number, amount: number, common: MoveCommon): Promise<Move> {
  if (!trx.isTransaction) throw new Error('accounts.playerToAccount needs a transaction');
  checkAmount(amount);
  const before = await appliedBefore(trx, common.key, ['player', 'account'], ['ledger_entry', 'account_entry']);
  if (before) return { applied: false, entries: before, balances: null };
  const a = await getAccount(trx, account);
  if (!a) throw new ApiError(404, `Account ${account} not found`);
  const currency = playerCurrency(a.currency);
  const key = common.key ?? null;
  const out = await ledgerPost(trx, { ...common, uid, currency, delta: -amount, ref: common.ref ?? `account:${account}`, key: key && `${key}:player` });
  const inn = await accountPost(trx, { ...common, account, delta: amount, counterparty: `player:${uid}`, key: key && `${key}:account` });
  return { applied: true, entries: [out.entryId, inn.entryId], balances: [out.balanceAfter, inn.balanceAfter] };
}

/** An account's entries, newest first (for services that show one account's history). */
export async function accountEntries(db: Db, account: number, limit = 100): Promise<AccountEntryRow[]> {
  return db.selectFrom('account_entry').selectAll().where('account', '=', account).orderBy('id', 'desc').limit(limit).execute();
}
