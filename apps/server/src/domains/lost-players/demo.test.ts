/**
 * The demo's campaigns: a small demo seed (200 players, 16 days) sends the campaigns that fit
 * its history through the send call, the apps answer (returns, claims, recharges) through the
 * platform API, and the screens show believable outcomes; run again, nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config';
import type { OpenedTestDatabase } from '../../test/databases';
import { openSharedDemo } from '../../test/demo-snapshot';
import { DEMO_PASSWORD } from '../../seed/demo';
import { seedLostPlayerCampaigns } from './demo';

// PGlite only: the demo code is the same on both; the full seed on PostgreSQL is simulator/demo-screens.test.ts's
describe('demo retrieval campaigns (pglite)', () => {
  let opened: OpenedTestDatabase;
  const NOW = Date.parse('2026-11-22T10:30:00Z');
  const config = defaultConfig({ argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, now: () => NOW });
  let seedLogs: [string, Record<string, unknown>][] = [];
  // the demo seed shared with the other demo tests (test/demo-snapshot.ts)
  beforeAll(async () => {
    ({ opened, logs: seedLogs } = await openSharedDemo());
  }, 900_000);
  afterAll(async () => opened?.close());

  it('sends campaigns whose players come back, claim and pay; a second run changes nothing', async () => {
    const logs = seedLogs.filter(([m]) => m.includes('retrieval')).map(([, d]) => d);
    expect(logs[0]).toMatchObject({ refused: 0 });
    const rows = await opened.db.selectFrom('lost_campaign').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    const sum = (k: 'reached' | 'returned' | 'paid' | 'claimed') => rows.reduce((n, r) => n + r[k], 0);
    expect(sum('reached')).toBeGreaterThan(0);
    expect(sum('returned')).toBeGreaterThan(0);
    expect(sum('returned')).toBeLessThan(sum('reached'));
    expect(sum('paid')).toBeLessThanOrEqual(sum('returned'));
    const log = await opened.db.selectFrom('operation_log').select('target').where('operation', '=', 'loseuser.campaigns.send').execute();
    expect(log).toHaveLength(rows.length);
    const counts = async () =>
      Promise.all(
        (['recharge_order', 'ledger_entry', 'player_login', 'player_message'] as const).map(async (table) =>
          Number(
            (
              await opened.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    const before = await counts();
    const again = await seedLostPlayerCampaigns(opened.db, config, DEMO_PASSWORD, Math.floor(NOW / 3_600_000) * 3_600_000);
    // the same calls answered as duplicates: no order, money, login or message more
    expect(again).toMatchObject({ campaigns: 0, refused: 0, claims: 0 });
    expect(await counts()).toEqual(before);
    expect(await opened.db.selectFrom('lost_campaign').select('id').execute()).toHaveLength(rows.length);
  }, 300_000);
});
