import type { RouteNode } from '@console/catalog';

/**
 * The routes an account may open, derived from its filtered catalogue tree (§2, §6).
 * Pure: the guard and the layout both read an Access built once per signed-in user.
 */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/homepage';
export const SETTINGS_PATH = '/homepage/settings';
export const NOT_FOUND_PATH = '/404';

export interface ScreenEntry {
  fullPath: string;
  node: RouteNode;
  /** Ancestors then the node itself (breadcrumb: module / screen). */
  trail: RouteNode[];
}

export interface Access {
  /** Every routable screen, by full path. */
  screens: Map<string, ScreenEntry>;
  /** Group (module or nested group) path → its first visible screen. */
  groups: Map<string, string>;
  /** The visible tree itself (menu). */
  tree: RouteNode[];
  /** Where '/' goes: /homepage when visible, else the first visible screen, else settings. */
  home: string;
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return normalizePath(child);
  return normalizePath(`${parent.replace(/\/+$/, '')}/${child}`);
}

export function normalizePath(path: string): string {
  const p = ('/' + path).replace(/\/{2,}/g, '/');
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

function walk(nodes: RouteNode[], parentPath: string, parents: RouteNode[], access: Access): string | undefined {
  let first: string | undefined;
  for (const node of nodes) {
    const fullPath = parents.length === 0 ? normalizePath(node.path) : joinPath(parentPath, node.path);
    const trail = [...parents, node];
    const kids = node.children ?? [];
    const firstBelow = kids.length ? walk(kids, fullPath, trail, access) : undefined;
    const isScreen = kids.length === 0 || node.kind !== undefined;
    if (isScreen && fullPath !== '/' && !access.screens.has(fullPath)) access.screens.set(fullPath, { fullPath, node, trail });
    const firstHere = isScreen && fullPath !== '/' ? fullPath : firstBelow;
    if (kids.length && firstBelow && !access.groups.has(fullPath)) access.groups.set(fullPath, firstBelow);
    // The menu order decides the first visible screen, hidden entries never.
    if (!first && !node.hidden && firstHere) first = firstHere;
  }
  return first;
}

export function buildAccess(visibleTree: RouteNode[]): Access {
  const access: Access = { screens: new Map(), groups: new Map(), tree: visibleTree, home: SETTINGS_PATH };
  const first = walk(visibleTree, '/', [], access);
  access.home = access.screens.has(HOME_PATH) ? HOME_PATH : (first ?? SETTINGS_PATH);
  return access;
}

export type Target = { kind: 'screen'; entry: ScreenEntry } | { kind: 'settings' } | { kind: 'notFound' } | { kind: 'redirect'; to: string };

/** What a signed-in account sees at `path`: a catalogue route it may not see is a 404, never rendered. */
export function resolveTarget(rawPath: string, access: Access): Target {
  const path = normalizePath(rawPath);
  if (path === '/') return { kind: 'redirect', to: access.home };
  if (path === NOT_FOUND_PATH) return { kind: 'notFound' };
  if (path === SETTINGS_PATH) return { kind: 'settings' };
  const entry = access.screens.get(path);
  if (entry) return { kind: 'screen', entry };
  const first = access.groups.get(path);
  if (first) return { kind: 'redirect', to: first };
  return { kind: 'redirect', to: NOT_FOUND_PATH };
}
