/**
 * The demo of /agentcash and /groundpromoters on a small demo seed (400 players, 21 days):
 * agent cash-outs in several states with the money reconciled, ground promoter records in every
 * state, and the partner account's rows on the review, by-agent and records screens (partner 1's
 * agent and booth); a second run changes nothing. PGlite only (a full seed on both is the demo-screens test's job).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { defaultConfig } from '../../config';
import type { OpenedTestDatabase } from '../../test/databases';
import { openSharedDemo } from '../../test/demo-snapshot';
import { DEMO_PASSWORD } from '../../seed/demo';
import { reconcile } from '../ledger/reconcile';
import { PARTNER_BOOTH, seedGroundPromoterActivity } from '../groundpromoters/demo';
import { seedAgentCashActivity } from './demo';

describe('demo agent cash-outs and promoter records (pglite)', () => {
  let opened: OpenedTestDatabase;
  const NOW = Date.parse('2026-11-22T10:30:00Z');
  const config = defaultConfig({ argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, now: () => NOW });
  let seedLogs: [string, Record<string, unknown>][] = [];
  // the demo seed shared with the other demo tests (test/demo-snapshot.ts)
  beforeAll(async () => {
    ({ opened, logs: seedLogs } = await openSharedDemo());
  }, 900_000);
  afterAll(async () => opened?.close());

  it('seeds both, reconciled; a second run changes nothing', async () => {
    const logs: Record<string, Record<string, unknown>> = Object.fromEntries(seedLogs);
    console.log('agentcash', logs['demo agentcash'], 'groundpromoters', logs['demo groundpromoters']);
    const states = async (table: 'agent_cashout_order' | 'gp_record') =>
      Object.fromEntries(
        (
          await opened.db
            .selectFrom(table)
            .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
            .groupBy('status')
            .execute()
        ).map((r) => [r.status, Number(r.n)]),
      );
    const gp = await states('gp_record');
    // at 400 players only a few qualify: paid and qualified share them (the full demo has both)
    expect(gp.voided).toBeGreaterThan(0);
    expect(gp.pending).toBeGreaterThan(0);
    expect((gp.paid ?? 0) + (gp.qualified ?? 0)).toBeGreaterThan(0);
    // agent cash-outs need agents that may withdraw (H3's active-invitee rule as settled): partner 1's
    // recruiting drive (agents demo) gives its biggest network's agent enough active invitees
    const orders = await states('agent_cashout_order');
    expect(logs['demo agentcash']?.noWithdrawableAgent).toBeUndefined();
    expect(Object.keys(orders).length).toBeGreaterThanOrEqual(4);
    expect((await reconcile(opened.db)).differences).toEqual([]);
    // what the partner account (partner 1) sees on agent_peoplecheck, agent_search_user and GroundpromotersRecords
    const app = await buildApp({ db: opened.db, config, batchWorker: false });
    try {
      const token = JSON.parse(
        (await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'partner', password: DEMO_PASSWORD } })).body,
      ).accessToken;
      const items = async (url: string) => {
        const res = await app.inject({ method: 'GET', url, headers: { 'x-token': token } });
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        return JSON.parse(res.body).data.items as { partner: number; status?: string; promoter?: string }[];
      };
      for (const url of ['/api/agentcash/orders', '/api/agentcash/figures/user', '/api/groundpromoters/records']) {
        const seen = await items(url);
        expect(seen.length, url).toBeGreaterThan(0);
        for (const item of seen) expect(item.partner, url).toBe(1);
      }
      // partner 1's booth: records in every state, one paid by the partner
      const booth = (await items('/api/groundpromoters/records')).filter((r) => r.promoter === PARTNER_BOOTH.username);
      expect(new Set(booth.map((r) => r.status))).toEqual(new Set(['pending', 'qualified', 'paid', 'voided']));
    } finally {
      await app.close();
    }
    const end = Math.floor(NOW / 3_600_000) * 3_600_000;
    await seedAgentCashActivity(opened.db, config, DEMO_PASSWORD, end);
    await seedGroundPromoterActivity(opened.db, config, DEMO_PASSWORD, end);
    expect(await states('agent_cashout_order')).toEqual(orders);
    // a re-run adds no record, pays none twice and voids none by hand again
    expect(await states('gp_record')).toEqual(gp);
  }, 900_000);
});
