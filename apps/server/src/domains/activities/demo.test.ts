/**
 * The demo's activities: a small demo seed (300 players, 16 days) has the demo admin save the
 * activities' settings and the apps of its last 14 days read and claim through the platform
 * API. Every activity the demo configures then shows participants and rewards on its screens
 * (newearnmoney and redfission too: the inviters' visits), the configlogs of sprintcarnival,
 * ladderloserebate, mining and cardstask show two versions, the activity zone has its banners
 * (and the app gets them), the redemption codes, leaderboards, Facebook shares and VIP batch
 * sends have their lists; every reward is one ledger entry (nothing paid twice), and a second
 * run changes nothing.
 */
import { ACTIVITIES, findActivity } from '@console/activities';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { defaultConfig } from '../../config';
import type { OpenedTestDatabase } from '../../test/databases';
import { openSharedDemo } from '../../test/demo-snapshot';
import { DEMO_PASSWORD } from '../../seed/demo';
import { sign } from '../../simulator/transport';
import { seedCdkcodeActivity } from '../cdkcode/demo';
import { seedFbActivity } from '../fbactivity/demo';
import { reconcile } from '../ledger/reconcile';
import { seedRankActivity } from '../rank/demo';
import { seedVipSendActivity } from '../vipmanager/demo';
import { demoSettings, demoZone, seedActivityTraffic, type ActivityTraffic } from './demo';
import { activityScreens } from './routes';

const HOUR = 3_600_000;

// PGlite only: the demo code is the same on both; the full seed on PostgreSQL is simulator/demo-screens.test.ts's
describe('demo activities (pglite)', () => {
  let opened: OpenedTestDatabase;
  let app: App | undefined;
  const NOW = Date.parse('2026-11-22T10:30:00Z');
  const end = Math.floor(NOW / HOUR) * HOUR;
  const config = defaultConfig({ argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, now: () => NOW });
  const traffic: ActivityTraffic[] = [];
  const logs = new Map<string, Record<string, any>>();
  let token = '';
  const get = async (url: string, query: Record<string, string> = {}) => {
    const res = await app!.inject({ method: 'GET', url, query, headers: { 'x-token': token } });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return JSON.parse(res.body).data;
  };
  const count = async (query: string) => Number((await sql<{ n: string | number }>`${sql.raw(query)}`.execute(opened.db)).rows[0].n);

  beforeAll(async () => {
    // the demo seed shared with the other demo tests (test/demo-snapshot.ts)
    const shared = await openSharedDemo();
    opened = shared.opened;
    for (const [m, d] of shared.logs) {
      if (m === 'demo activities') traffic.push(d as unknown as ActivityTraffic);
      logs.set(m, d);
    }
    app = await buildApp({ db: opened.db, config, batchWorker: false });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: DEMO_PASSWORD } });
    token = JSON.parse(login.body).accessToken as string;
  }, 900_000);
  afterAll(async () => {
    await app?.close();
    await opened?.close();
  });

  it('every activity the demo configures has participants and rewards on its screens; two versions of sprintcarnival, ladderloserebate, mining and cardstask', async () => {
    expect(traffic).toHaveLength(1);
    expect(traffic[0]).toMatchObject({ saves: 14, zone: 1, repeated: 0 });
    expect(traffic[0].topUps).toBeGreaterThan(0);
    // the inviters' visits make newearnmoney and redfission pay
    expect(traffic[0].inviterVisits).toBeGreaterThan(0);
    expect(traffic[0].claims.newearnmoney, 'newearnmoney claims').toBeGreaterThan(0);
    expect(traffic[0].claims.redfission, 'redfission claims').toBeGreaterThan(0);
    const activityCount = async (table: 'activity_player' | 'activity_reward', activity: string) =>
      Number(
        (
          await opened.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('activity', '=', activity)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // the activities the demo configures (an activity added to the registry joins them with its settings in demo.ts)
    for (const a of Object.keys(demoSettings(end).first).map((id) => findActivity(id)!)) {
      const sc = activityScreens(a);
      expect(sc.dashboard ?? sc.players ?? sc.configs, a.id).not.toBeNull();
      expect(await activityCount('activity_player', a.id), `${a.id}: participants`).toBeGreaterThan(0);
      expect(await activityCount('activity_reward', a.id), `${a.id}: rewards`).toBeGreaterThan(0);
      expect(traffic[0].claims[a.id], a.id).toBeGreaterThan(0);
      if (sc.players) {
        expect((await get(`/api/activities/${a.id}/players`)).items.length, `${a.id}: participants screen`).toBeGreaterThan(0);
        expect((await get(`/api/activities/${a.id}/players/rewards`)).items.length, `${a.id}: rewards tab`).toBeGreaterThan(0);
      }
      if (sc.dashboard) {
        const dash = await get(`/api/activities/${a.id}/dashboard`, { from: '2026-11-09T00:00:00.000+08:00', to: '2026-11-22T23:59:59.999+08:00' });
        expect(dash.totals.claims, `${a.id}: dashboard`).toBeGreaterThan(0);
      }
    }
    for (const id of ['sprintcarnival', 'ladderloserebate', 'mining', 'cardstask']) {
      const logs = await get(`/api/activities/${id}/configlogs`);
      expect(logs.total, id).toBeGreaterThanOrEqual(2);
      expect(logs.items[0]).toMatchObject({ actor: 'admin', action: 'update' });
    }
    // the carnival runs over the end of the history
    const carnival = await get('/api/activities/sprintcarnival/configs');
    expect(carnival).toMatchObject({
      running: true,
      settings: { milestones: [{ bet: 10_000, reward: 200 }, expect.anything(), expect.anything(), expect.anything()] },
    });
  });

  it('the activity zone lists every activity with a banner, and the app gets the banners', async () => {
    const zone = await get('/api/activities/activityzone');
    expect(zone.version).toBeGreaterThan(0);
    expect(zone.zone).toEqual(demoZone());
    expect(zone.zone.items.every((i: { visible: boolean; banner: { en: string; zh: string } }) => i.visible && i.banner.en && i.banner.zh)).toBe(true);
    const uid = Number((await sql<{ uid: number }>`SELECT uid FROM player WHERE status = 'active' ORDER BY uid LIMIT 1`.execute(opened.db)).rows[0].uid);
    const ts = String(NOW);
    const res = await app!.inject({
      method: 'GET',
      url: `/api/platform/activities?uid=${uid}`,
      headers: { 'x-app-id': 'demo-app', 'x-timestamp': ts, 'x-signature': sign('demo-platform-secret', ts, `uid=${uid}`) },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const items = JSON.parse(res.body).data.items as { activity: string; banner: string | null }[];
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) expect(i.banner, i.activity).toBe(demoZone().items.find((z) => z.activity === i.activity)!.banner.en);
  });

  it('redemption codes: batches, codes and redemptions (refusals too), each redemption one ledger entry', async () => {
    expect(logs.get('demo cdkcode')).toMatchObject({ batches: 4, disabled: 1, repeated: 0 });
    expect(logs.get('demo cdkcode')!.redeemed).toBeGreaterThan(0);
    expect(Object.keys(logs.get('demo cdkcode')!.refused)).toEqual(expect.arrayContaining(['Code has expired', 'Code is disabled']));
    const batches = await get('/api/activities/cdkcode/batches');
    expect(batches.total).toBe(4);
    expect(batches.items.map((b: { state: string }) => b.state)).toEqual(expect.arrayContaining(['active', 'expired', 'disabled']));
    expect((await get('/api/activities/cdkcode/codes', { batch: String(batches.items[0].id) })).items.length).toBeGreaterThan(0);
    expect((await get('/api/activities/cdkcode/redemptions')).items.length).toBeGreaterThan(0);
    const redemptions = await count('SELECT count(*) AS n FROM cdk_redemption');
    expect(redemptions).toBe(logs.get('demo cdkcode')!.redeemed);
    expect(
      await count(`SELECT count(DISTINCT e.id) AS n FROM cdk_redemption r JOIN ledger_entry e ON e.id = r.entry_id AND e.reason = 'activity.cdkcode'
      AND e.uid = r.uid AND e.delta = r.amount AND e.idem_key = 'cdkcode:' || r.batch_id || ':' || r.code || ':' || r.uid`),
    ).toBe(redemptions);
    expect(await count(`SELECT count(*) AS n FROM ledger_entry WHERE reason = 'activity.cdkcode'`)).toBe(redemptions);
  });

  it('leaderboards: the boards (two versions), settled periods paid once, current standings', async () => {
    expect(logs.get('demo rank')).toMatchObject({ saves: 2 });
    expect(logs.get('demo rank')!.settled).toBeGreaterThan(0);
    const cfg = await get('/api/activities/rank/configs');
    expect(cfg.settings.boards.length).toBe(4);
    expect((await get('/api/activities/rank/configs/versions')).items.length).toBe(2);
    const settlements = await get('/api/activities/rank/settlements');
    expect(settlements.items.length).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM rank_settlement_line WHERE state = 'paid'`)).toBe(logs.get('demo rank')!.paid);
    // each period once, each paid line one ledger entry
    expect(await count(`SELECT count(*) AS n FROM (SELECT board, period FROM rank_settlement_line GROUP BY board, period, rank HAVING count(*) > 1) x`)).toBe(
      0,
    );
    expect(
      await count(`SELECT count(*) AS n FROM rank_settlement_line l JOIN ledger_entry e ON e.id = l.entry_id AND e.reason = 'activity.rank' AND e.uid = l.uid AND e.delta = l.amount
      AND e.idem_key = 'activity:rank:' || l.board || ':' || l.period || ':' || l.uid`),
    ).toBe(logs.get('demo rank')!.paid);
    expect(await count(`SELECT count(*) AS n FROM ledger_entry WHERE reason = 'activity.rank'`)).toBe(logs.get('demo rank')!.paid);
    const standings = await get('/api/activities/rank/standings', { board: 'weekly-bets' });
    expect(standings.items.length, 'the current week').toBeGreaterThan(0);
  });

  it('Facebook shares: submitted, approved and paid or rejected with a reason, each paid share one ledger entry', async () => {
    const fb = logs.get('demo fbactivity')!;
    expect(fb).toMatchObject({ saves: 1 });
    expect(fb.submitted).toBeGreaterThan(0);
    const shares = (await get('/api/activities/fblogs', { pageSize: '500' })).items as {
      state: string;
      reason: string;
      reviewedBy: string | null;
      paidBy: string | null;
    }[];
    expect(shares.length).toBe(fb.submitted);
    const states = new Set(shares.map((x) => x.state));
    expect(states.has('success') && states.has('reject'), [...states].join()).toBe(true);
    expect(shares.filter((x) => x.state === 'reject').every((x) => x.reason.length > 0)).toBe(true);
    expect(shares.filter((x) => x.state === 'success').every((x) => x.reviewedBy === 'service' && x.paidBy === 'business')).toBe(true);
    const paid = shares.filter((x) => x.state === 'success').length;
    expect(
      await count(`SELECT count(*) AS n FROM fb_share s JOIN ledger_entry e ON e.id = s.entry_id AND e.reason = 'activity.fbactivity' AND e.uid = s.uid AND e.delta = s.amount
      WHERE s.state = 'success'`),
    ).toBe(paid);
    expect(await count(`SELECT count(*) AS n FROM ledger_entry WHERE reason = 'activity.fbactivity'`)).toBe(paid);
  });

  it('VIP batch sends: the batches on /vipmanager/vipsend, every line credited once', async () => {
    expect(logs.get('demo vipsend')).toMatchObject({ batches: 2, refusedLines: 1 });
    const batches = (await get('/api/vipmanager/vipsend/batches')).items as { id: number; status: string; lines: number }[];
    expect(batches).toHaveLength(2);
    for (const b of batches) {
      expect(b.status).toBe('done');
      expect(await count(`SELECT count(*) AS n FROM ledger_entry WHERE reason = 'batch.chip' AND idem_key LIKE 'batch:${b.id}:%'`), `batch ${b.id}`).toBe(
        b.lines,
      );
    }
  });

  it('every reward is one ledger entry of its activity, and the budgets count what was paid: nothing paid twice', async () => {
    // the keys of the engine's activities, fbactivity and rank are theirs; a reward of another domain is checked as one entry of its player and amount
    const keyed = [...ACTIVITIES.map((a) => a.id), 'fbactivity', 'rank'];
    const { rows } = await sql<{ activity: string; rewards: string | number; entries: string | number; matching: string | number }>`
      SELECT r.activity, count(*) AS rewards, count(DISTINCT r.entry_id) AS entries,
        count(*) FILTER (WHERE e.uid = r.uid AND e.delta = r.amount AND e.currency = r.currency AND (r.activity <> ALL(${sql.val(keyed)}::text[])
          OR (e.reason = 'activity.' || r.activity
            AND e.idem_key = 'activity:' || r.activity || ':' || r.period || ':' || r.uid || CASE WHEN r.activity = 'rank' THEN '' ELSE ':' || r.tier END))) AS matching
      FROM activity_reward r LEFT JOIN ledger_entry e ON e.id = r.entry_id GROUP BY r.activity`.execute(opened.db);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const r of rows) expect([Number(r.entries), Number(r.matching)], r.activity).toEqual([Number(r.rewards), Number(r.rewards)]);
    // and no ledger entry of the engine without its reward (the history's own activity.* credits are wallet calls, keyed by their txId)
    const engine = await sql<{ n: string | number }>`SELECT count(*) AS n FROM ledger_entry e WHERE e.reason LIKE 'activity.%' AND e.idem_key LIKE 'activity:%'
      AND NOT EXISTS (SELECT 1 FROM activity_reward r WHERE r.entry_id = e.id)`.execute(opened.db);
    expect(Number(engine.rows[0].n)).toBe(0);
    expect((await reconcile(opened.db)).differences).toEqual([]);
    // the budgets' books: what an activity's total and daily rows say it spent is what its rewards paid
    const books = await sql<{ activity: string; day: string; spent: string | number; paid: string | number }>`
      SELECT b.activity, '' AS day, b.spent, coalesce((SELECT sum(amount) FROM activity_reward r WHERE r.activity = b.activity), 0) AS paid FROM activity_budget b
      UNION ALL
      SELECT d.activity, d.day::text, d.spent, coalesce((SELECT sum(amount) FROM activity_reward r WHERE r.activity = d.activity AND r.day = d.day), 0) FROM activity_budget_day d`.execute(
      opened.db,
    );
    expect(books.rows.length).toBeGreaterThan(0);
    expect(books.rows.filter((r) => Number(r.spent) !== Number(r.paid)).map((r) => `${r.activity} ${r.day}: spent ${r.spent}, paid ${r.paid}`)).toEqual([]);
  });

  it('a second run changes nothing', async () => {
    const snapshot = async () => {
      const n = async (table: string, where = 'true') =>
        Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.raw(where)}`.execute(opened.db)).rows[0].n);
      const chips = await sql<{ n: string | null }>`SELECT sum(chip) AS n FROM player_balance`.execute(opened.db);
      return {
        rewards: await n('activity_reward'),
        entries: await n('ledger_entry'),
        versions: await n('config_version', "kind LIKE 'activities.%'"),
        recharges: await n('recharge_order'),
        participants: await n('activity_player'),
        operations: await n('operation_log', "operation NOT LIKE 'auth.%'"),
        chips: Number(chips.rows[0].n),
        logins: await n('player_login'),
        zone: await n('config_version', "kind = 'activities.activityzone'"),
        batches: await n('cdk_batch'),
        redemptions: await n('cdk_redemption'),
        settlements: await n('rank_settlement_line'),
        shares: await n('fb_share'),
        reviewed: await n('fb_share', "state <> 'not_reviewed'"),
        issued: await n('issue_batch'),
      };
    };
    const before = await snapshot();
    const again = await seedActivityTraffic(opened.db, config, DEMO_PASSWORD, end);
    expect(again).toMatchObject({ saves: 0, zone: 0, topUps: 0, inviteTopUps: 0 });
    expect(
      Object.entries(again.claims).filter(([, n]) => n > 0),
      JSON.stringify(again),
    ).toEqual([]);
    expect(await seedCdkcodeActivity(opened.db, config, DEMO_PASSWORD, end)).toMatchObject({ batches: 0, disabled: 0, redeemed: 0 });
    expect(await seedRankActivity(opened.db, config, DEMO_PASSWORD, end)).toMatchObject({ saves: 0, settled: 0, paid: 0 });
    expect(await seedFbActivity(opened.db, config, DEMO_PASSWORD, end)).toMatchObject({ saves: 0, submitted: 0, approved: 0, rejected: 0, paid: 0 });
    expect(await seedVipSendActivity(opened.db, config, DEMO_PASSWORD, end)).toMatchObject({ batches: 0 });
    expect(await snapshot()).toEqual(before);
  }, 180_000);
});
