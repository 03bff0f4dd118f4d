/**
 * The role rules of spec §6 as pure functions. The web menu and the server's authorization
 * both decide through these, from the one catalogue: never a second list of roles anywhere.
 *
 * Who reaches what (docs/decisions/026-child-roles-beyond-module.md):
 * - A screen (a route without children) is reached by an account that holds one of its
 *   effective roles (its own, else the nearest ancestor's; none: every signed-in account).
 * - A module or group is reached when at least one of its children is: an account holding one
 *   of the module's roles sees the children that inherit them (and those naming its roles); an
 *   account holding only a role that a child names beyond its module (§2: vipdashboard and
 *   /party/search for service and serviceleader, payRank for secadmin and partner) sees the
 *   module with exactly the children that name its roles. A folder left empty is dropped.
 * - The markers hold on every link of the chain whatever the roles: ban_partner hides the link
 *   (and so everything below it) from a partner account, admin excepted; a falsy partner loses
 *   the partner-only paths, admin included. Admin passes every role check.
 */
import type { AccessSubject, RouteNode, RouteRole } from './types';

/** Path fragments a subject with a falsy `partner` loses, whatever its roles (admin too). */
export const PARTNER_ONLY_PATH_PARTS = ['agentcooperation', 'partnermanager'] as const;

/**
 * Own roles if any, else the parent's effective roles ([] for a module: every signed-in account).
 * A list holding only the ban_partner marker names no role: it inherits the parent's roles and
 * adds the marker (so a marked child never opens to accounts its module's roles leave out).
 */
export function effectiveRoles(node: Pick<RouteNode, 'roles'>, parentRoles: readonly RouteRole[] = []): RouteRole[] {
  const own = node.roles ?? [];
  if (own.some((role) => role !== 'ban_partner')) return [...own];
  return own.length > 0 && !parentRoles.includes('ban_partner') ? [...parentRoles, 'ban_partner'] : [...parentRoles];
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
 * The markers of one link, which no role opens: a falsy partner loses the partner-only paths
 * (admin too); ban_partner hides the link from an account holding partner (admin excepted).
 */
export function passesMarkers(roles: readonly RouteRole[], subject: AccessSubject, fullPath: string): boolean {
  if (!subject.partner && requiresPartner(fullPath)) return false;
  const held = subject.roles;
  if (held.includes('admin')) return true;
  return !(roles.includes('ban_partner') && held.includes('partner'));
}

/** Does the subject hold one of the roles (ban_partner aside; none left: every account; admin: always)? */
export function holdsGrant(roles: readonly RouteRole[], subject: AccessSubject): boolean {
  const held = subject.roles;
  if (held.includes('admin')) return true;
  const grants = roles.filter((role) => role !== 'ban_partner');
  return grants.length === 0 || grants.some((role) => held.includes(role));
}

/**
 * May the subject open one screen, given its effective roles and full path (its markers and
 * its roles)? The ancestors' markers are not consulted here: see `filterCatalog` / `mayAccess`.
 */
export function isVisible(roles: readonly RouteRole[], subject: AccessSubject, fullPath: string): boolean {
  return passesMarkers(roles, subject, fullPath) && holdsGrant(roles, subject);
}

function filterNode(node: RouteNode, subject: AccessSubject, parentRoles: readonly RouteRole[], parentPath: string): RouteNode | null {
  const roles = effectiveRoles(node, parentRoles);
  const fullPath = joinPath(parentPath, node.path);
  if (!node.children || node.children.length === 0) return isVisible(roles, subject, fullPath) ? { ...node } : null;
  // A folder's own roles open nothing by themselves: its children decide (their roles, or its
  // roles where they inherit), so a child naming a role the module lacks is reachable (026).
  if (!passesMarkers(roles, subject, fullPath)) return null;
  const children = filterTree(node.children, subject, roles, fullPath);
  return children.length > 0 ? { ...node, children } : null;
}

function filterTree(nodes: readonly RouteNode[], subject: AccessSubject, parentRoles: readonly RouteRole[], parentPath: string): RouteNode[] {
  return nodes.map((node) => filterNode(node, subject, parentRoles, parentPath)).filter((node): node is RouteNode => node !== null);
}

/**
 * The catalogue as the subject's menu: every route it may reach, in order (see the rules at the
 * top). A route with children whose children are all filtered away is dropped (an empty folder
 * is no screen).
 */
export function filterCatalog(tree: readonly RouteNode[], subject: AccessSubject): RouteNode[] {
  return filterTree(tree, subject, [], '');
}
