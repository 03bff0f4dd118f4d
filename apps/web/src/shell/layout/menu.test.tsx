import { describe, expect, it } from 'vitest';
import type { RouteNode } from '@console/catalog';
import { ancestorKeys, menuItems } from './menu';
import { isMobileWidth } from './device';

const t = (en: string, zh = en + '·zh') => ({ en, zh });
const tree: RouteNode[] = [
  {
    path: '/',
    name: 'root',
    title: t('Data overview'),
    icon: 'HomeOutlined',
    children: [
      { path: 'homepage', name: 'homepage', title: t('Data report'), icon: 'DashboardOutlined' },
      { path: 'homepage/settings', name: 'homepageSettings', title: t('Account settings'), hidden: true },
    ],
  },
  {
    path: '/remoteconfig',
    name: 'remoteconfig',
    title: t('Remote config'),
    children: [{ path: 'sms', name: 'remoteconfigSms', title: t('SMS'), children: [{ path: 'smslogs', name: 'smslogs', title: t('SMS logs') }] }],
  },
  { path: '/hiddenonly', name: 'hiddenonly', title: t('Only hidden'), children: [{ path: 'x', name: 'x', title: t('X'), hidden: true }] },
];
const Icon = () => null;

describe('sidebar menu', () => {
  it('keys items by full path, titles them in the current language and leaves hidden routes out', () => {
    const items = menuItems(tree, 'zh', { HomeOutlined: Icon }) as {
      key: string;
      label: string;
      children?: { key: string; label: string; children?: unknown[] }[];
    }[];
    expect(items.map((i) => i.key)).toEqual(['/', '/remoteconfig']);
    expect(items[0].label).toBe('Data overview·zh');
    expect(items[0].children!.map((c) => c.key)).toEqual(['/homepage']);
    expect(items[1].children![0].key).toBe('/remoteconfig/sms');
    expect((items[1].children![0].children as { key: string }[])[0].key).toBe('/remoteconfig/sms/smslogs');
  });

  it('opens the submenus above the current screen', () => {
    const trail = [tree[1], tree[1].children![0], tree[1].children![0].children![0]];
    expect(ancestorKeys(trail)).toEqual(['/remoteconfig', '/remoteconfig/sms']);
    expect(ancestorKeys([tree[0], tree[0].children![0]])).toEqual(['/']);
  });

  it('is mobile below 992 px', () => {
    expect(isMobileWidth(991)).toBe(true);
    expect(isMobileWidth(992)).toBe(false);
  });
});
