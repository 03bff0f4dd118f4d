/**
 * The game.round event: stored with its seats and verified from the revealed seed; a round
 * whose payout, result or seed differs is stored flagged with why; idempotent by event id
 * (duplicate with the first outcome), a round id recorded once (409), unknown players 404, bad
 * data 400 naming the field; the roll-ups follow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { GOLDEN, goldenOf, roundData } from './test-fixtures';

const AT = new Date('2026-11-22T09:00:00Z');

describe.each(databases())('game.round events on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    await p.register(7001, { partner: 1 });
    await p.register(7002, { partner: 1 });
    await p.register(7003, { partner: 2 });
  });
  afterAll(async () => t?.close());
  const db = () => t.database.db;
  const round = (roundId: string) => db().selectFrom('game_round').selectAll().where('round_id', '=', roundId).executeTakeFirst();

  it('every golden round is applied and verified, with its seats and roll-ups', async () => {
    const events = GOLDEN.map((g, i) => ({ id: `gold-${i}`, type: 'game.round', data: roundData(g, [7001, 7002], {}, AT) }));
    const res = await p.events(events);
    expect(res.status).toBe(200);
    expect(res.body.data.results).toEqual(events.map((e) => ({ id: e.id, status: 'applied' })));
    const rows = await db()
      .selectFrom('game_round')
      .select(['round_id', 'game', 'verified', 'why', 'partner', 'seats'])
      .where(
        'round_id',
        'in',
        events.map((e) => e.data.roundId as string),
      )
      .execute();
    expect(rows).toHaveLength(GOLDEN.length);
    for (const r of rows) expect({ game: r.game, verified: r.verified, why: r.why }).toEqual({ game: r.game, verified: true, why: '' });
    const bets = await db().selectFrom('game_bet').select(['game', 'uid', 'bet', 'win', 'fee', 'partner']).where('game', '=', 'lucky9').execute();
    expect(bets.map((b) => [b.uid, b.bet, b.win, b.fee, b.partner])).toEqual(
      goldenOf('lucky9').payouts.map((x, k) => [k === 0 ? 7001 : 7002, x.bet, x.win, x.fee, 1]),
    );
    const day = await db()
      .selectFrom('game_day')
      .select((eb) => [
        eb.fn.sum<number>('rounds').as('rounds'),
        eb.fn.sum<number>('turnover').as('turnover'),
        eb.fn.sum<number>('wins').as('wins'),
        eb.fn.sum<number>('players').as('players'),
        eb.fn.sum<number>('bets').as('bets'),
      ])
      .where('game', '=', 'lucky9')
      .where('day', '=', '2026-11-22')
      .executeTakeFirstOrThrow();
    const g = goldenOf('lucky9').payouts;
    expect(Object.fromEntries(Object.entries(day).map(([k, v]) => [k, Number(v)]))).toEqual({
      rounds: 1,
      bets: 3,
      players: 2,
      turnover: g.reduce((s, x) => s + x.bet, 0),
      wins: g.reduce((s, x) => s + x.win, 0),
    });
    const pd = await db().selectFrom('game_player_day').selectAll().where('game', '=', 'lucky9').orderBy('uid').execute();
    expect(pd.map((r) => [r.uid, r.rounds, r.bets, r.turnover])).toEqual([
      [7001, 1, 1, g[0].bet],
      [7002, 1, 2, g[1].bet + g[2].bet],
    ]);
  });

  it('a round whose payout differs from its seed is stored flagged, saying why', async () => {
    const g = goldenOf('luckyjoker');
    const data = roundData(g, [7001], {}, AT);
    (data.seats as { win: number }[])[0].win += 100;
    expect(await p.event('game.round', data)).toMatchObject({ status: 'applied' });
    const r = await round(data.roundId as string);
    expect(r).toMatchObject({ verified: false, win: g.payouts[0].win + 100 });
    expect(r!.why).toBe(`seats.0.win (p1): the seed gives ${g.payouts[0].win}, reported ${g.payouts[0].win + 100}`);
    expect(r!.differences).toEqual([{ kind: 'payout', index: 0, seat: 'p1', field: 'win', expected: g.payouts[0].win, reported: g.payouts[0].win + 100 }]);
    const flagged = await db()
      .selectFrom('game_day')
      .select((eb) => eb.fn.sum<number>('flagged').as('f'))
      .where('game', '=', 'luckyjoker')
      .executeTakeFirstOrThrow();
    expect(Number(flagged.f)).toBe(1);
  });

  it('a seed that is not the committed one, a result that differs, a settings version of another game: flagged', async () => {
    const g = goldenOf('colorgame');
    const wrongSeed = roundData(g, [7001], { seed: 'ab'.repeat(32) }, AT);
    const wrongResult = roundData(g, [7001], { result: { dice: ['red', 'red', 'red'] } }, AT);
    const wrongVersion = roundData(g, [7001], { configVersion: 999999 }, AT);
    for (const d of [wrongSeed, wrongResult, wrongVersion]) expect(await p.event('game.round', d)).toMatchObject({ status: 'applied' });
    expect((await round(wrongSeed.roundId as string))!.why).toMatch(/^seedHash: the seed hashes to .*, not the committed 0af20fbbbb5e…/);
    expect((await round(wrongResult.roundId as string))!.why).toMatch(/^result: the seed gives \{"dice":\["green","yellow","pink"\]\}, reported/);
    expect((await round(wrongVersion.roundId as string))!.why).toBe("settings: configVersion: 999999 is not a version of colorgame's settings");
  });

  it('idempotent by event id; a round id is recorded once; unknown players; mixed partners', async () => {
    const g = goldenOf('hilo');
    const data = roundData(g, [7003], {}, AT);
    const again = { ...data };
    const other = roundData(g, [9999], {}, AT);
    const mixed = roundData(goldenOf('mines1v1'), [7001, 7003], {}, AT);
    const res = await p.events([
      { id: 'h1', type: 'game.round', data },
      { id: 'h1', type: 'game.round', data: other },
      { id: 'h2', type: 'game.round', data: again },
      { id: 'h3', type: 'game.round', data: other },
      { id: 'h4', type: 'game.round', data: mixed },
      { id: 'h4', type: 'player.login', data: { uid: 7001, ip: '10.0.0.1', deviceId: 'd' } },
      { id: 'h5', type: 'player.login', data: { uid: 7001, ip: '10.0.0.1', deviceId: 'd' } },
      { id: 'h5', type: 'game.round', data: roundData(g, [7001], {}, AT) },
    ]);
    expect(res.body.data.results).toEqual([
      { id: 'h1', status: 'applied' },
      { id: 'h1', status: 'duplicate' },
      { id: 'h2', status: 'rejected', code: 409, message: `Round ${data.roundId} is already recorded` },
      { id: 'h3', status: 'rejected', code: 404, message: 'Player 9999 not found' },
      { id: 'h4', status: 'applied' },
      { id: 'h4', status: 'duplicate' },
      { id: 'h5', status: 'applied' },
      { id: 'h5', status: 'duplicate' },
    ]);
    // a later call: the first outcomes again, nothing stored twice
    const later = await p.events([
      { id: 'h2', type: 'game.round', data: roundData(g, [7001], {}, AT) },
      { id: 'h1', type: 'game.round', data },
    ]);
    expect(later.body.data.results).toEqual([
      { id: 'h2', status: 'duplicate', code: 409, message: `Round ${data.roundId} is already recorded` },
      { id: 'h1', status: 'duplicate' },
    ]);
    expect(
      await db()
        .selectFrom('game_round')
        .select('id')
        .where('round_id', '=', data.roundId as string)
        .execute(),
    ).toHaveLength(1);
    expect(
      await db()
        .selectFrom('game_round')
        .select('id')
        .where('round_id', '=', other.roundId as string)
        .execute(),
    ).toHaveLength(0);
    expect((await round(mixed.roundId as string))!.partner).toBe(-2);
    expect((await round(data.roundId as string))!.partner).toBe(2);
  });

  it("a round of a player the same call registers is applied (rounds go after the call's other events)", async () => {
    const data = roundData(goldenOf('scratch'), [7009], {}, AT);
    const res = await p.events([
      { id: 'reg-7009', type: 'player.registered', data: { uid: 7009, name: 'P', ip: '10.0.0.9', deviceId: 'd-7009', package: 'com.demo', partner: 2 } },
      { id: 'round-7009', type: 'game.round', data },
    ]);
    expect(res.body.data.results).toEqual([
      { id: 'reg-7009', status: 'applied' },
      { id: 'round-7009', status: 'applied' },
    ]);
    expect((await round(data.roundId as string))!.partner).toBe(2);
  });

  it('bad data is a 400 of that event naming the field, and stores nothing', async () => {
    const g = goldenOf('rocket');
    const cases: [Record<string, unknown>, string][] = [
      [{ game: 'chess' }, 'data.game: Must be one of'],
      [{ seed: 'XYZ' }, 'data.seed: Must be 64 lowercase hex characters'],
      [{ seats: [] }, 'data.seats: At least 1 seat'],
      [{ seats: [{ seat: 'p1', bet: 100, win: 0 }] }, 'data.seats.0.uid: Required unless the seat is a bot'],
      [{ seats: [{ seat: 'p1', uid: 7001, bet: -1, win: 0 }] }, 'data.seats.0.bet: Must be at least 0'],
      [{ seats: [{ seat: 'p1', uid: 7001, bet: 1.5, win: 0 }] }, 'data.seats.0.bet: Expected int'],
      [{ endedAt: '2026-11-22T08:00:00Z' }, 'data.endedAt: Must not be before startedAt'],
      [{ result: { text: 'a\u0000b' } }, 'data.result: Contains a NUL character'],
      [{ result: null }, 'data.result: Required (not null)'],
      [{ bets: null }, 'data.bets: Required (not null)'],
      [{ table: '\ud800' }, 'data.table: Contains an invalid character'],
      [{ result: { k: 'x\udc00' } }, 'data.result: Contains an invalid character'],
      [{ extra: 1 }, 'data.extra: Unknown field'],
    ];
    for (const [over, message] of cases) {
      const data = roundData(g, [7001], over, AT);
      const r = await p.event('game.round', data);
      expect(r.status, message).toBe('rejected');
      expect(r.code).toBe(400);
      expect(r.message).toContain(message);
      expect(await round(data.roundId as string)).toBeUndefined();
    }
  });
});
