/**
 * The wallet batch (contract "Fewer calls per bet"; decision 058): results in order, each op
 * applied on its own in the order sent (a later op sees an earlier one's balance); rejected ops
 * with the code and message of their single call (400 naming the field, 403 of a scope, 404, 409)
 * that stop nothing; duplicates repeating the first answer's balance; a rollback's balance after
 * its reversal (none when it voided); a body not of the shape refused whole (400, nothing
 * written); the batch's own scope; the metrics. Property: a random batch ends exactly where the
 * same ops sent one by one end (results, balances, game roll-ups), and the ledger reconciles.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformWalletOps } from '../../http/metrics';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { reconcile } from '../ledger/reconcile';

const BATCH = '/api/platform/wallet/batch';
type Op = Record<string, unknown>;

describe.each(databases())('wallet batch on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const batch = (ops: unknown, client = p) => client.post(BATCH, { ops });
  const debit = (txId: string, uid: number, amount: number, more: Op = {}): Op => ({
    op: 'debit',
    txId,
    uid,
    currency: 'chip',
    amount,
    reason: 'game.bet',
    ref: 'r-1',
    ...more,
  });
  const credit = (txId: string, uid: number, amount: number, more: Op = {}): Op => ({
    ...debit(txId, uid, amount, more),
    op: 'credit',
    reason: 'game.win',
    ...more,
  });
  const settle = (txId: string, uid: number, bet: number, win: number, more: Op = {}): Op => ({
    op: 'settle',
    txId,
    uid,
    currency: 'chip',
    bet,
    win,
    reason: 'game.play',
    ref: 'r-1',
    ...more,
  });
  const rollback = (txId: string, originalTxId: string): Op => ({ op: 'rollback', txId, originalTxId });
  const chips = async (uid: number) => (await db().selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirstOrThrow()).chip;
  const counts = async () => {
    const { rows } = await sql<{ e: number; w: number }>`SELECT (SELECT count(*) FROM ledger_entry) AS e, (SELECT count(*) FROM wallet_tx) AS w`.execute(db());
    return { e: Number(rows[0].e), w: Number(rows[0].w) };
  };

  it('applies the ops in the order sent, each seeing the balance the ones before it left; results in that order', async () => {
    await p.register(7001, {}, 1_000);
    const res = await batch([
      credit('o-1', 7001, 500),
      debit('o-2', 7001, 1_200),
      settle('o-3', 7001, 250, 1_000),
      debit('o-4', 7001, 1_100),
      rollback('o-5', 'o-3'),
      debit('o-6', 7001, 1_000),
      rollback('o-7', 'o-2'),
    ]);
    expect(res).toEqual({
      status: 200,
      body: {
        code: 200,
        data: {
          results: [
            { txId: 'o-1', status: 'applied', balance: 1_500 },
            { txId: 'o-2', status: 'applied', balance: 300 },
            { txId: 'o-3', status: 'applied', balance: 1_050 },
            { txId: 'o-4', status: 'rejected', code: 409, message: 'Insufficient balance' },
            { txId: 'o-5', status: 'applied', balance: 300 },
            { txId: 'o-6', status: 'rejected', code: 409, message: 'Insufficient balance' },
            { txId: 'o-7', status: 'applied', balance: 1_500 },
          ],
        },
      },
    });
    expect(await chips(7001)).toBe(1_500);
    // the rejected txIds stayed free
    expect((await batch([debit('o-4', 7001, 1_100)])).body.data.results).toEqual([{ txId: 'o-4', status: 'applied', balance: 400 }]);
    expect((await reconcile(db())).differences).toEqual([]);
  });

  it('rejects a bad op with the message its single call would answer, and applies the others', async () => {
    await p.register(7002, {}, 1_000);
    const limited = await platformClient(t, {
      appId: 'batch-debits',
      secret: 'batch-debits-secret-01',
      scopes: {
        'wallet.debit': { limits: [{ currency: 'chip', maxAmount: 500, dayTotal: null }] },
        'wallet.credit': { limits: [{ currency: 'chip', maxAmount: 1_000_000, dayTotal: null }] },
      },
    });
    const before = await counts();
    const res = await batch(
      [
        debit('b-1', 7002, 100),
        debit('b-2', 7002, 0),
        { ...debit('b-3', 7002, 100), amount: '100' },
        { ...debit('b-4', 7002, 100), extra: true },
        { ...debit('b-5', 7002, 100), op: 'teleport' },
        { txId: 'b-6', uid: 7002 },
        'debit',
        null,
        [debit('b-7', 7002, 1)],
        settle('b-8', 7002, 10, 10),
        debit('b-9', 7002, 501),
        debit('b-10', 7002, 10, { currency: 'bean' }),
        credit('b-11', 7002, 100, { ref: 'r-none' }),
        debit('b-12', 999_999, 10),
        settle('b-13', 7002, 0, 0),
        { ...settle('b-14', 7002, 10, 10), ref: undefined },
        rollback('b-15', 'b-15'),
        debit('b-16', 7002, 200),
      ],
      limited,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.results).toEqual([
      { txId: 'b-1', status: 'applied', balance: 900 },
      { txId: 'b-2', status: 'rejected', code: 400, message: 'amount: Must be at least 1' },
      { txId: 'b-3', status: 'rejected', code: 400, message: 'amount: Expected number' },
      { txId: 'b-4', status: 'rejected', code: 400, message: 'extra: Unknown field' },
      { txId: 'b-5', status: 'rejected', code: 400, message: 'op: Must be one of debit, credit, settle, rollback' },
      { txId: 'b-6', status: 'rejected', code: 400, message: 'op: Must be one of debit, credit, settle, rollback' },
      { txId: null, status: 'rejected', code: 400, message: 'body: Expected object' },
      { txId: null, status: 'rejected', code: 400, message: 'body: Required' },
      { txId: null, status: 'rejected', code: 400, message: 'body: Expected object' },
      { txId: 'b-8', status: 'rejected', code: 403, message: 'Missing scope wallet.settle' },
      { txId: 'b-9', status: 'rejected', code: 403, message: "Scope wallet.debit: 501 chip is over this application's single-amount cap of 500" },
      { txId: 'b-10', status: 'rejected', code: 403, message: 'Missing scope wallet.debit: currency bean' },
      {
        txId: 'b-11',
        status: 'rejected',
        code: 403,
        message: 'Missing scope wallet.credit.unmatched for chip: this application did not debit player 7002 in round r-none in the last 24 hours',
      },
      { txId: 'b-12', status: 'rejected', code: 404, message: 'Player 999999 not found' },
      { txId: 'b-13', status: 'rejected', code: 403, message: 'Missing scope wallet.settle' },
      { txId: 'b-14', status: 'rejected', code: 403, message: 'Missing scope wallet.settle' },
      { txId: 'b-15', status: 'rejected', code: 400, message: 'originalTxId: A transaction cannot roll itself back' },
      { txId: 'b-16', status: 'applied', balance: 700 },
    ]);
    expect(await counts()).toEqual({ e: before.e + 2, w: before.w + 2 });
    // the scope refusals are counted as the single calls' are
    const refused = await db().selectFrom('platform_app_refusal').select(['scope', 'refused']).where('app_id', '=', 'batch-debits').orderBy('scope').execute();
    expect(refused.map((r) => [r.scope, Number(r.refused)])).toEqual([
      ['wallet.credit.unmatched', 1],
      ['wallet.debit', 2],
      ['wallet.settle', 3],
    ]);
    // with the scope the settle's own 400s are those of the settle call
    expect((await batch([settle('b-13', 7002, 0, 0), { ...settle('b-14', 7002, 10, 10), ref: undefined }])).body.data.results).toEqual([
      { txId: 'b-13', status: 'rejected', code: 400, message: 'bet: Must be at least 1 when win is 0' },
      { txId: 'b-14', status: 'rejected', code: 400, message: 'ref: Required' },
    ]);
  });

  it('answers a txId seen before with the same content as duplicate with the first balance, and other content with 409; nothing written again', async () => {
    await p.register(7003, {}, 1_000);
    const ops = [debit('d-1', 7003, 100), settle('d-2', 7003, 200, 50), credit('d-3', 7003, 30), rollback('d-4', 'd-1'), rollback('d-5', 'd-later')];
    const first = (await batch(ops)).body.data.results;
    expect(first).toEqual([
      { txId: 'd-1', status: 'applied', balance: 900 },
      { txId: 'd-2', status: 'applied', balance: 750 },
      { txId: 'd-3', status: 'applied', balance: 780 },
      { txId: 'd-4', status: 'applied', balance: 880 },
      { txId: 'd-5', status: 'applied' },
    ]);
    const before = await counts();
    const again = (await batch(ops)).body.data.results;
    expect(again).toEqual(first.map((r: Record<string, unknown>) => ({ ...r, status: 'duplicate' })));
    expect(await counts()).toEqual(before);
    // within one call; other content; an original voided by a rollback; the single calls see the batch's txIds
    const mixed = (
      await batch([
        debit('d-6', 7003, 10),
        debit('d-6', 7003, 10),
        debit('d-6', 7003, 11),
        settle('d-2', 7003, 200, 51),
        debit('d-later', 7003, 10),
        rollback('d-7', 'd-4'),
        rollback('d-8', 'd-1'),
      ])
    ).body.data.results;
    expect(mixed).toEqual([
      { txId: 'd-6', status: 'applied', balance: 870 },
      { txId: 'd-6', status: 'duplicate', balance: 870 },
      { txId: 'd-6', status: 'rejected', code: 409, message: 'txId d-6 was already used with other content' },
      { txId: 'd-2', status: 'rejected', code: 409, message: 'txId d-2 was already used with other content' },
      { txId: 'd-later', status: 'rejected', code: 409, message: 'Transaction d-later was rolled back before it arrived' },
      { txId: 'd-7', status: 'rejected', code: 409, message: 'Transaction d-4 is a rollback: only a debit, a credit or a settle can be rolled back' },
      { txId: 'd-8', status: 'rejected', code: 409, message: 'Transaction d-1 is already rolled back' },
    ]);
    expect((await p.post('/api/platform/wallet/settle', { ...settle('d-2', 7003, 200, 50), op: undefined })).body).toEqual({
      code: 200,
      data: { txId: 'd-2', balance: 750 },
    });
    expect(await chips(7003)).toBe(870);
  });

  it('refuses a body not of the shape as a whole with a 400 naming the field, writing nothing', async () => {
    await p.register(7004, {}, 1_000);
    const before = await counts();
    const many = Array.from({ length: 1_001 }, (_, i) => debit(`w-${i}`, 7004, 1));
    const cases: [unknown, string][] = [
      [{ ops: [] }, 'ops: At least 1 op'],
      [{ ops: many }, 'ops: At most 1000 ops'],
      [{ ops: 'debit' }, 'ops: Expected array'],
      [{ ops: { 0: debit('w-x', 7004, 1) } }, 'ops: Expected array'],
      [{ ops: null }, 'ops: Expected array'],
      [{}, 'ops: Required'],
      [{ ops: [debit('w-y', 7004, 1)], extra: 1 }, 'extra: Unknown field'],
      [[debit('w-z', 7004, 1)], 'body: Expected object'],
    ];
    for (const [body, message] of cases) expect(await p.post(BATCH, body)).toEqual({ status: 400, body: { code: 400, message } });
    expect((await p.post(BATCH, '{"ops": [')).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('takes 1000 ops of the longest fields allowed, over 1 MiB once escaped (its limit is 4 MiB)', async () => {
    const long = (n: number, i: number) => `${i}`.padEnd(n, '\u0001');
    const ops = Array.from({ length: 1_000 }, (_, i) => debit(long(64, i), 999_999, 1, { reason: long(64, i), ref: long(128, i) }));
    const body = JSON.stringify({ ops });
    expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);
    const res = await p.post(BATCH, body);
    expect(res.status).toBe(200);
    expect(res.body.data.results).toHaveLength(1_000);
    expect(res.body.data.results[0]).toEqual({ txId: long(64, 0), status: 'rejected', code: 404, message: 'Player 999999 not found' });
  }, 120_000);

  it('needs one of the wallet scopes itself (403 naming them); 1000 ops in one call are applied', async () => {
    const reader = await platformClient(t, { appId: 'batch-reader', secret: 'batch-reader-secret-1', scopes: { 'config.read': {} } });
    expect(await batch([debit('x-1', 7004, 1)], reader)).toEqual({
      status: 403,
      body: { code: 403, message: 'Missing scope wallet.debit or wallet.credit or wallet.settle' },
    });
    await p.register(7005, {}, 1_000_000);
    const before = await counts();
    const ops = Array.from({ length: 1_000 }, (_, i) => (i % 2 === 0 ? settle(`k-${i}`, 7005, 300, i % 4 === 0 ? 500 : 0) : debit(`k-${i}`, 7005, 100)));
    const res = await batch(ops);
    expect(res.status).toBe(200);
    expect(res.body.data.results).toHaveLength(1_000);
    expect(res.body.data.results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
    expect(res.body.data.results.at(-1).balance).toBe(1_000_000 - 500 * 300 - 500 * 100 + 250 * 500);
    expect(await counts()).toEqual({ e: before.e + 1_250, w: before.w + 1_000 });
  }, 120_000);

  it('counts its ops by op and outcome (console_platform_wallet_ops_total)', async () => {
    const value = async (op: string, outcome: string) =>
      (await platformWalletOps.get()).values.find((v) => v.labels.op === op && v.labels.outcome === outcome)?.value ?? 0;
    const before = [await value('settle', 'applied'), await value('debit', 'rejected'), await value('unknown', 'rejected'), await value('settle', 'duplicate')];
    await p.register(7006, {}, 100);
    await batch([settle('m-1', 7006, 10, 0), debit('m-2', 7006, 1_000), 'x', settle('m-1', 7006, 10, 0)]);
    expect([
      await value('settle', 'applied'),
      await value('debit', 'rejected'),
      await value('unknown', 'rejected'),
      await value('settle', 'duplicate'),
    ]).toEqual(before.map((n) => n + 1));
  });

  it('property: a random batch ends where the same ops sent one by one end (results, balances, roll-ups); the ledger reconciles', async () => {
    let run = 0;
    const pool = ['t0', 't1', 't2', 't3', 't4', 't5', 't6'];
    const player = fc.integer({ min: 0, max: 3 }); // 3: a player that does not exist
    const common = { txId: fc.constantFrom(...pool), uid: player, currency: fc.constantFrom('chip', 'bean'), ref: fc.constantFrom('r0', 'r1') };
    const op = fc.oneof(
      fc.record({ op: fc.constant('debit'), ...common, amount: fc.integer({ min: 1, max: 1_500 }), reason: fc.constantFrom('game.bet', 'shop.buy') }),
      fc.record({ op: fc.constant('credit'), ...common, amount: fc.integer({ min: 1, max: 1_500 }), reason: fc.constant('game.win') }),
      fc.record({
        op: fc.constant('settle'),
        ...common,
        bet: fc.integer({ min: 0, max: 1_500 }),
        win: fc.integer({ min: 0, max: 1_500 }),
        reason: fc.constant('game.play'),
      }),
      fc.record({ op: fc.constant('rollback'), txId: fc.constantFrom(...pool), originalTxId: fc.constantFrom(...pool) }),
      fc.record({ op: fc.constant('debit'), ...common, amount: fc.constantFrom(0, -5, '7', 1.5), reason: fc.constant('game.bet') }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run += 1;
        // two sets of players with the same balances: the batch plays one, the single calls the other
        const sides = ['a', 'b'].map((side, s) => ({
          prefix: `p${run}${side}-`,
          uids: [0, 1, 2].map((k) => 10_000 + run * 10 + s * 4 + k),
        }));
        for (const side of sides) {
          for (const uid of side.uids) {
            await p.register(uid, {}, 2_000);
            await p.credit(uid, 800, 'bean');
          }
        }
        const as = (side: (typeof sides)[number], o: Op): Op => {
          const out: Op = { ...o, txId: `${side.prefix}${String(o.txId)}` };
          if (typeof o.uid === 'number') out.uid = o.uid === 3 ? 999_999 : side.uids[o.uid];
          if (typeof o.originalTxId === 'string') out.originalTxId = `${side.prefix}${o.originalTxId}`;
          return out;
        };
        const [a, b] = sides;
        const batched = (await batch(ops.map((o) => as(a, o)))).body.data.results as Record<string, unknown>[];
        expect(batched).toHaveLength(ops.length);
        for (const [i, o] of ops.entries()) {
          const { op: name, ...body } = as(b, o);
          const rows = (await counts()).w;
          const single = await p.post(`/api/platform/wallet/${String(name)}`, body);
          const wrote = (await counts()).w > rows;
          const expected: Record<string, unknown> =
            single.status === 200
              ? { txId: `${a.prefix}${String(o.txId)}`, status: wrote ? 'applied' : 'duplicate' }
              : {
                  txId: `${a.prefix}${String(o.txId)}`,
                  status: 'rejected',
                  code: single.body.code,
                  message: String(single.body.message).replaceAll(b.prefix, a.prefix),
                };
          if (single.status === 200 && single.body.data.balance !== null) expected.balance = single.body.data.balance;
          expect([i, batched[i]]).toEqual([i, expected]);
        }
        for (const k of [0, 1, 2]) {
          const balance = (uid: number) => db().selectFrom('player_balance').select(['chip', 'bean']).where('uid', '=', uid).executeTakeFirstOrThrow();
          const rollup = async (uid: number) => ({
            player: await db().selectFrom('player').select('net_win').where('uid', '=', uid).executeTakeFirstOrThrow(),
            day: await db().selectFrom('player_day_game').select(['bets', 'wins', 'bet_count']).where('uid', '=', uid).execute(),
          });
          expect(await balance(a.uids[k])).toEqual(await balance(b.uids[k]));
          expect(await rollup(a.uids[k])).toEqual(await rollup(b.uids[k]));
        }
      }),
      { numRuns: 40 },
    );
    expect((await reconcile(db())).differences).toEqual([]);
  }, 300_000);
});
