/**
 * Daily issue limits (§6): each permission group has a daily limit per account and currency
 * (chips; cash = the withdrawable balance, in centavos). An account's limit is the largest of
 * its groups'. `chargeIssue` adds an amount to what the account issued today (GMT+08:00 day)
 * with a guard, in the caller's transaction, so the check and the credit commit together:
 * concurrent issuers can never pass the limit together.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { IssueCurrency } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { consoleDay } from '@console/time';

/** §6 permission groups, by the role that puts an account in each. */
export const PERMISSION_GROUPS = {
  admin: 'Admin',
  secadmin: 'Second Admin',
  business: 'Operation',
  service: 'Customers Service',
  sales: 'Sales',
  delivery: 'Delivery',
  groundpromoter: 'Chief Ground Promoter',
  provincepromoter: 'Province Promoter',
  serviceleader: 'Customer Service Leader',
  maint: 'Maint',
  partner: 'Partner',
} as const satisfies Record<string, string>;

export type PermissionGroup = (typeof PERMISSION_GROUPS)[keyof typeof PERMISSION_GROUPS];
export const PERMISSION_GROUP_NAMES = Object.values(PERMISSION_GROUPS) as PermissionGroup[];

export interface Issuer {
  username: string;
  roles: readonly string[];
}

export function groupsOf(roles: readonly string[]): PermissionGroup[] {
  return roles.flatMap((r) => (r in PERMISSION_GROUPS ? [PERMISSION_GROUPS[r as keyof typeof PERMISSION_GROUPS]] : []));
}

/** The account's daily limit of a currency (0 when none of its groups has one). */
export async function dailyLimit(db: Db, issuer: Issuer, currency: IssueCurrency): Promise<number> {
  const groups = groupsOf(issuer.roles);
  if (groups.length === 0) return 0;
  const row = await db
    .selectFrom('issue_limit')
    .select((eb) => eb.fn.max('daily_limit').as('limit'))
    .where('currency', '=', currency)
    .where('permission_group', 'in', groups)
    .executeTakeFirst();
  return row?.limit ?? 0;
}

export interface IssueAllowance {
  limit: number;
  issued: number;
  remaining: number;
}

/** What the account may still issue today. */
export async function allowance(db: Db, issuer: Issuer, currency: IssueCurrency, now: Date): Promise<IssueAllowance> {
  const limit = await dailyLimit(db, issuer, currency);
  const row = await db
    .selectFrom('issue_usage')
    .select('issued')
    .where('username', '=', issuer.username)
    .where('day', '=', consoleDay(now))
    .where('currency', '=', currency)
    .executeTakeFirst();
  const issued = row?.issued ?? 0;
  return { limit, issued, remaining: Math.max(0, limit - issued) };
}

export const dailyLimitExceeded = (a: IssueAllowance) => new ApiError(409, `Daily issue limit exceeded: ${a.remaining} left of ${a.limit}`);

/**
 * Counts `amount` against today's limit, in the caller's transaction (required); 409 and
 * nothing counted when it does not fit.
 */
export async function chargeIssue(trx: Db, issuer: Issuer, currency: IssueCurrency, amount: number, now: Date): Promise<IssueAllowance> {
  if (!trx.isTransaction) throw new Error('chargeIssue needs a transaction');
  const limit = await dailyLimit(trx, issuer, currency);
  const day = consoleDay(now);
  await trx
    .insertInto('issue_usage')
    .values({ username: issuer.username, day, currency, issued: 0 })
    .onConflict((oc) => oc.columns(['username', 'day', 'currency']).doNothing())
    .execute();
  const { rows } = await sql<{ issued: string }>`
    UPDATE issue_usage SET issued = issued + ${amount}
    WHERE username = ${issuer.username} AND day = ${day} AND currency = ${currency} AND issued + ${amount} <= ${limit}
    RETURNING issued`.execute(trx);
  if (rows.length === 0) throw dailyLimitExceeded(await allowance(trx, issuer, currency, now));
  const issued = Number(rows[0].issued);
  return { limit, issued, remaining: limit - issued };
}

/**
 * Charges several amounts in their order, each on its own, in the caller's transaction
 * (required): an amount that does not fit what is left is refused (its refusal message in
 * `refusals`, null for a charged one) and a later, smaller one may still fit. The day's usage
 * row is locked until the transaction ends, so the decisions hold against concurrent issuers;
 * the charged sum is added by one guarded UPDATE.
 */
export async function chargeEach(
  trx: Db,
  issuer: Issuer,
  currency: IssueCurrency,
  amounts: readonly number[],
  now: Date,
): Promise<{ refusals: (string | null)[]; allowance: IssueAllowance }> {
  if (!trx.isTransaction) throw new Error('chargeEach needs a transaction');
  const limit = await dailyLimit(trx, issuer, currency);
  const day = consoleDay(now);
  await trx
    .insertInto('issue_usage')
    .values({ username: issuer.username, day, currency, issued: 0 })
    .onConflict((oc) => oc.columns(['username', 'day', 'currency']).doNothing())
    .execute();
  const { rows } = await sql<{ issued: string }>`
    SELECT issued FROM issue_usage WHERE username = ${issuer.username} AND day = ${day} AND currency = ${currency} FOR UPDATE`.execute(trx);
  let issued = Number(rows[0].issued);
  const start = issued;
  const refusals = amounts.map((amount) => {
    if (issued + amount <= limit) {
      issued += amount;
      return null;
    }
    return dailyLimitExceeded({ limit, issued, remaining: Math.max(0, limit - issued) }).message;
  });
  if (issued > start) {
    const updated = await sql`
      UPDATE issue_usage SET issued = issued + ${issued - start}
      WHERE username = ${issuer.username} AND day = ${day} AND currency = ${currency} AND issued + ${issued - start} <= ${limit}`.execute(trx);
    if (Number(updated.numAffectedRows ?? 0) !== 1) throw new Error('issue_usage changed under its row lock');
  }
  return { refusals, allowance: { limit, issued, remaining: Math.max(0, limit - issued) } };
}

/** Gives back part of what this transaction charged (a credit that failed after its charge). */
export async function releaseIssue(trx: Db, username: string, currency: IssueCurrency, amount: number, now: Date): Promise<void> {
  if (!trx.isTransaction) throw new Error('releaseIssue needs a transaction');
  if (amount <= 0) return;
  await sql`UPDATE issue_usage SET issued = issued - ${amount}
    WHERE username = ${username} AND day = ${consoleDay(now)} AND currency = ${currency}`.execute(trx);
}
