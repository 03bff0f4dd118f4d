/**
 * The catalogue flattened and indexed by full path, for the server (one check per operation)
 * and for tooling. `mayAccess(path, s)` is true exactly when the route is in
 * `filterCatalog(catalog, s)` (the rules at the top of rules.ts; decision 026: a child's roles
 * reach it even when its module does not list them).
 */
import { catalog } from './routes';
import { effectiveRoles, holdsGrant, joinPath, passesMarkers } from './rules';
import type { AccessSubject, RouteNode, RouteRole, ScreenEntry } from './types';

function collect(nodes: readonly RouteNode[], parent: ScreenEntry | undefined, into: ScreenEntry[]): void {
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

  const ownRoles = ({ entry }: IndexedRoute) => entry.roleChain[entry.roleChain.length - 1];
  const markersPass = (route: IndexedRoute, subject: AccessSubject) => passesMarkers(ownRoles(route), subject, route.entry.fullPath);
  const childrenOf = (route: IndexedRoute) => route.entry.childPaths.map((path) => byPath.get(path)!);

  /** Mirrors filterCatalog below a route whose ancestors' markers pass: a screen by its roles, a folder by a child. */
  function reachable(route: IndexedRoute, subject: AccessSubject): boolean {
    if (!markersPass(route, subject)) return false;
    if (route.entry.childPaths.length === 0) return holdsGrant(ownRoles(route), subject);
    return childrenOf(route).some((child) => reachable(child, subject));
  }

  /** Who reaches a route on their role alone (see `screenRoles`). */
  function reach(route: IndexedRoute): Reach {
    if (route.entry.childPaths.length === 0) {
      const grants = ownRoles(route).filter((role) => role !== 'ban_partner');
      return { grants, banPartner: route.entry.roleChain.some((link) => link.includes('ban_partner')) };
    }
    const below = childrenOf(route).map(reach);
    const grants: RouteRole[] = below.some((r) => r.grants.length === 0) ? [] : [...new Set(below.flatMap((r) => r.grants))];
    return { grants, banPartner: below.every((r) => r.banPartner) };
  }

  return {
    findScreen: (fullPath: string): ScreenEntry | undefined => byPath.get(fullPath)?.entry,
    mayAccess(fullPath: string, subject: AccessSubject): boolean {
      const route = byPath.get(fullPath);
      if (!route) return false;
      const ancestorsPass = route.pathChain.slice(0, -1).every((path) => markersPass(byPath.get(path)!, subject));
      return ancestorsPass && reachable(route, subject);
    },
    screenRoles(fullPath: string): RouteRole[] {
      const route = byPath.get(fullPath);
      return route ? xRoles(reach(route)) : [];
    },
  };
}

interface Reach {
  /** Roles any one of which opens the route ([]: every signed-in account); ban_partner aside. */
  grants: RouteRole[];
  /** Hidden from a partner account whatever its other roles (admin excepted). */
  banPartner: boolean;
}

/**
 * A route's roles as OpenAPI x-roles: 'admin' is listed first whenever the result is restricted,
 * since admin passes every check; ban_partner kept as a marker; [] = every signed-in account.
 */
function xRoles({ grants, banPartner }: Reach): RouteRole[] {
  if (grants.length === 0) return banPartner ? ['ban_partner'] : [];
  const result: RouteRole[] = ['admin', ...grants.filter((role) => role !== 'admin')];
  return banPartner ? [...result, 'ban_partner'] : result;
}

let defaultIndex: ReturnType<typeof indexCatalog> | undefined;
const index = () => (defaultIndex ??= indexCatalog(catalog));

/** The route of the default catalogue at a full path ('/adminmanager/editer'), if any. */
export const findScreen = (fullPath: string) => index().findScreen(fullPath);
/** May the subject open this route (and call every operation of its screen)? Unknown path: false. */
export const mayAccess = (fullPath: string, subject: AccessSubject) => index().mayAccess(fullPath, subject);
/**
 * Roles for OpenAPI x-roles of a screen's operations: the screen's own effective roles (its
 * module's roles do not narrow them, decision 026), with 'admin' and the ban_partner marker of
 * any link of its chain; [] = every signed-in account. For a folder: the union over its children
 * (the marker only when every child carries it). The partner-only paths are not a role: see
 * `requiresPartner`.
 */
export const screenRoles = (fullPath: string) => index().screenRoles(fullPath);
