import type { ReactNode } from 'react';
import { hasAnyRole } from './session';
import { useSession } from './useSession';

/**
 * The permission element of §6: `<Permission roles={['admin', 'secadmin']}>…</Permission>`
 * renders its children only when the signed-in account holds one of the listed roles
 * (admin included only when listed: the rule is "holds one of the listed roles").
 * Without a non-empty role list it is a programming error: it throws "need roles!" (§8).
 */
export const NEED_ROLES = "need roles! Like <Permission roles={['admin', 'editor']}>";

function checkRoles(roles: unknown): asserts roles is readonly string[] {
  if (!Array.isArray(roles) || roles.length === 0 || !roles.every((r) => typeof r === 'string')) {
    throw new Error(NEED_ROLES);
  }
}

export function usePermission(roles: readonly string[]): boolean {
  checkRoles(roles);
  const { user } = useSession();
  return hasAnyRole(user, roles);
}

export function Permission({ roles, children }: { roles: readonly string[]; children?: ReactNode }) {
  return usePermission(roles) ? <>{children}</> : null;
}
