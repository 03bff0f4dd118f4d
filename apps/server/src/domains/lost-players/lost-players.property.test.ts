/**
 * fast-check over /loseuser: random bodies of preview and send, and random list queries,
 * answer 200 or 400 (409 a reward over the daily chip limit), never 500; a refused send
 * stores no campaign, no message send and no log record; and whatever was sent, a campaign's
 * players split exactly into the three outcomes.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { FIELD_MESSAGE, testApp, type TestApp } from '../../test/harness';
import { platformClient } from '../../test/platform';

const DAY = 86_400_000;

describe.each(databases())('lost-player inputs on $kind', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await testApp(kind);
    const p = await platformClient(t);
    for (let uid = 8101; uid <= 8110; uid++) {
      await p.event(
        'player.registered',
        { uid, name: `F${uid}`, ip: '10.0.0.1', deviceId: `f-${uid}`, package: 'com.demo' },
        { at: new Date(t.clock.now - (uid - 8100) * 3 * DAY).toISOString() },
      );
    }
    token = await t.loginAs('business');
  });
  afterAll(async () => t?.close());

  const count = async () =>
    Promise.all(
      ['lost_campaign', 'message_send', 'operation_log'].map(async (table) =>
        Number(
          (
            await t.database.db
              .selectFrom(table as 'lost_campaign')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );

  const anything = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.constantFrom('2026-11-01T00:00:00Z', '2026-11-20T00:00:00+08:00', '<script>x</script>', 'chip', -1, 0, 7, 3651, 1e15),
  );
  const segment = fc.oneof(
    anything,
    fc.record(
      {
        inactiveDays: fc.oneof(fc.integer({ min: 1, max: 40 }), anything),
        vipMin: anything,
        vipMax: anything,
        partner: anything,
        paying: anything,
        lastLoginFrom: anything,
        lastLoginTo: anything,
        other: anything,
      },
      { requiredKeys: [] },
    ),
  );
  const body = fc.record(
    {
      name: fc.oneof(fc.string({ maxLength: 10 }), anything),
      segment,
      titleEn: fc.oneof(fc.constant('Hi {name}'), anything),
      titleZh: anything,
      contentEn: fc.oneof(fc.constant('<p>Back</p>'), anything),
      contentZh: anything,
      reward: fc.oneof(fc.integer({ min: 0, max: 20_000_000 }), anything),
      expiresInDays: fc.oneof(fc.integer({ min: 0, max: 100 }), anything),
      extra: anything,
    },
    { requiredKeys: ['segment'] },
  );

  it('random bodies are 200, 400 or 409, never 500; a refused send stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('send', 'preview'), body, async (op, b) => {
        const before = await count();
        const res = await t.post(`/api/loseuser/campaigns/${op}`, b, token);
        expect([200, 400, 409], JSON.stringify(res.body)).toContain(res.status);
        if (res.status === 400) expect(res.body.message).toMatch(FIELD_MESSAGE);
        const after = await count();
        if (op === 'preview' || res.status !== 200) expect(after).toEqual(before);
        else expect(after).toEqual([before[0] + 1, before[1] + 1, before[2] + 1]);
      }),
      { numRuns: 120 },
    );
  });

  it('random list queries are 200 or 400; the outcomes of a campaign partition its players', async () => {
    const q = fc.dictionary(
      fc.constantFrom('campaign', 'outcome', 'uid', 'vip', 'partner', 'sort', 'order', 'pageSize', 'cursor', 'from', 'to', 'page', 'x'),
      fc.oneof(
        fc.string({ maxLength: 12 }).map((s) => s.replace(/[^\w-]/g, '')),
        fc.constantFrom('1', 'paid', 'returned', 'reached', 'uid', 'recharge', 'descend', '0', '-1'),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('campaigns', 'campaigns/players', 'dashboard'), q, async (path, query) => {
        const res = await t.get(`/api/loseuser/${path}`, token, query);
        expect([200, 400], JSON.stringify(res.body)).toContain(res.status);
      }),
      { numRuns: 120 },
    );
    const sent = await t.post(
      '/api/loseuser/campaigns/send',
      { name: 'n', segment: { inactiveDays: 5 }, titleEn: 't', contentEn: 'c', expiresInDays: 3 },
      token,
    );
    expect(sent.status).toBe(200);
    const campaigns = await t.database.db.selectFrom('lost_campaign').select(['id', 'reached']).orderBy('id', 'desc').execute();
    expect(campaigns.length).toBeGreaterThan(0);
    for (const c of campaigns.slice(0, 5)) {
      const all = (await t.get('/api/loseuser/campaigns/players', token, { campaign: String(c.id), pageSize: '500' })).body.data.items.length as number;
      let parts = 0;
      for (const outcome of ['reached', 'returned', 'paid']) {
        parts += (await t.get('/api/loseuser/campaigns/players', token, { campaign: String(c.id), outcome, pageSize: '500' })).body.data.items.length as number;
      }
      expect(parts).toBe(all);
    }
  });
});
