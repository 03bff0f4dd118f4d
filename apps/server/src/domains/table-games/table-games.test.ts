/**
 * Table games on both databases: the settings screens (admin only, versions, 400 naming the
 * field), Tongits rounds at 1v1 and classic tables rolled up by room and mode (1v1 and AI
 * dashboards), the jackpot pool (contributions in from player seats, jackpot.won paid through
 * the ledger once a round, within the rules), game.reported, permanent flags (partner scope,
 * operation log), and the platform call the table servers read.
 */
import { FairStream, getGame, newSeed, seedHash } from '@console/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { reconcileRounds } from '../games/reconcile';

const T = '/api/tinygames/tongits';
const C = '/api/tinygames/tongitscheat';
const AT = new Date('2026-11-22T09:00:00Z');
let seq = 0;

/** One Tongits hand played as a table server would: antes debited, the winner credited, the record (null seats: AI). */
async function hand(p: PlatformClient, seats: (number | null)[], table: string, version: number, settings: Record<string, unknown>, ante = 1_000) {
  const game = getGame('tongits');
  const seed = newSeed();
  const roundId = `tg-${process.pid}-${(seq += 1)}`;
  const sample = game.sampleBets(settings, new FairStream(seed, 'tongits')) as { seats: { seat: string }[] };
  const bets = { end: { how: 'stock', by: 'p2' }, seats: sample.seats.map((s) => ({ ...s, amount: ante })) };
  const outcome = game.play(settings, seed, bets);
  for (const [k, uid] of seats.entries())
    if (uid) await p.post('/api/platform/wallet/debit', { txId: `${roundId}:b${k}`, uid, currency: 'chip', amount: ante, reason: 'game.bet', ref: roundId });
  const winner = outcome.payouts.findIndex((x) => x.win > 0);
  if (seats[winner])
    await p.post('/api/platform/wallet/credit', {
      txId: `${roundId}:w`,
      uid: seats[winner],
      currency: 'chip',
      amount: outcome.payouts[winner].win,
      reason: 'game.win',
      ref: roundId,
    });
  const result = await p.event('game.round', {
    game: 'tongits',
    roundId,
    server: 'ts-1',
    table,
    configVersion: version,
    seedHash: seedHash(seed),
    seed,
    bets,
    result: outcome.result,
    seats: outcome.payouts.map((x, k) => (seats[k] ? { ...x, uid: seats[k], bot: false } : { ...x, bot: true })),
    startedAt: new Date(AT.getTime() - 200_000).toISOString(),
    endedAt: AT.toISOString(),
  });
  return { roundId, result, outcome, winner: seats[winner] ?? null };
}

describe.each(databases())('table games on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let admin: string;
  let business: string;
  let partner: string;
  let version = 0;
  const settings = { open: true, minBet: 100, maxBet: 5_000, feeBps: 500, jackpotBps: 1_000, turnSeconds: 20 };
  const range = { from: '2026-11-20T00:00:00+08:00', to: '2026-11-23T23:59:59+08:00' };

  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    for (const [uid, partnerId] of [
      [8001, 1],
      [8002, 1],
      [8003, 2],
      [8004, 0],
    ] as const)
      await p.register(uid, { partner: partnerId }, 100_000);
    [admin, business, partner] = await Promise.all([t.loginAs('admin'), t.loginAs('business'), t.loginAs('partner')]);
  }, 180_000);
  afterAll(async () => t?.close());
  const db = () => t.database.db;

  it('settings screens are admin only; saves are versioned, confirmed whole documents; bad input is a 400 naming the field', async () => {
    for (const url of [
      `${T}/tongitsconfig/settings`,
      `${T}/tongitsconfig/rooms`,
      `${T}/tongitsconfig/jackpot`,
      `${T}/aiconfig`,
      `${C}/cheatconfig`,
      '/api/tinygames/pusoy/pusoyconfig/rooms',
    ]) {
      expect((await t.get(url, business)).status, url).toBe(403);
      expect((await t.get(url, admin)).status, url).toBe(200);
    }
    expect((await t.post(`${T}/aiconfig/update`, { nonsense: true }, business)).status).toBe(403);

    const saved = await t.post(`${T}/tongitsconfig/settings/update`, { settings }, admin);
    expect(saved.status).toBe(200);
    version = saved.body.data.version;
    expect((await t.post(`${T}/tongitsconfig/settings/update`, { settings: { ...settings, jackpotBps: 1_500, feeBps: 1_500 } }, admin)).body.message).toBe(
      'settings.jackpotBps: Fee and jackpot together must be at most 25%',
    );

    // the rooms are the game's /platmanager templates (decision 035): made there, read here
    const P = '/api/platmanager/template';
    const room = (r: Record<string, unknown>) => ({
      game: 'tongits',
      name: 'Room',
      mode: 'table',
      ante: 1_000,
      minBalance: 10_000,
      maxBalance: 0,
      rakeBps: 500,
      rakeCap: 0,
      seats: 3,
      aiSeats: 2,
      turnSeconds: 20,
      open: true,
      ...r,
    });
    expect((await t.post(`${P}/create`, room({ id: 'duel', mode: '1v1', aiSeats: 1 }), admin)).status).toBe(200);
    expect((await t.post(`${P}/create`, room({ id: 'bronze' }), admin)).status).toBe(200);
    expect((await t.post(`${P}/create`, room({ id: 'bronze' }), admin)).status).toBe(409);
    expect((await t.post(`${P}/create`, room({ id: 'cheap', minBalance: 10 }), admin)).body.message).toBe('minBalance: Must be at least the ante');
    expect((await t.post(`${P}/create`, room({ id: 'duel2', mode: '1v1' }), admin)).body.message).toBe(
      'aiSeats: A 1v1 room has exactly one AI seat (its third seat)',
    );
    expect((await t.post(`${P}/create`, room({ id: 'p-duel', game: 'pusoy', seats: 4, mode: '1v1', aiSeats: 1 }), admin)).body.message).toBe(
      'mode: 1v1 rooms are Tongits rooms (two players and an AI seat)',
    );
    expect((await t.post(`${P}/create`, room({ id: 'rich', rakeBps: 300 }), admin)).body.message).toBe(
      "rakeBps: The rake of Tongits rooms is the game's fee (500 bps, /tinygames/tongits/tongitsconfig): a room cannot have its own",
    );
    expect((await t.post(`${P}/create`, room({ id: 'rich', rakeCap: 5_000 }), admin)).body.message).toBe(
      'rakeCap: The fee of Tongits has no cap (/tinygames/tongits/tongitsconfig): must be 0',
    );
    expect((await t.post(`${P}/create`, room({ id: 'slow', turnSeconds: 30 }), admin)).body.message).toBe(
      "turnSeconds: The turn time of Tongits rooms is the game's (20 s, /tinygames/tongits/tongitsconfig): a room cannot have its own",
    );
    // the settings screens only read them
    expect((await t.post(`${T}/tongitsconfig/rooms/create`, { room: 'x' }, admin)).status).toBe(404);
    // a Pusoy room keeps its own turn time (Pusoy's settings have none)
    expect((await t.post(`${P}/create`, room({ id: 'p-5', game: 'pusoy', seats: 4, aiSeats: 0, turnSeconds: 60 }), admin)).status).toBe(200);
    expect((await t.get('/api/tinygames/pusoy/pusoyconfig/rooms', admin)).body.data.items).toEqual([
      { room: 'p-5', name: 'Room', mode: 'table', ante: 1_000, minBalance: 10_000, maxBalance: 0, open: true, aiSeats: 0, playable: true },
    ]);

    const ai = (await t.get(`${T}/aiconfig`, admin)).body.data;
    expect(ai.enabled).toBe(true);
    expect((await t.post(`${T}/aiconfig/update`, { ...ai, rooms: ['duel', 'nowhere'] }, admin)).body.message).toBe(
      'rooms.1: Unknown room nowhere: the rooms are the Tongits templates of /platmanager/template',
    );
    expect((await t.post(`${T}/aiconfig/update`, { ...ai, thinkMinSeconds: 9, thinkMaxSeconds: 3 }, admin)).body.message).toBe(
      'thinkMaxSeconds: Must be at least thinkMinSeconds',
    );
    expect((await t.post(`${T}/aiconfig/update`, { ...ai, rooms: ['duel', 'bronze'], maxSeats: 2 }, admin)).status).toBe(200);
    const rooms = (await t.get(`${T}/tongitsconfig/rooms`, admin)).body.data.items as { room: string; aiSeats: number; playable: boolean }[];
    expect(rooms.map((r) => [r.room, r.aiSeats, r.playable])).toEqual([
      ['bronze', 2, true],
      ['duel', 1, true],
    ]);

    const cheat = (await t.get(`${C}/cheatconfig`, admin)).body.data;
    expect(cheat.sameTableMinRounds).toBe(100);
    expect((await t.post(`${C}/cheatconfig/update`, { ...cheat, sameTableRateBps: 10_001 }, admin)).body.message).toBe(
      'sameTableRateBps: Must be at most 10000',
    );
    expect((await t.post(`${C}/cheatconfig/update`, { ...cheat, winRateBps: 8_000 }, admin)).status).toBe(200);
    const versions = await t.get(`${C}/cheatconfig/versions`, admin);
    expect(versions.body.data.items[0]).toMatchObject({ action: 'update', actor: 'admin', after: { winRateBps: 8_000 } });
    const log = await db()
      .selectFrom('operation_log')
      .select(['operation', 'target'])
      .where('operation', '=', 'tinygames.tongitscheat.cheatconfig.update')
      .where('result', '=', 'ok')
      .execute();
    expect(log).toHaveLength(1);
    expect((await t.post(`${T}/tongitsconfig/jackpot/update`, { enabled: true, payoutBps: 5_000, maxPayout: 0, minPool: 0 }, admin)).status).toBe(200);
  });

  it("rounds at 1v1 and classic tables roll up by room and mode; the pool takes the player seats' contributions", async () => {
    const duel = await hand(p, [8001, 8002, null], 'duel:1', version, settings);
    const classic = await hand(p, [8001, 8003, 8004], 'bronze:1', version, settings);
    const ai = await hand(p, [8004, null, null], 'bronze:2', version, settings);
    for (const h of [duel, classic, ai]) expect(h.result).toEqual({ id: expect.any(String), status: 'applied' });
    const rows = await db().selectFrom('game_round').select(['verified', 'why']).where('game', '=', 'tongits').execute();
    expect(rows.every((r) => r.verified)).toBe(true);

    const d1 = (await t.get(`${T}/dashboard1v1`, business, range)).body.data;
    expect(d1.totals).toMatchObject({ rounds: 1, tables: 1, seats: 2, turnover: 2_000, rake: 100, jackpot: 200, aiRounds: 1, aiSeats: 1 });
    // the pool: 100 per player seat (10% of 1000): 2 + 3 + 1 player seats; the AI seats' contributions stay out
    expect(d1.pool).toMatchObject({ contributed: 600, paid: 0, balance: 600, nextPayout: 300 });
    const aiDash = (await t.get(`${T}/aidashboard`, business, range)).body.data;
    expect(aiDash.totals).toMatchObject({ rounds: 3, tables: 3, seats: 6, aiRounds: 2, aiSeats: 3 });
    const aiWon = [duel, ai].reduce(
      (n, h) =>
        n +
        h.outcome.payouts.filter(
          (x, k) =>
            x.win > 0 &&
            [
              [8001, 8002, null],
              [8004, null, null],
            ][h === duel ? 0 : 1][k] === null,
        ).length,
      0,
    );
    expect(aiDash.totals.aiWon).toBe(aiWon);
    const byRoom = (await t.get(`${T}/aidashboard/rooms`, admin, range)).body.data.items as { room: string; rounds: number; mode: string }[];
    expect(byRoom.map((r) => [r.room, r.rounds, r.mode]).sort()).toEqual([
      ['bronze', 2, 'table'],
      ['duel', 1, '1v1'],
    ]);
    // partner 1 sees its players' money and the rounds whose players are all its own
    const mine = (await t.get(`${T}/dashboard1v1`, partner, range)).body.data;
    expect(mine.totals).toMatchObject({ rounds: 1, seats: 2, turnover: 2_000 });
    const csv = await t.app.inject({ method: 'GET', url: `${T}/aidashboard/days/export`, query: range, headers: { 'x-token': admin } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n').length).toBeGreaterThan(4);
  });

  it('jackpot.won pays the winner through the ledger once a round, within the pool and the rules', async () => {
    const h = await hand(p, [8001, 8002, 8003], 'bronze:3', version, settings);
    const winner = h.winner!;
    const loser = [8001, 8002, 8003].find((u) => u !== winner)!;
    const pool = (await t.get(`${T}/dashboard1v1`, admin, range)).body.data.pool;
    const before = (await p.get('/api/platform/wallet/balance', `uid=${winner}`)).body.data.balances.chip;
    expect(await p.event('jackpot.won', { game: 'tongits', roundId: h.roundId, uid: winner, amount: pool.nextPayout + 1 })).toMatchObject({
      status: 'rejected',
      code: 409,
      message: `amount: The tongits jackpot pays at most ${pool.nextPayout} now (pool ${pool.balance})`,
    });
    expect(await p.event('jackpot.won', { game: 'tongits', roundId: h.roundId, uid: loser, amount: 10 })).toMatchObject({ status: 'rejected', code: 409 });
    expect(await p.event('jackpot.won', { game: 'tongits', roundId: 'nope', uid: winner, amount: 10 })).toMatchObject({
      status: 'rejected',
      code: 404,
      message: 'Round nope not found',
    });
    const paid = await p.event('jackpot.won', { game: 'tongits', roundId: h.roundId, uid: winner, amount: pool.nextPayout }, { id: 'jp-1' });
    expect(paid).toEqual({ id: 'jp-1', status: 'applied' });
    expect(await p.event('jackpot.won', { game: 'tongits', roundId: h.roundId, uid: winner, amount: 1 }, { id: 'jp-1' })).toEqual({
      id: 'jp-1',
      status: 'duplicate',
    });
    expect(await p.event('jackpot.won', { game: 'tongits', roundId: h.roundId, uid: winner, amount: 1 })).toMatchObject({
      status: 'rejected',
      code: 409,
      message: `Round ${h.roundId} already paid a jackpot`,
    });
    expect((await p.get('/api/platform/wallet/balance', `uid=${winner}`)).body.data.balances.chip).toBe(before + pool.nextPayout);
    const entry = await db().selectFrom('ledger_entry').select(['delta', 'reason', 'ref']).where('reason', '=', 'jackpot.win').execute();
    expect(entry.map((e) => [Number(e.delta), e.reason, e.ref])).toEqual([[pool.nextPayout, 'jackpot.win', h.roundId]]);
    const after = (await t.get(`${T}/dashboard1v1`, admin, range)).body.data.pool;
    expect(after).toMatchObject({ contributed: pool.contributed, paid: pool.nextPayout, wins: 1, balance: pool.balance - pool.nextPayout });
    // the game's own dashboard shows the same pool (business may read it)
    expect((await t.get(`${T}/dashboard/pool`, business)).body.data).toMatchObject({ game: 'tongits', paid: pool.nextPayout, wins: 1 });
    const wins = (await t.get(`${T}/dashboard1v1/jackpots`, admin)).body.data.items;
    expect(wins).toMatchObject([{ roundId: h.roundId, uid: winner, amount: pool.nextPayout, poolBefore: pool.balance }]);
    // a jackpot is not a game win: the rounds still reconcile with their wallet movements
    const rec = await reconcileRounds(db(), { from: new Date(AT.getTime() - 86_400_000), to: new Date(AT.getTime() + 86_400_000), game: 'tongits' });
    expect(rec.differences).toEqual([]);
  });

  it('game.reported: stored, refused for unknown players or oneself, listed with partner scope; flags and unflags are logged', async () => {
    const report = (data: Record<string, unknown>) =>
      p.event('game.reported', { game: 'tongits', reason: 'collusion', text: 'always fold to each other', ...data });
    expect(await report({ uid: 8001, targetUid: 8003, roundId: 'r-1', table: 'bronze:1' })).toMatchObject({ status: 'applied' });
    expect(await report({ uid: 8003, targetUid: 8002 })).toMatchObject({ status: 'applied' });
    expect(await report({ uid: 8001, targetUid: 9999 })).toMatchObject({ status: 'rejected', code: 404, message: 'Player 9999 not found' });
    expect(await report({ uid: 8001, targetUid: 8001 })).toMatchObject({ status: 'rejected', code: 400, message: 'data.targetUid: Cannot report oneself' });
    expect(await report({ uid: 8001, targetUid: 8002, reason: 'rude' })).toMatchObject({ status: 'rejected', code: 400 });

    const all = (await t.get(`${C}/reportedlogs`, business)).body.data.items as { targetUid: number; flagged: boolean; id: number }[];
    expect(all.map((r) => r.targetUid)).toEqual([8002, 8003]);
    const own = (await t.get(`${C}/reportedlogs`, partner)).body.data.items as { targetUid: number }[];
    expect(own.map((r) => r.targetUid)).toEqual([8002]);

    const id = all.find((r) => r.targetUid === 8003)!.id;
    expect((await t.post(`${C}/reportedlogs/flag`, { uid: 8003, reason: 'Collusion confirmed', report: id }, partner)).status).toBe(404);
    expect((await t.post(`${C}/reportedlogs/flag`, { uid: 8003, reason: '   ' }, business)).body.message).toBe('reason: Required');
    expect((await t.post(`${C}/reportedlogs/flag`, { uid: 8003, reason: 'x'.repeat(201) }, business)).body.message).toBe('reason: Over 200 characters');
    expect((await t.post(`${C}/reportedlogs/flag`, { uid: 8003, reason: 'Collusion confirmed', report: id }, business)).status).toBe(200);
    expect((await t.post(`${C}/permanentcheat/flag`, { uid: 8003, reason: 'again' }, admin)).status).toBe(409);
    expect((await t.post(`${C}/permanentcheat/flag`, { uid: 8002, reason: 'Soft play' }, partner)).status).toBe(200);
    expect((await t.get(`${C}/reportedlogs`, business, { flagged: 'true' })).body.data.items.map((r: { targetUid: number }) => r.targetUid)).toEqual([
      8002, 8003,
    ]);

    const flags = (await t.get(`${C}/permanentcheat`, admin)).body.data.items as { uid: number; flaggedBy: string; reason: string; reports: number }[];
    expect(flags.map((f) => [f.uid, f.flaggedBy, f.reason, f.reports]).sort()).toEqual([
      [8002, 'partner', 'Soft play', 1],
      [8003, 'business', 'Collusion confirmed', 1],
    ]);
    expect((await t.get(`${C}/permanentcheat`, partner)).body.data.items.map((f: { uid: number }) => f.uid)).toEqual([8002]);
    expect((await t.post(`${C}/permanentcheat/unflag`, { uid: 8003, reason: 'Appeal accepted' }, admin)).status).toBe(200);
    expect((await t.post(`${C}/permanentcheat/unflag`, { uid: 8003, reason: 'Appeal accepted' }, admin)).status).toBe(409);
    const log = (await t.get(`${C}/permanentcheat/log`, admin, { uid: '8003' })).body.data.items as { action: string; actor: string; reason: string }[];
    expect(log.map((l) => [l.action, l.actor, l.reason])).toEqual([
      ['unflag', 'admin', 'Appeal accepted'],
      ['flag', 'business', 'Collusion confirmed'],
    ]);
    const audit = await db()
      .selectFrom('operation_log')
      .select(['operation', 'target', 'before', 'after'])
      .where('operation', 'like', 'tinygames.tongitscheat.%flag')
      .where('result', '=', 'ok')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.operation, a.target])).toEqual([
      ['tinygames.tongitscheat.reportedlogs.flag', 'player:8003'],
      ['tinygames.tongitscheat.permanentcheat.flag', 'player:8002'],
      ['tinygames.tongitscheat.permanentcheat.unflag', 'player:8003'],
    ]);
    expect(audit[2]).toMatchObject({ before: { flagged: true, flaggedBy: 'business' }, after: { flagged: false, reason: 'Appeal accepted' } });
  });

  it('the table servers read their rooms, AI play (always shown as AI) and jackpot back', async () => {
    const res = await p.get('/api/platform/tablegames/configs', 'game=tongits');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ game: 'tongits', version, settings: { jackpotBps: 1_000 }, ai: { label: 'AI', shownAsAi: true, maxSeats: 2 } });
    expect(res.body.data.rooms.map((r: { room: string; aiSeats: number }) => [r.room, r.aiSeats])).toEqual([
      ['bronze', 2],
      ['duel', 1],
    ]);
    expect((await p.get('/api/platform/tablegames/configs', 'game=pusoy')).body.data).toMatchObject({ game: 'pusoy', ai: null, jackpot: null });
    expect((await p.get('/api/platform/tablegames/configs', 'game=rocket')).body.message).toMatch(/^game: Must be one of/);
  });
});
