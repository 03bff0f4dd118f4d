/**
 * Property: whatever reaches the issuing operations (validate, create, limits, the logs), the
 * answer is never a 5xx, the envelope code agrees with the HTTP status, and a refused call
 * writes nothing (batches, their lines, the limits, the ledger). On PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { addPlayers } from './testing';
import { batchWorkerOf } from './worker';

const GOLD = '/api/usermanager/batchsendgold';
const CASH = '/api/usermanager/batchsendcash';
const POSTS = [
  `${GOLD}/sendgold/validate`,
  `${GOLD}/sendgold/create`,
  `${CASH}/sendcash/validate`,
  `${CASH}/sendcash/create`,
  `${GOLD}/sendgold/limits/update`,
];
const GETS = [
  `${GOLD}/sendgold/progress`,
  `${GOLD}/sendgold/allowance`,
  `${GOLD}/sendlogs`,
  `${GOLD}/sendlogs/lines`,
  `${CASH}/sendcashlogs`,
  `${CASH}/sendcashlogs/lines`,
  `${GOLD}/sendgold/limits`,
];

const token = fc.oneof(
  fc.constantFrom('1001', '1002', '1003', '0', '-1', '1.5', '1e3', 'abc', '', ' ', '99999999999', '1000000000000', '1000000000001', '"1001"', 'NaN', '٣'),
  fc.integer({ min: -5, max: 2_000 }).map(String),
  fc.string({ maxLength: 6 }),
);
const separator = fc.constantFrom(',', ', ', '\t', ' ', ';', ',,', '');
const newline = fc.constantFrom('\n', '\r\n', '\r', '\n\n');
const batchText = fc
  .array(fc.tuple(token, separator, token), { maxLength: 8 })
  .chain((rows) => newline.map((nl) => rows.map(([u, s, a]) => `${u}${s}${a}`).join(nl)));
const hostile = fc.oneof(
  fc.string(),
  fc.constantFrom('', ' ', '\u0000', 'x'.repeat(201), 'Admin', 'Second Admin'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 0, max: 2_000_000_000_000 }),
);
const body = fc
  .oneof(
    fc.record(
      { text: fc.oneof(batchText, hostile), reason: fc.oneof(fc.constantFrom('promo', 'x'.repeat(200), 'x'.repeat(201), '  '), hostile) },
      { requiredKeys: [] },
    ),
    fc.record({ group: fc.oneof(fc.constantFrom('Admin', 'Sales', 'nobody'), hostile), chip: hostile, withdrawable: hostile }, { requiredKeys: [] }),
    fc.dictionary(fc.constantFrom('text', 'reason', 'group', 'chip', 'withdrawable', 'extra', '__proto__'), hostile, { maxKeys: 4 }),
  )
  .map((b) => JSON.stringify(b));
const query = fc.dictionary(
  fc.constantFrom('id', 'batchId', 'page', 'pageSize', 'status', 'uid', 'createdBy', 'reason', 'from', 'to', 'sort', 'order', 'x'),
  fc.oneof(token, fc.constantFrom('running', 'done', 'sent', 'failed', 'total', 'ascend', '2026-11-22T00:00:00+08:00', 'yesterday')),
  { maxKeys: 4 },
);

describe.each(databases())('hostile input at the issuing operations on $kind', (db) => {
  let t: TestApp;
  let tokens: string[];
  beforeAll(async () => {
    t = await testApp(db);
    await batchWorkerOf(t.app)!.stop();
    await addPlayers(t.database.db, 1001, 3);
    tokens = [await t.loginAs('admin'), await t.loginAs('secadmin'), await t.loginAs('service')];
  });
  afterAll(async () => t?.close());

  const snapshot = async () =>
    (
      await sql<{ s: string }>`SELECT
      (SELECT count(*) FROM issue_batch) || '/' || (SELECT count(*) FROM issue_batch_line) || '/' || (SELECT count(*) FROM ledger_entry)
      || '/' || (SELECT string_agg(permission_group || currency || daily_limit, ',' ORDER BY permission_group, currency) FROM issue_limit) AS s`.execute(
        t.database.db,
      )
    ).rows[0].s;

  it('never a 5xx; a refused call writes nothing', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.constantFrom(...POSTS),
        fc.constantFrom(...GETS),
        body,
        query,
        fc.constantFrom(0, 1, 2),
        async (isPost, postUrl, getUrl, payload, q, who) => {
          const before = await snapshot();
          const res = isPost
            ? await t.app.inject({ method: 'POST', url: postUrl, payload, headers: { 'content-type': 'application/json', 'x-token': tokens[who] } })
            : await t.app.inject({ method: 'GET', url: getUrl, query: q, headers: { 'x-token': tokens[who] } });
          expect(res.statusCode).toBeLessThan(500);
          const answer = res.json();
          expect(answer.code).toBe(res.statusCode);
          if (res.statusCode !== 200) {
            expect(typeof answer.message).toBe('string');
            expect(await snapshot()).toBe(before);
          }
        },
      ),
      { numRuns: db.kind === 'postgres' ? 300 : 500 },
    );
  });
});
