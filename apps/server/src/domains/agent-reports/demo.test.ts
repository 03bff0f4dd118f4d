/**
 * The demo's agent reports: after a small demo seed (400 players, 30 days; the agents' demo
 * first), the roll-ups have agent rows, each partner (1, 2 and the platform's own agents) has an
 * extra rebate settled over the closed weeks — paid to every agent with tier-1 rake from
 * invitees not sharing its device or address (at 400 players there may be none), into agent
 * accounts with reason agent.extra_rebate, within cap and budget — and one open for the coming
 * week; run again, nothing changes. (At 400 players partner 2 may have no agent.)
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config';
import type { OpenedTestDatabase } from '../../test/databases';
import { openSharedDemo, type SharedDemo } from '../../test/demo-snapshot';
import { DEMO_PASSWORD } from '../../seed/demo';
import { seedAgentReportActivity } from './demo';
import { EXTRA_REBATE_REASON, windowFigures } from './extra-rebate';

process.env.AGENT_SETTLEMENT_JOB = '0';

// the demo seed shared with the other demo tests (test/demo-snapshot.ts), on PGlite: the demo code is the same on both; the full seed on PostgreSQL is simulator/demo-screens.test.ts's
describe('demo agent reports (pglite)', () => {
  let opened: OpenedTestDatabase;
  const NOW = Date.parse('2026-11-22T10:30:00Z');
  const config = defaultConfig({ argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, now: () => NOW });
  let shared: SharedDemo;
  beforeAll(async () => {
    shared = await openSharedDemo();
    opened = shared.opened;
  }, 900_000);
  afterAll(async () => opened?.close());

  it('fills the roll-ups, settles an extra rebate per partner and opens the next; a second run changes nothing', async () => {
    const logs = shared.logs.filter(([m]) => m === 'demo agent-reports').map(([, d]) => d);
    const db = opened.db;
    const partners = (await db.selectFrom('agent').select('partner').distinct().execute()).map((a) => a.partner);
    expect(logs[0]).toMatchObject({ configs: 2 * new Set([1, 2, ...partners]).size, settled: new Set([1, 2, ...partners]).size });
    for (const partner of [1, 2]) {
      const configs = await db.selectFrom('extra_rebate_config').selectAll().where('partner', '=', partner).orderBy('id').execute();
      expect(configs.map((c) => c.status)).toEqual(['settled', 'open']);
      const [settled] = configs;
      // tier 1 is set at the smallest tier-1 rake of the partner's agents in the window: whoever had rake is paid
      const figures = await windowFigures(
        db,
        partner,
        String(settled.window_from instanceof Date ? settled.window_from.toISOString() : settled.window_from).slice(0, 10),
        String(settled.window_to instanceof Date ? settled.window_to.toISOString() : settled.window_to).slice(0, 10),
      );
      const earners = figures.filter((f) => f.t1Rake * 1_000 >= 10_000 && f.active >= 1); // tier 1 pays 10%
      if (earners.length > 0) expect(Number(settled.paid), `partner ${partner}`).toBeGreaterThan(0);
      expect(Number(settled.paid)).toBeLessThanOrEqual(Number(settled.budget));
      const lines = await db.selectFrom('extra_rebate_payout').selectAll().where('config', '=', settled.id).execute();
      if (earners.length > 0) expect(lines.some((l) => Number(l.amount) > 0)).toBe(true);
      for (const l of lines) expect(Number(l.amount)).toBeLessThanOrEqual(Number(settled.agent_cap));
    }
    const reportRows = await db.selectFrom('agent_report_day as d').innerJoin('agent as a', 'a.uid', 'd.agent').select('d.day').execute();
    expect(reportRows.length).toBeGreaterThan(0);
    const paid = Number(
      (
        await sql<{
          n: number;
        }>`SELECT coalesce(sum(delta), 0)::bigint AS n FROM account_entry WHERE reason = ${EXTRA_REBATE_REASON} AND kind = 'agent'`.execute(db)
      ).rows[0].n,
    );
    const lines = Number((await sql<{ n: number }>`SELECT coalesce(sum(amount), 0)::bigint AS n FROM extra_rebate_payout`.execute(db)).rows[0].n);
    expect(paid).toBe(lines); // PHP at 100 chips a peso: chips = centavos
    const count = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`SELECT (SELECT count(*) FROM extra_rebate_config) + (SELECT count(*) FROM extra_rebate_payout) + (SELECT count(*) FROM account_entry) AS n`.execute(
            db,
          )
        ).rows[0].n,
      );
    const before = await count();
    await seedAgentReportActivity(db, config, DEMO_PASSWORD, Math.floor(NOW / 3_600_000) * 3_600_000);
    expect(await count()).toBe(before);
  }, 600_000);
});
