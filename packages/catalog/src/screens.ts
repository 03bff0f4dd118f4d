/**
 * The catalogue flattened and indexed by full path, for the server (one check per operation)
 * and for tooling. `mayAccess(path, s)` is true exactly when the route is in
 * `filterCatalog(catalog, s)`.
 */
import { catalog } from './routes';
import { effectiveRoles, isVisible, joinPath } from './rules';
import type { AccessSubject, RouteNode, RouteRole, ScreenEntry } from './types';

function collect(
  nodes: readonly RouteNode[],
  parent: ScreenEntry | undefined,
  into: ScreenEntry[],
): void {
  for (const node of nodes) {
    const parentRoles = parent ? parent.roleChain[parent.roleChain.length - 1] : [];
    const fullPath = joinPath(parent?.fullPath ?? '', node.path);
    const entry: ScreenEntry = {
      fullPath,
      name: node.name,
      title: node.title,
      icon: node.icon,
      kind: node.kind,
      hidden: node.hidden ?? false,
      module: parent?.module ?? fullPath,
      parentPath: parent?.fullPath,
      childPaths: [],
      roleChain: [...(parent?.roleChain ?? []), effectiveRoles(node, parentRoles)],
    };
    parent?.childPaths.push(fullPath);
    into.push(entry);
    if (node.children) collect(node.children, entry, into);
  }
}

/** Every route of the tree (modules, groups and screens), depth first in menu order. */
export function listScreens(tree: readonly RouteNode[] = catalog): ScreenEntry[] {
  const entries: ScreenEntry[] = [];
  collect(tree, undefined, entries);
  return entries;
}

interface IndexedRoute {
  entry: ScreenEntry;
  /** Full path of each ancestor, outermost first, then of the route itself (pairs with roleChain). */
  pathChain: string[];
}

/** Index of a tree's routes by full path, with the access checks bound to it. */
export function indexCatalog(tree: readonly RouteNode[]) {
  const byPath = new Map<string, IndexedRoute>();
  for (const entry of listScreens(tree)) {
    const parentChain = entry.parentPath ? byPath.get(entry.parentPath)!.pathChain : [];
    byPath.set(entry.fullPath, { entry, pathChain: [...parentChain, entry.fullPath] });
  }

  const ownLinkVisible = ({ entry }: IndexedRoute, subject: AccessSubject) =>
    isVisible(entry.roleChain[entry.roleChain.length - 1], subject, entry.fullPath);

  /** Mirrors filterCatalog: a route with children survives only if one of them does. */
  function keepsAChild(route: IndexedRoute, subject: AccessSubject): boolean {
    const { childPaths } = route.entry;
    if (childPaths.length === 0) return true;
    return childPaths.some((path) => {
      const child = byPath.get(path)!;
      return ownLinkVisible(child, subject) && keepsAChild(child, subject);
    });
  }

  return {
    findScreen: (fullPath: string): ScreenEntry | undefined => byPath.get(fullPath)?.entry,
    mayAccess(fullPath: string, subject: AccessSubject): boolean {
      const route = byPath.get(fullPath);
      if (!route) return false;
      const { roleChain } = route.entry;
      const ancestorsVisible = route.pathChain.every((path, depth) => isVisible(roleChain[depth], subject, path));
      return ancestorsVisible && keepsAChild(route, subject);
    },
    screenRoles(fullPath: string): RouteRole[] {
      const route = byPath.get(fullPath);
      return route ? rolesAlongChain(route.entry.roleChain) : [];
    },
  };
}

/**
 * Roles that alone pass every link of a role chain (ban_partner kept as a marker); 'admin'
 * is listed whenever the result is restricted, since admin passes every link. [] = every
 * signed-in account.
 */
export function rolesAlongChain(chain: readonly (readonly RouteRole[])[]): RouteRole[] {
  let allowed: RouteRole[] | null = null;
  let banPartner = false;
  for (const link of chain) {
    banPartner ||= link.includes('ban_partner');
    const grants = link.filter((role) => role !== 'ban_partner');
    if (grants.length === 0) continue;
    allowed = allowed === null ? grants : grants.filter((role) => allowed!.includes(role));
  }
  if (allowed === null) return banPartner ? ['ban_partner'] : [];
  const result: RouteRole[] = allowed.includes('admin') ? allowed : ['admin', ...allowed];
  return banPartner ? [...result, 'ban_partner'] : result;
}

let defaultIndex: ReturnType<typeof indexCatalog> | undefined;
const index = () => (defaultIndex ??= indexCatalog(catalog));

/** The route of the default catalogue at a full path ('/adminmanager/editer'), if any. */
export const findScreen = (fullPath: string) => index().findScreen(fullPath);
/** May the subject open this route (and call every operation of its screen)? Unknown path: false. */
export const mayAccess = (fullPath: string, subject: AccessSubject) => index().mayAccess(fullPath, subject);
/** Roles for OpenAPI x-roles of a screen's operations ([] = every signed-in account). */
export const screenRoles = (fullPath: string) => index().screenRoles(fullPath);
