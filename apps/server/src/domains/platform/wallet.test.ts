/**
 * The wallet calls: debit and credit of each currency, 409 Insufficient balance and 404 with
 * nothing written, txId idempotency (identical answers, one entry, other content 409),
 * rollback once, a rollback before its original, net win for chips, the balance query.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { reconcile } from '../ledger/reconcile';

describe.each(databases())('platform wallet on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  beforeAll(async () => {
    t = await testApp(kind);
    p = await platformClient(t);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const debit = (body: Record<string, unknown>) => p.post('/api/platform/wallet/debit', { reason: 'game.bet', currency: 'chip', ...body });
  const credit = (body: Record<string, unknown>) => p.post('/api/platform/wallet/credit', { reason: 'game.win', currency: 'chip', ...body });
  const rollback = (txId: string, originalTxId: string) => p.post('/api/platform/wallet/rollback', { txId, originalTxId });
  const balances = async (uid: number) => (await p.get('/api/platform/wallet/balance', `uid=${uid}`)).body.data.balances;
  const counts = async () => {
    const { rows } = await sql<{ e: string; w: string }>`SELECT (SELECT count(*) FROM ledger_entry) AS e, (SELECT count(*) FROM wallet_tx) AS w`.execute(db());
    return rows[0];
  };
  const netWin = async (uid: number) => (await db().selectFrom('player').select('net_win').where('uid', '=', uid).executeTakeFirstOrThrow()).net_win;

  it('credits and debits each currency; the ledger entry names the application, reason, ref and key', async () => {
    await p.register(2001);
    for (const currency of ['chip', 'bean', 'bonus', 'diamond', 'withdrawable']) {
      expect((await credit({ txId: `c-${currency}`, uid: 2001, currency, amount: 500, ref: 'round-9' })).body).toEqual({
        code: 200,
        data: { txId: `c-${currency}`, balance: 500 },
      });
      expect((await debit({ txId: `d-${currency}`, uid: 2001, currency, amount: 120 })).body).toEqual({
        code: 200,
        data: { txId: `d-${currency}`, balance: 380 },
      });
    }
    expect(await balances(2001)).toEqual({ chip: 380, bean: 380, safe: 0, bonus: 380, diamond: 380, charisma: 0, withdrawable: 380 });
    const entry = await db().selectFrom('ledger_entry').selectAll().where('idem_key', '=', 'app:demo-app:tx:c-chip').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ uid: 2001, currency: 'chip', delta: 500, balance_after: 500, reason: 'game.win', ref: 'round-9', actor: 'app:demo-app' });
    expect((await db().selectFrom('ledger_entry').select('ref').where('idem_key', '=', 'app:demo-app:tx:d-chip').executeTakeFirstOrThrow()).ref).toBe('d-chip');
    expect(await netWin(2001)).toBe(380); // chips only: +500 − 120 (2001 was registered without chips)
  });

  it('only game play moves net win: a bonus credit and its rollback do not', async () => {
    await p.register(2011);
    await credit({ txId: 'bonus-1', uid: 2011, amount: 5_000, reason: 'bonus.register' });
    await debit({ txId: 'bet-11', uid: 2011, amount: 300 });
    expect(await netWin(2011)).toBe(-300);
    await rollback('rb-bonus-1', 'bonus-1');
    expect(await netWin(2011)).toBe(-300);
    await rollback('rb-bet-11', 'bet-11');
    expect(await netWin(2011)).toBe(0);
  });

  it('409 Insufficient balance and 404 unknown player change nothing, and the txId stays free', async () => {
    await p.register(2002, {}, 100);
    const before = await counts();
    expect(await debit({ txId: 'short-1', uid: 2002, amount: 101 })).toEqual({ status: 409, body: { code: 409, message: 'Insufficient balance' } });
    expect(await debit({ txId: 'nobody-1', uid: 777777, amount: 1 })).toEqual({ status: 404, body: { code: 404, message: 'Player 777777 not found' } });
    expect(await p.get('/api/platform/wallet/balance', 'uid=777777')).toEqual({ status: 404, body: { code: 404, message: 'Player 777777 not found' } });
    expect(await counts()).toEqual(before);
    await p.credit(2002, 1);
    expect((await debit({ txId: 'short-1', uid: 2002, amount: 101 })).body).toEqual({ code: 200, data: { txId: 'short-1', balance: 0 } });
  });

  it('one txId sent 100 times, 50 at once: one entry, identical answers; other content is a 409', async () => {
    await p.register(2003, {}, 1000);
    const before = await counts();
    const send = () => debit({ txId: 'same-tx', uid: 2003, amount: 10 });
    const answers = [...(await Promise.all(Array.from({ length: 50 }, send))), ...(await Promise.all(Array.from({ length: 50 }, send)))];
    for (const a of answers) expect(a).toEqual({ status: 200, body: { code: 200, data: { txId: 'same-tx', balance: 990 } } });
    expect(await counts()).toEqual({ e: Number(before.e) + 1, w: Number(before.w) + 1 });
    for (const other of [{ amount: 11 }, { uid: 2002 }, { currency: 'bean' }, { reason: 'other' }, { ref: 'r' }]) {
      expect(await debit({ txId: 'same-tx', uid: 2003, amount: 10, ...other })).toEqual({
        status: 409,
        body: { code: 409, message: 'txId same-tx was already used with other content' },
      });
    }
    expect((await credit({ txId: 'same-tx', uid: 2003, amount: 10 })).status).toBe(409);
    expect((await balances(2003)).chip).toBe(990);
  });

  it('a rollback reverses its original once, moves net win back, and is idempotent itself', async () => {
    await p.register(2004, {}, 1000);
    const start = await netWin(2004);
    await debit({ txId: 'bet-1', uid: 2004, amount: 300 });
    await credit({ txId: 'win-1', uid: 2004, amount: 50 });
    expect(await netWin(2004)).toBe(start - 250);
    const first = await rollback('rb-1', 'bet-1');
    expect(first.body).toEqual({ code: 200, data: { txId: 'rb-1', originalTxId: 'bet-1', status: 'reversed', uid: 2004, currency: 'chip', balance: 1050 } });
    expect(await rollback('rb-1', 'bet-1')).toEqual(first);
    expect(await rollback('rb-2', 'bet-1')).toEqual({ status: 409, body: { code: 409, message: 'Transaction bet-1 is already rolled back' } });
    expect(await rollback('rb-1', 'win-1')).toMatchObject({ status: 409, body: { message: 'txId rb-1 was already used with other content' } });
    expect(await rollback('rb-3', 'rb-1')).toMatchObject({ status: 409 });
    expect((await rollback('rb-4', 'win-1')).body.data).toMatchObject({ status: 'reversed', balance: 1000 });
    expect(await netWin(2004)).toBe(start);
    const entry = await db().selectFrom('ledger_entry').selectAll().where('idem_key', '=', 'app:demo-app:tx:rb-1').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ delta: 300, reason: 'wallet.rollback', ref: 'bet-1', actor: 'app:demo-app' });
    // the original sent again still answers as it first did
    expect((await debit({ txId: 'bet-1', uid: 2004, amount: 300 })).body).toEqual({ code: 200, data: { txId: 'bet-1', balance: 700 } });
    expect((await balances(2004)).chip).toBe(1000);
  });

  it('rolling back a credit already spent is a 409 Insufficient balance, nothing written', async () => {
    await p.register(2005);
    await credit({ txId: 'win-5', uid: 2005, amount: 100 });
    await debit({ txId: 'bet-5', uid: 2005, amount: 60 });
    const before = await counts();
    expect(await rollback('rb-5', 'win-5')).toEqual({ status: 409, body: { code: 409, message: 'Insufficient balance' } });
    expect(await counts()).toEqual(before);
  });

  it('a rollback that arrives before its original is kept, and the original is then refused with 409', async () => {
    await p.register(2006, {}, 500);
    const early = await rollback('rb-early', 'late-bet');
    expect(early.body).toEqual({ code: 200, data: { txId: 'rb-early', originalTxId: 'late-bet', status: 'voided', uid: null, currency: null, balance: null } });
    expect(await rollback('rb-early', 'late-bet')).toEqual(early);
    expect(await debit({ txId: 'late-bet', uid: 2006, amount: 100 })).toEqual({
      status: 409,
      body: { code: 409, message: 'Transaction late-bet was rolled back before it arrived' },
    });
    expect(await rollback('rb-again', 'late-bet')).toMatchObject({ status: 409, body: { message: 'Transaction late-bet is already rolled back' } });
    expect((await balances(2006)).chip).toBe(500);
    expect(await db().selectFrom('ledger_entry').select('id').where('uid', '=', 2006).execute()).toHaveLength(1);
  });

  it('a rollback racing its original: either the original is refused, or it is applied and reversed', async () => {
    await p.register(2007, {}, 1000);
    for (let i = 0; i < 10; i += 1) {
      const [original, reversal] = await Promise.all([debit({ txId: `race-${i}`, uid: 2007, amount: 10 }), rollback(`race-rb-${i}`, `race-${i}`)]);
      expect(reversal.status).toBe(200);
      if (reversal.body.data.status === 'voided') expect(original.status).toBe(409);
      else expect(original.status).toBe(200);
    }
    expect((await balances(2007)).chip).toBe(1000);
    expect((await reconcile(db())).differences).toEqual([]);
  });

  it('strict input: amounts, currencies, uids and txIds', async () => {
    await p.register(2008, {}, 10);
    const before = await counts();
    const bad: [Record<string, unknown>, string][] = [
      [{ amount: '5' }, 'amount: Expected number'],
      [{ amount: 1.5 }, 'amount: Expected int'],
      [{ amount: 0 }, 'amount: Must be at least 1'],
      [{ amount: -3 }, 'amount: Must be at least 1'],
      [{ amount: 1_000_000_000_001 }, 'amount: Must be at most 1000000000000'],
      [{ currency: 'safe' }, 'currency: Must be one of chip, bean, bonus, diamond, withdrawable'],
      [{ currency: 'charisma' }, 'currency: Must be one of chip, bean, bonus, diamond, withdrawable'],
      [{ uid: 0 }, 'uid: Must be at least 1'],
      [{ uid: 2 ** 31 }, 'uid: Must be at most 2147483647'],
      [{ uid: '2008' }, 'uid: Expected number'],
      [{ txId: '' }, 'txId: Required'],
      [{ txId: 'x'.repeat(65) }, 'txId: Over 64 characters'],
      [{ reason: '' }, 'reason: Required'],
      [{ extra: 1 }, 'extra: Unknown field'],
    ];
    for (const [change, message] of bad) {
      expect(await debit({ txId: 'strict', uid: 2008, amount: 1, ...change })).toEqual({ status: 400, body: { code: 400, message } });
    }
    expect(await p.get('/api/platform/wallet/balance', 'uid=abc')).toMatchObject({ status: 400, body: { message: 'uid: Must be an integer' } });
    expect(await p.get('/api/platform/wallet/balance', '')).toMatchObject({ status: 400, body: { message: 'uid: Required' } });
    expect(await rollback('same', 'same')).toMatchObject({ status: 400, body: { message: 'originalTxId: A transaction cannot roll itself back' } });
    expect(await counts()).toEqual(before);
  });
});
