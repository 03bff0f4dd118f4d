/**
 * The demo's Tongits arena: a small demo seed (300 players, 16 days) has the admin declare the
 * tables and the season settings, Tongits players buy tickets and the game server report results
 * through the signed platform API over the last 14 days, staff remove a defender and close a
 * table, and the ended seasons are settled. Every screen of /activities/tongitsarena then shows
 * data; every reward is one ledger entry (nothing paid twice) and a second run changes nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { defaultConfig } from '../../config';
import type { OpenedTestDatabase } from '../../test/databases';
import { openSharedDemo } from '../../test/demo-snapshot';
import { DEMO_PASSWORD } from '../../seed/demo';
import { reconcile } from '../ledger/reconcile';
import { seedTongitsArena, type ArenaTraffic } from './demo';

const HOUR = 3_600_000;
const A = '/api/activities/tongitsarena';

// PGlite only: the demo code is the same on both databases
describe('demo tongitsarena (pglite)', () => {
  let opened: OpenedTestDatabase;
  let app: App | undefined;
  const NOW = Date.parse('2026-11-22T10:30:00Z');
  const end = Math.floor(NOW / HOUR) * HOUR;
  const config = defaultConfig({ argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, now: () => NOW });
  const traffic: ArenaTraffic[] = [];

  beforeAll(async () => {
    // the demo seed shared with the other demo tests (test/demo-snapshot.ts)
    const shared = await openSharedDemo();
    opened = shared.opened;
    for (const [m, d] of shared.logs) if (m === 'demo tongitsarena') traffic.push(d as unknown as ArenaTraffic);
  }, 900_000);
  afterAll(async () => {
    await app?.close();
    await opened?.close();
  });

  it('every screen of the arena shows data', async () => {
    expect(traffic).toHaveLength(1);
    const t = traffic[0];
    expect(t, JSON.stringify(t)).toMatchObject({ tables: 3, saves: 1, done: false, staff: 3 });
    expect(t.tickets).toBeGreaterThan(30);
    expect(t.free).toBeGreaterThan(0);
    expect(t.tickets - t.free).toBeGreaterThan(0);
    expect(t.results.defended ?? 0).toBeGreaterThan(0);
    expect(t.results.won ?? 0).toBeGreaterThan(0);
    expect(t.settled.length).toBeGreaterThanOrEqual(1);
    app = await buildApp({ db: opened.db, config, batchWorker: false });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: DEMO_PASSWORD } });
    const token = JSON.parse(login.body).accessToken as string;
    const get = async (url: string, query: Record<string, string> = {}) => {
      const res = await app!.inject({ method: 'GET', url, query, headers: { 'x-token': token } });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      return JSON.parse(res.body).data;
    };
    expect((await get(`${A}/tables`)).items).toHaveLength(3);
    const logs = (await get(`${A}/logs`, { pageSize: '500' })).items as { state: string }[];
    expect(new Set(logs.map((l) => l.state))).toEqual(expect.objectContaining(new Set(['defended', 'won', 'seated'])));
    expect((await get(`${A}/defenders`)).items.length).toBeGreaterThan(0);
    const reigns = (await get(`${A}/reigns`, { pageSize: '500' })).items as { ended: string }[];
    for (const how of ['beaten', 'removed', 'closed', 'holding'])
      expect(
        reigns.some((r) => r.ended === how),
        how,
      ).toBe(true);
    expect((await get(`${A}/ticketrank`)).items.length).toBeGreaterThan(0);
    const settled = t.settled[0].season;
    expect((await get(`${A}/ticketrank`, { season: settled })).season).toMatchObject({ ended: true, settled: true });
    expect((await get(`${A}/seasons`)).items.length).toBeGreaterThan(0);
    expect((await get(`${A}/configs`)).version).toBeGreaterThan(0);
  });

  it('every arena reward is one ledger entry, the budget books agree, the ledger reconciles', async () => {
    const { rows } = await sql<{ rewards: string | number; matching: string | number }>`
      SELECT count(*) AS rewards, count(*) FILTER (WHERE e.reason = 'activity.tongitsarena' AND e.uid = r.uid AND e.delta = r.amount) AS matching
      FROM activity_reward r LEFT JOIN ledger_entry e ON e.id = r.entry_id WHERE r.activity = 'tongitsarena'`.execute(opened.db);
    expect(Number(rows[0].rewards)).toBeGreaterThan(0);
    expect(Number(rows[0].matching)).toBe(Number(rows[0].rewards));
    const entries = await sql<{ n: string | number }>`SELECT count(*) AS n FROM ledger_entry WHERE reason = 'activity.tongitsarena'`.execute(opened.db);
    expect(Number(entries.rows[0].n)).toBe(Number(rows[0].rewards));
    // what the reigns say they earned is what their defences paid
    const earned = await sql<{ a: string | number; b: string | number }>`
      SELECT (SELECT coalesce(sum(earned), 0) FROM arena_reign) AS a, (SELECT coalesce(sum(paid), 0) FROM arena_challenge WHERE state = 'defended') AS b`.execute(
      opened.db,
    );
    expect(Number(earned.rows[0].a)).toBe(Number(earned.rows[0].b));
    const spent = await sql<{ spent: string | number; paid: string | number }>`
      SELECT (SELECT spent FROM activity_budget WHERE activity = 'tongitsarena') AS spent,
        (SELECT sum(amount) FROM activity_reward WHERE activity = 'tongitsarena') AS paid`.execute(opened.db);
    expect(Number(spent.rows[0].spent)).toBe(Number(spent.rows[0].paid));
    // tickets: one debit per paid ticket, one refund per void paid ticket
    const tickets = await sql<{ paid: string | number; debits: string | number; refunds: string | number; voided: string | number }>`
      SELECT (SELECT count(*) FROM arena_challenge WHERE price > 0) AS paid, (SELECT count(*) FROM ledger_entry WHERE reason = 'fee.arena.ticket') AS debits,
        (SELECT count(*) FROM arena_challenge WHERE price > 0 AND state = 'void') AS voided, (SELECT count(*) FROM ledger_entry WHERE reason = 'fee.arena.refund') AS refunds`.execute(
      opened.db,
    );
    expect(Number(tickets.rows[0].debits)).toBe(Number(tickets.rows[0].paid));
    expect(Number(tickets.rows[0].refunds)).toBe(Number(tickets.rows[0].voided));
    expect((await reconcile(opened.db)).differences).toEqual([]);
  });

  it('a second run changes nothing', async () => {
    const snapshot = async () => {
      const n = async (table: string) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(opened.db)).rows[0].n);
      return {
        challenges: await n('arena_challenge'),
        reigns: await n('arena_reign'),
        lines: await n('arena_season_line'),
        entries: await n('ledger_entry'),
        operations: await n('operation_log'),
        versions: await n('config_version'),
      };
    };
    const before = await snapshot();
    const again = await seedTongitsArena(opened.db, config, DEMO_PASSWORD, end);
    expect(again).toMatchObject({ done: true, tickets: 0, tables: 0, saves: 0 });
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});
