/**
 * Property: whatever body, query and headers reach any operation of the sign-in and account
 * API (and the health, OpenAPI and unknown /api paths), the answer is never a 5xx, the
 * envelope code agrees with the HTTP status (-1 or a sign-in code with 401), and no console
 * account row changes. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../test/databases';
import { testApp, type TestApp } from '../test/harness';

const OPERATIONS = [
  ['POST', '/api/login'],
  ['GET', '/api/admin/userinfo'],
  ['POST', '/api/admin/logout'],
  ['GET', '/api/admin/userinfo/bind2fa'],
  ['POST', '/api/admin/userinfo/bind2fa'],
  ['POST', '/api/admin/userinfo/changepwd'],
  ['GET', '/api/admin/userinfo/admins'],
  ['POST', '/api/admin/userinfo/create'],
  ['POST', '/api/admin/userinfo/update'],
  ['POST', '/api/admin/userinfo/removeone'],
  ['POST', '/api/admin/userinfo/reset2fa'],
  ['GET', '/api/admin/userinfo/logs'],
  ['GET', '/api/health'],
  ['GET', '/api/docs/json'],
  ['GET', '/api/no-such-call'],
  ['POST', '/api/admin/no-such-call'],
] as const;
/** Answers that are not the {code, message} envelope. */
const NOT_ENVELOPE = new Set(['/api/docs/json']);

const FIELDS = [
  'username',
  'password',
  'code',
  'token',
  'old',
  'name',
  'roles',
  'partner',
  'telephone',
  'avatar',
  'enabled',
  'page',
  'pageSize',
  'role',
  'sort',
  'order',
  'cursor',
  'operation',
  'result',
  'from',
  'to',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
];

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', 'admin', 'service', '-1', '1e309', 'NaN', 'true', '[]', '{}', '../..', "' OR 1=1 --", '%00'),
  fc.integer({ min: 1000, max: 300_000 }).map((n) => 'x'.repeat(n)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 4 }),
  fc.constantFrom(['admin'], ['nope'], [], [['admin']], { admin: true }),
  fc.jsonValue({ maxDepth: 4 }),
);
const hostileObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })), hostileValue, { maxKeys: 6 });

const body = fc.oneof(
  hostileObject.map((o) => JSON.stringify(o)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  hostileString,
  fc.constantFrom('{"__proto__":{"roles":["admin"]}}', '{"constructor":{"prototype":{"x":1}}}', '{"a":', 'null', '[]', '"x"', '{}'),
);
const query = fc.dictionary(
  fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })),
  fc.oneof(
    hostileString.map((s) => s.slice(0, 3000)),
    fc.array(fc.string(), { maxLength: 3 }),
  ),
  { maxKeys: 5 },
);
const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'garbage',
);

describe.each(databases())('hostile input at every operation on $kind', (db) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    t = await testApp(db, { signin: { maxFailuresPerUser: 1000, maxFailuresPerAddress: 1000, windowMs: 60_000, lockMs: 60_000 } });
    tokens = { admin: await t.loginAs('admin'), service: await t.loginAs('service'), partner: await t.loginAs('partner') };
  });
  afterAll(async () => {
    await t.close();
  });

  const snapshot = () => t.database.db.selectFrom('console_account').selectAll().orderBy('id').execute();

  it('never answers 5xx, keeps code and status in agreement, and changes no account', async () => {
    const before = await snapshot();
    const seen = new Set<number>();
    const token = fc.oneof(
      fc.constantFrom('admin', 'service', 'partner').map((role) => tokens[role]),
      fc.constantFrom(undefined, '', 'garbage', 'null', 'x'.repeat(5000)),
      fc.string({ maxLength: 60 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...OPERATIONS),
        body,
        query,
        contentType,
        token,
        fc.boolean(),
        async ([method, url], payload, q, type, xToken, withBody) => {
          const headers: Record<string, string> = {};
          if (xToken !== undefined) headers['x-token'] = xToken;
          if (type !== undefined) headers['content-type'] = type;
          const res = await t.app.inject({ method, url, query: q as Record<string, string>, headers, ...(withBody || method === 'POST' ? { payload } : {}) });
          seen.add(res.statusCode);
          expect(res.statusCode).toBeLessThan(500);
          const answer = res.json();
          if (NOT_ENVELOPE.has(url) && res.statusCode === 200) return;
          expect(typeof answer.code).toBe('number');
          expect(typeof answer.message === 'string' || answer.code === 200).toBe(true);
          if (res.statusCode === 401) expect([-1, 60204, 60205, 60206]).toContain(answer.code);
          else expect(answer.code).toBe(res.statusCode);
        },
      ),
      { numRuns: 1000 },
    );
    expect(await snapshot()).toEqual(before);
    // the runs reached past authentication and validation, not only the first refusal
    for (const status of [200, 400, 401, 403, 404, 415]) expect(seen).toContain(status);
  });
});
