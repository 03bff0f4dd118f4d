/**
 * fast-check over /agentcooperation agents: random bodies of create, rate, status, adjust, void
 * and settings answer 200, 400, 404 or 409, never 500; a 400 names the field and a refused
 * change stores nothing (no agent, rate, line or log record); random list queries are 200 or 400.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { FIELD_MESSAGE, testApp, type TestApp } from '../../test/harness';

process.env.AGENT_SETTLEMENT_JOB = '0';

describe.each(databases())('agent inputs on $kind', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await testApp(kind);
    await t.database.db.updateTable('console_account').set({ partner: 1 }).where('username', '=', 'business').execute();
    await t.database.db
      .insertInto('player')
      .values(
        [5001, 5002, 5003, 5004].map((uid) => ({
          uid,
          name: `P${uid}`,
          register_ip: '1.1.1.1',
          register_device: `d${uid}`,
          registered_at: new Date(t.clock.now - 86_400_000),
          partner: 1,
          inviter_uid: uid === 5001 ? null : 5001,
        })),
      )
      .execute();
    token = await t.loginAs('business');
    expect((await t.post('/api/agentcooperation/agents/create', { uid: 5001, rate: 2500, t1: 2000, t2: 500 }, token)).status).toBe(200);
  });
  afterAll(async () => t?.close());

  const count = async () =>
    Promise.all(
      ['agent', 'agent_rate', 'agent_rebate_line', 'agent_settings', 'operation_log'].map(async (table) =>
        Number(
          (
            await t.database.db
              .selectFrom(table as 'agent')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );

  const anything = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.constantFrom('2026-11-30T00:00:00+08:00', '2020-01-01T00:00:00Z', '2026-11-23', 'PHP', 'php', -1, 0, 10_000, 10_001, 1e15, 5001, 5002),
  );
  const bps = fc.oneof(fc.integer({ min: -10, max: 10_010 }), anything);
  const body = fc.record(
    {
      uid: fc.oneof(fc.constantFrom(5001, 5002, 5003, 9999), anything),
      name: anything,
      rate: bps,
      t1: bps,
      t2: bps,
      recharge: bps,
      currency: anything,
      currencyRatio: anything,
      note: anything,
      effectiveAt: anything,
      status: fc.oneof(fc.constantFrom('active', 'suspended'), anything),
      reason: anything,
      amount: fc.oneof(fc.integer({ min: -200_000_000, max: 200_000_000 }), anything),
      week: anything,
      id: anything,
      minActiveInvitees: anything,
      extra: anything,
    },
    { requiredKeys: [] },
  );

  it('random bodies are 200, 400, 404 or 409, never 500; a refused change stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('agents/create', 'agents/rate', 'agents/status', 'rebates/adjust', 'rebates/void', 'settings/save'),
        body,
        async (op, b) => {
          const before = await count();
          const res = await t.post(`/api/agentcooperation/${op}`, b, token);
          expect([200, 400, 404, 409], JSON.stringify(res.body)).toContain(res.status);
          if (res.status === 400) expect(res.body.message).toMatch(FIELD_MESSAGE);
          const after = await count();
          // refusals are logged (operation_log) but change nothing else
          if (res.status !== 200) expect(after.slice(0, 4)).toEqual(before.slice(0, 4));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('random list queries are 200 or 400', async () => {
    const q = fc.dictionary(
      fc.constantFrom(
        'uid',
        'name',
        'status',
        'partner',
        'week',
        'weeksFrom',
        'weeksTo',
        'agent',
        'invitee',
        'kind',
        'run',
        'sort',
        'order',
        'pageSize',
        'page',
        'cursor',
        'x',
      ),
      fc.oneof(
        fc.string({ maxLength: 12 }).map((s) => s.replace(/[^\w-]/g, '')),
        fc.constantFrom('1', '5001', 't1', 'pending', 'active', '2026-11-16', '2026-13-45', '2026-02-30', 'amount', 'descend', '0', '-1'),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('agents', 'agents/rates', 'rebates/lines', 'rebates/t1', 'rebates', 'settlements'), q, async (path, query) => {
        const res = await t.get(`/api/agentcooperation/${path}`, token, query);
        expect([200, 400], JSON.stringify(res.body)).toContain(res.status);
      }),
      { numRuns: 150 },
    );
  });
});
