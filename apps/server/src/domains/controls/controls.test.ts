/**
 * Player controls through the API on both databases: roles (403 before the body), a control
 * refuses the bets it should through the wallet (409 naming the control, nothing in the ledger,
 * the txId free again), logs the refusal once per window, lets every other call through and
 * changes no outcome (a controlled player's round verifies and pays exactly as anyone's);
 * platform-wide limits with versions; third-party providers; the cash-out hook; rankings and
 * payRank with a partner seeing only its own players (secadmin and partner reach payRank through
 * its own roles, decision 026).
 */
import { ROLES } from '@console/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { addChannel, requestCashout, reviewerToken } from '../cashout/fixtures';
import { simulatedGcash } from '../cashout/providers';
import { goldenOf, roundData } from '../games/test-fixtures';
import { cashoutReviewForced } from './enforce';

const H = '/api/personalcontrol';
const T = '/api/TPpersonalcontrol';
const DEBIT = '/api/platform/wallet/debit';
const JILI = { appId: 'jili-test', secret: 'jili-test-secret-0123456789' };

describe.each(databases())('player controls on $kind', (database) => {
  let t: TestApp;
  let business: string;
  let p: PlatformClient;
  let jili: PlatformClient;
  let tx = 0;
  const bet = (uid: number, amount: number, reason = 'game.bet', client = p) =>
    client.post(DEBIT, { txId: `c-${(tx += 1)}`, uid, currency: 'chip', amount, reason, ref: `round-${tx}` });
  const balance = async (uid: number) =>
    Number((await t.database.db.selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirstOrThrow()).chip);
  const refusals = (uid: number) =>
    t.database.db.selectFrom('control_log').selectAll().where('uid', '=', uid).where('kind', '=', 'refusal').orderBy('id').execute();
  const set = (uid: number, over: Record<string, unknown> = {}, base = H) =>
    t.post(
      `${base}/userconfigs/set`,
      {
        uid,
        maxBet: 0,
        dayLossCap: 0,
        blocked: [],
        coolOffUntil: null,
        cashoutReview: false,
        reason: 'responsible gaming',
        ...over,
      },
      business,
    );

  beforeAll(async () => {
    t = await testApp(database);
    business = await t.loginAs('business');
    p = await platformClient(t);
    jili = await platformClient(t, JILI);
    for (const uid of [8001, 8002, 8003, 8004, 8005, 8006]) await p.register(uid, { partner: uid % 2 === 0 ? 1 : 2 }, 100_000);
  }, 180_000);
  afterAll(async () => t?.close());

  it('lets main and business call the operations, 403 before the body is read; payRank also secadmin and partner (decision 026)', async () => {
    for (const role of ROLES.filter((r) => !['main', 'business', 'admin'].includes(r))) {
      const token = await t.loginAs(role);
      for (const url of [
        `${H}/configs`,
        `${H}/userconfigs`,
        `${H}/logs`,
        `${H}/ranking`,
        `${H}/payRank`,
        `${H}/wgconfigs`,
        `${T}/configs`,
        `${T}/userconfigs`,
        `${T}/logs`,
        `${T}/ranking`,
      ]) {
        const payRankRole = url === `${H}/payRank` && ['secadmin', 'partner'].includes(role);
        expect((await t.get(url, token)).status, `${role} ${url}`).toBe(payRankRole ? 200 : 403);
      }
      expect((await t.post(`${H}/userconfigs/set`, { nonsense: 1 }, token)).status, role).toBe(403);
    }
    expect((await t.get(`${H}/userconfigs`, await t.loginAs('main'))).status).toBe(200);
  });

  it('refuses a bet over the cap with a 409 naming the control, writes nothing, and logs it once per window', async () => {
    const first = await set(8001, { maxBet: 5_000 });
    expect(first.body.data).toMatchObject({ uid: 8001, maxBet: 5_000, updatedBy: 'business' });
    const before = await balance(8001);
    const refused = await p.post(DEBIT, { txId: 'cap-1', uid: 8001, currency: 'chip', amount: 6_000, reason: 'game.bet', ref: 'r-cap' });
    expect(refused).toEqual({ status: 409, body: { code: 409, message: 'Refused by player control: maxBet 5000 (bet 6000)' } });
    expect(await balance(8001)).toBe(before);
    expect(await t.database.db.selectFrom('wallet_tx').select('tx_id').where('tx_id', '=', 'cap-1').execute()).toEqual([]);
    expect(await t.database.db.selectFrom('ledger_entry').select('id').where('ref', '=', 'r-cap').execute()).toEqual([]);
    // a flood within the window adds nothing to the log; the next window's record counts them
    for (let i = 0; i < 5; i++) expect((await bet(8001, 7_000)).status).toBe(409);
    expect((await refusals(8001)).map((r) => [r.control, Number(r.amount), r.refusals])).toEqual([['maxBet', 6_000, 1]]);
    t.clock.advance(61_000);
    expect((await bet(8001, 9_000)).status).toBe(409);
    expect((await refusals(8001)).map((r) => [r.control, Number(r.amount), r.refusals])).toEqual([
      ['maxBet', 6_000, 1],
      ['maxBet', 9_000, 6],
    ]);
    // the txId was not spent: the same call within the cap later goes through
    expect((await set(8001, { maxBet: 10_000 })).status).toBe(200);
    expect((await p.post(DEBIT, { txId: 'cap-1', uid: 8001, currency: 'chip', amount: 6_000, reason: 'game.bet', ref: 'r-cap' })).body.data).toEqual({
      txId: 'cap-1',
      balance: before - 6_000,
    });
    // not a bet: money that is not play is never refused; credits never are
    expect((await p.post(DEBIT, { txId: 'shop-1', uid: 8001, currency: 'chip', amount: 20_000, reason: 'shop.exchange' })).status).toBe(200);
    expect(
      (await p.post('/api/platform/wallet/credit', { txId: 'win-1', uid: 8001, currency: 'chip', amount: 50_000, reason: 'game.win', ref: 'r-cap' })).status,
    ).toBe(200);
    const logs = (await t.get(`${H}/logs`, business, { uid: '8001' })).body.data.items;
    expect(logs.map((l: { kind: string }) => l.kind)).toEqual(['set', 'refusal', 'refusal', 'set']);
    expect(logs[0]).toMatchObject({ kind: 'set', actor: 'business', before: { maxBet: 5_000 }, after: { maxBet: 10_000 } });
    const op = await t.database.db
      .selectFrom('operation_log')
      .select(['operation', 'before', 'after'])
      .where('operation', '=', 'personalcontrol.userconfigs.set')
      .where('result', '=', 'ok')
      .orderBy('id')
      .execute();
    expect(op[0]).toMatchObject({ before: null, after: { maxBet: 5_000, reason: 'responsible gaming' } });
  });

  it('cools a player off until a time, caps a day of losses, blocks games by name or application', async () => {
    const until = new Date(t.clock.now + 3_600_000).toISOString();
    await set(8002, { coolOffUntil: until });
    const cool = await bet(8002, 100);
    expect(cool.status).toBe(409);
    expect(cool.body.message).toMatch(/^Refused by player control: coolOff \(cooling off until /);
    t.clock.advance(3_600_001);
    business = await t.loginAs('business'); // the session idled out meanwhile
    expect((await bet(8002, 100)).status).toBe(200);

    await set(8003, { dayLossCap: 1_000 });
    expect((await bet(8003, 600)).status).toBe(200);
    expect((await bet(8003, 500)).body.message).toBe('Refused by player control: dayLossCap 1000 (lost 600 today, bet 500)');
    await p.post('/api/platform/wallet/credit', { txId: `w-${(tx += 1)}`, uid: 8003, currency: 'chip', amount: 300, reason: 'game.win' });
    expect((await bet(8003, 500)).status).toBe(200);

    await set(8004, { blocked: ['luckyjoker', JILI.appId] });
    expect((await bet(8004, 100, 'game.bet.luckyjoker')).body.message).toBe('Refused by player control: blocked (luckyjoker is blocked for player 8004)');
    expect((await bet(8004, 100, 'game.bet.rocket')).status).toBe(200);
    expect((await bet(8004, 100, 'game.bet')).status).toBe(200);
  });

  it("changes no outcome: a controlled player's round is paid and verified exactly as an uncontrolled one's", async () => {
    await set(8005, { maxBet: 1_000_000, dayLossCap: 1_000_000, blocked: ['rocket'], cashoutReview: true });
    const g = goldenOf('luckyjoker');
    const results = [];
    for (const uid of [8005, 8006]) {
      const data = roundData(g, [uid], {}, new Date(t.clock.now));
      for (const [k, pay] of g.payouts.entries()) {
        if (pay.bet > 0)
          expect(
            (await p.post(DEBIT, { txId: `${data.roundId}:b${k}`, uid, currency: 'chip', amount: pay.bet, reason: 'game.bet', ref: data.roundId })).status,
          ).toBe(200);
        if (pay.win > 0)
          expect(
            (
              await p.post('/api/platform/wallet/credit', {
                txId: `${data.roundId}:w${k}`,
                uid,
                currency: 'chip',
                amount: pay.win,
                reason: 'game.win',
                ref: data.roundId,
              })
            ).status,
          ).toBe(200);
      }
      expect(await p.event('game.round', data)).toMatchObject({ status: 'applied' });
      const round = await t.database.db
        .selectFrom('game_round')
        .select(['verified', 'win', 'bet', 'result'])
        .where('round_id', '=', data.roundId as string)
        .executeTakeFirstOrThrow();
      results.push({ ...round, win: Number(round.win), bet: Number(round.bet) });
    }
    expect(results[0]).toEqual(results[1]);
    expect(results[0]).toMatchObject({ verified: true });
    expect(await cashoutReviewForced(t.database.db, 8005)).toBe(true);
    expect(await cashoutReviewForced(t.database.db, 8006)).toBe(false);
  });

  it("holds a controlled player's cash-out for a second reviewer whatever the amount", async () => {
    simulatedGcash.script({});
    await addChannel(t.database.db, { channel: 'gcash', min: 10_000, max: 2_000_000, feePercent: 2 });
    await p.credit(8005, 200_000, 'withdrawable');
    await p.credit(8006, 200_000, 'withdrawable');
    const held = await requestCashout(p, { uid: 8005, channel: 'gcash', amount: 20_000 });
    const free = await requestCashout(p, { uid: 8006, channel: 'gcash', amount: 20_000 });
    const leader = await reviewerToken(t, 'serviceleader');
    const first = await t.post('/api/cashout/approve', { orderId: held.orderId }, leader);
    expect(first.body.data.order).toMatchObject({ status: 'in_review', approvedBy: 'serviceleader', remarks: 'Player control: a second reviewer approves' });
    expect((await t.post('/api/cashout/approve', { orderId: free.orderId }, leader)).body.data.order).toMatchObject({ status: 'succeed', remarks: '' });
    const second = await t.post('/api/cashout/approve', { orderId: held.orderId }, await reviewerToken(t, 'secadmin'));
    expect(second.body.data.order).toMatchObject({ status: 'succeed', secondApprovedBy: 'secadmin' });
    business = await t.loginAs('business');
  });

  it('applies platform-wide limits with a version history, and a 400 names the field and changes nothing', async () => {
    const bad = await t.post(`${H}/configs/save`, { maxBet: -1, dayLossCap: 0, refusalLogSeconds: 60 }, business);
    expect(bad).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^maxBet: /) } });
    expect(
      (
        await t.post(
          `${H}/userconfigs/set`,
          { uid: 8006, maxBet: 1.5, dayLossCap: 0, blocked: [], coolOffUntil: null, cashoutReview: false, reason: 'x' },
          business,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await t.post(
          `${H}/userconfigs/set`,
          { uid: 9999, maxBet: 0, dayLossCap: 0, blocked: [], coolOffUntil: null, cashoutReview: false, reason: 'x' },
          business,
        )
      ).status,
    ).toBe(404);
    expect((await t.get(`${H}/configs`, business)).body.data).toEqual({ maxBet: 0, dayLossCap: 0, refusalLogSeconds: 60 });
    expect((await t.post(`${H}/configs/save`, { maxBet: 50_000, dayLossCap: 0, refusalLogSeconds: 30 }, business)).status).toBe(200);
    expect((await bet(8006, 60_000)).body.message).toBe('Refused by player control: platformMaxBet 50000 (bet 60000)');
    // third-party play has limits of its own scope
    await t.post(`${H}/wgconfigs/save`, { appId: JILI.appId, game: '', name: 'JILI', maxBet: 0, closed: false }, business);
    expect((await bet(8006, 60_000, 'game.bet', jili)).status).toBe(200);
    const versions = (await t.get(`${H}/configs/versions`, business)).body.data.items;
    expect(versions).toHaveLength(1);
    expect((await t.post(`${H}/configs/save`, { maxBet: 0, dayLossCap: 0, refusalLogSeconds: 60 }, business)).status).toBe(200);
    expect((await t.post(`${H}/configs/versions/restore`, { id: versions[0].id }, business)).status).toBe(200);
    expect((await t.get(`${H}/configs`, business)).body.data).toEqual({ maxBet: 50_000, dayLossCap: 0, refusalLogSeconds: 30 });
    expect((await t.get(`${H}/logs`, business, { kind: 'config' })).body.data.items).toHaveLength(3);
    await t.post(`${H}/configs/save`, { maxBet: 0, dayLossCap: 0, refusalLogSeconds: 60 }, business);
  });

  it('keeps third-party controls apart: providers, their games, the tp scope and its ranking', async () => {
    await set(8006, { maxBet: 100 }, T);
    expect((await bet(8006, 500)).status).toBe(200); // house play: the tp control does not apply
    expect((await bet(8006, 500, 'game.bet', jili)).body.message).toBe('Refused by player control: maxBet 100 (bet 500)');
    await t.post(`${T}/userconfigs/clear`, { uid: 8006, reason: 'reviewed' }, business);
    await t.post(`${H}/wgconfigs/save`, { appId: JILI.appId, game: 'fortune-gems', name: 'Fortune Gems', maxBet: 0, closed: true }, business);
    expect((await bet(8006, 500, 'game.bet.fortune-gems', jili)).body.message).toBe(
      `Refused by player control: providerClosed (${JILI.appId} game fortune-gems takes no bets)`,
    );
    expect((await bet(8006, 500, 'game.bet.boxing-king', jili)).status).toBe(200);
    await jili.post('/api/platform/wallet/credit', { txId: `j-${(tx += 1)}`, uid: 8006, currency: 'chip', amount: 5_000, reason: 'game.win' });
    const rank = (await t.get(`${T}/ranking`, business)).body.data.items;
    expect(rank).toEqual([]);
    const losers = (await t.get(`${T}/ranking`, business, { side: 'losers' })).body.data.items;
    expect(losers).toEqual([expect.objectContaining({ rank: 1, uid: 8006, bets: 60_500, wins: 5_000, net: -55_500, betCount: 2 })]);
    expect((await t.get(`${T}/logs`, business, { kind: 'refusal' })).body.data.items.length).toBeGreaterThan(0);
    expect((await t.get(`${H}/wgconfigs`, business)).body.data.total).toBe(2);
  });

  it('ranks recharge minus cash-out; an account holding the partner role sees its own players only', async () => {
    const owner = t.database.owner ?? t.database.db;
    // business (the module's role) and partner (its scope) in one account: what reaches payRank with a partner's view
    const hash = (await owner.selectFrom('console_account').select('password_hash').where('username', '=', 'business').executeTakeFirstOrThrow()).password_hash;
    await owner
      .insertInto('console_account')
      .values({ username: 'bizpartner', password_hash: hash, name: 'Business partner', roles: JSON.stringify(['business', 'partner']), partner: 1 })
      .execute();
    await owner
      .insertInto('report_payer_day')
      .values([
        { day: '2026-11-22', uid: 8001, channel: 'gcash', os: 'android', partner: 2, orders: 1, amount: 50_000 },
        { day: '2026-11-22', uid: 8002, channel: 'gcash', os: 'android', partner: 1, orders: 2, amount: 120_000 },
        { day: '2026-11-22', uid: 8004, channel: 'maya', os: 'ios', partner: 1, orders: 1, amount: 20_000 },
      ])
      .execute();
    const range = { from: '2026-11-20T00:00:00.000+08:00', to: '2026-11-23T23:59:59.999+08:00' };
    const all = (await t.get(`${H}/payRank`, business, range)).body.data.items;
    expect(all.map((r: { uid: number; difference: number }) => [r.uid, r.difference])).toEqual([
      [8002, 120_000],
      [8001, 50_000],
      [8004, 20_000],
    ]);
    const scoped = await t.loginAs('bizpartner');
    const mine = (await t.get(`${H}/payRank`, scoped, range)).body.data.items;
    expect(mine.map((r: { uid: number; partner: number; controlled: boolean }) => [r.uid, r.partner, r.controlled])).toEqual([
      [8002, 1, true],
      [8004, 1, true],
    ]);
    const csv = await t.app.inject({ method: 'GET', url: `${H}/payRank/export`, query: range, headers: { 'x-token': scoped } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('8002');
    expect(csv.body).not.toContain('8001');
    // decision 026: the partner and secadmin accounts reach payRank on their own role; the partner sees partner 1's players
    const partnerRows = (await t.get(`${H}/payRank`, await t.loginAs('partner'), range)).body.data.items;
    expect(partnerRows.map((r: { uid: number }) => r.uid)).toEqual([8002, 8004]);
    const secadminRows = (await t.get(`${H}/payRank`, await t.loginAs('secadmin'), range)).body.data.items;
    expect(secadminRows.map((r: { uid: number }) => r.uid)).toEqual([8002, 8001, 8004]);
  });
});
