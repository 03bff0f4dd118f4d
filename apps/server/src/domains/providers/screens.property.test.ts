/**
 * Property: whatever query reaches the staff operations of the provider screens (both groups,
 * lists and exports), the answer is 200 or a 400 whose message names a parameter — never a 5xx.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { seedProviders } from './demo';

const URLS = ['providers', 'datareport', 'datareport/export', 'dashboard', 'dashboard/days', 'userreport', 'userreport/export', 'logs', 'logs/export'].flatMap(
  (s) => ['jiligames', 'thirdgames'].map((g) => `/api/tinygames/${g}/${s}`),
);
const PARAMS = ['from', 'to', 'provider', 'game', 'uid', 'roundId', 'bigWin', 'cursor', 'page', 'pageSize', 'sort', 'order', 'columns', 'extra'];
const value = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '',
    '\u0000',
    'JILI',
    'PG',
    'pg',
    'true',
    '0',
    '-1',
    '501',
    '1e9',
    'NaN',
    '2026-11-22T00:00:00+08:00',
    '2026-11-22',
    '2027-06-01T00:00:00Z',
    'at',
    'day',
    'ascend',
    'x'.repeat(300),
    'W1siYXQiLCJkIiwiMjAyNiIsMV0',
    '[{"key":"uid","title":"U"}]',
  ),
  fc.integer().map(String),
);

describe.each(databases())('hostile queries at the provider screens on $kind', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await testApp(kind);
    await seedProviders(t.database.db);
    admin = await t.loginAs('admin');
  }, 180_000);
  afterAll(async () => t?.close());

  it('answers 200 or a 400 naming a parameter, never a 5xx', async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...URLS), fc.dictionary(fc.constantFrom(...PARAMS), value, { maxKeys: 4 }), async (url, query) => {
        const res = await t.app.inject({ method: 'GET', url, query, headers: { 'x-token': admin } });
        seen.add(res.statusCode);
        expect(res.statusCode, `${url} ${JSON.stringify(query)} ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode !== 200) {
          expect(res.statusCode).toBe(400);
          expect(JSON.parse(res.body).message).toMatch(new RegExp(`^(${PARAMS.join('|')}|[\\w.]+):`));
        }
      }),
      { numRuns: 150 },
    );
    expect([...seen].sort()).toEqual([200, 400]);
  }, 600_000);
});
