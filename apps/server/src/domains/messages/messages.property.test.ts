/**
 * fast-check over the inputs of /messages: whatever text goes into a prefab, an announcement or
 * a personal message, the cleaned output holds nothing that can run and cleaning again changes
 * nothing; random bodies of every write operation answer 200, 400 or 404 (never 500) and a
 * refused one changes nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient } from '../../test/platform';
import { seedPaymentConfig } from '../payment-config/demo';
import { plainText, sanitizeHtml } from './sanitize';
import { assertInert, XSS_VECTORS } from './xss-testing';

const piece = fc.oneof(
  fc.constantFrom(
    ...XSS_VECTORS,
    '<p>',
    '</p>',
    '<a href="',
    '">',
    '<b>',
    '</b>',
    '<',
    '>',
    '&',
    '"',
    "'",
    '=',
    'javascript:',
    'on',
    '<svg',
    '<!--',
    '-->',
    '&#',
  ),
  fc.string({ maxLength: 12 }),
);
const hostileText = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));

describe('the allow list over random markup', () => {
  it('output is inert and stable', () => {
    fc.assert(
      fc.property(hostileText, (input) => {
        const clean = sanitizeHtml(input);
        assertInert(clean);
        expect(sanitizeHtml(clean)).toBe(clean);
        expect(plainText(input)).not.toMatch(/[<>]/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe.each(databases())('message inputs on $kind', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await testApp(kind);
    await seedPaymentConfig(t.database.db, new Date(t.clock.now));
    token = await t.loginAs('business');
  });
  afterAll(async () => t?.close());

  const anything = fc.oneof(
    hostileText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.constantFrom('2026-11-22T10:00:00Z', '2026-12-22T10:00:00+08:00', 'com.demo', 'online', 'daily', 'https://ok.example', 'chip', 'segment'),
  );
  const body = fc.record(
    {
      name: anything,
      titleEn: anything,
      titleZh: anything,
      contentEn: anything,
      contentZh: anything,
      title: anything,
      content: anything,
      package: anything,
      beginAt: anything,
      endAt: anything,
      repeatType: anything,
      link: anything,
      picture: anything,
      status: anything,
      sortOrder: anything,
      expiresInDays: anything,
      attachment: fc.oneof(anything, fc.record({ currency: anything, amount: anything })),
      target: fc.oneof(anything, fc.record({ kind: anything, uid: anything, uids: anything, segment: fc.dictionary(fc.string({ maxLength: 10 }), anything) })),
    },
    { requiredKeys: [] },
  );

  it('random bodies are 200, 400 or 404, and whatever is stored is inert', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('prefabs/create', 'announcement/create', 'broadcast/send', 'broadcast/preview'), body, async (op, b) => {
        const res = await t.post(`/api/messages/${op}`, b, token);
        expect([200, 400, 404]).toContain(res.status);
      }),
      { numRuns: 150 },
    );
    const stored = [
      ...(await t.database.db.selectFrom('message_prefab').select(['content_en as c', 'content_zh as z', 'title_en as t']).execute()),
      ...(await t.database.db.selectFrom('announcement').select(['content as c', 'content as z', 'title as t']).execute()),
      ...(await t.database.db.selectFrom('message_send').select(['content_en as c', 'content_zh as z', 'title_en as t']).execute()),
    ];
    for (const row of stored) {
      assertInert(row.c);
      assertInert(row.z);
      expect(row.t).not.toMatch(/[<>]/);
    }
  });

  it('random message events and inbox queries are 200 or 400 (404 an unknown player), never 500; nothing is credited for a refused one', async () => {
    const p = await platformClient(t);
    await p.register(7501, { name: 'F' });
    const event = fc.record(
      {
        id: fc.oneof(fc.string({ minLength: 1, maxLength: 70 }), anything),
        type: fc.oneof(fc.constantFrom('message.read', 'message.claimed', 'message.other'), anything),
        at: fc.oneof(fc.constant(new Date(t.clock.now).toISOString()), anything),
        data: fc.oneof(
          anything,
          fc.record(
            { uid: fc.oneof(fc.constant(7501), anything), messageId: fc.oneof(fc.integer({ min: -5, max: 5 }), anything), extra: anything },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.array(event, { maxLength: 5 }).map((events) => ({ events })),
          anything.filter((v) => v !== undefined),
        ),
        fc.string({ maxLength: 30 }),
        async (body, query) => {
          const res = await p.post('/api/platform/messages/events', body);
          expect([200, 400]).toContain(res.status);
          const inbox = await p.get('/api/platform/messages/inbox', query.replace(/[^\w=&%.-]/g, ''));
          expect([200, 400, 404]).toContain(inbox.status);
        },
      ),
      { numRuns: 150 },
    );
    const credited = await t.database.db.selectFrom('ledger_entry').select('id').where('reason', '=', 'message.claim').execute();
    expect(credited).toEqual([]);
  });

  it('every XSS vector put into a prefab, an announcement and a personal message is removed before storage', async () => {
    const p = await t.post(
      '/api/messages/prefabs/create',
      { name: 'x', titleEn: XSS_VECTORS[0] + 'T', titleZh: 'T', contentEn: `ok ${XSS_VECTORS.join(' ')}`, contentZh: 'ok' },
      token,
    );
    expect(p.status).toBe(200);
    const a = await t.post(
      '/api/messages/announcement/create',
      {
        package: 'com.demo',
        title: 'T<svg onload=alert(1)>',
        content: `ok ${XSS_VECTORS.join(' ')}`,
        beginAt: '2026-11-22T10:00:00Z',
        endAt: '2026-11-23T10:00:00Z',
        repeatType: 'once',
        link: '',
        picture: '',
        status: 'offline',
        sortOrder: 0,
      },
      token,
    );
    expect(a.status).toBe(200);
    const rows = [
      await t.database.db.selectFrom('message_prefab').select(['content_en as c', 'title_en as t']).where('id', '=', p.body.data.id).executeTakeFirstOrThrow(),
      await t.database.db.selectFrom('announcement').select(['content as c', 'title as t']).where('id', '=', a.body.data.id).executeTakeFirstOrThrow(),
    ];
    for (const row of rows) {
      assertInert(row.c);
      expect(row.t).not.toMatch(/[<>]/);
    }
  });
});
