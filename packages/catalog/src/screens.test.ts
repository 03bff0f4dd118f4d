import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCatalog } from './routes';
import { filterCatalog, joinPath } from './rules';
import { indexCatalog, listScreens, rolesAlongChain } from './screens';
import { ROLES, type AccessSubject, type RouteNode, type RouteRole } from './types';

const leaf = (path: string, roles?: RouteRole[], children?: RouteNode[]): RouteNode =>
  ({ path, name: path.replace(/\W/g, '') || 'root', title: { en: path, zh: path }, roles, children });

const tree: RouteNode[] = [
  leaf('/', undefined, [leaf('home', ['delivery']), leaf('home/settings')]),
  leaf('/ops', ['business', 'service'], [leaf('inherit'), leaf('wider', ['sales']), leaf('nest', ['business'], [leaf('deep')])]),
  leaf('/games', ['business', 'partner'], [leaf('third', ['business', 'partner', 'ban_partner'], [leaf('logs')])]),
  leaf('/agentcooperation', ['business'], [leaf('edit')]),
  leaf('/solo', ['maint']),
];

const menuPaths = (nodes: RouteNode[], prefix = ''): string[] =>
  nodes.flatMap((n) => [joinPath(prefix, n.path), ...menuPaths(n.children ?? [], joinPath(prefix, n.path))]);

describe('listScreens', () => {
  const entries = listScreens(tree);
  const at = (path: string) => entries.find((e) => e.fullPath === path)!;

  it('lists every route depth first with full paths', () => {
    expect(entries.map((e) => e.fullPath)).toEqual(menuPaths(tree));
    expect(at('/home/settings')).toMatchObject({ module: '/', parentPath: '/', childPaths: [] });
    expect(at('/ops/nest')).toMatchObject({ module: '/ops', parentPath: '/ops', childPaths: ['/ops/nest/deep'] });
  });

  it('carries the chain of effective roles, ancestors first', () => {
    expect(at('/ops/nest/deep').roleChain).toEqual([['business', 'service'], ['business'], ['business']]);
    expect(at('/home/settings').roleChain).toEqual([[], []]);
    expect(at('/games/third/logs').roleChain[2]).toContain('ban_partner');
  });
});

describe('rolesAlongChain (x-roles)', () => {
  it.each<[RouteRole[][], RouteRole[]]>([
    [[[], []], []],
    [[['maint', 'secadmin'], []], ['admin', 'maint', 'secadmin']],
    [[['business', 'partner'], ['business', 'service']], ['admin', 'business']],
    [[['admin', 'partner'], ['partner']], ['admin', 'partner']],
    [[['business'], ['business', 'ban_partner']], ['admin', 'business', 'ban_partner']],
    [[[], ['ban_partner']], ['ban_partner']],
  ])('%j → %j', (chain, expected) => expect(rolesAlongChain(chain)).toEqual(expected));
});

const subjectArb: fc.Arbitrary<AccessSubject> = fc.record({
  roles: fc.subarray([...ROLES] as string[]),
  partner: fc.constantFrom<AccessSubject['partner']>(0, null, undefined, false, 1, 42),
});

function expectSameAsMenu(nodes: RouteNode[], subject: AccessSubject) {
  const { mayAccess } = indexCatalog(nodes);
  const shown = new Set(menuPaths(filterCatalog(nodes, subject)));
  for (const { fullPath } of listScreens(nodes)) expect([fullPath, mayAccess(fullPath, subject)]).toEqual([fullPath, shown.has(fullPath)]);
}

describe('mayAccess equals membership in filterCatalog', () => {
  it('on a synthetic tree, for any subject', () => {
    fc.assert(fc.property(subjectArb, (subject) => expectSameAsMenu(tree, subject)), { numRuns: 300 });
  });

  it('on the full catalogue with every optional module, for any subject', () => {
    const full = buildCatalog({ agentmanager: true, aigames: true });
    fc.assert(fc.property(subjectArb, (subject) => expectSameAsMenu(full, subject)), { numRuns: 100 });
  });

  it('is false for paths outside the catalogue', () => {
    const { mayAccess } = indexCatalog(tree);
    expect(mayAccess('/nowhere', { roles: ['admin'], partner: 1 })).toBe(false);
    expect(mayAccess('/ops/', { roles: ['admin'], partner: 1 })).toBe(false);
  });

  it('drops a folder whose children are all hidden', () => {
    const { mayAccess } = indexCatalog(tree);
    const partner = { roles: ['partner'], partner: 1 };
    expect(mayAccess('/games', partner)).toBe(false);
    expect(mayAccess('/games/third/logs', partner)).toBe(false);
    expect(mayAccess('/games/third/logs', { roles: ['business'], partner: 0 })).toBe(true);
  });
});
