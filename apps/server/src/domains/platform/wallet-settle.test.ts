/**
 * The settle call (contract "Fewer calls per bet"; decision 058): the guarded debit of the bet,
 * then the credit of the win, atomically; its ledger entries (one per leg, none for a leg of 0);
 * the game roll-ups exactly as a debit and a credit of the same amounts; 409 Insufficient balance
 * and 404 writing nothing; txId idempotency shared with debit, credit and rollback; a rollback
 * reversing both legs once (and the round reconciliation seeing both reversed); a rollback that
 * came first voiding it; strict input; the scopes (wallet.settle, its currencies, the single
 * cap on each leg, the day total of wins, a win without a bet matching a debit); the player
 * controls on the bet leg, in the statement's path and the transaction's.
 */
import { FairStream, getGame, newSeed, seedHash, type GameId } from '@console/games';
import { providerScopes } from '@console/schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { reconcileRounds } from '../games/reconcile';
import { nextRoundId } from '../games/test-fixtures';
import { reconcile } from '../ledger/reconcile';

const SETTLE = '/api/platform/wallet/settle';
const PROVIDER = { appId: 'settle-prov', secret: 'settle-provider-secret-01', scopes: providerScopes(50_000, 100_000) };

describe.each(databases())('wallet settle on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let provider: PlatformClient;
  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
    provider = await platformClient(t, PROVIDER);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const settle = (body: Record<string, unknown>, client = p) => client.post(SETTLE, { currency: 'chip', reason: 'game.play', ...body });
  const debit = (body: Record<string, unknown>, client = p) => client.post('/api/platform/wallet/debit', { currency: 'chip', reason: 'game.bet', ...body });
  const credit = (body: Record<string, unknown>, client = p) => client.post('/api/platform/wallet/credit', { currency: 'chip', reason: 'game.win', ...body });
  const rollback = (txId: string, originalTxId: string, client = p) => client.post('/api/platform/wallet/rollback', { txId, originalTxId });
  const chips = async (uid: number) => (await db().selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirstOrThrow()).chip;
  const counts = async () => {
    const { rows } = await sql<{ e: number; w: number; d: string }>`SELECT (SELECT count(*) FROM ledger_entry) AS e, (SELECT count(*) FROM wallet_tx) AS w,
      (SELECT coalesce(sum(total), 0) FROM platform_app_day) AS d`.execute(db());
    return rows[0];
  };
  const entry = (key: string) =>
    db()
      .selectFrom('ledger_key as k')
      .innerJoin('ledger_entry as l', (j) => j.onRef('l.id', '=', 'k.entry_id').onRef('l.at', '=', 'k.at'))
      .select(['l.uid', 'l.currency', 'l.delta', 'l.balance_after', 'l.reason', 'l.ref', 'l.actor'])
      .where('k.key', '=', key)
      .executeTakeFirst();
  /** What the game roll-ups hold of a player: net win and the day's bets, wins and bet count. */
  const play = async (uid: number) => {
    const player = await db().selectFrom('player').select('net_win').where('uid', '=', uid).executeTakeFirstOrThrow();
    const day = await db().selectFrom('player_day_game').select(['bets', 'wins', 'bet_count']).where('uid', '=', uid).execute();
    const sum = (k: 'bets' | 'wins' | 'bet_count') => day.reduce((a, r) => a + Number(r[k]), 0);
    return { netWin: Number(player.net_win), bets: sum('bets'), wins: sum('wins'), betCount: sum('bet_count') };
  };

  it('debits the bet, then credits the win, in one call: an entry per leg with the reason and round, the balance after both', async () => {
    await p.register(6001, {}, 10_000);
    const before = await counts();
    expect(await settle({ txId: 's-1', uid: 6001, bet: 300, win: 1_200, ref: 'round-1' })).toEqual({
      status: 200,
      body: { code: 200, data: { txId: 's-1', balance: 10_900 } },
    });
    expect(await entry('app:demo-app:tx:s-1')).toEqual({
      uid: 6001,
      currency: 'chip',
      delta: -300,
      balance_after: 9_700,
      reason: 'game.play',
      ref: 'round-1',
      actor: 'app:demo-app',
    });
    expect(await entry('app:demo-app:tx:s-1:win')).toMatchObject({ delta: 1_200, balance_after: 10_900, reason: 'game.play', ref: 'round-1' });
    const row = await db().selectFrom('wallet_tx').selectAll().where('tx_id', '=', 's-1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'settle', uid: 6001, currency: 'chip', amount: 300, win: 1_200, ref: 'round-1', rolled_back: false });
    // a leg of 0 writes no entry; the balance is the one after what moved
    expect((await settle({ txId: 's-2', uid: 6001, bet: 900, win: 0, ref: 'round-2' })).body.data).toEqual({ txId: 's-2', balance: 10_000 });
    expect((await settle({ txId: 's-3', uid: 6001, bet: 0, win: 250, ref: 'round-2' })).body.data).toEqual({ txId: 's-3', balance: 10_250 });
    expect(await entry('app:demo-app:tx:s-2:win')).toBeUndefined();
    expect(await entry('app:demo-app:tx:s-3')).toBeUndefined();
    expect(await entry('app:demo-app:tx:s-3:win')).toMatchObject({ delta: 250 });
    const after = await counts();
    expect(Number(after.e) - Number(before.e)).toBe(4);
    expect(Number(after.w) - Number(before.w)).toBe(3);
    // other currencies settle too (no game roll-up: chips only)
    await p.credit(6001, 500, 'bean');
    expect((await settle({ txId: 's-bean', uid: 6001, currency: 'bean', bet: 200, win: 50, ref: 'round-b' })).body.data.balance).toBe(350);
    expect((await reconcile(db())).differences).toEqual([]);
  });

  it("counts in the game roll-ups exactly as a debit and a credit of the same amounts (net win, bets, wins, bet count, a provider's day)", async () => {
    await p.register(6002, {}, 50_000);
    await p.register(6003, {}, 50_000);
    const legs: [number, number][] = [
      [400, 0],
      [700, 2_100],
      [0, 350],
      [1_000, 1_000],
    ];
    for (const [i, [bet, win]] of legs.entries()) {
      expect((await settle({ txId: `rs-${i}`, uid: 6002, bet, win, ref: `rr-${i}` })).status).toBe(200);
      if (bet > 0) expect((await debit({ txId: `rd-${i}`, uid: 6003, amount: bet, ref: `rr-${i}` })).status).toBe(200);
      if (win > 0) expect((await credit({ txId: `rc-${i}`, uid: 6003, amount: win, ref: `rr-${i}` })).status).toBe(200);
    }
    expect(await play(6002)).toEqual(await play(6003));
    expect(await play(6002)).toEqual({ netWin: 1_350, bets: 2_100, wins: 3_450, betCount: 3 });
    expect(await chips(6002)).toBe(await chips(6003));
    // and a rollback takes each back out as the rollbacks of the debit and the credit do
    expect((await rollback('rs-rb', 'rs-1')).status).toBe(200);
    expect((await rollback('rd-rb', 'rd-1')).status).toBe(200);
    expect((await rollback('rc-rb', 'rc-1')).status).toBe(200);
    expect(await play(6002)).toEqual(await play(6003));
    expect(await play(6002)).toEqual({ netWin: -50, bets: 1_400, wins: 1_350, betCount: 2 });

    // a third-party provider's day (control_tp_day) the same way
    const business = await t.loginAs('business');
    await t.post('/api/personalcontrol/wgconfigs/save', { appId: PROVIDER.appId, game: '', name: 'Settler', maxBet: 0, closed: false }, business);
    const tpDay = async (uid: number) => {
      const r = await db().selectFrom('control_tp_day').select(['bets', 'wins', 'bet_count']).where('uid', '=', uid).executeTakeFirst();
      return r && { bets: Number(r.bets), wins: Number(r.wins), count: Number(r.bet_count) };
    };
    expect((await settle({ txId: 'tp-s', uid: 6002, bet: 800, win: 2_000, ref: 'tp-r' }, provider)).status).toBe(200);
    expect((await debit({ txId: 'tp-d', uid: 6003, amount: 800, ref: 'tp-r' }, provider)).status).toBe(200);
    expect((await credit({ txId: 'tp-c', uid: 6003, amount: 2_000, ref: 'tp-r' }, provider)).status).toBe(200);
    expect(await tpDay(6002)).toEqual({ bets: 800, wins: 2_000, count: 1 });
    expect(await tpDay(6002)).toEqual(await tpDay(6003));
    expect(await play(6002)).toEqual(await play(6003));
  });

  it('409 Insufficient balance when short of the bet, even when the win would cover it, and 404 unknown player: nothing written, the txId free', async () => {
    await p.register(6004, {}, 100);
    const before = await counts();
    const start = await play(6004);
    expect(await settle({ txId: 'short-1', uid: 6004, bet: 101, win: 5_000, ref: 'r-short' })).toEqual({
      status: 409,
      body: { code: 409, message: 'Insufficient balance' },
    });
    expect(await settle({ txId: 'nobody-1', uid: 888_888, bet: 1, win: 1, ref: 'r-x' })).toEqual({
      status: 404,
      body: { code: 404, message: 'Player 888888 not found' },
    });
    expect(await counts()).toEqual(before);
    expect(await play(6004)).toEqual(start);
    expect(await chips(6004)).toBe(100);
    await p.credit(6004, 1);
    expect((await settle({ txId: 'short-1', uid: 6004, bet: 101, win: 5_000, ref: 'r-short' })).body.data).toEqual({ txId: 'short-1', balance: 5_000 });
  });

  it('one txId sent 60 times, 30 at once: one row, two entries, identical answers; other content is a 409, across the calls sharing the namespace', async () => {
    await p.register(6005, {}, 5_000);
    const before = await counts();
    const body = { txId: 'same-s', uid: 6005, bet: 100, win: 40, ref: 'r-same' };
    const answers = [
      ...(await Promise.all(Array.from({ length: 30 }, () => settle(body)))),
      ...(await Promise.all(Array.from({ length: 30 }, () => settle(body)))),
    ];
    for (const a of answers) expect(a).toEqual({ status: 200, body: { code: 200, data: { txId: 'same-s', balance: 4_940 } } });
    expect(await counts()).toMatchObject({ e: Number(before.e) + 2, w: Number(before.w) + 1 });
    const other = { status: 409, body: { code: 409, message: 'txId same-s was already used with other content' } };
    for (const change of [{ bet: 101 }, { win: 41 }, { win: 0 }, { uid: 6004 }, { currency: 'bean' }, { reason: 'game.other' }, { ref: 'r-other' }]) {
      expect(await settle({ ...body, ...change })).toEqual(other);
    }
    expect(await debit({ txId: 'same-s', uid: 6005, amount: 100, ref: 'r-same' })).toEqual(other);
    expect(await credit({ txId: 'same-s', uid: 6005, amount: 40, ref: 'r-same' })).toEqual(other);
    // a debit's txId is not a settle's either
    expect((await debit({ txId: 'plain-d', uid: 6005, amount: 10, ref: 'r-same' })).status).toBe(200);
    expect(await settle({ txId: 'plain-d', uid: 6005, bet: 10, win: 0, ref: 'r-same' })).toMatchObject({ status: 409 });
    expect(await chips(6005)).toBe(4_930);
    expect(await counts()).toMatchObject({ e: Number(before.e) + 3, w: Number(before.w) + 2 });
  });

  it('a rollback reverses both legs once (bet given back, win taken back), moves the roll-ups back, and is idempotent itself', async () => {
    await p.register(6006, {}, 2_000);
    const start = await play(6006);
    expect((await settle({ txId: 'rb-s', uid: 6006, bet: 500, win: 800, ref: 'r-rb' })).body.data.balance).toBe(2_300);
    const first = await rollback('rb-1', 'rb-s');
    expect(first).toEqual({
      status: 200,
      body: { code: 200, data: { txId: 'rb-1', originalTxId: 'rb-s', status: 'reversed', uid: 6006, currency: 'chip', balance: 2_000 } },
    });
    expect(await entry('app:demo-app:tx:rb-1')).toMatchObject({ delta: 500, reason: 'wallet.rollback', ref: 'rb-s', balance_after: 2_800 });
    expect(await entry('app:demo-app:tx:rb-1:win')).toMatchObject({ delta: -800, reason: 'wallet.rollback', ref: 'rb-s:win', balance_after: 2_000 });
    expect(await play(6006)).toEqual(start);
    expect(await rollback('rb-1', 'rb-s')).toEqual(first);
    expect(await rollback('rb-2', 'rb-s')).toEqual({ status: 409, body: { code: 409, message: 'Transaction rb-s is already rolled back' } });
    expect(await rollback('rb-3', 'rb-1')).toEqual({
      status: 409,
      body: { code: 409, message: 'Transaction rb-1 is a rollback: only a debit, a credit or a settle can be rolled back' },
    });
    // the settle sent again answers as it first did, and moves nothing
    expect((await settle({ txId: 'rb-s', uid: 6006, bet: 500, win: 800, ref: 'r-rb' })).body.data).toEqual({ txId: 'rb-s', balance: 2_300 });
    expect(await chips(6006)).toBe(2_000);
    expect(await db().selectFrom('wallet_tx').select('rolled_back').where('tx_id', '=', 'rb-s').executeTakeFirstOrThrow()).toEqual({ rolled_back: true });

    // a settle of one leg is reversed by one entry
    expect((await settle({ txId: 'rb-bet', uid: 6006, bet: 300, win: 0, ref: 'r-rb2' })).status).toBe(200);
    expect((await rollback('rb-4', 'rb-bet')).body.data).toMatchObject({ status: 'reversed', balance: 2_000 });
    expect(await entry('app:demo-app:tx:rb-4:win')).toBeUndefined();
    expect((await settle({ txId: 'rb-win', uid: 6006, bet: 0, win: 300, ref: 'r-rb2' })).status).toBe(200);
    expect((await rollback('rb-5', 'rb-win')).body.data).toMatchObject({ status: 'reversed', balance: 2_000 });
    expect(await entry('app:demo-app:tx:rb-5')).toBeUndefined();
    expect(await entry('app:demo-app:tx:rb-5:win')).toMatchObject({ delta: -300, ref: 'rb-win:win' });
    expect(await play(6006)).toEqual(start);

    // a win already spent cannot be taken back: 409, nothing written
    expect((await settle({ txId: 'rb-spent', uid: 6006, bet: 100, win: 1_000, ref: 'r-rb3' })).body.data.balance).toBe(2_900);
    expect((await debit({ txId: 'rb-spend', uid: 6006, amount: 2_500, ref: 'r-rb3' })).status).toBe(200);
    const before = await counts();
    expect(await rollback('rb-6', 'rb-spent')).toEqual({ status: 409, body: { code: 409, message: 'Insufficient balance' } });
    expect(await counts()).toEqual(before);
    expect((await reconcile(db())).differences).toEqual([]);
  });

  it('a rollback that arrives before its settle voids it: the settle is then refused with 409 and writes nothing', async () => {
    await p.register(6007, {}, 1_000);
    expect((await rollback('early-rb', 'late-s')).body.data).toEqual({
      txId: 'early-rb',
      originalTxId: 'late-s',
      status: 'voided',
      uid: null,
      currency: null,
      balance: null,
    });
    const before = await counts();
    expect(await settle({ txId: 'late-s', uid: 6007, bet: 100, win: 300, ref: 'r-late' })).toEqual({
      status: 409,
      body: { code: 409, message: 'Transaction late-s was rolled back before it arrived' },
    });
    expect(await counts()).toEqual(before);
    expect(await chips(6007)).toBe(1_000);
  });

  it('a settle and its rollback racing: either the settle is refused, or it is applied and reversed', async () => {
    await p.register(6008, {}, 1_000);
    for (let i = 0; i < 8; i += 1) {
      const [original, reversal] = await Promise.all([
        settle({ txId: `race-s-${i}`, uid: 6008, bet: 100, win: 30, ref: `race-${i}` }),
        rollback(`race-srb-${i}`, `race-s-${i}`),
      ]);
      expect(reversal.status).toBe(200);
      expect(original.status).toBe(reversal.body.data.status === 'voided' ? 409 : 200);
    }
    expect(await chips(6008)).toBe(1_000);
    expect((await reconcile(db())).differences).toEqual([]);
  });

  it('a round settled in one call reconciles with its record; rolled back, both of its legs leave the wallet side', async () => {
    await p.register(6009, {}, 500_000);
    const at = new Date(t.clock.now);
    const window = { from: new Date(at.getTime() - 3_600_000), to: new Date(at.getTime() + 3_600_000) };
    const rounds: { txId: string; roundId: string; bet: number; win: number }[] = [];
    for (let i = 0; i < 30 && !rounds.some((r) => r.win > 0); i++) rounds.push(await settleRound(p, 'colorgame', 6009, at, `sr-${i}`));
    const won = rounds.find((r) => r.win > 0)!;
    expect(won).toBeDefined();
    expect((await reconcileRounds(db(), window)).differences).toEqual([]);
    expect((await rollback('sr-rb', won.txId)).status).toBe(200);
    expect((await reconcileRounds(db(), window)).differences).toEqual([
      { roundId: won.roundId, appId: 'demo-app', game: 'colorgame', uid: 6009, bet: won.bet, debited: 0, win: won.win, credited: 0 },
    ]);
  });

  it('strict input: a 400 naming the field, nothing written', async () => {
    await p.register(6010, {}, 1_000);
    const before = await counts();
    const bad: [Record<string, unknown>, string][] = [
      [{ bet: '5' }, 'bet: Expected number'],
      [{ bet: 1.5 }, 'bet: Expected int'],
      [{ bet: -1 }, 'bet: Must be at least 0'],
      [{ bet: 1_000_000_000_001 }, 'bet: Must be at most 1000000000000'],
      [{ win: null }, 'win: Expected number'],
      [{ win: -2 }, 'win: Must be at least 0'],
      [{ win: 1e13 }, 'win: Must be at most 1000000000000'],
      [{ bet: 0, win: 0 }, 'bet: Must be at least 1 when win is 0'],
      [{ bet: undefined }, 'bet: Required'],
      [{ ref: undefined }, 'ref: Required'],
      [{ ref: '' }, 'ref: Required'],
      [{ ref: 'r'.repeat(129) }, 'ref: Over 128 characters'],
      [{ reason: '' }, 'reason: Required'],
      [{ currency: 'safe' }, 'currency: Must be one of chip, bean, bonus, diamond, withdrawable'],
      [{ uid: 0 }, 'uid: Must be at least 1'],
      [{ txId: 'x'.repeat(65) }, 'txId: Over 64 characters'],
      [{ amount: 5 }, 'amount: Unknown field'],
    ];
    for (const [change, message] of bad) {
      expect(await settle({ txId: 'strict-s', uid: 6010, bet: 10, win: 20, ref: 'r-strict', ...change })).toEqual({
        status: 400,
        body: { code: 400, message },
      });
    }
    expect(await counts()).toEqual(before);
  });

  it("a txId whose ledger key another call's win leg holds is refused with 409, nothing written (decision 058)", async () => {
    await p.register(6011, {}, 1_000);
    expect((await debit({ txId: 'k1:win', uid: 6011, amount: 10, ref: 'r-k' })).status).toBe(200);
    const before = await counts();
    expect(await settle({ txId: 'k1', uid: 6011, bet: 10, win: 20, ref: 'r-k' })).toEqual({ status: 409, body: { code: 409, message: 'Already applied' } });
    expect((await settle({ txId: 'k2', uid: 6011, bet: 10, win: 20, ref: 'r-k' })).status).toBe(200);
    const middle = await counts();
    expect(await credit({ txId: 'k2:win', uid: 6011, amount: 5, ref: 'r-k' })).toEqual({ status: 409, body: { code: 409, message: 'Already applied' } });
    expect(await counts()).toEqual(middle);
    expect(Number(middle.w)).toBe(Number(before.w) + 1);
  });

  describe('scopes', () => {
    const refusals = async (appId: string, scope: string) =>
      Number(
        (
          await db()
            .selectFrom('platform_app_refusal')
            .select((eb) => eb.fn.sum<number>('refused').as('n'))
            .where('app_id', '=', appId)
            .where('scope', '=', scope)
            .executeTakeFirst()
        )?.n ?? 0,
      );

    it('needs wallet.settle (403 naming it), in a currency it holds, each leg within its single-amount cap; nothing written', async () => {
      await p.register(6020, {}, 100_000);
      const debitOnly = await platformClient(t, {
        appId: 'debit-only',
        secret: 'debit-only-secret-0001',
        scopes: { 'wallet.debit': { limits: [{ currency: 'chip', maxAmount: 1_000_000, dayTotal: null }] } },
      });
      const before = await counts();
      expect(await settle({ txId: 'sc-1', uid: 6020, bet: 10, win: 10, ref: 'r-sc' }, debitOnly)).toEqual({
        status: 403,
        body: { code: 403, message: 'Missing scope wallet.settle' },
      });
      expect(await refusals('debit-only', 'wallet.settle')).toBe(1);
      expect(await settle({ txId: 'sc-2', uid: 6020, currency: 'bean', bet: 10, win: 10, ref: 'r-sc' }, provider)).toEqual({
        status: 403,
        body: { code: 403, message: 'Missing scope wallet.settle: currency bean' },
      });
      expect(await settle({ txId: 'sc-3', uid: 6020, bet: 50_001, win: 0, ref: 'r-sc' }, provider)).toEqual({
        status: 403,
        body: { code: 403, message: "Scope wallet.settle: the bet of 50001 chip is over this application's single-amount cap of 50000" },
      });
      expect(await settle({ txId: 'sc-4', uid: 6020, bet: 100, win: 50_001, ref: 'r-sc' }, provider)).toEqual({
        status: 403,
        body: { code: 403, message: "Scope wallet.settle: the win of 50001 chip is over this application's single-amount cap of 50000" },
      });
      expect(await refusals(PROVIDER.appId, 'wallet.settle')).toBe(3);
      expect(await counts()).toEqual(before);
      // within them: the very same txIds go through
      expect((await settle({ txId: 'sc-3', uid: 6020, bet: 50_000, win: 0, ref: 'r-sc' }, provider)).status).toBe(200);
      expect((await settle({ txId: 'sc-4', uid: 6020, bet: 100, win: 50_000, ref: 'r-sc' }, provider)).status).toBe(200);
    });

    it('a win without a bet must match a debit (or a settle with a bet) of the same application, player and round in 24 hours', async () => {
      await p.register(6021, {}, 100_000);
      await p.register(6022, {}, 100_000);
      const before = await counts();
      const unmatched = (round: string) => ({
        status: 403,
        body: {
          code: 403,
          message: `Missing scope wallet.credit.unmatched for chip: this application did not debit player 6021 in round ${round} in the last 24 hours`,
        },
      });
      expect(await settle({ txId: 'm-1', uid: 6021, bet: 0, win: 500, ref: 'm-r1' }, provider)).toEqual(unmatched('m-r1'));
      // another application's debit, or the same application's of another player, does not count
      expect((await debit({ txId: 'm-d-demo', uid: 6021, amount: 100, ref: 'm-r1' })).status).toBe(200);
      expect((await debit({ txId: 'm-d-other', uid: 6022, amount: 100, ref: 'm-r1' }, provider)).status).toBe(200);
      expect(await settle({ txId: 'm-1', uid: 6021, bet: 0, win: 500, ref: 'm-r1' }, provider)).toEqual(unmatched('m-r1'));
      expect(Number((await counts()).w)).toBe(Number(before.w) + 2);
      // its own debit of the player in the round: the win goes through
      expect((await debit({ txId: 'm-d-1', uid: 6021, amount: 100, ref: 'm-r1' }, provider)).status).toBe(200);
      expect((await settle({ txId: 'm-1', uid: 6021, bet: 0, win: 500, ref: 'm-r1' }, provider)).status).toBe(200);
      // a settle with a bet needs no debit before it, and counts as one for a later credit or win
      expect((await settle({ txId: 'm-2', uid: 6021, bet: 200, win: 300, ref: 'm-r2' }, provider)).status).toBe(200);
      expect((await settle({ txId: 'm-3', uid: 6021, bet: 0, win: 50, ref: 'm-r2' }, provider)).status).toBe(200);
      expect((await credit({ txId: 'm-4', uid: 6021, amount: 50, ref: 'm-r2' }, provider)).status).toBe(200);
      // a settle that won without a bet is no debit; one rolled back no longer matches; nor one older than 24 hours
      expect(await credit({ txId: 'm-5', uid: 6022, amount: 50, ref: 'm-r3' }, provider)).toMatchObject({ status: 403 });
      expect((await settle({ txId: 'm-6', uid: 6021, bet: 100, win: 0, ref: 'm-r4' }, provider)).status).toBe(200);
      expect((await rollback('m-6-rb', 'm-6', provider)).status).toBe(200);
      expect(await settle({ txId: 'm-7', uid: 6021, bet: 0, win: 100, ref: 'm-r4' }, provider)).toEqual(unmatched('m-r4'));
      expect((await settle({ txId: 'm-8', uid: 6021, bet: 100, win: 0, ref: 'm-r5' }, provider)).status).toBe(200);
      t.clock.advance(24 * 3_600_000 + 1_000);
      expect(await settle({ txId: 'm-9', uid: 6021, bet: 0, win: 100, ref: 'm-r5' }, provider)).toEqual(unmatched('m-r5'));
      // an application holding wallet.credit.unmatched for chips (demo-app) pays a win without any debit
      expect((await settle({ txId: 'm-10', uid: 6021, bet: 0, win: 100, ref: 'promo-r' })).status).toBe(200);
    });

    it('the day total of wallet.settle counts wins (not bets) and refuses the one passing it; the next day starts again', async () => {
      await p.register(6023, {}, 1_000_000);
      t.clock.advance(24 * 3_600_000); // a day of its own
      const settled = async () =>
        Number(
          (
            await sql<{ n: string }>`SELECT coalesce(sum(total), 0) AS n FROM platform_app_day WHERE app_id = ${PROVIDER.appId} AND scope = 'wallet.settle'
              AND day = report_day(${new Date(t.clock.now)}::timestamptz)`.execute(db())
          ).rows[0].n,
        );
      for (let i = 0; i < 4; i++) expect((await settle({ txId: `dt-b${i}`, uid: 6023, bet: 40_000, win: 0, ref: 'dt-r' }, provider)).status).toBe(200);
      expect(await settled()).toBe(0);
      expect((await settle({ txId: 'dt-1', uid: 6023, bet: 1_000, win: 40_000, ref: 'dt-r' }, provider)).status).toBe(200);
      expect((await settle({ txId: 'dt-2', uid: 6023, bet: 0, win: 40_000, ref: 'dt-r' }, provider)).status).toBe(200);
      expect(await settled()).toBe(80_000);
      // credits count under wallet.credit, apart
      expect((await credit({ txId: 'dt-c', uid: 6023, amount: 30_000, ref: 'dt-r' }, provider)).status).toBe(200);
      const before = await counts();
      const balance = await chips(6023);
      expect(await settle({ txId: 'dt-3', uid: 6023, bet: 100, win: 20_001, ref: 'dt-r' }, provider)).toEqual({
        status: 403,
        body: { code: 403, message: 'Scope wallet.settle: the day total of 100000 chip for this application would be passed' },
      });
      expect(await chips(6023)).toBe(balance);
      expect(await counts()).toEqual(before);
      expect((await settle({ txId: 'dt-4', uid: 6023, bet: 100, win: 20_000, ref: 'dt-r' }, provider)).status).toBe(200);
      expect(await settled()).toBe(100_000);
      // a settle without a win takes nothing from the day's total
      expect((await settle({ txId: 'dt-5', uid: 6023, bet: 100, win: 0, ref: 'dt-r' }, provider)).status).toBe(200);
      t.clock.advance(24 * 3_600_000);
      expect((await settle({ txId: 'dt-3', uid: 6023, bet: 100, win: 20_001, ref: 'dt-r2' }, provider)).status).toBe(200);
    });
  });

  describe('player controls', () => {
    let business: string;
    const set = (uid: number, over: Record<string, unknown>) =>
      t.post(
        '/api/personalcontrol/userconfigs/set',
        { uid, maxBet: 0, dayLossCap: 0, blocked: [], coolOffUntil: null, cashoutReview: false, reason: 'responsible gaming', ...over },
        business,
      );
    beforeAll(async () => {
      business = await t.loginAs('business');
    });

    it('apply to the bet leg as to a debit: a refusal is a 409 naming the control and writes nothing; a win is never refused', async () => {
      await p.register(6030, {}, 100_000);
      expect((await set(6030, { maxBet: 5_000 })).status).toBe(200);
      const before = await counts();
      expect(await settle({ txId: 'pc-1', uid: 6030, bet: 6_000, win: 0, ref: 'pc-r', reason: 'game.bet' })).toEqual({
        status: 409,
        body: { code: 409, message: 'Refused by player control: maxBet 5000 (bet 6000)' },
      });
      expect(await settle({ txId: 'pc-2', uid: 6030, bet: 6_000, win: 90_000, ref: 'pc-r', reason: 'game.bet' })).toMatchObject({ status: 409 });
      expect(await counts()).toEqual(before);
      expect(await chips(6030)).toBe(100_000);
      const logged = await db().selectFrom('control_log').select(['control', 'amount']).where('uid', '=', 6030).where('kind', '=', 'refusal').execute();
      expect(logged.map((r) => [r.control, Number(r.amount)])).toEqual([['maxBet', 6_000]]);
      // within the cap, whatever the win; a win alone is no bet
      expect((await settle({ txId: 'pc-1', uid: 6030, bet: 5_000, win: 90_000, ref: 'pc-r', reason: 'game.bet' })).body.data.balance).toBe(185_000);
      expect((await settle({ txId: 'pc-3', uid: 6030, bet: 0, win: 60_000, ref: 'pc-r', reason: 'game.bet' })).status).toBe(200);
      // money that is not play is not a bet
      expect((await settle({ txId: 'pc-4', uid: 6030, bet: 20_000, win: 0, ref: 'pc-shop', reason: 'shop.exchange' })).status).toBe(200);
      // the day's loss counts a settle's bet and win as a debit's and a credit's
      await p.register(6031, {}, 100_000);
      expect((await set(6031, { dayLossCap: 1_000 })).status).toBe(200);
      expect((await settle({ txId: 'pc-5', uid: 6031, bet: 800, win: 100, ref: 'pc-r5', reason: 'game.bet' })).status).toBe(200);
      expect((await settle({ txId: 'pc-6', uid: 6031, bet: 400, win: 0, ref: 'pc-r6', reason: 'game.bet' })).body.message).toBe(
        'Refused by player control: dayLossCap 1000 (lost 700 today, bet 400)',
      );
      expect((await settle({ txId: 'pc-6', uid: 6031, bet: 300, win: 0, ref: 'pc-r6', reason: 'game.bet' })).status).toBe(200);
    });

    it("and a provider's own limits (decided in the call's transaction) to its settles' bets", async () => {
      await p.register(6032, {}, 100_000);
      const before = await counts();
      await t.post('/api/personalcontrol/wgconfigs/save', { appId: PROVIDER.appId, game: 'slot-9', name: 'Slot 9', maxBet: 1_000, closed: false }, business);
      expect((await settle({ txId: 'pv-1', uid: 6032, bet: 1_500, win: 0, ref: 'pv-r', reason: 'game.bet.slot-9' }, provider)).body).toEqual({
        code: 409,
        message: `Refused by player control: providerMaxBet 1000 on ${PROVIDER.appId} game slot-9 (bet 1500)`,
      });
      expect(await counts()).toEqual(before);
      expect((await settle({ txId: 'pv-1', uid: 6032, bet: 1_000, win: 2_500, ref: 'pv-r', reason: 'game.bet.slot-9' }, provider)).body.data).toEqual({
        txId: 'pv-1',
        balance: 101_500,
      });
      expect(await entry(`app:${PROVIDER.appId}:tx:pv-1:win`)).toMatchObject({ delta: 2_500 });
      // the transaction's path answers a repeat as the statement does: the first answer, or 409 for other content
      await t.post('/api/personalcontrol/wgconfigs/save', { appId: PROVIDER.appId, game: 'slot-9', name: 'Slot 9', maxBet: 1_000, closed: true }, business);
      const middle = await counts();
      expect((await settle({ txId: 'pv-1', uid: 6032, bet: 1_000, win: 2_500, ref: 'pv-r', reason: 'game.bet.slot-9' }, provider)).body.data).toEqual({
        txId: 'pv-1',
        balance: 101_500,
      });
      expect((await settle({ txId: 'pv-1', uid: 6032, bet: 999, win: 2_500, ref: 'pv-r', reason: 'game.bet.slot-9' }, provider)).body).toEqual({
        code: 409,
        message: 'txId pv-1 was already used with other content',
      });
      expect((await settle({ txId: 'pv-2', uid: 6032, bet: 10, win: 0, ref: 'pv-r', reason: 'game.bet.slot-9' }, provider)).body.message).toBe(
        `Refused by player control: providerClosed (${PROVIDER.appId} game slot-9 takes no bets)`,
      );
      expect(await counts()).toEqual(middle);
      await t.post('/api/personalcontrol/wgconfigs/remove', { appId: PROVIDER.appId, game: 'slot-9' }, business);
      expect((await reconcile(db())).differences).toEqual([]);
    });
  });
});

/** A real round of a house game settled in one call (bet and win of the player's seats), then its record. */
async function settleRound(p: PlatformClient, gameId: GameId, uid: number, at: Date, txId: string) {
  const game = getGame(gameId);
  const seed = newSeed();
  const roundId = nextRoundId(gameId);
  const bets = game.sampleBets(game.defaults, new FairStream(seed, gameId));
  const outcome = game.play(game.defaults, seed, bets);
  const bet = outcome.payouts.reduce((a, x) => a + x.bet, 0);
  const win = outcome.payouts.reduce((a, x) => a + x.win, 0);
  const res = await p.post(SETTLE, { txId, uid, currency: 'chip', bet, win, reason: 'game.play', ref: roundId });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  await p.event('game.round', {
    game: gameId,
    roundId,
    server: 'gs-1',
    table: 't-1',
    configVersion: 0,
    seedHash: seedHash(seed),
    seed,
    bets,
    result: outcome.result,
    seats: outcome.payouts.map((pay) => ({ ...pay, uid, bot: false })),
    startedAt: new Date(at.getTime() - 20_000).toISOString(),
    endedAt: at.toISOString(),
  });
  return { txId, roundId, bet, win };
}
