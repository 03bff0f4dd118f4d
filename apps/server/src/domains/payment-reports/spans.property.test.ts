/**
 * Distinct players over a range from report_span_day (migration 021) against the raw
 * player-days: days arriving in any order and in any batches (a late day moves the next day's
 * count to a smaller gap), folds of the stripes in between, every kind (active, payer, and a
 * game's players from game_player_day, migration 058: its upsert feeds only new player-days,
 * and another game's days do not count), both scopes. Every
 * range of up to 93 days must give exactly count(DISTINCT uid) of the raw rows, and every day
 * its own distinct count.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type OpenedTestDatabase } from '../../test/databases';
import { dayRange } from '../../http/range';
import { spanCounts } from './rollups';

const BASE = Date.UTC(2026, 0, 1);
const dayText = (i: number) => new Date(BASE + i * 86_400_000).toISOString().slice(0, 10);
const ADMIN = { roles: ['admin'], partner: 0 };
const PARTNER = { roles: ['partner'], partner: 1 };

interface Fact {
  uid: number;
  day: number;
}
const facts = fc.uniqueArray(fc.record({ uid: fc.integer({ min: 1, max: 6 }), day: fc.integer({ min: 0, max: 200 }) }), {
  minLength: 1,
  maxLength: 40,
  selector: (f) => `${f.uid}:${f.day}`,
});

describe.each(databases())('distinct players over a range on $kind', (database) => {
  let opened: OpenedTestDatabase;
  beforeAll(async () => {
    opened = await database.open();
  }, 60_000);
  afterAll(async () => {
    await opened.close();
  });

  const reset = async () => {
    // the owner may clear what the server's role may not
    await sql`DELETE FROM report_span_day; DELETE FROM report_player_day_set; DELETE FROM player_active_day; DELETE FROM report_payer_day; DELETE FROM game_player_day`.execute(
      opened.owner,
    );
  };
  const partnerOf = (uid: number) => (uid % 2 === 0 ? 1 : 0);

  async function add(kind: 'active' | 'payer' | 'game', batch: Fact[]) {
    if (batch.length === 0) return;
    const values = batch.map((f) => sql`(${dayText(f.day)}::date, ${f.uid}::integer, ${partnerOf(f.uid)}::integer)`);
    if (kind === 'game') {
      // as game_rounds_apply writes them: an upsert, each player-day twice (the second updates), and
      // the same days of other players in another game
      for (let i = 0; i < 2; i++) {
        await sql`INSERT INTO game_player_day AS g (game, day, uid, partner, rounds, bets, turnover, wins)
          SELECT 'colorgame', d, u, p, 1, 1, 10, 5 FROM (VALUES ${sql.join(values)}) v(d, u, p)
          UNION ALL SELECT 'tasty', d, u + 100, p, 1, 1, 10, 5 FROM (VALUES ${sql.join(values)}) v(d, u, p)
          ON CONFLICT (game, day, uid) DO UPDATE SET rounds = g.rounds + 1`.execute(opened.owner);
      }
    } else if (kind === 'active') {
      await sql`INSERT INTO player_active_day (day, uid, partner, logins) SELECT d, u, p, 1 FROM (VALUES ${sql.join(values)}) v(d, u, p)`.execute(opened.owner);
    } else {
      // two channels of one day: the second row of a player-day is no new paying day
      await sql`INSERT INTO report_payer_day (day, uid, channel, os, partner, orders, amount)
        SELECT d, u, c, 'android', p, 1, 100 FROM (VALUES ${sql.join(values)}) v(d, u, p) CROSS JOIN (VALUES ('gcash'), ('maya')) ch(c)`.execute(opened.owner);
    }
  }

  it('every range and day equals the raw distinct count, whatever the order, batches and folds', async () => {
    await fc.assert(
      fc.asyncProperty(
        facts,
        fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom('active' as const, 'payer' as const, 'game' as const),
        fc.array(fc.record({ from: fc.integer({ min: 0, max: 200 }), length: fc.integer({ min: 1, max: 93 }) }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 220 }),
        async (all, cuts, kind, ranges, foldBefore) => {
          await reset();
          let at = 0;
          for (const [i, cut] of cuts.entries()) {
            await add(kind, all.slice(at, at + cut));
            at += cut;
            // a fold of the days before some day, between batches
            if (i === 0) await sql`SELECT report_compact(${dayText(foldBefore)}::date)`.execute(opened.db);
          }
          await add(kind, all.slice(at));
          const raw = all;
          for (const { from, length } of ranges) {
            const r = dayRange(dayText(from), dayText(from + length - 1));
            for (const [user, scope] of [
              [ADMIN, null],
              [PARTNER, 1],
            ] as const) {
              const seen = raw.filter((f) => f.day >= from && f.day < from + length && (scope === null || partnerOf(f.uid) === scope));
              const got = await spanCounts(opened.db, user, r, kind === 'game' ? 'game:colorgame' : kind);
              expect(got.range).toBe(new Set(seen.map((f) => f.uid)).size);
              const perDay = new Map<string, number>();
              for (const f of seen) perDay.set(dayText(f.day), (perDay.get(dayText(f.day)) ?? 0) + 1);
              expect(new Map([...got.days].filter(([, n]) => n !== 0))).toEqual(perDay);
            }
          }
        },
      ),
      { numRuns: database.kind === 'pglite' ? 40 : 25 },
    );
  }, 240_000);

  it('a fold keeps every figure and leaves one row a cell for the days before it', async () => {
    await reset();
    // eight transactions (eight stripes, most likely several) add days 0..9 for players 1..8
    for (let uid = 1; uid <= 8; uid++)
      await add(
        'active',
        Array.from({ length: 10 }, (_, day) => ({ uid, day })),
      );
    const r = dayRange(dayText(0), dayText(9));
    const before = await spanCounts(opened.db, ADMIN, r, 'active');
    const folded = (await sql<{ n: number }>`SELECT report_compact(${dayText(5)}::date) AS n`.execute(opened.db)).rows[0].n;
    expect(Number(folded)).toBeGreaterThan(0);
    expect(await spanCounts(opened.db, ADMIN, r, 'active')).toEqual(before);
    expect(before.range).toBe(8);
    const stripes = await sql<{ n: string }>`SELECT count(*) AS n FROM report_span_day WHERE day < ${dayText(5)}::date AND slot <> 0`.execute(opened.db);
    expect(Number(stripes.rows[0].n)).toBe(0);
  });

  it('the server role cannot delete a figure or a day (only the fold, which keeps the sums)', async () => {
    await expect(sql`DELETE FROM report_span_day`.execute(opened.db)).rejects.toThrow(/permission denied/);
    await expect(sql`DELETE FROM report_player_day_set`.execute(opened.db)).rejects.toThrow(/permission denied/);
    await expect(sql`DELETE FROM report_register_day`.execute(opened.db)).rejects.toThrow(/permission denied/);
  });
});
