/**
 * The demo seed plays the providers' slots through the real platform API as each provider's own
 * application: wallet calls of `jili-app`, `pg-app`… and their provider.round records, nothing
 * refused; every round's wallet calls match its record (the logs' reconciliation), the roll-ups
 * equal the rounds, and both groups' screens show data for admin.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { defaultConfig } from '../../config';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../../seed/demo';
import { DEMO_POPULATION } from '../../simulator/population';
import { databases, type OpenedTestDatabase } from '../../test/databases';

const NOW = Date.parse('2026-11-22T10:30:00Z');
const config = defaultConfig({ argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, now: () => NOW });
const RANGE = { from: '2026-11-19T00:00:00.000+08:00', to: '2026-11-22T23:59:59.999+08:00' };

// PGlite only: the demo code is the same on both; the full seed on PostgreSQL is simulator/demo-screens.test.ts's
describe.each(databases().slice(0, 1))('demo seed: the providers play ($kind)', (database) => {
  let opened: OpenedTestDatabase;
  let app: App;
  let token = '';
  const refused: unknown[] = [];
  beforeAll(async () => {
    opened = await database.open();
    await seedDemoIfEmpty(opened.db, config, {
      players: 150,
      days: 3,
      seed: DEMO_POPULATION.seed,
      log: (m, d) => {
        if (m.includes('refused')) refused.push(d);
      },
    });
    app = await buildApp({ db: opened.db, config, batchWorker: false });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: DEMO_PASSWORD } });
    token = JSON.parse(login.body).accessToken;
  }, 600_000);
  afterAll(async () => {
    await app?.close();
    await opened?.close();
  });

  it('rounds of JILI and of other providers, each through its own application, nothing refused', async () => {
    expect(refused).toEqual([]);
    const { rows } = await sql<{ provider: string; app_id: string; n: string }>`
      SELECT provider, app_id, count(*) AS n FROM provider_round GROUP BY 1, 2 ORDER BY 1`.execute(opened.db);
    const byProvider = Object.fromEntries(rows.map((r) => [r.provider, r]));
    expect(byProvider.JILI?.app_id).toBe('jili-app');
    expect(Number(byProvider.JILI?.n)).toBeGreaterThan(2);
    expect(rows.filter((r) => r.provider !== 'JILI').length).toBeGreaterThan(0);
    const rejected = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM platform_event e JOIN platform_event_claim c USING (app_id, event_id) WHERE e.type = 'provider.round' AND c.status = 'rejected'`.execute(
      opened.db,
    );
    expect(Number(rejected.rows[0].n)).toBe(0);
    // the providers' money is game play under their own applications
    const money = await sql<{ n: string }>`SELECT count(*) AS n FROM ledger_entry WHERE actor = 'app:jili-app' AND reason = 'game.bet'`.execute(opened.db);
    expect(Number(money.rows[0].n)).toBe(Number(byProvider.JILI.n));
  });

  it("every round's wallet calls match its record, and the screens of both groups show data", async () => {
    for (const group of ['jiligames', 'thirdgames']) {
      const get = async (screen: string, query: Record<string, string> = RANGE) => {
        const res = await app.inject({ method: 'GET', url: `/api/tinygames/${group}/${screen}`, query, headers: { 'x-token': token } });
        expect(res.statusCode, `${group}/${screen}`).toBe(200);
        return JSON.parse(res.body).data;
      };
      expect((await get('datareport')).items.length).toBeGreaterThan(0);
      expect((await get('dashboard')).totals.rounds).toBeGreaterThan(0);
      expect((await get('userreport')).items.length).toBeGreaterThan(0);
      const logs = await get('logs', { pageSize: '500' });
      expect(logs.items.length).toBeGreaterThan(0);
      for (const row of logs.items) expect([row.wallet, row.debited, row.credited], row.roundId).toEqual(['matched', row.bet, row.win]);
    }
  });
});
