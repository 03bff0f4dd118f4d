/**
 * Partner scoping: a partner account (holds the `partner` role, not admin) sees and touches
 * only rows of its own partner. Every query over partner-owned rows filters through here.
 */
import { sql, type Expression, type SqlBool } from 'kysely';

export interface ScopedSubject {
  roles: readonly string[];
  partner: number;
}

/** A partner id no row carries: a partner account without a partner sees nothing. */
const NO_PARTNER = -1;

/** The partner id to filter by, or null when the account sees every partner's rows. */
export function partnerScope(user: ScopedSubject): number | null {
  if (user.roles.includes('admin') || !user.roles.includes('partner')) return null;
  return user.partner > 0 ? user.partner : NO_PARTNER;
}

/** `column = <own partner>` for a scoped account, `true` otherwise; usable in any where(). */
export function ownPartnerFilter(user: ScopedSubject, column: string): Expression<SqlBool> {
  const scope = partnerScope(user);
  return scope === null ? sql<SqlBool>`true` : sql<SqlBool>`${sql.ref(column)} = ${scope}`;
}

/** Adds the partner filter to a select, update or delete query builder. */
export function whereOwnPartner<QB extends { where(expression: Expression<SqlBool>): QB }>(qb: QB, user: ScopedSubject, column: string): QB {
  return qb.where(ownPartnerFilter(user, column));
}

/** May this account act on a row of this partner? */
export function ownsPartner(user: ScopedSubject, partner: number): boolean {
  const scope = partnerScope(user);
  return scope === null || scope === partner;
}
