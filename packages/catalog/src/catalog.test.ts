import * as antIcons from '@ant-design/icons';
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { buildCatalog, catalog, optionalModules } from './routes';
import { filterCatalog, joinPath } from './rules';
import { findScreen, listScreens, mayAccess, screenRoles } from './screens';
import { ROLES, type AccessSubject, type RouteNode } from './types';

const SPEC_MODULE_ORDER = [
  '/',
  '/gameserver',
  '/gamehomepage',
  '/activities',
  '/tinygames',
  '/messages',
  '/usermanager',
  '/treasurehunt',
  '/vipmanager',
  '/agentcash',
  '/loseuser',
  '/cheatmanager',
  '/party',
  '/family',
  '/adminmanager',
  '/agentx',
  '/personalcontrol',
  '/TPpersonalcontrol',
  '/remoteconfig',
  '/platmanager',
  '/agentcooperation',
  '/partnermanager',
  '/groundpromoters',
];

/** The demo accounts of the contract: one per role, the partner account belongs to partner 1. */
const demo = (role: string): AccessSubject => ({ roles: [role], partner: role === 'partner' ? 1 : 0 });
const full = buildCatalog({ agentmanager: true, aigames: true });
const entries = listScreens(full);
const menuPaths = (nodes: RouteNode[], prefix = ''): string[] =>
  nodes.flatMap((n) => [joinPath(prefix, n.path), ...menuPaths(n.children ?? [], joinPath(prefix, n.path))]);
const whoMay = (path: string) => ROLES.filter((role) => mayAccess(path, demo(role)));

describe('catalogue data', () => {
  it('has the modules of §2 in menu order, without the optional ones by default', () => {
    expect(catalog.map((m) => m.path)).toEqual(SPEC_MODULE_ORDER);
  });

  it('adds /agentmanager and /aigames only when enabled', () => {
    expect(buildCatalog({ aigames: true }).map((m) => m.path)).toContain('/aigames');
    expect(buildCatalog({ aigames: true }).map((m) => m.path)).not.toContain('/agentmanager');
    expect(full.map((m) => m.path).filter((p) => !SPEC_MODULE_ORDER.includes(p))).toEqual(['/aigames', '/agentmanager']);
    expect(findScreen('/aigames')).toBeUndefined();
    expect(mayAccess('/agentmanager/preview', { roles: ['admin'], partner: 1 })).toBe(false);
  });

  it('gives every route a unique name and a unique full path', () => {
    expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
    expect(new Set(entries.map((e) => e.fullPath)).size).toBe(entries.length);
  });

  it('gives every route an English and a Chinese title, different from each other', () => {
    for (const { fullPath, title } of entries) {
      expect(title.en.trim(), fullPath).not.toBe('');
      expect(title.zh, fullPath).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('gives every screen a kind, every module a real @ant-design/icons icon', () => {
    for (const e of entries) if (e.childPaths.length === 0) expect(e.kind, e.fullPath).toBeDefined();
    for (const e of entries.filter((e) => e.icon || !e.parentPath)) {
      expect(antIcons, e.fullPath).toHaveProperty(e.icon!);
    }
  });

  it('names every child §2 lists for a few modules', () => {
    const childrenOf = (path: string) => findScreen(path)!.childPaths.map((p) => p.slice(path.length + 1));
    expect(childrenOf('/remoteconfig/sms')).toEqual(['smslogs', 'smsconfig', 'localconfig', 'globalconfig']);
    expect(childrenOf('/tinygames/tongits')).toEqual(['dashboard', 'dashboard1v1', 'tongitsconfig', 'aiconfig', 'aidashboard']);
    // the 29 of §2, the hidden /usermanager/playerchips (roles of the detail's chip actions)
    // and cashoutreview (docs/decisions/006-cashout-review.md), the hidden payorderdecide (who
    // decides held recharge orders)
    expect(childrenOf('/usermanager')).toHaveLength(32);
    expect(findScreen('/usermanager/payorderdecide')).toMatchObject({ hidden: true, kind: 'workflow' });
    expect(findScreen('/usermanager/playerchips')).toMatchObject({ hidden: true, kind: 'workflow' });
    expect(childrenOf('/platmanager')).toHaveLength(11);
    // the 12 of §2 and the hidden agentedit and rebateadjust (docs/decisions/021-agents.md)
    expect(childrenOf('/agentcooperation')).toHaveLength(14);
  });

  it('names roles beyond a module only where §2 does (reachable through that child: decision 026)', () => {
    const beyond = entries.flatMap((e) => {
      const own = e.roleChain[e.roleChain.length - 1];
      const ancestors = e.roleChain.slice(0, -1).filter((link) => link.length > 0);
      return own.filter((r) => r !== 'admin' && r !== 'ban_partner' && ancestors.some((link) => !link.includes(r))).map((r) => `${e.fullPath}:${r}`);
    });
    expect(beyond).toEqual([
      '/vipmanager/vipdashboard:service',
      '/vipmanager/vipdashboard:serviceleader',
      '/party/search:service',
      '/party/search:serviceleader',
      '/personalcontrol/payRank:secadmin',
      '/personalcontrol/payRank:partner',
    ]);
  });
});

describe('demo accounts', () => {
  it.each(ROLES.map((role) => [role]))('%s: the menu and mayAccess agree', (role) => {
    const shown = new Set(menuPaths(filterCatalog(catalog, demo(role))));
    expect(
      listScreens()
        .filter((e) => mayAccess(e.fullPath, demo(role)))
        .map((e) => e.fullPath),
    ).toEqual([...shown]);
  });

  it('the partner account never sees a ban_partner route', () => {
    const banned = listScreens().filter((e) => e.roleChain.some((link) => link.includes('ban_partner')));
    expect(banned.map((e) => e.fullPath)).toContain('/tinygames/jiligames/logs');
    for (const e of banned) expect(mayAccess(e.fullPath, demo('partner')), e.fullPath).toBe(false);
    expect(mayAccess('/tinygames/luckyjoker/dashboard', demo('partner'))).toBe(true);
  });

  it('accounts without a partner lose agentcooperation and partnermanager, admin included', () => {
    const partnerPaths = listScreens().filter((e) => /agentcooperation|partnermanager/.test(e.fullPath));
    const withoutPartner = ROLES.filter((role) => !demo(role).partner);
    expect(withoutPartner).toHaveLength(12);
    for (const role of withoutPartner) for (const e of partnerPaths) expect(mayAccess(e.fullPath, demo(role)), `${role} ${e.fullPath}`).toBe(false);
    expect(mayAccess('/agentcooperation/agentediter', { roles: ['admin'], partner: 1 })).toBe(true);
    expect(mayAccess('/agentcooperation/agentediter', demo('partner'))).toBe(true);
  });

  it.each<[string, string[]]>([
    ['/usermanager/batchsendgold/sendgold', ['admin']],
    ['/usermanager/batchsendcash/sendcash', ['admin', 'secadmin']],
    ['/remoteconfig/application', ['admin', 'maint']],
    ['/adminmanager/editer', ['admin', 'secadmin', 'partner']],
    ['/homepage', ['admin', 'secadmin', 'business', 'service', 'serviceleader', 'partner', 'delivery']],
    ['/homepage/settings', [...ROLES]],
    ['/recycle', ['admin', 'secadmin', 'business', 'partner', 'delivery']],
    ['/platmanager/coinediter', ['admin', 'secadmin']],
    ['/usermanager/searchsales', ['admin', 'sales', 'groundpromoter']],
    ['/usermanager/playerchips', ['admin', 'secadmin', 'business', 'serviceleader']],
    ['/usermanager/payorderdecide', ['admin', 'secadmin', 'business', 'serviceleader']],
    ['/gameserver/status', ['admin', 'main']],
  ])('%s is open to exactly %j', (path, allowed) => {
    expect(whoMay(path)).toEqual(ROLES.filter((role) => allowed.includes(role)));
  });

  it.each<[string, string[]]>([
    ['/vipmanager/vipdashboard', ['admin', 'secadmin', 'business', 'service', 'serviceleader', 'partner']],
    ['/vipmanager/vipsend', ['admin', 'secadmin', 'business', 'partner']],
    ['/vipmanager', ['admin', 'secadmin', 'business', 'service', 'serviceleader', 'partner']],
    ['/party/search', ['admin', 'secadmin', 'business', 'service', 'serviceleader']],
    ['/party/stat', ['admin', 'secadmin', 'business', 'partner']],
    ['/party', ['admin', 'secadmin', 'business', 'service', 'serviceleader', 'partner']],
    ['/personalcontrol/payRank', ['admin', 'secadmin', 'business', 'partner', 'main']],
    ['/personalcontrol/configs', ['admin', 'business', 'main']],
    ['/personalcontrol', ['admin', 'secadmin', 'business', 'partner', 'main']],
  ])('decision 026: %s is open to exactly %j', (path, allowed) => {
    expect(whoMay(path)).toEqual(ROLES.filter((role) => allowed.includes(role)));
  });

  it.each<[string, string, string[]]>([
    ['service', '/vipmanager', ['/vipmanager/vipdashboard']],
    ['serviceleader', '/vipmanager', ['/vipmanager/vipdashboard']],
    ['service', '/party', ['/party/search']],
    ['serviceleader', '/party', ['/party/search']],
    ['secadmin', '/personalcontrol', ['/personalcontrol/payRank']],
    ['partner', '/personalcontrol', ['/personalcontrol/payRank']],
  ])('decision 026: %s sees %s with exactly %j', (role, module, children) => {
    const shown = filterCatalog(catalog, demo(role)).find((m) => m.path === module);
    expect(shown?.children?.map((c) => joinPath(module, c.path))).toEqual(children);
    for (const path of findScreen(module)!.childPaths) expect(mayAccess(path, demo(role)), `${role} ${path}`).toBe(children.includes(path));
  });

  it('decision 026: the child-only roles keep the module-wide rules (partner 0, admin, other modules)', () => {
    // the partner role without a partner id still reaches payRank (its scope then matches no player)
    expect(mayAccess('/personalcontrol/payRank', { roles: ['partner'], partner: 0 })).toBe(true);
    expect(mayAccess('/personalcontrol/payRank', { roles: ['service'], partner: 1 })).toBe(false);
    expect(mayAccess('/vipmanager/vipdashboard', { roles: ['sales', 'maint'], partner: 1 })).toBe(false);
    expect(mayAccess('/party/partycreate', { roles: ['service', 'serviceleader'], partner: 1 })).toBe(false);
  });

  it('business with partner 1 may transfer accounts; without a partner it may not', () => {
    expect(mayAccess('/partnermanager/accounttransfer', { roles: ['business'], partner: 1 })).toBe(true);
    expect(mayAccess('/partnermanager/accounttransfer', { roles: ['business'], partner: 0 })).toBe(false);
  });
});

describe('screenRoles', () => {
  it.each<[string, string[]]>([
    ['/homepage/settings', []],
    ['/remoteconfig/application', ['admin', 'maint']],
    ['/remoteconfig/gamestore', ['admin', 'maint', 'secadmin', 'serviceleader']],
    ['/vipmanager/vipdashboard', ['admin', 'business', 'partner', 'secadmin', 'service', 'serviceleader']],
    ['/vipmanager/vipsend', ['admin', 'business', 'partner', 'secadmin']],
    ['/party/search', ['admin', 'business', 'service', 'serviceleader', 'secadmin']],
    ['/personalcontrol/payRank', ['admin', 'main', 'business', 'secadmin', 'partner']],
    ['/personalcontrol/configs', ['admin', 'main', 'business']],
    ['/tinygames/jiligames/logs', ['admin', 'business', 'partner', 'secadmin', 'ban_partner']],
    ['/unknown', []],
  ])('%s → %j', (path, expected) => expect(screenRoles(path)).toEqual(expected));
});

describe('the CONSOLE_OPTIONAL_MODULES setting', () => {
  it('parses a comma list of the optional modules and refuses unknown names', () => {
    expect(optionalModules(undefined)).toEqual({});
    expect(optionalModules('')).toEqual({});
    expect(optionalModules(' aigames , agentmanager ')).toEqual({ aigames: true, agentmanager: true });
    expect(() => optionalModules('aigames,casino')).toThrow('unknown module "casino"');
  });

  it('switches the served catalogue on where the server reads it (the environment)', () => {
    const modules = (setting: string) =>
      execFileSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          "const { catalog } = await import('@console/catalog'); console.log(catalog.map((m) => m.path).join(' '))",
        ],
        { env: { ...process.env, CONSOLE_OPTIONAL_MODULES: setting }, encoding: 'utf8' },
      )
        .trim()
        .split(' ');
    const plain = modules('');
    expect(plain).not.toContain('/aigames');
    expect(plain).not.toContain('/agentmanager');
    const all = modules('aigames,agentmanager');
    expect(all.indexOf('/aigames')).toBe(all.indexOf('/tinygames') + 1);
    expect(all.indexOf('/agentmanager')).toBe(all.indexOf('/agentcash') + 1);
  });
});
