import type { RouteNode, RouteRole, ScreenKind } from './types';

/** A catalogue entry before names are assigned: names derive from the path (see `defineModule`). */
export interface RouteSpec extends Omit<RouteNode, 'name' | 'children'> {
  name?: string;
  children?: RouteSpec[];
}

type Extra = Partial<Pick<RouteSpec, 'icon' | 'roles' | 'hidden' | 'name'>>;

/** A leaf screen. */
export function screen(path: string, en: string, zh: string, kind: ScreenKind, extra: Extra = {}): RouteSpec {
  return { path, title: { en, zh }, kind, ...extra };
}

/** A menu folder holding screens (a module or a nested group such as /remoteconfig/sms). */
export function group(path: string, en: string, zh: string, children: RouteSpec[], extra: Extra = {}): RouteSpec {
  return { path, title: { en, zh }, ...extra, children };
}

/** Shorthand for a role list, so data files read like the spec. */
export const roles = (...list: RouteRole[]): { roles: RouteRole[] } => ({ roles: list });

function upperFirst(word: string): string {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}

/** 'agent_config' → 'AgentConfig'; 'homepage/settings' → 'HomepageSettings'. */
function pathWords(path: string): string {
  return path
    .split(/[/_-]+/)
    .filter(Boolean)
    .map(upperFirst)
    .join('');
}

function nameTree(spec: RouteSpec, prefix: string): RouteNode {
  const name = spec.name ?? (prefix ? prefix + pathWords(spec.path) : lowerFirstWord(pathWords(spec.path)));
  const { children, ...rest } = spec;
  const node: RouteNode = { ...rest, name };
  if (children) node.children = children.map((child) => nameTree(child, name === 'root' ? '' : name));
  return node;
}

function lowerFirstWord(words: string): string {
  return words ? words[0].toLowerCase() + words.slice(1) : words;
}

/**
 * A top-level module. Every route's `name` (unique, the i18n key of its title) is the module's
 * name followed by its path segments: /usermanager → 'usermanager', its child batchsendgold →
 * 'usermanagerBatchsendgold', grandchild sendgold → 'usermanagerBatchsendgoldSendgold'.
 * Children of the fixed module '/' (named 'root') take no prefix: 'homepage', 'homepageSettings'.
 */
export function defineModule(spec: RouteSpec): RouteNode {
  const name = spec.name ?? (spec.path === '/' ? 'root' : spec.path.slice(1));
  return nameTree({ ...spec, name }, '');
}
