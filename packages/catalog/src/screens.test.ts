import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCatalog } from './routes';
import { filterCatalog, joinPath } from './rules';
import { indexCatalog, listScreens } from './screens';
import { ROLES, type AccessSubject, type Role, type RouteNode, type RouteRole } from './types';

const leaf = (path: string, roles?: RouteRole[], children?: RouteNode[]): RouteNode => ({
  path,
  name: path.replace(/\W/g, '') || 'root',
  title: { en: path, zh: path },
  roles,
  children,
});

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

describe('screenRoles (x-roles)', () => {
  const { screenRoles } = indexCatalog(tree);
  it.each<[string, RouteRole[]]>([
    ['/home/settings', []],
    ['/home', ['admin', 'delivery']],
    ['/ops/inherit', ['admin', 'business', 'service']],
    // a child's own roles are not narrowed by its module (decision 026)
    ['/ops/wider', ['admin', 'sales']],
    ['/ops/nest/deep', ['admin', 'business']],
    // a folder: whoever reaches one of its children
    ['/ops', ['admin', 'business', 'service', 'sales']],
    ['/', []],
    ['/games/third/logs', ['admin', 'business', 'partner', 'ban_partner']],
    ['/games', ['admin', 'business', 'partner', 'ban_partner']],
    ['/solo', ['admin', 'maint']],
    ['/nowhere', []],
  ])('%s → %j', (path, expected) => expect(screenRoles(path)).toEqual(expected));
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
    fc.assert(
      fc.property(subjectArb, (subject) => expectSameAsMenu(tree, subject)),
      { numRuns: 300 },
    );
  });

  it('on the full catalogue with every optional module, for any subject', () => {
    const full = buildCatalog({ agentmanager: true, aigames: true });
    fc.assert(
      fc.property(subjectArb, (subject) => expectSameAsMenu(full, subject)),
      { numRuns: 100 },
    );
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

// ---------------------------------------------------------------- the rule of decision 026

/** A route of a tree with its chain of effective roles, for the reference models below. */
interface Chained {
  fullPath: string;
  chain: RouteRole[][];
  leaf: boolean;
  ancestors: string[];
}

function chained(nodes: readonly RouteNode[]): Chained[] {
  return listScreens(nodes).map((e, _i, all) => {
    const ancestors: string[] = [];
    for (let p = e.parentPath; p !== undefined; p = all.find((x) => x.fullPath === p)!.parentPath) ancestors.unshift(p);
    return { fullPath: e.fullPath, chain: e.roleChain, leaf: e.childPaths.length === 0, ancestors };
  });
}

/** §6 written out once more, independently of rules.ts: the markers of one link, and its grant. */
function checks(subject: AccessSubject) {
  const admin = subject.roles.includes('admin');
  const markers = (link: readonly RouteRole[], path: string) =>
    (Boolean(subject.partner) || !/agentcooperation|partnermanager/i.test(path)) &&
    (admin || !(link.includes('ban_partner') && subject.roles.includes('partner')));
  const grant = (link: readonly RouteRole[]) => {
    const grants = link.filter((r) => r !== 'ban_partner');
    return admin || grants.length === 0 || grants.some((r) => subject.roles.includes(r));
  };
  return { markers, grant };
}

/**
 * The routes a subject reaches, as a reference model: the screens whose every link passes the
 * markers and whose own effective roles grant (`everyLinkGrants`: the rule before decision 026,
 * where every ancestor's roles had to grant too), and every ancestor of such a screen.
 */
function modelReach(nodes: readonly RouteNode[], subject: AccessSubject, everyLinkGrants = false): string[] {
  const { markers, grant } = checks(subject);
  const routes = chained(nodes);
  const reached = new Set<string>();
  for (const r of routes.filter((x) => x.leaf)) {
    const paths = [...r.ancestors, r.fullPath];
    const markersPass = r.chain.every((link, depth) => markers(link, paths[depth]));
    const grants = everyLinkGrants ? r.chain.every(grant) : grant(r.chain[r.chain.length - 1]);
    if (markersPass && grants) paths.forEach((p) => reached.add(p));
  }
  return routes.map((r) => r.fullPath).filter((p) => reached.has(p));
}

const TREE_ROLES: RouteRole[] = ['admin', 'business', 'service', 'sales', 'partner', 'ban_partner'];
interface Shape {
  roles: RouteRole[] | undefined;
  segment: string;
  children: Shape[];
}
const shapeArb = (depth: number): fc.Arbitrary<Shape> =>
  fc.record({
    roles: fc.option(fc.subarray(TREE_ROLES), { nil: undefined }),
    segment: fc.constantFrom('m', 'x', 'partnermanager', 'agentcooperation'),
    children: depth === 0 ? fc.constant([]) : fc.array(shapeArb(depth - 1), { maxLength: 3 }),
  });
let named = 0;
const toNodes = (shapes: Shape[], top: boolean): RouteNode[] =>
  shapes.map((s, i) => {
    const path = `${top ? '/' : ''}${s.segment}${i}`;
    const name = `n${(named += 1)}`;
    return { path, name, title: { en: name, zh: name }, roles: s.roles, ...(s.children.length ? { children: toNodes(s.children, false) } : {}) };
  });
/** Random catalogues: up to 4 modules, 3 levels below, random roles (absent, empty, ban_partner), partner-only paths. */
const treeArb: fc.Arbitrary<RouteNode[]> = fc.array(shapeArb(3), { minLength: 1, maxLength: 4 }).map((shapes) => toNodes(shapes, true));
const treeSubjectArb: fc.Arbitrary<AccessSubject> = fc.record({
  roles: fc.subarray(TREE_ROLES.filter((r) => r !== 'ban_partner') as string[]),
  partner: fc.constantFrom<AccessSubject['partner']>(0, null, 1),
});

describe('the menu and mayAccess follow one rule (decision 026), on random catalogues', () => {
  it('filterCatalog and mayAccess both equal the model, for any subject', () => {
    fc.assert(
      fc.property(treeArb, treeSubjectArb, (nodes, subject) => {
        const expected = modelReach(nodes, subject);
        expect(menuPaths(filterCatalog(nodes, subject))).toEqual(expected);
        const { mayAccess } = indexCatalog(nodes);
        expect(
          listScreens(nodes)
            .map((e) => e.fullPath)
            .filter((p) => mayAccess(p, subject)),
        ).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('a role only children name: the module with exactly the routes leading to screens that name it', () => {
    fc.assert(
      fc.property(treeArb, fc.constantFrom<Role>('business', 'service', 'sales'), (nodes, role) => {
        const subject = { roles: [role], partner: 1 };
        const shown = new Set(menuPaths(filterCatalog(nodes, subject)));
        for (const module of chained(nodes).filter((r) => r.ancestors.length === 0 && !r.leaf)) {
          const own = module.chain[0].filter((r) => r !== 'ban_partner');
          if (own.length === 0 || own.includes(role)) continue;
          const under = chained(nodes).filter((r) => r.fullPath.startsWith(`${module.fullPath}/`));
          const naming = under.filter((r) => r.leaf && r.chain[r.chain.length - 1].includes(role));
          const expected = [module, ...under].filter((r) => naming.some((s) => s === r || s.ancestors.includes(r.fullPath))).map((r) => r.fullPath);
          expect([module, ...under].map((r) => r.fullPath).filter((p) => shown.has(p))).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('nothing changes for a subject no screen grants beyond an ancestor; the new rule only adds routes', () => {
    fc.assert(
      fc.property(treeArb, treeSubjectArb, (nodes, subject) => {
        const before = modelReach(nodes, subject, true);
        const now = menuPaths(filterCatalog(nodes, subject));
        expect(now).toEqual(expect.arrayContaining(before));
        const { grant } = checks(subject);
        const beyond = chained(nodes).some((r) => r.leaf && grant(r.chain[r.chain.length - 1]) && !r.chain.every(grant));
        if (!beyond) expect(now).toEqual(before);
        if (subject.roles.includes('admin')) expect(now).toEqual(before);
      }),
      { numRuns: 400 },
    );
  });
});

describe('on the real catalogue: only the three §2 grants beyond their module change anything', () => {
  const full = buildCatalog({ agentmanager: true, aigames: true });
  /** What decision 026 adds to the rule before it for a subject, from §2's three lines. */
  const added = (roles: readonly string[]): string[] => {
    const holds = (...list: string[]) => list.some((r) => roles.includes(r));
    if (holds('admin')) return [];
    return [
      ...(holds('service', 'serviceleader') && !holds('business', 'partner', 'secadmin') ? ['/vipmanager', '/vipmanager/vipdashboard'] : []),
      ...(holds('service', 'serviceleader') && !holds('business', 'partner', 'secadmin') ? ['/party', '/party/search'] : []),
      ...(holds('secadmin', 'partner') && !holds('main', 'business') ? ['/personalcontrol', '/personalcontrol/payRank'] : []),
    ];
  };

  it('for any account: the menu is the one before decision 026 plus exactly those routes', () => {
    fc.assert(
      fc.property(subjectArb, (subject) => {
        const before = modelReach(full, subject, true);
        const order = listScreens(full).map((e) => e.fullPath);
        const expected = order.filter((p) => before.includes(p) || added(subject.roles).includes(p));
        expect(menuPaths(filterCatalog(full, subject))).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
