/**
 * The demo's activities: a small demo seed (300 players, 16 days) has the demo admin save the
 * activities' settings and the apps of its last 14 days read and claim through the platform
 * API. Every activity the demo configures then shows participants and rewards on its screens,
 * sprintcarnival and ladderloserebate show two versions in their configlogs, every reward is
 * one ledger entry of its activity (nothing paid twice), and a second run changes nothing.
 */
import { findActivity } from '@console/activities';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { defaultConfig } from '../../config';
import { databases, type OpenedTestDatabase } from '../../test/databases';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../../seed/demo';
import { DEMO_POPULATION } from '../../simulator/population';
import { reconcile } from '../ledger/reconcile';
import { demoSettings, seedActivityTraffic, type ActivityTraffic } from './demo';
import { activityScreens } from './routes';

const HOUR = 3_600_000;

// PGlite only: the demo code is the same on both; the full seed on PostgreSQL is simulator/demo-screens.test.ts's
describe.each(databases().slice(0, 1))('demo activities ($kind)', (database) => {
  let opened: OpenedTestDatabase;
  let app: App | undefined;
  const NOW = Date.parse('2026-11-22T10:30:00Z');
  const end = Math.floor(NOW / HOUR) * HOUR;
  const config = defaultConfig({ argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, now: () => NOW });
  const traffic: ActivityTraffic[] = [];

  beforeAll(async () => {
    opened = await database.open();
    await seedDemoIfEmpty(opened.db, config, {
      players: 300, days: 16, seed: DEMO_POPULATION.seed, log: (m, d) => { if (m === 'demo activities') traffic.push(d as ActivityTraffic); },
    });
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await opened?.close();
  });

  it('every activity the demo configures has participants and rewards on its screens; two versions of sprintcarnival and ladderloserebate', async () => {
    expect(traffic).toHaveLength(1);
    expect(traffic[0]).toMatchObject({ saves: 8, repeated: 0 });
    expect(traffic[0]!.topUps).toBeGreaterThan(0);
    app = await buildApp({ db: opened.db, config, batchWorker: false });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: DEMO_PASSWORD } });
    const token = JSON.parse(login.body).accessToken as string;
    const get = async (url: string, query: Record<string, string> = {}) => {
      const res = await app!.inject({ method: 'GET', url, query, headers: { 'x-token': token } });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      return JSON.parse(res.body).data;
    };
    const count = async (table: 'activity_player' | 'activity_reward', activity: string) =>
      Number((await opened.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('activity', '=', activity).executeTakeFirstOrThrow()).n);
    // the activities the demo configures (an activity added to the registry joins them with its settings in demo.ts)
    for (const a of Object.keys(demoSettings(end).first).map((id) => findActivity(id)!)) {
      const sc = activityScreens(a);
      expect(sc.dashboard ?? sc.players ?? sc.configs, a.id).not.toBeNull();
      expect(await count('activity_player', a.id), `${a.id}: participants`).toBeGreaterThan(0);
      expect(await count('activity_reward', a.id), `${a.id}: rewards`).toBeGreaterThan(0);
      expect(traffic[0]!.claims[a.id], a.id).toBeGreaterThan(0);
      if (sc.players) {
        expect((await get(`/api/activities/${a.id}/players`)).items.length, `${a.id}: participants screen`).toBeGreaterThan(0);
        expect((await get(`/api/activities/${a.id}/players/rewards`)).items.length, `${a.id}: rewards tab`).toBeGreaterThan(0);
      }
      if (sc.dashboard) {
        const dash = await get(`/api/activities/${a.id}/dashboard`, { from: '2026-11-09T00:00:00.000+08:00', to: '2026-11-22T23:59:59.999+08:00' });
        expect(dash.totals.claims, `${a.id}: dashboard`).toBeGreaterThan(0);
      }
    }
    for (const id of ['sprintcarnival', 'ladderloserebate']) {
      const logs = await get(`/api/activities/${id}/configlogs`);
      expect(logs.total, id).toBeGreaterThanOrEqual(2);
      expect(logs.items[0]).toMatchObject({ actor: 'admin', action: 'update' });
    }
    // the carnival runs over the end of the history
    const carnival = await get('/api/activities/sprintcarnival/configs');
    expect(carnival).toMatchObject({ running: true, settings: { milestones: [{ bet: 10_000, reward: 200 }, expect.anything(), expect.anything(), expect.anything()] } });
  });

  it('every reward is one ledger entry of its activity, and the budgets count what was paid: nothing paid twice', async () => {
    const { rows } = await sql<{ activity: string; rewards: string | number; entries: string | number; matching: string | number }>`
      SELECT r.activity, count(*) AS rewards, count(DISTINCT r.entry_id) AS entries,
        count(*) FILTER (WHERE e.reason = 'activity.' || r.activity AND e.uid = r.uid AND e.delta = r.amount AND e.currency = r.currency
          AND e.idem_key = 'activity:' || r.activity || ':' || r.period || ':' || r.uid || ':' || r.tier) AS matching
      FROM activity_reward r LEFT JOIN ledger_entry e ON e.id = r.entry_id GROUP BY r.activity`.execute(opened.db);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const r of rows) expect([Number(r.entries), Number(r.matching)], r.activity).toEqual([Number(r.rewards), Number(r.rewards)]);
    // and no ledger entry of the engine without its reward (the history's own activity.* credits are wallet calls, keyed by their txId)
    const engine = await sql<{ n: string | number }>`SELECT count(*) AS n FROM ledger_entry WHERE reason LIKE 'activity.%' AND idem_key LIKE 'activity:%'`.execute(opened.db);
    expect(Number(engine.rows[0]!.n)).toBe(rows.reduce((n, r) => n + Number(r.rewards), 0));
    expect((await reconcile(opened.db)).differences).toEqual([]);
    // the budgets' books: what an activity's total and daily rows say it spent is what its rewards paid
    const books = await sql<{ activity: string; day: string; spent: string | number; paid: string | number }>`
      SELECT b.activity, '' AS day, b.spent, coalesce((SELECT sum(amount) FROM activity_reward r WHERE r.activity = b.activity), 0) AS paid FROM activity_budget b
      UNION ALL
      SELECT d.activity, d.day::text, d.spent, coalesce((SELECT sum(amount) FROM activity_reward r WHERE r.activity = d.activity AND r.day = d.day), 0) FROM activity_budget_day d`.execute(opened.db);
    expect(books.rows.length).toBeGreaterThan(0);
    expect(books.rows.filter((r) => Number(r.spent) !== Number(r.paid)).map((r) => `${r.activity} ${r.day}: spent ${r.spent}, paid ${r.paid}`)).toEqual([]);
  });

  it('a second run changes nothing', async () => {
    const snapshot = async () => {
      const n = async (table: string, where = 'true') => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.raw(where)}`.execute(opened.db)).rows[0]!.n);
      const chips = await sql<{ n: string | null }>`SELECT sum(chip) AS n FROM player_balance`.execute(opened.db);
      return {
        rewards: await n('activity_reward'), entries: await n('ledger_entry'), versions: await n('config_version', "kind LIKE 'activities.%'"),
        recharges: await n('recharge_order'), participants: await n('activity_player'), operations: await n('operation_log', "operation NOT LIKE 'auth.%'"),
        chips: Number(chips.rows[0]!.n),
      };
    };
    const before = await snapshot();
    const again = await seedActivityTraffic(opened.db, config, DEMO_PASSWORD, end);
    expect(again).toMatchObject({ saves: 0, topUps: 0 });
    expect(Object.entries(again.claims).filter(([, n]) => n > 0), JSON.stringify(again)).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});
