/**
 * Property: whatever reaches the player detail and the staff actions (bodies near the valid
 * shape and hostile ones, every role), the answer is never a 5xx, code and status agree, and
 * an answer other than 200 leaves players, balances, the ledger, bans, the ban log and the
 * issue counters exactly as they were. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { addPlayer } from './fixtures';

const ACTIONS = [
  '/api/players/chips/add',
  '/api/players/chips/reduce',
  '/api/players/safe/move',
  '/api/players/suspend',
  '/api/players/unsuspend',
  '/api/players/ban',
  '/api/players/unban',
] as const;
const READS = [
  '/api/players/detail',
  '/api/players/ledger',
  '/api/players/logins',
  '/api/players/invitees',
  '/api/players/changes',
  '/api/players/banlog',
  '/api/players/bans',
] as const;

const hostileString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '1001',
    '2001',
    '-1',
    '1e309',
    'NaN',
    '10.0.0.1',
    '::1',
    'dev-1001',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '2026-11-30T00:00:00+08:00',
    '2020-01-01T00:00:00Z',
    '2026-11-23',
    'toSafe',
    'toChip',
    'account',
    'device',
    'ip',
    'x'.repeat(201),
  ),
);
const number = fc.oneof(
  fc.constantFrom(1001, 2001, 9999, 1, 0, -1, 1.5, 1e12, 1e12 + 1, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e300),
  fc.integer({ min: -10, max: 2_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  number,
  fc.boolean(),
  fc.constant(null),
  fc.array(number, { maxLength: 2 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const FIELDS = ['uid', 'amount', 'reason', 'requestId', 'direction', 'until', 'kind', 'value', 'id', '__proto__', 'constructor'];
const often = <T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: other, weight: 1 });
const nearValid = fc.record({
  uid: often(fc.constantFrom(1001, 1001, 2001, 9999), value),
  amount: often(fc.integer({ min: 1, max: 3_000_000 }), value),
  reason: often(fc.constantFrom('Compensation', 'Chargeback'), hostileString),
  direction: often(fc.constantFrom('toSafe', 'toChip'), value),
  until: often(fc.constantFrom('2026-11-30T00:00:00+08:00', '2020-01-01T00:00:00Z'), value),
  kind: often(fc.constantFrom('account', 'device', 'ip'), value),
  value: often(fc.constantFrom('1001', '2001', 'dev-1001', '10.0.4.1'), hostileString),
  id: often(fc.integer({ min: 1, max: 5 }), value),
});
/** The fields each action takes: near-valid bodies carry those (sometimes one missing or one more). */
const ACTION_FIELDS: Record<(typeof ACTIONS)[number], string[]> = {
  '/api/players/chips/add': ['uid', 'amount', 'reason'],
  '/api/players/chips/reduce': ['uid', 'amount', 'reason'],
  '/api/players/safe/move': ['uid', 'amount', 'reason', 'direction'],
  '/api/players/suspend': ['uid', 'until', 'reason'],
  '/api/players/unsuspend': ['uid'],
  '/api/players/ban': ['kind', 'value', 'reason'],
  '/api/players/unban': ['id'],
};
const actionBody = (action: (typeof ACTIONS)[number]) =>
  fc.tuple(nearValid, fc.nat({ max: 9 }), fc.constantFrom(...FIELDS)).map(([all, twist, extra]) => {
    const fields = ACTION_FIELDS[action];
    const picked: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f, (all as Record<string, unknown>)[f]]));
    if (twist === 0) delete picked[fields[0]];
    if (twist === 1) picked[extra] = (all as Record<string, unknown>)[extra] ?? 1;
    return JSON.stringify(picked);
  });
const body = (action: (typeof ACTIONS)[number]) =>
  fc.oneof(
    { arbitrary: actionBody(action), weight: 4 },
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), value, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
    fc.constantFrom('{"__proto__":{"admin":true}}', '{"a":', 'null', '[]', '"x"', '{}'),
  );
const query = fc.oneof(
  fc.record(
    {
      uid: often(fc.constantFrom('1001', '2001', '9999'), hostileString),
      cursor: often(fc.constantFrom('', '1', '999999999999999'), hostileString),
      pageSize: often(fc.constantFrom('1', '20', '200'), hostileString),
      currency: often(fc.constantFrom('chip', 'safe'), hostileString),
    },
    { requiredKeys: ['uid'] },
  ),
  fc.dictionary(
    fc.oneof(fc.constantFrom('uid', 'cursor', 'pageSize', 'currency', 'page', 'kind', 'value', 'operator', 'active'), fc.string({ maxLength: 6 })),
    fc.oneof(hostileString, fc.constantFrom('1001', '2001', '1', '999999999999999', '9999999999999999', 'chip', 'true', 'all')),
    { maxKeys: 4 },
  ),
);

describe.each(databases())('hostile input at the player operations on $kind', (kind) => {
  let t: TestApp;
  let tokens: string[];
  beforeAll(async () => {
    t = await testApp(kind);
    tokens = await Promise.all(['admin', 'serviceleader', 'service', 'partner', 'business'].map((r) => t.loginAs(r)));
    await addPlayer(t.database.db, { uid: 1001, balances: { chip: 1_000_000, safe: 1000 } });
    await addPlayer(t.database.db, { uid: 2001, partner: 1, balances: { chip: 50 } });
  });
  afterAll(async () => {
    await t.close();
  });

  const snapshot = async () => {
    const { db } = t.database;
    const [players, balances, ledger, bans, banLog, usage] = await Promise.all([
      db.selectFrom('player').select(['uid', 'status', 'suspended_until', 'status_reason']).orderBy('uid').execute(),
      db.selectFrom('player_balance').selectAll().orderBy('uid').execute(),
      db
        .selectFrom('ledger_entry')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
      db.selectFrom('ban').selectAll().orderBy('id').execute(),
      db
        .selectFrom('ban_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
      db.selectFrom('issue_usage').selectAll().orderBy('username').execute(),
    ]);
    return JSON.stringify({ players, balances, ledger, bans, banLog, usage });
  };

  it('never answers 5xx and writes nothing unless it answers 200', async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.constantFrom(...ACTIONS).chain((a) => fc.tuple(fc.constant(a), body(a))),
        fc.constantFrom(...READS),
        query,
        often(fc.constantFrom(0, 1), fc.nat({ max: 5 })) as fc.Arbitrary<number>,
        async (isAction, [action, payload], read, q, who) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (who < tokens.length) headers['x-token'] = tokens[who];
          const before = await snapshot();
          const res = isAction
            ? await t.app.inject({ method: 'POST', url: action, payload, headers })
            : await t.app.inject({ method: 'GET', url: read, query: q as Record<string, string>, headers });
          seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, res.body).toBeLessThan(500);
          const answer = res.json();
          expect(answer.code).toBe(res.statusCode === 401 ? -1 : res.statusCode);
          if (res.statusCode !== 200) expect(await snapshot()).toBe(before);
        },
      ),
      { numRuns: 400 },
    );
    // the runs reached the handlers, not only the validation
    expect(seen.get(200)).toBeGreaterThan(15);
    expect(seen.get(400)).toBeGreaterThan(20);
    expect((seen.get(404) ?? 0) + (seen.get(409) ?? 0)).toBeGreaterThan(0);
  }, 300_000);
});
