/** Roles of §1. `ban_partner` is a marker: a route carrying it is hidden from partner accounts (§6). */
export const ROLES = [
  'admin',
  'secadmin',
  'business',
  'service',
  'serviceleader',
  'partner',
  'sales',
  'maint',
  'main',
  'groundpromoter',
  'provincepromoter',
  'delivery',
  'editor',
] as const;
export type Role = (typeof ROLES)[number];
export type RouteRole = Role | 'ban_partner';

/** The kind of screen a route opens; drives which screen-kit component renders it. */
export type ScreenKind = 'list' | 'config' | 'dashboard' | 'report' | 'workflow' | 'page';

export interface RouteNode {
  /** Module: absolute ('/usermanager'); child: relative segment ('userlist'). */
  path: string;
  /** Unique key across the catalogue; also the i18n key of the title. */
  name: string;
  title: { en: string; zh: string };
  /** @ant-design/icons component name, e.g. 'UserOutlined'. */
  icon?: string;
  /** Any-of roles. Absent or empty: a child inherits its parent's; a module is open to every signed-in account. */
  roles?: RouteRole[];
  kind?: ScreenKind;
  /** Not shown in the menu (still routable). */
  hidden?: boolean;
  children?: RouteNode[];
}

/** The account as the rules of §6 see it. */
export interface AccessSubject {
  roles: readonly string[];
  /** Partner id, 0 (or falsy) for none. */
  partner: number | null | undefined | false;
}

/** One route of the catalogue, flattened, as `listScreens` returns it. */
export interface ScreenEntry {
  /** '/adminmanager/editer'; children of the fixed module '/' are '/homepage', '/homepage/settings'. */
  fullPath: string;
  name: string;
  title: { en: string; zh: string };
  icon?: string;
  kind?: ScreenKind;
  hidden: boolean;
  /** Path of the top-level module the route belongs to ('/' for the fixed routes). */
  module: string;
  /** Full path of the parent route; undefined for a module. */
  parentPath?: string;
  /** Full paths of the direct children (empty for a screen). */
  childPaths: string[];
  /** Effective roles of each ancestor, outermost first, then of the route itself. */
  roleChain: RouteRole[][];
}
