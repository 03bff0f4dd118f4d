import { describe, expect, it } from 'vitest';
import type { RouteNode } from '@console/catalog';
import { buildAccess, normalizePath, resolveTarget } from './routes';

const t = (en: string) => ({ en, zh: en });
const tree: RouteNode[] = [
  {
    path: '/',
    name: 'root',
    title: t('Home'),
    children: [
      { path: 'homepage', name: 'homepage', title: t('Data report'), kind: 'dashboard' },
      { path: 'homepage/settings', name: 'homepageSettings', title: t('Account settings'), kind: 'page', hidden: true },
      { path: 'payReport', name: 'payReport', title: t('Pay report'), kind: 'report' },
    ],
  },
  {
    path: '/remoteconfig',
    name: 'remoteconfig',
    title: t('Remote config'),
    children: [
      {
        path: 'sms',
        name: 'remoteconfigSms',
        title: t('SMS'),
        children: [{ path: 'smslogs', name: 'remoteconfigSmsSmslogs', title: t('SMS logs'), kind: 'list' }],
      },
      { path: 'cashOutEdter', name: 'remoteconfigCashOutEdter', title: t('Cash-out'), kind: 'config' },
    ],
  },
];

describe('routes derived from the visible catalogue', () => {
  const access = buildAccess(tree);

  it('lists every screen by full path with its breadcrumb trail', () => {
    expect([...access.screens.keys()].sort()).toEqual([
      '/homepage',
      '/homepage/settings',
      '/payReport',
      '/remoteconfig/cashOutEdter',
      '/remoteconfig/sms/smslogs',
    ]);
    expect(access.screens.get('/remoteconfig/sms/smslogs')!.trail.map((n) => n.name)).toEqual(['remoteconfig', 'remoteconfigSms', 'remoteconfigSmsSmslogs']);
  });

  it('/ goes to /homepage when visible, else to the first visible screen, else to settings', () => {
    expect(resolveTarget('/', access)).toEqual({ kind: 'redirect', to: '/homepage' });
    const noHome = buildAccess([{ ...tree[0], children: tree[0].children!.filter((c) => c.name !== 'homepage') }, tree[1]]);
    expect(resolveTarget('/', noHome)).toEqual({ kind: 'redirect', to: '/payReport' });
    const onlyModule = buildAccess([tree[1]]);
    expect(onlyModule.home).toBe('/remoteconfig/sms/smslogs');
    expect(buildAccess([]).home).toBe('/homepage/settings');
  });

  it('opens visible screens and sends group paths to their first screen', () => {
    const r = resolveTarget('/remoteconfig/cashOutEdter/', access);
    expect(r.kind === 'screen' && r.entry.node.name).toBe('remoteconfigCashOutEdter');
    expect(resolveTarget('/remoteconfig', access)).toEqual({ kind: 'redirect', to: '/remoteconfig/sms/smslogs' });
    expect(resolveTarget('/remoteconfig/sms', access)).toEqual({ kind: 'redirect', to: '/remoteconfig/sms/smslogs' });
  });

  it('never renders a route the account may not see: unknown or filtered paths go to /404', () => {
    expect(resolveTarget('/usermanager/userlist', access)).toEqual({ kind: 'redirect', to: '/404' });
    expect(resolveTarget('/nowhere', access)).toEqual({ kind: 'redirect', to: '/404' });
    expect(resolveTarget('/404', access)).toEqual({ kind: 'notFound' });
  });

  it('account settings are open to every signed-in account', () => {
    expect(resolveTarget('/homepage/settings', access)).toEqual({ kind: 'settings' });
    expect(resolveTarget('/homepage/settings', buildAccess([]))).toEqual({ kind: 'settings' });
  });

  it('normalises paths', () => {
    expect(normalizePath('//a//b/')).toBe('/a/b');
    expect(normalizePath('/')).toBe('/');
  });
});
