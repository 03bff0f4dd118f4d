/**
 * Leaderboards on each database: the boards (admin through /activities/rankmanage, 400 naming
 * the field, versions; 403 before the body is read), the standings from the facts (net win of
 * one game, valid bet of every game, ties to who got there first, banned players left out), the
 * platform call (top 50 and the player's own rank), and the settlement: nothing before the
 * period ends, then each ranked player paid once (two concurrent runs, then a third: one
 * payment), ineligible players and a shared device skipped, the list of who got what.
 */
import { consoleDay } from '@console/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { settleDue } from './rank';

const HOUR = 3_600_000;
const REWARDS = { 1: 1_000, '2-3': 500, '4-10': 200, '11-50': 100 };
const TW = { id: 'tw', game: 'tongits', metric: 'wins', period: 'day', rewards: REWARDS, open: true };
const VB = { id: 'vb', game: 'all', metric: 'validBet', period: 'week', rewards: REWARDS, open: true };

describe.each(databases())('rank on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  const tokens: Record<string, string> = {};
  let round = 0;
  const save = (settings: Record<string, unknown>, who = 'admin') =>
    t.post('/api/activities/rank/configs/update', { settings: { totalBudget: 0, dailyBudget: 0, ...settings } }, tokens[who]);
  /** One settled bet of `uid` at `at` (GMT+08:00), recorded as the round ingestion does: game_bet and game_player_day. */
  const bet = async (uid: number, game: string, at: string, stake: number, win: number) => {
    round += 1;
    const db = t.database.db;
    await db
      .insertInto('game_bet')
      .values({ round: 900_000 + round, n: 1, game, at: new Date(at), uid, partner: 0, seat: 's1', bot: false, bet: stake, win, fee: 0, jackpot: 0 })
      .execute();
    const day = consoleDay(Date.parse(at));
    await db
      .insertInto('game_player_day')
      .values({ game, day, uid, partner: 0, rounds: 1, bets: 1, turnover: stake, wins: win, fees: 0, jackpot: 0 })
      .onConflict((oc) =>
        oc.columns(['game', 'day', 'uid'] as never).doUpdateSet({
          rounds: (eb: any) => eb('game_player_day.rounds', '+', 1),
          bets: (eb: any) => eb('game_player_day.bets', '+', 1),
          turnover: (eb: any) => eb('game_player_day.turnover', '+', stake),
          wins: (eb: any) => eb('game_player_day.wins', '+', win),
        }),
      )
      .execute();
  };
  const chips = async (uid: number) =>
    Number((await t.database.db.selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirstOrThrow()).chip);

  beforeAll(async () => {
    // no background job: the test runs the settlement itself
    t = await testApp(kind, { session: { idleMs: 3 * 24 * HOUR, absoluteMs: 3 * 24 * HOUR, touchEveryMs: 60_000 } }, { background: false });
    p = await platformClient(t);
    for (let uid = 9501; uid <= 9512; uid++) await p.register(uid, { deviceId: uid === 9512 ? 'dev-9511' : `dev-${uid}` });
    for (const who of ['admin', 'business', 'service', 'secadmin', 'sales']) tokens[who] = await t.loginAs(who);
  });
  afterAll(async () => t?.close());

  it('boards: admin saves a new version; 400 naming the field; the others 403 before the body is read, but read', async () => {
    for (const who of ['business', 'service', 'secadmin']) {
      expect((await t.post('/api/activities/rank/configs/update', { nonsense: true }, tokens[who])).status, who).toBe(403);
      expect((await t.post('/api/activities/rank/settle', 'not json', tokens[who])).status, who).toBe(403);
      expect((await t.get('/api/activities/rank/configs', tokens[who])).status, who).toBe(200);
    }
    expect((await t.get('/api/activities/rank/configs', tokens.sales)).status).toBe(403);
    expect((await t.get('/api/activities/rank/configs', tokens.admin)).body.data).toMatchObject({ version: 0, settings: { boards: [] } });

    expect((await save({ boards: [{ ...TW, rewards: { ...REWARDS, 1: 0 } }] })).body).toMatchObject({
      code: 400,
      message: 'settings.boards.0.rewards.1: Must be more than 0',
    });
    expect((await save({ boards: [{ ...TW, game: 'nope' }] })).body.message).toMatch(/^settings\.boards\.0\.game: Must be all or a game id/);
    expect((await save({ boards: [{ ...TW, game: 'tongits', metric: 'deposits' }] })).body.message).toBe(
      'settings.boards.0.game: Must be all for a deposits board (deposits belong to no game)',
    );
    expect((await save({ boards: [TW, TW] })).body.message).toBe('settings.boards.1.id: Must not repeat board tw');
    expect((await save({ boards: [{ ...TW, period: 'month' }] })).body.message).toBe('settings.boards.0.period: Must be day or week');
    expect((await save({ boards: [{ ...TW, rewards: { 1: 5 } }] })).body.message).toMatch(/^settings\.boards\.0\.rewards\.2-3: /);
    expect((await save({ boards: [TW], dailyBudget: -1 })).body.message).toBe('settings.dailyBudget: Must not be negative');

    const saved = await save({ boards: [TW, VB] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const versions = await t.get('/api/activities/rank/configs/versions', tokens.admin);
    expect(versions.body.data.items[0]).toMatchObject({ id: saved.body.data.version, actor: 'admin', after: expect.objectContaining({ boards: [TW, VB] }) });
    expect((await t.get('/api/activities/rank/configs/versions', tokens.business)).status).toBe(403);
  });

  it('standings: net win of one game, valid bet of all games; ties to who got there first; banned players left out', async () => {
    // the clock: 2026-11-22 18:00 GMT+08:00 (a Sunday)
    await bet(9503, 'tongits', '2026-11-22T09:00:00+08:00', 200, 1_000); // +800
    await bet(9501, 'tongits', '2026-11-22T08:00:00+08:00', 100, 300); // +200 …
    await bet(9501, 'tongits', '2026-11-22T11:00:00+08:00', 100, 400); // … +500 at 11:00
    await bet(9502, 'tongits', '2026-11-22T10:00:00+08:00', 100, 600); // +500 at 10:00: before 9501
    await bet(9504, 'tongits', '2026-11-22T10:00:00+08:00', 300, 200); // −100: not ranked
    await bet(9505, 'lucky9', '2026-11-22T10:00:00+08:00', 100, 5_000); // another game
    await bet(9506, 'tongits', '2026-11-22T10:00:00+08:00', 100, 1_000); // +900, banned
    await bet(9507, 'tongits', '2026-11-22T10:00:00+08:00', 100, 400); // +300, self-excluded
    await bet(9511, 'tongits', '2026-11-22T10:00:00+08:00', 100, 300); // +200
    await bet(9512, 'tongits', '2026-11-22T10:00:00+08:00', 100, 250); // +150, 9511's device
    await bet(9508, 'tongits', '2026-11-21T10:00:00+08:00', 100, 9_000); // yesterday
    await t.database.db.updateTable('player').set({ status: 'banned' }).where('uid', '=', 9506).execute();
    await t.database.db
      .insertInto('player_control')
      .values({
        uid: 9507,
        scope: 'house',
        blocked: '[]',
        cool_until: new Date(t.clock.now + 10 * 24 * HOUR),
        updated_by: 'test',
        updated_at: new Date(t.clock.now),
      })
      .execute();

    const res = await t.get('/api/activities/rank/standings', tokens.service, { board: 'tw' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.period).toMatchObject({
      key: '2026-11-22',
      start: '2026-11-22T00:00:00.000+08:00',
      end: '2026-11-23T00:00:00.000+08:00',
      ended: false,
      settled: false,
    });
    expect(res.body.data.items.map((r: { uid: number; value: number; tier: string; reward: number }) => [r.uid, r.value, r.tier, r.reward])).toEqual([
      [9503, 800, '1', 1_000],
      [9502, 500, '2-3', 500],
      [9501, 500, '2-3', 500],
      [9507, 300, '4-10', 200],
      [9511, 200, '4-10', 200],
      [9512, 150, '4-10', 200],
    ]);
    expect(res.body.data.items[1]).toMatchObject({ rank: 2, reachedAt: '2026-11-22T10:00:00.000+08:00' });
    expect(res.body.data.items[2]).toMatchObject({ rank: 3, reachedAt: '2026-11-22T11:00:00.000+08:00' });
    // the list screen's call: no board (the first), its paging parameters ignored
    const first = await t.get('/api/activities/rank/standings', tokens.service, { cursor: '', pageSize: '50', board: '', period: '' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ board: { id: 'tw' }, nextCursor: null });
    expect(first.body.data.items).toHaveLength(6);
    const yesterday = await t.get('/api/activities/rank/standings', tokens.secadmin, { board: 'tw', period: '2026-11-21' });
    expect(yesterday.body.data.items).toEqual([expect.objectContaining({ uid: 9508, value: 8_900, rank: 1 })]);

    // the week board (from Monday 2026-11-16): valid bet of every game
    const week = await t.get('/api/activities/rank/standings', tokens.business, { board: 'vb' });
    expect(week.body.data.period.key).toBe('2026-11-16');
    expect(week.body.data.items[0]).toMatchObject({ uid: 9504, value: 300 });
    expect(week.body.data.items.map((r: { uid: number }) => r.uid)).toContain(9505);
    expect(week.body.data.items.map((r: { uid: number }) => r.uid)).not.toContain(9506);

    expect((await t.get('/api/activities/rank/standings', tokens.service, { board: 'vb', period: '2026-11-17' })).body).toMatchObject({
      code: 400,
      message: 'period: Must be the Monday (YYYY-MM-DD) of a week',
    });
    expect((await t.get('/api/activities/rank/standings', tokens.service, { board: 'tw', period: '22-11-2026' })).body.message).toBe(
      'period: Must be YYYY-MM-DD',
    );
    expect((await t.get('/api/activities/rank/standings', tokens.service, { board: 'zz' })).body).toMatchObject({ code: 404, message: 'Board zz not found' });
    expect((await t.get('/api/activities/rank/standings', tokens.sales, { board: 'tw' })).status).toBe(403);
    const csv = await t.app.inject({ method: 'GET', url: '/api/activities/rank/standings/export?board=tw', headers: { 'x-token': tokens.business } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(7);

    // the platform call: the top and the player's own rank
    const mine = await p.get('/api/platform/activities/rank', 'board=tw&uid=9501');
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data.me).toEqual({ uid: 9501, rank: 3, value: 500, reward: 500 });
    expect(mine.body.data.top).toHaveLength(6);
    expect((await p.get('/api/platform/activities/rank', 'board=tw&uid=9504')).body.data.me).toEqual({ uid: 9504, rank: null, value: 0, reward: 0 });
    expect((await p.get('/api/platform/activities/rank', 'board=tw&uid=9512')).body.data.me).toMatchObject({ rank: 6 });
    expect((await p.get('/api/platform/activities/rank', 'board=tw&uid=x')).body.message).toMatch(/^uid: /);
  });

  it('settlement: nothing before the period ends; then once, under two concurrent runs and a third; ineligible and a shared device skipped', async () => {
    expect((await t.post('/api/activities/rank/settle', {}, tokens.admin)).body.data.settled).toEqual([]);
    t.clock.advance(6.5 * HOUR); // 2026-11-23 00:30 GMT+08:00: the 22nd ended (the 21st is before the board)
    const [a, b, c] = await Promise.all([
      t.post('/api/activities/rank/settle', {}, tokens.admin),
      t.post('/api/activities/rank/settle', {}, tokens.admin),
      settleDue(t.database.db, new Date(t.clock.now), 'system:rank'),
    ]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const all = [...a.body.data.settled, ...b.body.data.settled, ...c].sort((x, y) => x.board.localeCompare(y.board));
    // the day board's 22nd, and the week board's week of the 16th (it ended with Sunday the 22nd)
    expect(all).toEqual([
      { board: 'tw', period: '2026-11-22', paid: 4, skipped: 2, amount: 2_200 },
      { board: 'vb', period: '2026-11-16', paid: 7, skipped: 2, amount: 2_800 },
    ]);
    expect(await settleDue(t.database.db, new Date(t.clock.now), 'system:rank')).toEqual([]);

    for (const uid of [9506, 9507, 9512]) expect(await chips(uid), String(uid)).toBe(0);
    const entries = await t.database.db
      .selectFrom('ledger_entry')
      .select(['uid', 'reason', 'idem_key'])
      .where('reason', '=', 'activity.rank')
      .where('idem_key', 'like', 'activity:rank:tw:%')
      .orderBy('uid')
      .execute();
    expect(entries).toEqual([9501, 9502, 9503, 9511].map((uid) => ({ uid, reason: 'activity.rank', idem_key: `activity:rank:tw:2026-11-22:${uid}` })));
    const rewards = await t.database.db
      .selectFrom('activity_reward')
      .select(['uid', 'period', 'tier', 'amount'])
      .where('activity', '=', 'rank')
      .where('period', 'like', 'tw:%')
      .orderBy('uid')
      .execute();
    expect(rewards.map((r) => [r.uid, r.period, r.tier, Number(r.amount)])).toEqual([
      [9501, 'tw:2026-11-22', '2-3', 500],
      [9502, 'tw:2026-11-22', '2-3', 500],
      [9503, 'tw:2026-11-22', '1', 1_000],
      [9511, 'tw:2026-11-22', '4-10', 200],
    ]);

    const lines = await t.get('/api/activities/rank/settlements', tokens.service, { board: 'tw', state: 'skipped' });
    expect(lines.status, JSON.stringify(lines.body)).toBe(200);
    expect(lines.body.data.items.map((r: { uid: number; reason: string }) => [r.uid, r.reason]).sort()).toEqual([
      [9507, 'Player is self-excluded'],
      [9512, 'Device already rewarded'],
    ]);
    expect((await t.get('/api/activities/rank/standings', tokens.service, { board: 'tw', period: '2026-11-22' })).body.data.period).toMatchObject({
      ended: true,
      settled: true,
    });
    const csv = await t.app.inject({ method: 'GET', url: '/api/activities/rank/settlements/export?board=tw', headers: { 'x-token': tokens.secadmin } });
    expect(csv.body.trim().split('\n')).toHaveLength(7);
  });

  it('budgets: a reward the budget cannot pay is skipped, not handed down', async () => {
    const spent = Number((await t.database.db.selectFrom('activity_budget').select('spent').where('activity', '=', 'rank').executeTakeFirstOrThrow()).spent);
    expect(spent).toBe(2_200 + 2_800);
    expect((await save({ boards: [TW, VB], totalBudget: spent + 1_000 + 500 })).status).toBe(200);
    await bet(9509, 'tongits', '2026-11-23T09:00:00+08:00', 100, 2_100); // +2,000: rank 1
    await bet(9510, 'tongits', '2026-11-23T09:00:00+08:00', 100, 600); // +500: rank 2
    await bet(9511, 'tongits', '2026-11-23T09:00:00+08:00', 100, 200); // +100: rank 3, over the budget
    t.clock.advance(24 * HOUR);
    const settled = await t.post('/api/activities/rank/settle', {}, tokens.admin);
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body.data.settled).toEqual([{ board: 'tw', period: '2026-11-23', paid: 2, skipped: 1, amount: 1_500 }]);
    const line = await t.get('/api/activities/rank/settlements', tokens.service, { uid: '9511', period: '2026-11-23' });
    expect(line.body.data.items[0]).toMatchObject({ rank: 3, state: 'skipped', reason: 'Budget exhausted', amount: 500 });
  });
});
