/**
 * fast-check over the extra rebate config body and the report queries: random bodies of create
 * and update answer 200, 400 (naming the field), 403 or 409, never 500; a refused one stores no
 * config and no version; an accepted one holds the §5 rules (tiers rising, the
 * window's end not before its start and not in the past, rates in range, cap ≤ budget). The
 * payout lines of random figures never exceed the cap per agent nor the budget in total.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EXTRA_RATE_BP } from '@console/schemas';
import { databases } from '../../test/databases';
import { FIELD_MESSAGE, testApp, type TestApp } from '../../test/harness';
import { payoutLines } from './extra-rebate';
import { backgroundRefresh } from './refresh';

describe('extra rebate lines', () => {
  it('never pay above the cap per agent nor above the budget in total, and only agents that reach a tier', () => {
    const tier = fc.record({
      t1Rake: fc.integer({ min: 1, max: 5_000_000 }),
      activeInvitees: fc.integer({ min: 0, max: 30 }),
      rateBp: fc.integer({ min: 1, max: MAX_EXTRA_RATE_BP }),
    });
    const figures = fc.array(
      fc.record({
        agent: fc.integer({ min: 1, max: 1_000_000 }),
        t1Rake: fc.integer({ min: 0, max: 50_000_000 }),
        active: fc.integer({ min: 0, max: 40 }),
        excluded: fc.constant(0),
        turnover: fc.constant(0),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(
        fc.array(tier, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        figures,
        (tiers, cap, budget, already, figs) => {
          const lines = payoutLines({ tiers, agentCap: cap, budget }, figs, already);
          const total = lines.reduce((s, l) => s + l.amount, 0);
          expect(total).toBeLessThanOrEqual(Math.max(0, budget - already));
          for (const l of lines) {
            expect(l.amount).toBeGreaterThanOrEqual(0);
            expect(l.amount).toBeLessThanOrEqual(cap);
            const t = tiers[l.tier - 1];
            expect(l.t1Rake).toBeGreaterThanOrEqual(t.t1Rake);
            expect(l.active).toBeGreaterThanOrEqual(t.activeInvitees);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe.each(databases())('extra rebate inputs on $kind', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await testApp(kind);
    await t.database.db
      .insertInto('partner')
      .values([
        { id: 1, name: 'Demo Partner' },
        { id: 2, name: 'Second' },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await t.database.db.updateTable('console_account').set({ partner: 1 }).where('username', '=', 'business').execute();
    for (const who of ['business', 'partner']) tokens[who] = await t.loginAs(who);
  });
  afterAll(async () => {
    await backgroundRefresh();
    await t?.close();
  });

  const count = async () =>
    Promise.all(
      ['extra_rebate_config', 'config_version', 'operation_log'].map(async (table) =>
        Number(
          (
            await t.database.db
              .selectFrom(table as 'extra_rebate_config')
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
    fc.constantFrom('2026-11-23', '2026-11-21', '2026-02-30', '2027-01-01', '<b>x</b>', '\u0000', -1, 0, 5001, 1e15),
  );
  const day = fc.oneof(
    fc.integer({ min: -3, max: 120 }).map((n) => new Date(Date.parse('2026-11-22T00:00:00Z') + n * 86_400_000).toISOString().slice(0, 10)),
    anything,
  );
  const tier = fc.oneof(
    anything,
    fc.record(
      {
        t1Rake: fc.oneof(fc.integer({ min: -10, max: 3_000_000 }), anything),
        activeInvitees: fc.oneof(fc.integer({ min: -1, max: 20 }), anything),
        rateBp: fc.oneof(fc.integer({ min: -1, max: 6000 }), anything),
        other: anything,
      },
      { requiredKeys: ['t1Rake', 'activeInvitees', 'rateBp'] },
    ),
  );
  const body = fc.record(
    {
      name: fc.oneof(fc.constant('Push'), anything),
      partner: fc.oneof(fc.constantFrom(1, 2), anything),
      windowFrom: day,
      windowTo: day,
      tiers: fc.oneof(fc.array(tier, { maxLength: 6 }), anything),
      agentCap: fc.oneof(fc.integer({ min: -1, max: 200_000 }), anything),
      budget: fc.oneof(fc.integer({ min: 0, max: 300_000 }), anything),
      id: fc.oneof(fc.integer({ min: 1, max: 3 }), anything),
      version: fc.oneof(fc.integer({ min: 1, max: 3 }), anything),
      extra: anything,
    },
    { requiredKeys: ['name', 'windowFrom', 'windowTo', 'tiers', 'agentCap', 'budget'] },
  );

  it('random bodies are 200, 400, 403, 404 or 409, never 500; refused ones store nothing; stored ones hold §5', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('create', 'update'), fc.constantFrom('business', 'partner'), body, async (op, who, b) => {
        const before = await count();
        const res = await t.post(`/api/agentcooperation/extrarebateconfigs/${op}`, b, tokens[who]);
        expect([200, 400, 403, 404, 409], JSON.stringify(res.body)).toContain(res.status);
        if (res.status === 400) expect(res.body.message).toMatch(FIELD_MESSAGE);
        const after = await count();
        if (res.status !== 200) {
          // (a refusal of a changing call is itself logged: http/refusal-log.ts)
          expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
          return;
        }
        const doc = res.body.data;
        expect(doc.windowTo >= doc.windowFrom).toBe(true);
        expect(doc.agentCap).toBeLessThanOrEqual(doc.budget);
        doc.tiers.forEach((x: any, i: number) => {
          expect(x.rateBp).toBeGreaterThan(0);
          expect(x.rateBp).toBeLessThanOrEqual(MAX_EXTRA_RATE_BP);
          if (i > 0) {
            expect(x.t1Rake).toBeGreaterThan(doc.tiers[i - 1].t1Rake);
            expect(x.rateBp).toBeGreaterThan(doc.tiers[i - 1].rateBp);
          }
        });
        if (who === 'partner') expect(doc.partner).toBe(1);
      }),
      { numRuns: 150 },
    );
  });

  it('random report queries are 200 or 400', async () => {
    const q = fc.dictionary(
      fc.constantFrom('agent', 'uid', 'from', 'to', 'tier', 'active', 'period', 'sort', 'order', 'page', 'pageSize', 'x'),
      fc.oneof(
        fc.string({ maxLength: 10 }).map((s) => s.replace(/[^\w:.+-]/g, '')),
        fc.constantFrom('1', '2', 'week', 'true', 'rake', 'descend', '2026-11-01T00:00:00+08:00', '-1'),
      ),
    );
    const paths = ['cooperData', 'cooperData/agents', 'shareData', 'inviteeData', 'cooperSearch', 'extrarebateAnalyze', 'coindealerlogs', 'extrarebateconfigs'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), q, async (path, query) => {
        const res = await t.get(`/api/agentcooperation/${path}`, tokens.partner, query);
        expect([200, 400], JSON.stringify(res.body)).toContain(res.status);
      }),
      { numRuns: 100 },
    );
  });
});
