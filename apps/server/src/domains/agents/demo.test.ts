/**
 * The demo's agents: a small demo seed (400 players, 30 days) makes agents of the recruiters
 * of each partner and a farm head through the change functions (operation log), settles the
 * weeks that ended through the settlement (agent accounts credited), with a carried negative
 * result and voided lines that say why; partner 1's biggest network recruits five friends through
 * the platform calls, so its agent may cash out and the partner sees them on inviteeData; run
 * again, nothing changes.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config';
import type { OpenedTestDatabase } from '../../test/databases';
import { openSharedDemo, type SharedDemo } from '../../test/demo-snapshot';
import { buildApp } from '../../app';
import { DEMO_PASSWORD } from '../../seed/demo';
import { NEWCOMER_UIDS } from '../../seed/demo-newcomers';
import { seedAgentActivity } from './demo';

process.env.AGENT_SETTLEMENT_JOB = '0';

// the demo seed shared with the other demo tests (test/demo-snapshot.ts), on PGlite: the demo code is the same on both; the full seed on PostgreSQL is simulator/demo-screens.test.ts's
describe('demo agents (pglite)', () => {
  let opened: OpenedTestDatabase;
  const NOW = Date.parse('2026-11-22T10:30:00Z');
  const config = defaultConfig({ argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, now: () => NOW });
  let shared: SharedDemo;
  beforeAll(async () => {
    shared = await openSharedDemo();
    opened = shared.opened;
  }, 900_000);
  afterAll(async () => opened?.close());

  it('makes agents with invitees, settles the weeks with paid, voided and carried results; a second run changes nothing', async () => {
    const logs = shared.logs.filter(([m]) => m === 'demo agents').map(([, d]) => d);
    const db = opened.db;
    expect(logs[0]).toMatchObject({ agents: expect.any(Number) });
    const agents = await db.selectFrom('agent').selectAll().execute();
    expect(agents.length).toBeGreaterThanOrEqual(4);
    expect(new Set(agents.map((a) => a.partner)).size).toBeGreaterThanOrEqual(2);
    const statements = await db.selectFrom('agent_rebate').selectAll().execute();
    expect(statements.some((s) => Number(s.amount) > 0 && s.status === 'settled')).toBe(true);
    expect(statements.some((s) => Number(s.carry_out) < 0)).toBe(true);
    expect(statements.some((s) => Number(s.t2_amount) > 0)).toBe(true);
    const voided = await db.selectFrom('agent_rebate_line').select('reason').where('status', '=', 'voided').execute();
    expect(voided.map((v) => v.reason)).toEqual(expect.arrayContaining(['own play']));
    expect(voided.some((v) => v.reason === 'shared device' || v.reason === 'shared ip')).toBe(true);
    const ops = await db.selectFrom('operation_log').select('operation').where('operation', 'like', 'agentcooperation.%').execute();
    expect(ops.filter((o) => o.operation === 'agentcooperation.agents.create')).toHaveLength(agents.length);
    const balances = Number(
      (await sql<{ n: number }>`SELECT coalesce(sum(balance), 0)::bigint AS n FROM ledger_account WHERE kind = 'agent'`.execute(db)).rows[0].n,
    );
    // the agents' accounts hold their paid statements and the extra rebates paid beside them (agent-reports)
    const extra = Number(
      (
        await sql<{ n: number }>`SELECT coalesce(sum(delta), 0)::bigint AS n FROM account_entry WHERE kind = 'agent' AND reason = 'agent.extra_rebate'`.execute(
          db,
        )
      ).rows[0].n,
    );
    // less what they cashed out (agentcash demo: holds, fees, refunds)
    const cashed = Number(
      (await sql<{ n: number }>`SELECT coalesce(sum(delta), 0)::bigint AS n FROM account_entry WHERE kind = 'agent' AND reason LIKE 'agentcash.%'`.execute(db))
        .rows[0].n,
    );
    expect(balances).toBe(statements.filter((s) => s.entry !== null).reduce((n, s) => n + Number(s.amount), 0) + extra + cashed);
    // the three biggest networks got a launch incentive
    const incentives = statements.filter((s) => Number(s.adjustments) >= 600_000).length;
    expect(incentives).toBeGreaterThanOrEqual(1);
    expect(incentives).toBeLessThanOrEqual(3);
    // partner 1's recruiting drive: its biggest network's agent has friends who signed up through the
    // platform calls and play, enough active invitees for a cash-out; the partner sees them on inviteeData
    const recruits = await db
      .selectFrom('player')
      .select(['uid', 'inviter_uid', 'partner'])
      .where('uid', '>', NEWCOMER_UIDS.recruits)
      .where('uid', '<', NEWCOMER_UIDS.booth)
      .execute();
    expect(recruits.length).toBe(5);
    const driver = agents.find((a) => a.uid === recruits[0].inviter_uid)!;
    expect(driver).toMatchObject({ partner: 1, status: 'active', withdrawable: true });
    expect(driver.active_invitees).toBeGreaterThanOrEqual(3);
    for (const r of recruits) expect(r).toMatchObject({ inviter_uid: driver.uid, partner: 1 });
    const app = await buildApp({ db, config, batchWorker: false });
    try {
      const token = JSON.parse(
        (await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'partner', password: DEMO_PASSWORD } })).body,
      ).accessToken;
      const res = await app.inject({
        method: 'GET',
        url: '/api/agentcooperation/inviteeData',
        query: { agent: String(driver.uid) },
        headers: { 'x-token': token },
      });
      const items = JSON.parse(res.body).data.items as { uid: number; active: boolean }[];
      expect(items.filter((i) => i.uid > NEWCOMER_UIDS.recruits && i.uid < NEWCOMER_UIDS.booth && i.active).length).toBeGreaterThanOrEqual(3);
    } finally {
      await app.close();
    }
    const count = async () =>
      Number((await sql<{ n: number }>`SELECT (SELECT count(*) FROM agent_rebate_line) + (SELECT count(*) FROM account_entry) AS n`.execute(db)).rows[0].n);
    const before = await count();
    await seedAgentActivity(db, config, DEMO_PASSWORD, Math.floor(NOW / 3_600_000) * 3_600_000);
    expect(await count()).toBe(before);
  }, 600_000);
});
