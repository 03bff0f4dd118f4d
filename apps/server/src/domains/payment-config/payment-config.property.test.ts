/**
 * Property: whatever reaches the /remoteconfig operations (near-valid bodies and hostile
 * ones, every role) and the two platform calls, the answer is never a 5xx, code and status
 * agree, and an answer other than 200 leaves the configuration and its history as they were.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { seedPaymentConfig } from './demo';

const R = '/api/remoteconfig';
const ACTIONS = {
  [`${R}/payControl/channels/create`]: ['channel', 'name', 'icon', 'sortOrder', 'status', 'paidOnly', 'products', 'packages'],
  [`${R}/payControl/channels/update`]: ['channel', 'name', 'icon', 'sortOrder', 'status', 'paidOnly', 'products', 'packages'],
  [`${R}/payControl/channels/delete`]: ['channel'],
  [`${R}/payControl/products/create`]: ['productId', 'name', 'price', 'chips', 'firstBonus', 'enabled', 'sortOrder'],
  [`${R}/payControl/products/update`]: ['productId', 'name', 'price', 'chips', 'firstBonus', 'enabled', 'sortOrder'],
  [`${R}/payControl/products/delete`]: ['productId'],
  [`${R}/payControl/versions/restore`]: ['id'],
  [`${R}/packageControl/packages/create`]: ['package', 'name', 'partner', 'channels'],
  [`${R}/packageControl/packages/update`]: ['package', 'name', 'partner', 'channels'],
  [`${R}/packageControl/versions/restore`]: ['id'],
  [`${R}/cashOutEdter/channels/create`]: [
    'channel',
    'name',
    'icon',
    'sortOrder',
    'status',
    'min',
    'max',
    'feePercent',
    'dailyMax',
    'dailyMaxEnabled',
    'maxConsecutiveFailures',
  ],
  [`${R}/cashOutEdter/channels/update`]: [
    'channel',
    'name',
    'icon',
    'sortOrder',
    'status',
    'min',
    'max',
    'feePercent',
    'dailyMax',
    'dailyMaxEnabled',
    'maxConsecutiveFailures',
  ],
  [`${R}/cashOutEdter/channels/delete`]: ['channel'],
  [`${R}/cashOutEdter/channels/resetFailures`]: ['channel'],
  [`${R}/cashOutEdter/versions/restore`]: ['id'],
  [`${R}/withdrawalconfigs/save`]: ['fourEyesAmount', 'dailyCount', 'reviewFromHour', 'reviewToHour'],
  [`${R}/application/applications/create`]: ['appId', 'name'],
  [`${R}/application/applications/rotate`]: ['appId', 'overlapHours'],
  [`${R}/application/applications/update`]: ['appId', 'name', 'enabled'],
} as Record<string, string[]>;
const URLS = Object.keys(ACTIONS);
const READS = [
  `${R}/payControl/channels`,
  `${R}/payControl/products`,
  `${R}/packageControl/packages`,
  `${R}/cashOutEdter/channels`,
  `${R}/cashOutEdter/versions`,
  `${R}/payControl/versions`,
  `${R}/application/applications`,
  `${R}/withdrawalconfigs`,
];

const hostile = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'gcash',
    'maya',
    'bank',
    'php100',
    'php50',
    'com.demo',
    'open',
    'close',
    'maintenance',
    'demo-app',
    "' OR 1=1 --",
    'a b',
    'x'.repeat(65),
    'x'.repeat(600),
  ),
);
const number = fc.oneof(
  fc.constantFrom(0, 1, -1, 1.5, 2.005, 99.99, 100, 1e12, 1e12 + 1, 2 ** 31, 1e300, 23, 24),
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
const codes = (...c: string[]) => fc.subarray(c);
const near: Record<string, fc.Arbitrary<unknown>> = {
  channel: often(fc.constantFrom('gcash', 'maya', 'bank', 'grabpay', 'newpay'), value),
  productId: often(fc.constantFrom('php100', 'php50', 'php9'), value),
  package: often(fc.constantFrom('com.demo', 'com.demo.partner1', 'com.new'), value),
  appId: often(fc.constantFrom('demo-app', 'nope'), value),
  name: often(fc.constantFrom('GCash', 'New'), value),
  icon: often(fc.constantFrom('', 'gcash'), value),
  sortOrder: often(fc.integer({ min: 0, max: 100 }), value),
  status: often(fc.constantFrom('open', 'close', 'maintenance'), value),
  paidOnly: often(fc.boolean(), value),
  enabled: often(fc.boolean(), value),
  products: often(codes('php100', 'php200', 'php999'), value),
  packages: often(codes('com.demo', 'com.none'), value),
  channels: often(codes('gcash', 'maya', 'nopay'), value),
  price: often(fc.integer({ min: 1, max: 1_000_000 }), value),
  chips: often(fc.integer({ min: 1, max: 1_000_000 }), value),
  firstBonus: often(fc.integer({ min: 0, max: 10_000 }), value),
  partner: often(fc.constantFrom(0, 1, 2), value),
  min: often(fc.integer({ min: 1, max: 100_000 }), value),
  max: often(fc.integer({ min: 1, max: 10_000_000 }), value),
  feePercent: often(fc.constantFrom(0, 1.5, 2, 99.99), value),
  dailyMax: often(fc.integer({ min: 0, max: 10 }), value),
  dailyMaxEnabled: often(fc.boolean(), value),
  maxConsecutiveFailures: often(fc.integer({ min: 0, max: 10 }), value),
  id: often(fc.integer({ min: 1, max: 40 }), value),
  fourEyesAmount: often(fc.integer({ min: 1, max: 10_000_000 }), value),
  dailyCount: often(fc.integer({ min: 0, max: 10 }), value),
  reviewFromHour: often(fc.integer({ min: 0, max: 23 }), value),
  reviewToHour: often(fc.integer({ min: 1, max: 24 }), value),
  overlapHours: often(fc.integer({ min: 0, max: 168 }), value),
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

describe.each(databases())('hostile input at the payment configuration on $kind', (kind) => {
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
    tokens = await Promise.all(['admin', 'secadmin', 'serviceleader', 'maint', 'service', 'partner'].map((r) => t.loginAs(r)));
  });
  afterAll(async () => {
    await t.close();
  });

  const snapshot = async () => {
    const { rows } = await sql<Record<string, unknown>>`SELECT
      (SELECT json_agg(c ORDER BY channel) FROM recharge_channel c) AS rc, (SELECT json_agg(x ORDER BY channel, product_id) FROM recharge_channel_product x) AS rcp,
      (SELECT json_agg(x ORDER BY channel, package) FROM recharge_channel_package x) AS rck, (SELECT json_agg(x ORDER BY product_id) FROM recharge_product x) AS rp,
      (SELECT json_agg(x ORDER BY package) FROM payment_package x) AS pp, (SELECT json_agg(x ORDER BY channel) FROM cashout_channel x) AS cc,
      (SELECT json_agg(x) FROM cashout_rules x) AS rules, (SELECT json_agg(x ORDER BY app_id) FROM platform_application x) AS apps,
      (SELECT count(*) FROM config_version) AS versions`.execute(t.database.db);
    return JSON.stringify(rows[0]);
  };

  it('never answers 5xx and writes nothing unless it answers 200', async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 9 }),
        fc.constantFrom(...URLS).chain((u) => fc.tuple(fc.constant(u), body(u))),
        fc.constantFrom(...READS),
        fc.dictionary(fc.constantFrom('page', 'pageSize', 'sort', 'order', 'channel', 'status', 'key', 'enabled', 'x'), hostile, { maxKeys: 3 }),
        often(fc.constantFrom(0, 1, 2, 3), fc.nat({ max: 6 })) as fc.Arbitrary<number>,
        async (mode, [url, payload], read, q, who) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (who < tokens.length) headers['x-token'] = tokens[who];
          const before = await snapshot();
          let res;
          if (mode < 6) res = await t.app.inject({ method: 'POST', url, payload, headers });
          else if (mode < 8) res = await t.app.inject({ method: 'GET', url: read, query: q, headers });
          else {
            const pkg = q.key ?? q.channel ?? 'com.demo';
            const answer = await p.get(
              mode === 8 ? '/api/platform/recharge/channels' : '/api/platform/cashout/channels',
              mode === 8 ? `package=${encodeURIComponent(pkg)}` : '',
            );
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
    expect(seen.get(200)).toBeGreaterThan(15);
    expect(seen.get(400)).toBeGreaterThan(20);
    expect((seen.get(404) ?? 0) + (seen.get(409) ?? 0)).toBeGreaterThan(0);
  }, 300_000);
});
