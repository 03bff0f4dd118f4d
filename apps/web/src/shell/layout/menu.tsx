import type { RouteNode } from '@console/catalog';
import type { MenuProps } from 'antd';
import type { ComponentType } from 'react';
import type { Language } from '../language';
import { joinPath, normalizePath } from '../routes';

type Item = Required<MenuProps>['items'][number];

/** The sidebar menu of the visible catalogue: titles in the current language, hidden routes left out. */
export function menuItems(tree: readonly RouteNode[], lang: Language, icons: Record<string, ComponentType>, parent = ''): Item[] {
  // A group whose screens are all hidden (e.g. '/' holding only account settings) is no menu entry.
  const shown = tree.filter((n) => !n.hidden && (!n.children?.length || n.children.some((c) => !c.hidden)));
  return shown.map((node) => {
    const key = parent ? joinPath(parent, node.path) : normalizePath(node.path);
    const Icon = node.icon ? icons[node.icon] : undefined;
    const icon = Icon ? <Icon /> : undefined;
    const label = node.title[lang];
    const children = (node.children ?? []).filter((c) => !c.hidden);
    if (children.length === 0) return { key, icon, label, title: label };
    return { key, icon, label, children: menuItems(node.children ?? [], lang, icons, key) };
  });
}

/** '/remoteconfig/sms/smslogs' in the tree → ['/remoteconfig', '/remoteconfig/sms'] (the submenus to open). */
export function ancestorKeys(trail: readonly RouteNode[]): string[] {
  const keys: string[] = [];
  let path = '';
  for (const node of trail.slice(0, -1)) {
    path = path ? joinPath(path, node.path) : normalizePath(node.path);
    keys.push(path);
  }
  return keys;
}
