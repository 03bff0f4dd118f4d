/**
 * Property: whatever reaches the app-settings operations (near-valid bodies and hostile ones,
 * several roles) and the platform calls (routing, remote configuration, sms.result events), the
 * answer is never a 5xx, code and status agree, and an answer other than 200 leaves the settings,
 * their history and the SMS log as they were.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { seedPaymentConfig } from '../payment-config/demo';
import { seedAppSettings } from './demo';

const R = '/api/remoteconfig';
const PROVIDER = ['id', 'name', 'function', 'rank', 'countryCode', 'enabled'];
const ACTIONS: Record<string, string[]> = {
  [`${R}/sms/localconfig/create`]: PROVIDER,
  [`${R}/sms/localconfig/update`]: PROVIDER,
  [`${R}/sms/globalconfig/update`]: PROVIDER,
  [`${R}/sms/localconfig/delete`]: ['id', 'countryCode'],
  [`${R}/sms/smsconfig/save`]: ['domesticCountry', 'failureLimitPercent', 'windowMinutes', 'minResults', 'fallback'],
  [`${R}/gamestore/create`]: ['id', 'name', 'message', 'gold', 'diamond', 'price', 'packages', 'sortOrder', 'enabled'],
  [`${R}/gamestore/update`]: ['id', 'name', 'message', 'gold', 'diamond', 'price', 'packages', 'sortOrder', 'enabled'],
  [`${R}/awardconfigs/create`]: ['id', 'name', 'use', 'chip', 'bean', 'diamond', 'bonus', 'note', 'enabled'],
  [`${R}/shielddomesticconfigs/create`]: ['kind', 'value', 'reason', 'enabled'],
  [`${R}/whiteconfigs/create`]: ['kind', 'value', 'note', 'enabled'],
  [`${R}/whiteconfigs/delete`]: ['kind', 'value'],
  [`${R}/gamestore/versions/restore`]: ['id'],
};
const URLS = Object.keys(ACTIONS);

const hostile = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '*',
    '63',
    '0',
    '+63',
    'Semaphore',
    'com.demo',
    'com.none',
    'all',
    'ip',
    'region',
    'uid',
    'CN',
    'cn-gd',
    '10.0.0.0/8',
    '10.0.0.1/8',
    '::/0',
    '2001:db8::/129',
    '1.2.3.4/33',
    '300.1.1.1',
    ':::',
    '1::2::3',
    "' OR 1=1 --",
    'x'.repeat(65),
    'x'.repeat(300),
  ),
);
const number = fc.oneof(
  fc.constantFrom(0, 1, -1, 1.5, 999, 1000, 1e12, 1e12 + 1, 2 ** 31, 1e300),
  fc.integer({ min: -5, max: 2_000_000 }),
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
const often = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: value, weight: 1 });
const near: Record<string, fc.Arbitrary<unknown>> = {
  id: often(fc.constantFrom('Semaphore', 'Movider', 'Twilio', 'New', 'daily', 'starter', 'fresh', 1, 2, 3)),
  name: often(fc.constantFrom('A name', '名称')),
  function: often(fc.constantFrom('all', 'login', 'reset', 'spam')),
  rank: often(fc.integer({ min: 0, max: 1000 })),
  countryCode: often(fc.constantFrom('63', '*', '65', '0', '+63')),
  enabled: often(fc.boolean()),
  domesticCountry: often(fc.constantFrom('63', '1', '0', '')),
  failureLimitPercent: often(fc.integer({ min: 0, max: 101 })),
  windowMinutes: often(fc.integer({ min: 0, max: 2000 })),
  minResults: often(fc.integer({ min: 0, max: 20_000 })),
  fallback: often(fc.boolean()),
  message: often(fc.constantFrom('', 'Best value')),
  gold: often(fc.integer({ min: 0, max: 100_000 })),
  diamond: often(fc.integer({ min: 0, max: 100 })),
  price: often(fc.integer({ min: 0, max: 500_000 })),
  packages: often(fc.subarray(['com.demo', 'com.demo.lite', 'com.none'])),
  sortOrder: often(fc.integer({ min: -1, max: 100 })),
  use: often(fc.constantFrom('any', 'activity', 'nope')),
  chip: often(fc.integer({ min: 0, max: 10_000 })),
  bean: often(fc.integer({ min: 0, max: 100 })),
  bonus: often(fc.integer({ min: 0, max: 100 })),
  note: often(fc.constantFrom('', 'QA')),
  kind: often(fc.constantFrom('region', 'ip', 'uid', 'device', 'nope')),
  value: often(fc.constantFrom('CN', 'cn-gd', 'XX-1234', '198.51.100.0/24', '198.51.100.1/24', '2001:db8::/32', '100001', 'dev-1', '')),
  reason: often(fc.constantFrom('Licence', '')),
  phone: often(fc.constantFrom({ country: '63', number: '9170000001' }, { country: '+63', number: '9170000001' }, { country: '1', number: '12' })),
  code: often(fc.constantFrom('123456', '000000')),
  provider: often(fc.constantFrom('Semaphore', 'Twilio')),
  result: often(fc.constantFrom('delivered', 'failed', 'lost')),
};
const body = (fields: string[]) =>
  fc.oneof(
    { arbitrary: fc.record(Object.fromEntries(fields.map((f) => [f, near[f] ?? fc.integer({ min: -2, max: 500 })])), { requiredKeys: [] }), weight: 8 },
    { arbitrary: value, weight: 1 },
    { arbitrary: fc.record({ extra: value }), weight: 1 },
  );

describe.each(databases())('app settings under arbitrary input on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  const tokens: Record<string, string> = {};
  const snapshot = async () => {
    const db = t.database.db;
    const [items, versions, sms] = await Promise.all([
      sql<{ s: string }>`SELECT coalesce(string_agg(kind || key || doc::text || enabled, '|' ORDER BY kind, key), '') AS s FROM app_setting`.execute(db),
      db
        .selectFrom('config_version')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
      sql<{ s: string }>`SELECT coalesce(string_agg(id || coalesce(result, '-'), '|' ORDER BY id), '') AS s FROM sms_log`.execute(db),
    ]);
    return `${items.rows[0].s}#${versions.n}#${sms.rows[0].s}`;
  };

  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    await seedPaymentConfig(t.database.db, new Date(t.clock.now));
    await seedAppSettings(t.database.db, new Date(t.clock.now), { sms: false });
    await p.event('sms.sent', { phone: { country: '63', number: '9170000001' }, code: '123456', provider: 'Semaphore', purpose: 'login' });
    for (const role of ['secadmin', 'maint', 'service']) tokens[role] = await t.loginAs(role);
  });
  afterAll(async () => t?.close());

  it('staff operations: never a 5xx; a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...URLS).chain((url) => fc.tuple(fc.constant(url), body(ACTIONS[url]), fc.constantFrom('secadmin', 'secadmin', 'maint', 'service'))),
        async ([url, payload, role]) => {
          const before = await snapshot();
          const res = await t.post(url, payload, tokens[role]);
          expect(res.status).toBeLessThan(500);
          expect(res.body.code).toBe(res.status === 200 ? 200 : res.status === 401 ? -1 : res.status);
          if (res.status !== 200) expect(await snapshot()).toBe(before);
        },
      ),
      { numRuns: kind.kind === 'pglite' ? 150 : 80 },
    );
  });

  it('platform calls: never a 5xx; a refused result event changes nothing', async () => {
    const query = fc.record(
      {
        country: often(fc.constantFrom('63', '65', '+1', '81')),
        number: often(fc.constantFrom('9171234567', '81234567', '12')),
        purpose: often(fc.constantFrom('login', 'reset', 'all')),
        package: often(fc.constantFrom('com.demo', 'com.none')),
        ip: often(fc.constantFrom('203.0.113.9', '::1', '10.0.0.0/8')),
        region: often(fc.constantFrom('CN', 'ph', 'X')),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom('/api/platform/sms/route', '/api/platform/appsettings'), async (q, url) => {
        const raw = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
        const res = await p.get(url, raw);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
    await fc.assert(
      fc.asyncProperty(body(['phone', 'code', 'provider', 'result', 'reason']), async (data) => {
        const before = await snapshot();
        const res = await p.events([{ id: `prop-${Math.random()}`, type: 'sms.result', data: data as Record<string, unknown> }]);
        expect(res.status).toBeLessThan(500);
        if (res.status === 200 && res.body.data.results[0].status !== 'applied') expect(await snapshot()).toBe(before);
      }),
      { numRuns: 100 },
    );
  });
});
