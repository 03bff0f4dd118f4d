/**
 * /usermanager/gamerecordlogs (every bet of players in the reported rounds, all games) and the
 * per-game breakdown of /usermanager/profitslogs, on rounds played for real through the signed
 * platform API (bets debited, wins credited, then the game.round record): filters, keyset
 * paging, export, bot seats left out, partner scoping, roles, 400s naming the parameter, and
 * hostile query strings (fast-check) never a 5xx.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type Answer, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { playRound } from '../games/test-fixtures';

type Row = Record<string, any>;
const items = (res: Answer) => res.body.data.items as Row[];
const NOV21 = new Date('2026-11-21T12:00:00+08:00');
const NOV22 = new Date('2026-11-22T10:00:00+08:00');
const range = { from: '2026-11-21T00:00:00.000+08:00', to: '2026-11-22T23:59:59.999+08:00' };

describe.each(databases())('game records and profits per game on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let admin: string;
  let partner: string;
  let service: string;

  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    await p.register(7001, {}, 1_000_000);
    await p.register(7002, { partner: 1 }, 1_000_000);
    await p.register(7003, { partner: 1 }, 1_000_000);
    [admin, partner, service] = await Promise.all([t.loginAs('admin'), t.loginAs('partner'), t.loginAs('service')]);
    for (let i = 0; i < 3; i++) await playRound(p, 'colorgame', 7001, { at: new Date(NOV22.getTime() + i * 60_000) });
    for (let i = 0; i < 2; i++) await playRound(p, 'rocket', 7002, { at: new Date(NOV21.getTime() + i * 60_000) });
    // a player seat and a bot seat (no wallet money for the bot, as the simulator plays it)
    await playRound(p, 'mines1v1', 7003, {
      at: NOV22,
      pay: (k) => k === 0,
      tamper: (d) => {
        d.seats = d.seats.map((s: Row) => (s.seat === 'p1' ? s : { seat: s.seat, bet: s.bet, win: s.win, fee: s.fee, jackpot: s.jackpot, bot: true }));
      },
    });
    await playRound(p, 'hilo', 7001, {
      at: new Date(NOV22.getTime() + 5 * 60_000),
      tamper: (d) => {
        d.seats[0].win += 10;
      },
    });
  });
  afterAll(async () => t?.close());

  const get = (path: string, query: Record<string, string> = {}, token = admin) => t.get(`/api/usermanager/${path}`, token, query);
  const raw = () => t.database.db.selectFrom('game_bet').selectAll().execute();

  it('gamerecordlogs: every player bet of every game, newest first, by keyset; no bot seats', async () => {
    const bets = await raw();
    const players = bets.filter((b) => !b.bot && b.uid !== null);
    expect(bets.length).toBeGreaterThan(players.length); // mines1v1 seated a bot
    const seen: Row[] = [];
    let cursor = '';
    for (let step = 0; step < 50; step++) {
      const res = await get('gamerecordlogs', { pageSize: '2', cursor });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...items(res));
      if (!res.body.data.nextCursor) break;
      cursor = res.body.data.nextCursor;
    }
    expect(seen.map((r) => r.id).sort((a, b) => a - b)).toEqual(players.map((b) => Number(b.id)).sort((a, b) => a - b));
    const times = seen.map((r) => Date.parse(r.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const r of seen) {
      expect(r.net).toBe(r.win - r.bet);
      expect(r.result).toBe(r.win > r.bet ? 'win' : r.win < r.bet ? 'lose' : 'even');
      expect(r.name).toBe(`Player ${r.uid}`);
    }
    const hilo = seen.find((r) => r.game === 'hilo')!;
    expect(hilo).toMatchObject({ uid: 7001, verified: false, server: 'gs-1', table: 't-1' });
    expect(seen.find((r) => r.game === 'rocket')).toMatchObject({ uid: 7002, partner: 1, verified: true });
  });

  it('gamerecordlogs: filters by player, game, round, time, result and partner', async () => {
    const all = items(await get('gamerecordlogs', { pageSize: '500' }));
    const only = async (q: Record<string, string>) => items(await get('gamerecordlogs', { pageSize: '500', ...q }));
    expect(new Set((await only({ uid: '7002' })).map((r) => r.uid))).toEqual(new Set([7002]));
    expect(new Set((await only({ game: 'colorgame' })).map((r) => r.game))).toEqual(new Set(['colorgame']));
    expect((await only({ game: 'colorgame' })).length).toBe(all.filter((r) => r.game === 'colorgame').length);
    expect(new Set((await only({ from: '2026-11-21T00:00:00+08:00', to: '2026-11-21T23:59:59+08:00' })).map((r) => r.game))).toEqual(new Set(['rocket']));
    const one = all[0];
    expect((await only({ roundId: one.roundId })).map((r) => r.round)).toEqual(all.filter((r) => r.roundId === one.roundId).map((r) => r.round));
    for (const result of ['win', 'lose', 'even']) {
      const rows = await only({ result });
      expect(rows.length).toBe(all.filter((r) => r.result === result).length);
      expect(rows.every((r) => r.result === result)).toBe(true);
    }
    expect(await only({ uid: '7001', game: 'rocket' })).toEqual([]);
    expect((await only({ partner: '1' })).every((r) => r.partner === 1)).toBe(true);
  });

  it('gamerecordlogs: a partner account sees its own players only; the round detail is reachable from a row', async () => {
    const rows = items(await get('gamerecordlogs', { pageSize: '500' }, partner));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.uid))).toEqual(new Set([7002, 7003]));
    expect(items(await get('gamerecordlogs', { uid: '7001' }, partner))).toEqual([]);
    const rocket = rows.find((r) => r.game === 'rocket')!;
    const detail = await t.get(`/api/tinygames/${rocket.game}/gamerounds/detail`, partner, { id: String(rocket.round) });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ roundId: rocket.roundId, verified: true });
    expect(detail.body.data.seatRows.map((s: Row) => s.uid)).toContain(7002);
  });

  it('gamerecordlogs: export streams the filtered rows; roles from the screen; bad input is a 400 naming the parameter', async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/api/usermanager/gamerecordlogs/export?game=colorgame', headers: { 'x-token': admin } });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('roundId');
    expect(lines).toHaveLength(1 + items(await get('gamerecordlogs', { game: 'colorgame', pageSize: '500' })).length);
    expect((await get('gamerecordlogs', {}, service)).status).toBe(200);
    const sales = await t.loginAs('sales');
    expect((await get('gamerecordlogs', {}, sales)).status).toBe(403);
    const bad = async (q: Record<string, string>) => (await get('gamerecordlogs', q)).body.message;
    expect(await bad({ game: 'chess' })).toMatch(/^game: Must be one of luckyjoker, /);
    expect(await bad({ result: 'big' })).toBe('result: Must be one of win, lose, even');
    expect(await bad({ uid: 'x' })).toBe('uid: Must be an integer');
    expect(await bad({ from: '2026-11-22T00:00:00+08:00', to: '2026-11-21T00:00:00+08:00' })).toBe('to: Must not be before from');
    expect(await bad({ cursor: 'bm90LWEtY3Vyc29y' })).toBe('cursor: Invalid cursor');
    expect(await bad({ sort: 'bet' })).toBe('sort: Must be one of at');
  });

  it('profitslogs/games: each game over the range from the roll-ups, equal to the raw player bets', async () => {
    const res = await get('profitslogs/games', range);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const bets = (await raw()).filter((b) => !b.bot && b.uid !== null);
    const byGame = new Map<string, { bets: number; turnover: number; wins: number; players: Set<number> }>();
    for (const b of bets) {
      const g = byGame.get(b.game) ?? { bets: 0, turnover: 0, wins: 0, players: new Set<number>() };
      g.bets += 1;
      g.turnover += Number(b.bet);
      g.wins += Number(b.win);
      g.players.add(Number(b.uid));
      byGame.set(b.game, g);
    }
    expect(res.body.data.total).toBe(4);
    for (const row of items(res)) {
      const g = byGame.get(row.game)!;
      expect(row).toMatchObject({
        bets: g.bets,
        turnover: g.turnover,
        wins: g.wins,
        players: g.players.size,
        net: g.wins - g.turnover,
        houseTake: g.turnover - g.wins,
      });
      expect(row.rtp).toBeCloseTo(g.wins / g.turnover, 10);
    }
    expect(Object.fromEntries(items(res).map((r) => [r.game, r.rounds]))).toEqual({ colorgame: 3, rocket: 2, mines1v1: 1, hilo: 1 });
    const turnovers = items(res).map((r) => r.turnover);
    expect(turnovers).toEqual([...turnovers].sort((a, b) => b - a)); // biggest first
    const day21 = await get('profitslogs/games', { from: '2026-11-21T00:00:00+08:00', to: '2026-11-21T23:59:59+08:00' });
    expect(items(day21).map((r) => r.game)).toEqual(['rocket']);
  });

  it('profitslogs/games: one player, a partner account, the partner filter; range rules and roles', async () => {
    const one = items(await get('profitslogs/games', { ...range, uid: '7001', sort: 'game', order: 'ascend' }));
    expect(one.map((r) => [r.game, r.rounds, r.players])).toEqual([
      ['colorgame', 3, 1],
      ['hilo', 1, 1],
    ]);
    const mine = items(await get('profitslogs/games', range, partner));
    expect(mine.map((r) => r.game).sort()).toEqual(['mines1v1', 'rocket']);
    expect(items(await get('profitslogs/games', { ...range, uid: '7001' }, partner))).toEqual([]);
    expect(
      items(await get('profitslogs/games', { ...range, partner: '1' }))
        .map((r) => r.game)
        .sort(),
    ).toEqual(['mines1v1', 'rocket']);
    expect((await get('profitslogs/games')).body.message).toBe('from: Required');
    expect((await get('profitslogs/games', { from: '2026-10-01T00:00:00+08:00', to: '2026-11-22T00:00:00+08:00' })).body.message).toBe(
      'to: The range is at most 31 days',
    );
    expect((await get('profitslogs/games', { ...range, sort: 'seed' })).status).toBe(400);
    expect((await get('profitslogs/games', range, service)).status).toBe(403);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/usermanager/profitslogs/games/export?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`,
      headers: { 'x-token': admin },
    });
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toHaveLength(5);
  });

  it('hostile query strings never make a 5xx, and a refusal names a parameter', async () => {
    const names = ['uid', 'game', 'roundId', 'from', 'to', 'result', 'partner', 'cursor', 'pageSize', 'sort', 'order', 'page', 'columns', 'x'];
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('', '-1', '0', '1e9', '2026-11-22', '2026-13-01T00:00:00Z', 'win', 'rocket', "' OR 1=1 --", '\u0000', '[]'),
      fc.integer().map(String),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('gamerecordlogs', 'profitslogs/games', 'gamerecordlogs/export'),
        fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 4 }),
        async (path, q) => {
          const res = await t.app.inject({ method: 'GET', url: `/api/usermanager/${path}`, query: q, headers: { 'x-token': admin } });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode === 400) expect(JSON.parse(res.body).message).toMatch(/^[\w.[\]]+: /);
        },
      ),
      { numRuns: 60 },
    );
  });
});
