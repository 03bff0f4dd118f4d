/**
 * The staff API of the game screens: each operation checks its own catalogue screen's roles
 * (business reads a dashboard and betlogs, not configs); figures from the roll-ups equal the
 * raw bets; betlogs page by keyset and export; a round's detail shows its verification; a
 * settings save is validated (400 naming the field), versioned, read back by the platform
 * call and reported by the next rounds; partners see their own players only.
 */
import { getGame } from '@console/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { playRound } from './test-fixtures';

describe.each(databases())('game screens on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let admin: string;
  let business: string;
  let partner: string;
  const range = { from: '2026-11-20T00:00:00+08:00', to: '2026-11-22T23:59:59+08:00' };
  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    await p.register(8001, {}, 1_000_000);
    await p.register(8002, { partner: 1 }, 1_000_000);
    [admin, business, partner] = await Promise.all([t.loginAs('admin'), t.loginAs('business'), t.loginAs('partner')]);
    const at = new Date(t.clock.now);
    for (let i = 0; i < 6; i++) await playRound(p, 'colorgame', i % 2 ? 8002 : 8001, { at });
    await playRound(p, 'colorgame', 8001, {
      at,
      tamper: (d) => {
        d.seats[0].win += 50;
      },
    });
  });
  afterAll(async () => t?.close());

  it('roles come from each screen: business reads the dashboard and betlogs, only admin the configs', async () => {
    expect((await t.get('/api/tinygames/colorgame/dashboard', business, range)).status).toBe(200);
    expect((await t.get('/api/tinygames/colorgame/betlogs', business)).status).toBe(200);
    expect((await t.get('/api/tinygames/colorgame/configs', business)).status).toBe(403);
    expect((await t.post('/api/tinygames/colorgame/configs/update', { settings: {} }, business)).status).toBe(403);
    expect((await t.get('/api/tinygames/colorgame/configs', admin)).status).toBe(200);
    const service = await t.loginAs('service');
    expect((await t.get('/api/tinygames/colorgame/dashboard', service, range)).status).toBe(403);
    // tongits has a dashboard but no betlogs screen in the catalogue: no such operation
    expect((await t.get('/api/tinygames/tongits/dashboard', admin, range)).status).toBe(200);
    expect((await t.get('/api/tinygames/tongits/betlogs', admin)).status).toBe(404);
  });

  it('the dashboard sums the roll-ups: equal to the raw bets, RTP against the configured band', async () => {
    const res = await t.get('/api/tinygames/colorgame/dashboard', admin, range);
    expect(res.status).toBe(200);
    const raw = await t.database.db.selectFrom('game_bet').select(['bet', 'win', 'uid']).where('game', '=', 'colorgame').execute();
    const turnover = raw.reduce((s, b) => s + Number(b.bet), 0);
    const wins = raw.reduce((s, b) => s + Number(b.win), 0);
    const d = res.body.data;
    expect(d.totals).toMatchObject({ rounds: 7, bets: raw.length, players: 2, turnover, wins, houseTake: turnover - wins, flagged: 1 });
    expect(d.days).toHaveLength(3);
    expect(d.days[2]).toMatchObject({ day: '2026-11-22', rounds: 7, turnover });
    expect(d.configured).toMatchObject({ version: 0, rtp: getGame('colorgame').rtp(getGame('colorgame').defaults).rtp });
    expect(d.configured.band.low).toBeLessThan(d.configured.rtp);
    const asPartner = await t.get('/api/tinygames/colorgame/dashboard', partner, range);
    expect(asPartner.body.data.totals).toMatchObject({ players: 1, bets: raw.filter((b) => b.uid === 8002).length });
  });

  it('betlogs page by keyset, filter by player and round, and export; partners see their players only', async () => {
    const first = await t.get('/api/tinygames/colorgame/betlogs', admin, { pageSize: '4' });
    expect(first.body.data.items).toHaveLength(4);
    const next = await t.get('/api/tinygames/colorgame/betlogs', admin, { pageSize: '4', cursor: first.body.data.nextCursor });
    expect(next.body.data.items).toHaveLength(3);
    expect(next.body.data.nextCursor).toBeNull();
    const ids = [...first.body.data.items, ...next.body.data.items].map((b: { id: number }) => b.id);
    expect(new Set(ids).size).toBe(7);
    const mine = await t.get('/api/tinygames/colorgame/betlogs', admin, { uid: '8002' });
    expect(mine.body.data.items.map((b: { uid: number }) => b.uid)).toEqual([8002, 8002, 8002]);
    const one = first.body.data.items[0];
    const byRound = await t.get('/api/tinygames/colorgame/betlogs', admin, { roundId: one.roundId });
    expect(byRound.body.data.items.map((b: { id: number }) => b.id)).toEqual([one.id]);
    const asPartner = await t.get('/api/tinygames/colorgame/betlogs', partner);
    expect(asPartner.body.data.items.every((b: { partner: number }) => b.partner === 1)).toBe(true);
    expect(asPartner.body.data.items).toHaveLength(3);
    const csv = await t.app.inject({ method: 'GET', url: '/api/tinygames/colorgame/betlogs/export', headers: { 'x-token': admin } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(8);
    expect((await t.get('/api/tinygames/colorgame/betlogs', admin, { uid: 'x' })).body.message).toBe('uid: Must be an integer');
  });

  it('gamerounds list the flagged round with why; its detail recomputes the seed', async () => {
    const flagged = await t.get('/api/tinygames/colorgame/gamerounds', admin, { verified: 'false' });
    expect(flagged.body.data.items).toHaveLength(1);
    const r = flagged.body.data.items[0];
    expect(r.why).toMatch(/^seats\.0\.win \(p1\): the seed gives \d+, reported \d+$/);
    const detail = await t.get('/api/tinygames/colorgame/gamerounds/detail', admin, { id: String(r.id) });
    expect(detail.status).toBe(200);
    expect(detail.body.data.differences[0]).toMatchObject({ kind: 'payout', field: 'win' });
    expect(detail.body.data.expected.payouts[0].win).toBe(detail.body.data.seatRows[0].win - 50);
    expect((await t.get('/api/tinygames/colorgame/gamerounds/detail', partner, { id: String(r.id) })).status).toBe(404);
    expect((await t.get('/api/tinygames/colorgame/gamerounds', admin, { uid: '8002' })).body.data.items).toHaveLength(3);
  });

  it('players and ranking over the range', async () => {
    const players = await t.get('/api/tinygames/colorgame/players', admin, range);
    expect(players.body.data.total).toBe(2);
    for (const row of players.body.data.items) expect(row.net).toBe(row.wins - row.turnover);
    const winners = await t.get('/api/tinygames/colorgame/ranking', admin, { ...range, side: 'winners' });
    const losers = await t.get('/api/tinygames/colorgame/ranking', admin, { ...range, side: 'losers' });
    for (const row of winners.body.data.items) expect(row.net).toBeGreaterThan(0);
    for (const row of losers.body.data.items) expect(row.net).toBeLessThan(0);
    expect((await t.get('/api/tinygames/colorgame/ranking', admin, { ...range, side: 'both' })).body.message).toBe('side: Must be winners or losers');
  });

  it('settings: bad input is a 400 naming the field; a save is versioned, logged, read back by the game servers and verifies the next rounds', async () => {
    const bad = await t.post('/api/tinygames/rocket/configs/update', { settings: { ...getGame('rocket').defaults, minBet: 500, maxBet: 100 } }, admin);
    expect(bad).toMatchObject({ status: 400, body: { message: 'settings.maxBet: Must be at least minBet' } });
    const unknown = await t.post('/api/tinygames/rocket/configs/update', { settings: { edge: 1 } }, admin);
    expect(unknown.body.message).toBe('settings.edge: Unknown field');
    const settings = { ...getGame('rocket').defaults, edgeBps: 300 };
    const saved = await t.post('/api/tinygames/rocket/configs/update', { settings }, admin);
    expect(saved.status).toBe(200);
    const version = saved.body.data.version as number;
    const read = await p.get('/api/platform/games/configs', 'game=rocket');
    expect(read.body.data.configs).toEqual([{ game: 'rocket', version, settings }]);
    const screen = await t.get('/api/tinygames/rocket/configs', admin);
    expect(screen.body.data).toMatchObject({ version, settings });
    expect(screen.body.data.fields.find((f: { key: string }) => f.key === 'edgeBps').schema).toMatchObject({ minimum: 50, maximum: 1000 });
    const history = await t.get('/api/tinygames/rocket/configs/versions', admin);
    expect(history.body.data.items[0]).toMatchObject({ id: version, actor: 'admin', after: settings });
    const log = await t.database.db
      .selectFrom('operation_log')
      .select(['operation', 'target'])
      .where('operation', '=', 'tinygames.rocket.configs.update')
      .where('result', '=', 'ok')
      .execute();
    expect(log).toEqual([{ operation: 'tinygames.rocket.configs.update', target: 'tinygames.rocket:settings' }]);
    // a round played with the new version verifies; the same round reported as version 0 (defaults) does not
    const ok = await playRound(p, 'rocket', 8001, { configVersion: version, settings });
    expect(ok.result.status).toBe('applied');
    const rows = await t.database.db.selectFrom('game_round').select(['verified']).where('round_id', '=', ok.roundId).execute();
    expect(rows).toEqual([{ verified: true }]);
    expect((await p.get('/api/platform/games/configs', 'game=chess')).status).toBe(404);
  });
});
