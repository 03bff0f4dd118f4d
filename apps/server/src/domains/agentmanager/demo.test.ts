/**
 * The /agentmanager demo on both databases (through its services: it runs whether or not the
 * module is switched on): wholesalers made of the agents with the most invitees, two weeks of
 * stock and hand-outs through the ledger, last month's host report closed; a second run moves
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient } from '../../test/platform';
import { ensureAccount, issuanceAccount, moveBetweenAccounts } from '../ledger/accounts';
import { seedAgentManagerActivity } from './demo';

// PGlite only: the demo code is the same on both; the full seed on PostgreSQL is simulator/demo-screens.test.ts's
describe.each(databases().slice(0, 1))('agentmanager demo on $kind', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(database);
    const db = t.database.db;
    t.clock.advance(-30 * 86_400_000);
    const p = await platformClient(t);
    for (const [agent, partner] of [
      [8401, 1],
      [8411, 2],
    ] as const) {
      await p.register(agent, { partner });
      for (let i = 1; i <= 4; i += 1) await p.register(agent + i, { partner, inviterUid: agent });
      await p.register(agent + 5, { partner, inviterUid: agent + 1 });
    }
    t.clock.advance(30 * 86_400_000);
    const at = new Date(t.clock.now - 20 * 86_400_000);
    await db
      .insertInto('agent')
      .values(
        [
          [8401, 1],
          [8411, 2],
        ].map(([uid, partner]) => ({ uid: uid, partner: partner, name: `Agent ${uid}`, created_at: at, created_by: 'staff:business', updated_at: at })),
      )
      .execute();
    await db.transaction().execute(async (trx) => {
      const from = await issuanceAccount(trx, 'chip');
      for (const partner of [1, 2]) {
        const to = await ensureAccount(trx, 'partner', String(partner), partner, 'chip');
        await moveBetweenAccounts(trx, from.id, to.id, 50_000_000, { reason: 'test.cloud', actor: 'system:test', key: `demo-cloud-${partner}`, at });
      }
    });
  }, 180_000);
  afterAll(async () => t?.close());

  it('seeds wholesalers, their movements and a closed month once', async () => {
    const first = await seedAgentManagerActivity(t.database.db, t.config, DEMO_PASSWORD, t.clock.now);
    expect(first).toMatchObject({ wholesalers: 2, closedMonth: '2026-10' });
    expect(Number(first.movements)).toBeGreaterThan(20);
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all([
          t.database.db.selectFrom('agentmanager_distribution').select(['id', 'amount']).orderBy('id').execute(),
          t.database.db.selectFrom('ledger_account').select(['id', 'balance']).orderBy('id').execute(),
          t.database.db.selectFrom('agentmanager_host_report').selectAll().orderBy('agent').execute(),
          t.database.db.selectFrom('operation_log').select('id').orderBy('id').execute(),
        ]),
      );
    const before = await snapshot();
    const kinds = await t.database.db.selectFrom('agentmanager_distribution').select('kind').distinct().execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual(['distribute', 'return', 'stock']);
    const again = await seedAgentManagerActivity(t.database.db, t.config, DEMO_PASSWORD, t.clock.now);
    expect(again).toMatchObject({ wholesalers: 0 });
    expect(await snapshot()).toBe(before);
  }, 120_000);
});
