/**
 * Property: whatever reaches the /gamehomepage operations (near-valid bodies and hostile ones,
 * every role) and the platform lobby call, the answer is never a 5xx, code and status agree,
 * and an answer other than 200 (and every read) leaves the lobby and its history as they were.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { seedPaymentConfig } from '../payment-config/demo';
import { seedLobby } from './demo';

const G = '/api/gamehomepage';
const GAME = ['tag', 'provider', 'category', 'nameEn', 'nameZh', 'icon', 'initValue', 'rank', 'platform', 'payLimit', 'visible', 'packages'];
const CATEGORY = ['code', 'nameEn', 'nameZh', 'icon', 'sortOrder', 'visible'];
const ACTIONS: Record<string, string[]> = {
  [`${G}/configs/games/create`]: GAME,
  [`${G}/configs/games/update`]: GAME,
  [`${G}/configs/games/delete`]: ['tag'],
  [`${G}/configs/versions/restore`]: ['id'],
  [`${G}/category/categories/create`]: CATEGORY,
  [`${G}/category/categories/update`]: CATEGORY,
  [`${G}/category/categories/delete`]: ['code'],
  [`${G}/category/versions/restore`]: ['id'],
  [`${G}/packagename/layout/update`]: ['package', 'custom', 'categories', 'games'],
  [`${G}/packagename/versions/restore`]: ['id'],
};
const URLS = Object.keys(ACTIONS);
const READS = [
  `${G}/configs/games`,
  `${G}/category/categories`,
  `${G}/packagename/packages`,
  `${G}/packagename/layout`,
  `${G}/packagename/preview`,
  `${G}/configs/versions`,
  `${G}/packagename/versions`,
  `${G}/configs/options`,
];

const hostile = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'tongits',
    'jili.superace',
    'jili',
    'house',
    'cards',
    'slots',
    'com.demo',
    'com.demo.partner2',
    'android',
    'all',
    "' OR 1=1 --",
    'a b',
    'x'.repeat(65),
    'x'.repeat(600),
    'JILI.X',
    'jili.',
    '.x',
  ),
);
const number = fc.oneof(
  fc.constantFrom(0, 1, -1, 1.5, 1e12, 1e12 + 1, 2 ** 31, 1e300, 1_000_000, 1_000_001),
  fc.integer({ min: -5, max: 6_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  hostile,
  number,
  fc.boolean(),
  fc.constant(null),
  fc.array(hostile, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const often = <T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: other, weight: 1 });
const near: Record<string, fc.Arbitrary<unknown>> = {
  tag: often(fc.constantFrom('tongits', 'rocket', 'jili.superace', 'jili.newgame', 'pg.x', 'poker'), value),
  provider: often(fc.constantFrom('house', 'jili', 'pg'), value),
  category: often(fc.constantFrom('cards', 'slots', 'quick', 'nope'), value),
  code: often(fc.constantFrom('cards', 'slots', 'thirdparty', 'fresh'), value),
  nameEn: often(fc.constantFrom('Tongits', 'New'), value),
  nameZh: often(fc.constantFrom('纸牌', '新'), value),
  icon: often(fc.constantFrom('', 'tongits', 'https://cdn.example/x.png'), value),
  initValue: often(fc.integer({ min: 0, max: 10_000_000 }), value),
  rank: often(fc.integer({ min: 0, max: 100 }), value),
  sortOrder: often(fc.integer({ min: 0, max: 100 }), value),
  platform: often(fc.constantFrom('all', 'android', 'ios', 'web'), value),
  payLimit: often(fc.integer({ min: 0, max: 100_000 }), value),
  visible: often(fc.boolean(), value),
  custom: often(fc.boolean(), value),
  packages: often(fc.subarray(['com.demo', 'com.demo.partner1', 'com.demo.partner2', 'com.none']), value),
  package: often(fc.constantFrom('com.demo', 'com.demo.partner1', 'com.demo.partner2', 'com.none'), value),
  categories: often(fc.subarray(['cards', 'slots', 'quick', 'lottery', 'nope']), value),
  games: often(fc.subarray(['tongits', 'rocket', 'jili.superace', 'bingo', 'jili.none']), value),
  id: often(fc.integer({ min: 1, max: 60 }), value),
};
const body = (url: string) =>
  fc.oneof(
    {
      arbitrary: fc.tuple(fc.record(Object.fromEntries(ACTIONS[url].map((f) => [f, near[f]]))), fc.nat({ max: 9 })).map(([o, twist]) => {
        const b = o as Record<string, unknown>;
        if (twist === 0) delete b[ACTIONS[url][0]];
        if (twist === 1) b.extra = 1;
        return JSON.stringify(b);
      }),
      weight: 6,
    },
    fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 4 }).map((o) => JSON.stringify(o)),
    fc.constantFrom('{"__proto__":{"admin":true}}', '{"a":', 'null', '[]', '{}'),
  );
const query = fc.dictionary(
  fc.constantFrom('package', 'platform', 'paid', 'uid', 'page', 'pageSize', 'sort', 'tag', 'x'),
  fc.oneof(hostile, fc.constantFrom('com.demo', 'com.demo.partner2', 'ios', 'android', '0', '10000', '1.5', '-1', '99999999999999')),
  { maxKeys: 3 },
);

describe.each(databases())('hostile input at the lobby on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let tokens: string[];
  beforeAll(async () => {
    t = await testApp(kind);
    await t.database.db
      .insertInto('partner')
      .values([
        { id: 1, name: 'P1' },
        { id: 2, name: 'P2' },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    p = await platformClient(t);
    await seedPaymentConfig(t.database.db, new Date(t.clock.now));
    await seedLobby(t.database.db, new Date(t.clock.now));
    await p.register(7401);
    tokens = await Promise.all(['admin', 'business', 'secadmin', 'partner', 'service', 'maint'].map((r) => t.loginAs(r)));
  });
  afterAll(async () => {
    await t.close();
  });

  const snapshot = async () => {
    const { rows } = await sql<Record<string, unknown>>`SELECT
      (SELECT json_agg(x ORDER BY code) FROM lobby_category x) AS c, (SELECT json_agg(x ORDER BY tag) FROM lobby_game x) AS g,
      (SELECT json_agg(x ORDER BY package, tag) FROM lobby_game_package x) AS k, (SELECT json_agg(x ORDER BY package) FROM lobby_layout x) AS l,
      (SELECT json_agg(x ORDER BY package, category) FROM lobby_layout_category x) AS lc, (SELECT count(*) FROM config_version) AS versions`.execute(
      t.database.db,
    );
    return JSON.stringify(rows[0]);
  };

  it('never answers 5xx and writes nothing unless it answers 200', async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 9 }),
        fc.constantFrom(...URLS).chain((u) => fc.tuple(fc.constant(u), body(u))),
        fc.constantFrom(...READS),
        query,
        often(fc.constantFrom(0, 1, 2, 3), fc.nat({ max: 6 })) as fc.Arbitrary<number>,
        async (mode, [url, payload], read, q, who) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (who < tokens.length) headers['x-token'] = tokens[who];
          const before = await snapshot();
          let res;
          if (mode < 6) res = await t.app.inject({ method: 'POST', url, payload, headers });
          else if (mode < 8) res = await t.app.inject({ method: 'GET', url: read, query: q, headers });
          else {
            const raw = new URLSearchParams(q).toString();
            const answer = await p.get('/api/platform/lobby', raw);
            res = { statusCode: answer.status, body: JSON.stringify(answer.body), json: () => answer.body };
          }
          seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, res.body).toBeLessThan(500);
          const answer = res.json();
          expect(answer.code).toBe(res.statusCode === 401 && mode < 8 ? -1 : res.statusCode);
          if (res.statusCode !== 200 || mode >= 6) expect(await snapshot()).toBe(before);
        },
      ),
      { numRuns: 300 },
    );
    // The success path is reached (15 of 300 once: the bound only proves it is reached).
    expect(seen.get(200)).toBeGreaterThan(5);
    expect(seen.get(400)).toBeGreaterThan(20);
    expect(seen.get(403)).toBeGreaterThan(5);
    expect((seen.get(404) ?? 0) + (seen.get(409) ?? 0)).toBeGreaterThan(0);
  }, 300_000);
});
