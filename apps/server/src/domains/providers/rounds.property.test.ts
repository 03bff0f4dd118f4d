/**
 * Property: whatever a signed provider reports as provider.round (a valid round with any field
 * replaced by hostile values, extra fields, unknown players, repeated event ids and round ids,
 * rounds over several days, from the provider's application or from one that is no provider's),
 * the call answers 200 with one result per event, never a 5xx; a 400 names a data field; an
 * applied round is stored once; and at the end the roll-ups equal the stored rounds, cell by cell
 * (rounds, turnover, wins, big wins per provider, game and day; players = distinct players).
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { DEMO_PROVIDERS, seedProviders } from './demo';

const UIDS = [9401, 9402, 9403];
const hostile = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', '\u0000', '\ud800', 'x'.repeat(80), 'NaN', '2026-13-01T00:00:00Z'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
  fc.integer({ min: -5, max: 2_000_000 }),
  fc.constant(1e13),
);
const FIELDS = ['roundId', 'game', 'gameName', 'uid', 'bet', 'win', 'bigWin', 'txIds', 'startedAt', 'endedAt', 'extra'];
const round = fc.record({
  id: fc.oneof(fc.string({ minLength: 1, maxLength: 64 }), fc.constantFrom('same-1', 'same-2')),
  roundId: fc.oneof(fc.string({ minLength: 1, maxLength: 64 }), fc.constantFrom('r-1', 'r-2')),
  game: fc.constantFrom('49', '109', 'super-ace'),
  uid: fc.constantFrom(...UIDS, 9999),
  bet: fc.integer({ min: 0, max: 100_000 }),
  win: fc.integer({ min: 0, max: 3_000_000 }),
  day: fc.integer({ min: 0, max: 3 }),
  hours: fc.integer({ min: 0, max: 23 }),
  fields: fc.array(fc.record({ key: fc.constantFrom(...FIELDS), value: hostile }), { maxLength: 2 }),
  app: fc.constantFrom('JILI', 'JILI', 'PG', 'demo'),
});

describe.each(databases())('hostile provider.round events on $kind', (kind) => {
  let t: TestApp;
  const clients: Record<string, PlatformClient> = {};
  beforeAll(async () => {
    t = await testApp(kind);
    await seedProviders(t.database.db);
    clients.demo = await platformClient(t);
    for (const code of ['JILI', 'PG'])
      clients[code] = await platformClient(
        t,
        DEMO_PROVIDERS.find((p) => p.code === code),
      );
    for (const uid of UIDS) await clients.demo.register(uid, { partner: uid % 3 });
  }, 180_000);
  afterAll(async () => t?.close());

  it('never a 5xx; a 400 names a data field; applied rounds are stored once; roll-ups equal the rounds', async () => {
    const seen = { applied: 0, rejected: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(round, { minLength: 1, maxLength: 5 }), async (list) => {
        const byApp = new Map<string, typeof list>();
        for (const r of list) byApp.set(r.app, [...(byApp.get(r.app) ?? []), r]);
        for (const [app, rounds] of byApp) {
          const events = rounds.map((r) => {
            const endedAt = new Date(Date.parse('2026-11-20T00:00:00Z') + r.day * 86_400_000 + r.hours * 3_600_000).toISOString();
            const data: Record<string, unknown> = { roundId: r.roundId, game: r.game, uid: r.uid, bet: r.bet, win: r.win, endedAt };
            for (const f of r.fields) data[f.key] = f.value;
            return { id: r.id, type: 'provider.round', data };
          });
          const res = await clients[app].events(events);
          expect(res.status).toBe(200);
          expect(res.body.data.results).toHaveLength(events.length);
          for (const r of res.body.data.results as Record<string, any>[]) {
            expect(['applied', 'rejected', 'duplicate']).toContain(r.status);
            if (r.status !== 'duplicate') seen[r.status as 'applied' | 'rejected']++;
            if (r.status === 'rejected' && r.code === 400) expect(r.message).toMatch(/^(data(\.|:)|type:)/);
            if (app === 'demo' && r.status === 'rejected' && r.code !== 400) expect(r.code).toBe(409);
          }
        }
      }),
      { numRuns: 40 },
    );
    // the runs applied rounds and refused others
    expect(seen.applied).toBeGreaterThan(0);
    expect(seen.rejected).toBeGreaterThan(0);
    const db = t.database.db;
    const raw = await sql<Record<string, string>>`
      SELECT provider, game, report_day(ended_at)::text AS day, count(*) AS rounds, count(DISTINCT uid) AS players, sum(bet) AS turnover,
        sum(win) AS wins, count(*) FILTER (WHERE big_win) AS big_wins
      FROM provider_round GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`.execute(db);
    const rolled = await sql<Record<string, string>>`
      SELECT provider, game, day::text AS day, sum(rounds) AS rounds, sum(players) AS players, sum(turnover) AS turnover, sum(wins) AS wins,
        sum(big_wins) AS big_wins
      FROM provider_day GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`.execute(db);
    const norm = (rows: Record<string, string>[]) => rows.map((r) => Object.values(r).map(String));
    expect(norm(rolled.rows)).toEqual(norm(raw.rows));
    const perPlayer = await sql<{ a: string; b: string }>`
      SELECT (SELECT count(*) FROM (SELECT DISTINCT provider, game, report_day(ended_at), uid FROM provider_round) x) AS a,
        (SELECT count(*) FROM provider_player_day) AS b`.execute(db);
    expect(Number(perPlayer.rows[0].a)).toBe(Number(perPlayer.rows[0].b));
    const once = await sql<{ n: string }>`SELECT count(*) AS n FROM (SELECT round_id, app_id FROM provider_round GROUP BY 1, 2 HAVING count(*) > 1) x`.execute(
      db,
    );
    expect(Number(once.rows[0].n)).toBe(0);
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM provider_round WHERE app_id = 'demo-app'`.execute(db)).rows[0].n)).toBe(0);
  }, 600_000);
});
