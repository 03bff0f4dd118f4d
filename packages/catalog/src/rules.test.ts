import { describe, expect, it } from 'vitest';
import { effectiveRoles, filterCatalog, holdsGrant, isVisible, joinPath, passesMarkers, requiresPartner } from './rules';
import type { AccessSubject, RouteNode, RouteRole } from './types';

const as = (roles: string[], partner: AccessSubject['partner'] = 0): AccessSubject => ({ roles, partner });

describe('effectiveRoles', () => {
  it.each<[RouteRole[] | undefined, RouteRole[], RouteRole[]]>([
    [['sales'], ['admin'], ['sales']],
    [undefined, ['admin', 'maint'], ['admin', 'maint']],
    [[], ['maint'], ['maint']],
    [undefined, [], []],
    // the marker alone names no role: inherit, and keep the marker
    [['ban_partner'], ['business', 'partner'], ['business', 'partner', 'ban_partner']],
    [['ban_partner'], ['business', 'ban_partner'], ['business', 'ban_partner']],
    [['ban_partner'], [], ['ban_partner']],
  ])('own %j, parent %j → %j', (own, parent, expected) => {
    expect(effectiveRoles({ roles: own }, parent)).toEqual(expected);
  });
});

describe('isVisible', () => {
  it.each<[string, RouteRole[], AccessSubject, string, boolean]>([
    ['any-of: holds one', ['business', 'sales'], as(['sales']), '/m', true],
    ['any-of: holds none', ['business', 'sales'], as(['maint']), '/m', false],
    ['no roles: every signed-in account', [], as([]), '/m', true],
    ['admin sees a route not naming admin', ['maint'], as(['admin']), '/m', true],
    ['ban_partner hides from partner', ['business', 'partner', 'ban_partner'], as(['partner'], 1), '/m', false],
    ['ban_partner hides partner even with another granting role', ['business', 'ban_partner'], as(['business', 'partner'], 1), '/m', false],
    ['ban_partner: admin still sees it', ['business', 'ban_partner'], as(['admin', 'partner'], 1), '/m', true],
    ['ban_partner alone leaves others in', ['ban_partner'], as(['maint']), '/m', true],
    ['ban_partner does not hide other roles', ['business', 'ban_partner'], as(['business']), '/m', true],
    ['falsy partner 0 loses agentcooperation', [], as(['business'], 0), '/agentcooperation/x', false],
    ['falsy partner null loses partnermanager', [], as(['business'], null), '/partnermanager', false],
    ['falsy partner undefined', ['business'], as(['business'], undefined), '/a/partnermanager/b', false],
    ['falsy partner false', ['business'], as(['business'], false), '/agentcooperation', false],
    ['falsy partner hides from admin too', [], as(['admin'], 0), '/partnermanager/x', false],
    ['partner id keeps the path', ['business'], as(['business'], 7), '/partnermanager/x', true],
    ['falsy partner: other paths unaffected', ['business'], as(['business'], 0), '/usermanager', true],
  ])('%s', (_label, roles, subject, path, expected) => {
    expect(isVisible(roles, subject, path)).toBe(expected);
  });
});

describe('passesMarkers and holdsGrant (the two halves of isVisible)', () => {
  it.each<[string, RouteRole[], AccessSubject, string, boolean, boolean]>([
    ['roles alone: markers pass, grant decides', ['business'], as(['sales']), '/m', true, false],
    ['ban_partner: a marker, not a grant', ['business', 'ban_partner'], as(['business', 'partner'], 1), '/m', false, true],
    ['ban_partner alone grants everyone', ['ban_partner'], as(['partner'], 1), '/m', false, true],
    ['falsy partner: the path marker, admin too', [], as(['admin'], 0), '/partnermanager', false, true],
    ['admin passes both', ['maint', 'ban_partner'], as(['admin', 'partner'], 1), '/agentcooperation', true, true],
  ])('%s', (_label, roles, subject, path, markers, grant) => {
    expect(passesMarkers(roles, subject, path)).toBe(markers);
    expect(holdsGrant(roles, subject)).toBe(grant);
    expect(isVisible(roles, subject, path)).toBe(markers && grant);
  });
});

describe('paths', () => {
  it.each([
    ['/', 'homepage', '/homepage'],
    ['/', 'homepage/settings', '/homepage/settings'],
    ['/remoteconfig', 'sms', '/remoteconfig/sms'],
    ['', '/usermanager', '/usermanager'],
  ])('joinPath(%s, %s) = %s', (parent, path, expected) => expect(joinPath(parent, path)).toBe(expected));

  it('requiresPartner matches either fragment anywhere in the path', () => {
    expect(requiresPartner('/agentcooperation/agentediter')).toBe(true);
    expect(requiresPartner('/x/partnermanager')).toBe(true);
    expect(requiresPartner('/platmanager/partnerediter')).toBe(false);
  });
});

const leaf = (path: string, roles?: RouteRole[]): RouteNode => ({ path, name: path, title: { en: path, zh: path }, roles });
const tree: RouteNode[] = [
  { ...leaf('/open'), children: [leaf('a'), leaf('b', ['maint'])] },
  { ...leaf('/ops', ['business', 'service']), children: [leaf('inherit'), leaf('narrow', ['business']), leaf('wider', ['sales'])] },
  { ...leaf('/games', ['business', 'partner']), children: [leaf('own'), leaf('third', ['business', 'partner', 'ban_partner'])] },
  { ...leaf('/only', ['maint']), children: [leaf('x', ['sales'])] },
  { ...leaf('/banned', ['business', 'ban_partner']), children: [leaf('own', ['partner', 'sales']), { ...leaf('deep'), children: [leaf('y', ['service'])] }] },
  leaf('/solo', ['delivery']),
  { ...leaf('/partnermanager', ['business']), children: [leaf('sum'), leaf('wider', ['sales'])] },
];
const paths = (nodes: RouteNode[], prefix = ''): string[] =>
  nodes.flatMap((n) => [joinPath(prefix, n.path), ...paths(n.children ?? [], joinPath(prefix, n.path))]);

describe('filterCatalog', () => {
  it.each<[string, AccessSubject, string[]]>([
    ['no roles: open module and inheriting child only', as([]), ['/open', '/open/a']],
    [
      'child inherits module roles; own roles narrow',
      as(['service']),
      ['/open', '/open/a', '/ops', '/ops/inherit', '/banned', '/banned/deep', '/banned/deep/y'],
    ],
    [
      'a role only a child names: the module with exactly that child (decision 026)',
      as(['sales']),
      ['/open', '/open/a', '/ops', '/ops/wider', '/only', '/only/x', '/banned', '/banned/own'],
    ],
    ['module whose children are all filtered away is dropped; a childless module stays', as(['maint', 'delivery']), ['/open', '/open/a', '/open/b', '/solo']],
    [
      'module role and child-only role together: the inheriting children and the wider one',
      as(['business', 'sales']),
      [
        '/open',
        '/open/a',
        '/ops',
        '/ops/inherit',
        '/ops/narrow',
        '/ops/wider',
        '/games',
        '/games/own',
        '/games/third',
        '/only',
        '/only/x',
        '/banned',
        '/banned/own',
      ],
    ],
    ['partner loses the ban_partner child, keeps the rest', as(['partner'], 1), ['/open', '/open/a', '/games', '/games/own']],
    [
      'ban_partner on a module hides a child naming partner or another held role from a partner',
      as(['partner', 'sales', 'service'], 1),
      ['/open', '/open/a', '/ops', '/ops/inherit', '/ops/wider', '/games', '/games/own', '/only', '/only/x', '/partnermanager', '/partnermanager/wider'],
    ],
    [
      'business with a partner id sees partnermanager',
      as(['business'], 3),
      ['/open', '/open/a', '/ops', '/ops/inherit', '/ops/narrow', '/games', '/games/own', '/games/third', '/partnermanager', '/partnermanager/sum'],
    ],
    [
      'a child-only role reaches a partner-only module only with a partner id',
      as(['sales'], 3),
      ['/open', '/open/a', '/ops', '/ops/wider', '/only', '/only/x', '/banned', '/banned/own', '/partnermanager', '/partnermanager/wider'],
    ],
    [
      'admin sees everything except the partner-only paths when partner is falsy',
      as(['admin'], 0),
      paths(tree).filter((p) => !p.startsWith('/partnermanager')),
    ],
    ['admin with a partner id sees everything, ban_partner included', as(['admin', 'partner'], 1), paths(tree)],
  ])('%s', (_label, subject, expected) => {
    expect(paths(filterCatalog(tree, subject))).toEqual(expected);
  });

  it('does not mutate the input tree', () => {
    const before = JSON.stringify(tree);
    filterCatalog(tree, as(['sales']));
    expect(JSON.stringify(tree)).toBe(before);
  });
});
