/**
 * The role rules of spec §6 as pure functions. The web menu and the server's authorization
 * both decide through these, from the one catalogue: never a second list of roles anywhere.
 */
import type { AccessSubject, RouteNode, RouteRole } from './types';

/** Path fragments a subject with a falsy `partner` loses, whatever its roles (admin too). */
export const PARTNER_ONLY_PATH_PARTS = ['agentcooperation', 'partnermanager'] as const;

/** Own roles if any, else the parent's effective roles ([] for a module: every signed-in account). */
export function effectiveRoles(node: Pick<RouteNode, 'roles'>, parentRoles: readonly RouteRole[] = []): RouteRole[] {
  return node.roles && node.roles.length > 0 ? [...node.roles] : [...parentRoles];
}

/** '/' + 'homepage' → '/homepage'; '/remoteconfig' + 'sms' → '/remoteconfig/sms'; absolute paths stay. */
export function joinPath(parentPath: string, path: string): string {
  if (path.startsWith('/')) return path;
  return parentPath === '/' || parentPath === '' ? `/${path}` : `${parentPath}/${path}`;
}

/** True when the path is one that a subject without a partner id must never reach. */
export function requiresPartner(fullPath: string): boolean {
  const lower = fullPath.toLowerCase();
  return PARTNER_ONLY_PATH_PARTS.some((part) => lower.includes(part));
}

/**
 * May the subject see one route, given that route's effective roles and full path?
 * Ancestors are not consulted here: see `filterCatalog` / `mayAccess` for reachability.
 */
export function isVisible(roles: readonly RouteRole[], subject: AccessSubject, fullPath: string): boolean {
  if (!subject.partner && requiresPartner(fullPath)) return false;
  const held = subject.roles;
  if (held.includes('admin')) return true;
  if (roles.includes('ban_partner') && held.includes('partner')) return false;
  const grants = roles.filter((role) => role !== 'ban_partner');
  if (grants.length === 0) return true;
  return grants.some((role) => held.includes(role));
}

function filterNode(
  node: RouteNode,
  subject: AccessSubject,
  parentRoles: readonly RouteRole[],
  parentPath: string,
): RouteNode | null {
  const roles = effectiveRoles(node, parentRoles);
  const fullPath = joinPath(parentPath, node.path);
  if (!isVisible(roles, subject, fullPath)) return null;
  if (!node.children || node.children.length === 0) return { ...node };
  const children = filterTree(node.children, subject, roles, fullPath);
  return children.length > 0 ? { ...node, children } : null;
}

function filterTree(
  nodes: readonly RouteNode[],
  subject: AccessSubject,
  parentRoles: readonly RouteRole[],
  parentPath: string,
): RouteNode[] {
  return nodes
    .map((node) => filterNode(node, subject, parentRoles, parentPath))
    .filter((node): node is RouteNode => node !== null);
}

/**
 * The catalogue as the subject's menu: every route it may see, in order. A route with
 * children whose children are all filtered away is dropped (an empty folder is no screen).
 */
export function filterCatalog(tree: readonly RouteNode[], subject: AccessSubject): RouteNode[] {
  return filterTree(tree, subject, [], '');
}
