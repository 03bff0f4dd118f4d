/**
 * Partners and cloud chips through the API on both databases: the platform sells cloud chips
 * (both sides in the account ledger), a partner buys, hands stock to a dealer who sells within
 * its daily limit, gives and reclaims; platform dealers with a four-eyes stock load and the daily
 * reconciliation; transfers with a second approver; bills from the ledger; the stop-loss; and a
 * partner account that reaches nothing of another partner through any operation of this domain.
 */
import { addDays, consoleDay } from '@console/time';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient } from '../../test/platform';
import { reconcile } from '../ledger/reconcile';
import { partnerOperations } from './routes';
import { ensureProfile } from './service';

// the stop-loss test below runs the check itself (the scheduled one: stoploss.test.ts)
process.env.PARTNER_STOPLOSS_JOB = '0';

const PE = '/api/platmanager/partnerediter';
const CE = '/api/platmanager/coinediter';
const PCL = '/api/partnermanager/partnerCoinLogs';
const CB = '/api/partnermanager/coinbusiness';
const AT = '/api/partnermanager/accounttransfer';
const PS = '/api/partnermanager/partnersum';

describe.each(databases())('partners on $kind', (database) => {
  let t: TestApp;
  let admin: string, secadmin: string, business: string, partner1: string, partner1b: string, partner2: string;
  const balanceOf = async (kind: string, owner: string) =>
    Number(
      (await t.database.db.selectFrom('ledger_account').select('balance').where('kind', '=', kind).where('owner', '=', owner).executeTakeFirst())?.balance ?? 0,
    );
  const chips = async (uid: number) =>
    Number((await t.database.db.selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirstOrThrow()).chip);

  beforeAll(async () => {
    t = await testApp(database);
    const { db } = t.database;
    const hash = (await db.selectFrom('console_account').select('password_hash').where('username', '=', 'partner').executeTakeFirstOrThrow()).password_hash;
    await db
      .insertInto('console_account')
      .values([
        { username: 'partnerb', password_hash: hash, roles: JSON.stringify(['partner']), partner: 1 },
        { username: 'partnertwo', password_hash: hash, roles: JSON.stringify(['partner']), partner: 2 },
      ])
      .execute();
    // platform staff reach /partnermanager only with a partner value (spec §6); unscoped without the partner role
    await db.updateTable('console_account').set({ partner: 1 }).where('username', '=', 'business').execute();
    for (const id of [1, 2]) await ensureProfile(db, id, new Date(t.clock.now - 86_400_000 * 3));
    [admin, secadmin, business, partner1, partner1b, partner2] = await Promise.all(
      ['admin', 'secadmin', 'business', 'partner', 'partnerb', 'partnertwo'].map((u) => t.loginAs(u)),
    );
    const p = await platformClient(t);
    for (const uid of [9101, 9102, 9103]) await p.register(uid, { partner: 1 }, 1_000);
    for (const uid of [9201, 9202]) await p.register(uid, { partner: 2 }, 1_000);
  }, 180_000);
  afterAll(async () => t?.close());

  it('keeps /platmanager to admin and secadmin and /partnermanager to accounts with a partner, 403 before the body', async () => {
    expect((await t.get(PE, partner1)).status).toBe(403);
    expect((await t.post(`${PE}/sell`, { nonsense: true }, partner1)).status).toBe(403);
    expect((await t.get(PCL, admin)).status).toBe(403); // admin has partner 0: §6 hides partnermanager
    expect((await t.get(PCL, await t.loginAs('service'))).status).toBe(403);
    expect((await t.get(PE, secadmin)).status).toBe(200);
  });

  it('saves versioned defaults and creates a partner from them', async () => {
    const defaults = { deposit: 1_000_000, rakeSharePct: 55, cloudPriceBp: 9200, transferThreshold: 100_000, dealerDailyLimit: 50_000, dealerPriceBp: 10_000 };
    expect(await t.post('/api/platmanager/defalutediter/save', { ...defaults, rakeSharePct: 101 }, admin)).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('rakeSharePct') },
    });
    expect((await t.post('/api/platmanager/defalutediter/save', defaults, admin)).status).toBe(200);
    expect((await t.get('/api/platmanager/defalutediter', admin)).body.data).toEqual(defaults);
    expect((await t.get('/api/platmanager/defalutediter/versions', admin)).body.data.total).toBe(1);
    const created = await t.post(`${PE}/create`, { name: 'Third Partner' }, admin);
    expect(created.body.data).toMatchObject({ id: 3, name: 'Third Partner', rakeSharePct: 55, cloudPriceBp: 9200, deposit: 1_000_000, status: 'active' });
    expect((await t.post(`${PE}/create`, { id: 3, name: 'Again' }, admin)).status).toBe(409);
    expect((await t.post(`${PE}/update`, { id: 1, transferThreshold: 100_000 }, admin)).body.data.transferThreshold).toBe(100_000);
  });

  it('sells cloud chips to a partner (issuance → partner, both sides), and a partner buys: pending until the platform confirms', async () => {
    const sold = await t.post(`${PE}/sell`, { partner: 1, amount: 2_000_000, note: 'wire 1', key: 'sale-1' }, admin);
    expect(sold.body.data.balance).toBe(2_000_000);
    expect((await t.post(`${PE}/sell`, { partner: 1, amount: 2_000_000, note: 'wire 1', key: 'sale-1' }, admin)).body.data.balance).toBeNull();
    expect(await balanceOf('partner', '1')).toBe(2_000_000);
    expect(await balanceOf('issuance', 'platform')).toBe(-2_000_000);
    const order = await t.post(`${PCL}/buy`, { amount: 500_000 }, partner1);
    expect(order.body.data).toMatchObject({ status: 'pending', cost: 450_000 });
    expect((await t.post(`${PE}/orders/confirm`, { id: order.body.data.id }, admin)).body.data.status).toBe('paid');
    expect((await t.post(`${PE}/orders/confirm`, { id: order.body.data.id }, admin)).status).toBe(409);
    expect(await balanceOf('partner', '1')).toBe(2_500_000);
    const orders = await t.get(`${PCL}/orders`, partner1);
    expect(orders.body.data.items.map((o: { status: string }) => o.status)).toEqual(['paid', 'paid']);
  });

  it("hands stock to a dealer who sells to the partner's players within its daily limit; gives and reclaims", async () => {
    const dealer = (await t.post(`${CB}/create`, { name: 'Cebu Coins', dailyLimit: 300_000 }, partner1)).body.data;
    expect(dealer).toMatchObject({ partner: 1, dailyLimit: 300_000, status: 'active' });
    expect((await t.post(`${CB}/stock`, { id: dealer.id, amount: 1_000_000 }, partner1)).body.data).toMatchObject({
      partnerBalance: 1_500_000,
      stock: 1_000_000,
    });
    expect((await t.post(`${CB}/sell`, { dealer: dealer.id, uid: 9101, amount: 200_000, key: 's1' }, partner1)).body.data).toMatchObject({
      applied: true,
      stock: 800_000,
    });
    expect((await t.post(`${CB}/sell`, { dealer: dealer.id, uid: 9101, amount: 200_000, key: 's1' }, partner1)).body.data.applied).toBe(false);
    expect(await t.post(`${CB}/sell`, { dealer: dealer.id, uid: 9102, amount: 150_000 }, partner1)).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('100000 chips left') },
    });
    expect((await t.post(`${CB}/sell`, { dealer: dealer.id, uid: 9201, amount: 1_000 }, partner1)).status).toBe(404); // partner 2's player
    // a dealer id past the integer column is a 400 naming it (it was a query error, a 500, on PostgreSQL)
    const huge = await t.post(`${CB}/sell`, { dealer: 2_147_483_648, uid: 9101, amount: 1 }, partner1);
    expect([huge.status, huge.body.message]).toEqual([400, 'dealer: Must be at most 2147483647']);
    expect(await chips(9101)).toBe(201_000);
    expect((await t.post(`${PCL}/give`, { uid: 9102, amount: 50_000, reason: 'welcome' }, partner1)).body.data).toMatchObject({
      partnerBalance: 1_450_000,
      playerBalance: 51_000,
    });
    expect((await t.post(`${PCL}/reclaim`, { uid: 9102, amount: 60_000, reason: 'too much' }, partner1)).status).toBe(409);
    expect((await t.post(`${PCL}/reclaim`, { uid: 9102, amount: 20_000, reason: 'wrong amount' }, partner1)).body.data.partnerBalance).toBe(1_470_000);
    const frozen = await t.post(`${CB}/freeze`, { id: dealer.id, frozen: true, reason: 'audit' }, partner1);
    expect(frozen.body.data.status).toBe('frozen');
    expect((await t.post(`${CB}/sell`, { dealer: dealer.id, uid: 9101, amount: 1 }, partner1)).status).toBe(409);
    await t.post(`${CB}/freeze`, { id: dealer.id, frozen: false, reason: 'audit done' }, partner1);
    const list = await t.get(CB, partner1);
    expect(list.body.data.items[0]).toMatchObject({ name: 'Cebu Coins', stock: 800_000 });
    const logs = await t.get(PCL, partner1);
    const reasons = logs.body.data.items.map((i: { reason: string }) => i.reason);
    expect(reasons).toEqual(expect.arrayContaining(['cloud.sold', 'partner.to_dealer', 'dealer.sold', 'partner.to_player', 'partner.from_player']));
    const log = await t.database.db
      .selectFrom('operation_log')
      .select(['operation', 'username'])
      .where('operation', '=', 'partnermanager.coinbusiness.sell')
      .execute();
    expect(log.length).toBeGreaterThanOrEqual(2);
  });

  it('concurrent sales never pass the daily limit nor the stock', async () => {
    const dealer = (await t.post(`${CB}/create`, { name: 'Race Coins', dailyLimit: 50_000 }, partner1)).body.data;
    await t.post(`${CB}/stock`, { id: dealer.id, amount: 40_000 }, partner1);
    const sales = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.post(`${CB}/sell`, { dealer: dealer.id, uid: 9102, amount: 5_000, key: `race-${i}` }, partner1)),
    );
    expect(sales.filter((r) => r.status === 200)).toHaveLength(8); // the stock (40,000) runs out before the limit (50,000)
    for (const r of sales) if (r.status !== 200) expect(r.status).toBe(409);
    const more = await Promise.all(Array.from({ length: 6 }, (_, i) => t.post(`${CB}/stock`, { id: dealer.id, amount: 5_000, key: `restock-${i}` }, partner1)));
    expect(more.every((r) => r.status === 200)).toBe(true);
    const again = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.post(`${CB}/sell`, { dealer: dealer.id, uid: 9102, amount: 5_000, key: `race2-${i}` }, partner1)),
    );
    expect(again.filter((r) => r.status === 200)).toHaveLength(2); // now the limit: 50,000 a day
    const day = await t.database.db.selectFrom('coin_dealer_day').select('sold').where('dealer', '=', dealer.id).executeTakeFirstOrThrow();
    expect(Number(day.sold)).toBe(50_000);
    expect(await balanceOf('dealer', String(dealer.id))).toBe(20_000);
    await t.post(`${CB}/unstock`, { id: dealer.id, amount: 20_000 }, partner1);
  });

  it('loads a platform dealer through a second account, sells, and reconciles the day', async () => {
    const dealer = (await t.post(`${CE}/create`, { name: 'Platform Desk' }, admin)).body.data;
    expect(dealer).toMatchObject({ partner: 0, dailyLimit: 50_000 });
    const load = (await t.post(`${CE}/loads/request`, { dealer: dealer.id, amount: 400_000, note: 'first stock' }, admin)).body.data;
    expect((await t.post(`${CE}/loads/decide`, { id: load.id, approve: true }, admin)).status).toBe(403);
    expect((await t.post(`${CE}/loads/decide`, { id: load.id, approve: true }, secadmin)).body.data).toMatchObject({ status: 'approved', stock: 400_000 });
    expect((await t.post(`${CE}/sell`, { dealer: dealer.id, uid: 9201, amount: 30_000 }, admin)).body.data.stock).toBe(370_000);
    expect((await t.post(`${CE}/sell`, { dealer: dealer.id, uid: 9202, amount: 30_000 }, admin)).status).toBe(409); // daily limit 50,000
    const sales = await t.get('/api/platmanager/coinlogs', admin);
    expect(sales.body.data.items).toHaveLength(1);
    const days = await t.get('/api/platmanager/coinlogs/days', admin);
    expect(days.body.data.items).toEqual([
      expect.objectContaining({ dealer: dealer.id, sales: 1, sold: 30_000, stockOut: 30_000, stockIn: 400_000, differs: false }),
    ]);
  });

  it("transfers between a partner's accounts: at once up to the threshold, else a second account approves (never the requester)", async () => {
    const accounts = (await t.get(`${AT}/accounts`, partner1)).body.data as Array<{ id: number; kind: string; balance: number }>;
    const own = accounts.find((a) => a.kind === 'partner')!;
    const dealer = accounts.find((a) => a.kind === 'dealer')!;
    const small = await t.post(`${AT}/request`, { kind: 'account', from: own.id, to: dealer.id, amount: 10_000, reason: 'top up' }, partner1);
    expect(small.body.data.status).toBe('done');
    const big = await t.post(`${AT}/request`, { kind: 'account', from: own.id, to: dealer.id, amount: 200_000, reason: 'weekend stock' }, partner1);
    expect(big.body.data.status).toBe('pending');
    expect((await t.post(`${AT}/decide`, { id: big.body.data.id, approve: true }, partner1)).status).toBe(403);
    expect((await t.post(`${AT}/decide`, { id: big.body.data.id, approve: true }, partner2)).status).toBe(404);
    expect((await t.post(`${AT}/decide`, { id: big.body.data.id, approve: true }, partner1b)).body.data.status).toBe('done');
    const after = (await t.get(`${AT}/accounts`, partner1)).body.data as Array<{ id: number; balance: number }>;
    expect(after.find((a) => a.id === dealer.id)!.balance).toBe(dealer.balance + 210_000);
    const moved = await t.post(`${AT}/request`, { kind: 'player', uid: 9103, toPartner: 2, reason: 'player asked' }, partner1);
    expect(moved.body.data.status).toBe('done');
    expect((await t.database.db.selectFrom('player').select('partner').where('uid', '=', 9103).executeTakeFirstOrThrow()).partner).toBe(2);
    expect((await t.post(`${AT}/request`, { kind: 'player', uid: 9103, toPartner: 1, reason: 'back' }, partner1)).status).toBe(404);
    expect((await t.get(AT, partner1)).body.data.total).toBe(3);
  });

  it('bills a period from the ledger: closing = opening + movements, adjusted with a reason, confirmed by the partner, settled by the platform', async () => {
    t.clock.advance(2 * 86_400_000);
    [admin, secadmin, business, partner1, partner1b, partner2] = await Promise.all(
      ['admin', 'secadmin', 'business', 'partner', 'partnerb', 'partnertwo'].map((u) => t.loginAs(u)),
    );
    const day = addDays(consoleDay(t.clock.now), -2);
    await t.database.db
      .insertInto('game_day')
      .values({ day, game: 'tongits', partner: 1, slot: 0, rounds: 10, bets: 10, players: 3, turnover: 100_000, wins: 60_000, fees: 0, jackpot: 0 } as never)
      .execute();
    expect((await t.post(`${PS}/create`, { from: day, to: '2099-01-01' }, business)).status).toBe(400);
    const today = consoleDay(t.clock.now);
    const running = (await t.post(`${PS}/create`, { partner: 2, from: today, to: today }, business)).body.data;
    expect(await t.post(`${PS}/step`, { id: running.id, action: 'confirm' }, business)).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('not ended') },
    });
    const bill = (await t.post(`${PS}/create`, { partner: 1, from: day, to: day }, business)).body.data;
    const balance = await balanceOf('partner', '1');
    expect(bill).toMatchObject({ opening: 0, bought: 2_500_000, adjusted: 0, closing: balance, rakeBase: 40_000, rakeShare: 24_000 });
    expect(bill.closing).toBe(bill.opening + bill.bought - bill.distributed + bill.reclaimed + bill.adjusted);
    expect((await t.post(`${PS}/create`, { partner: 1, from: day, to: day }, business)).status).toBe(409);
    expect((await t.post(`${PS}/adjust`, { id: bill.id, amount: 5_000, reason: 'rounding' }, partner1)).status).toBe(403);
    const adjusted = (await t.post(`${PS}/adjust`, { id: bill.id, amount: 5_000, reason: 'rounding' }, business)).body.data;
    expect(adjusted).toMatchObject({ adjusted: 5_000, closing: balance + 5_000 });
    expect((await t.post(`${PS}/step`, { id: bill.id, action: 'settle' }, business)).status).toBe(409);
    expect((await t.post(`${PS}/step`, { id: bill.id, action: 'confirm' }, partner1)).body.data.status).toBe('confirmed');
    expect((await t.post(`${PS}/step`, { id: bill.id, action: 'settle' }, partner1)).status).toBe(403);
    expect((await t.post(`${PS}/step`, { id: bill.id, action: 'settle' }, business)).body.data.status).toBe('settled');
    const listed = (await t.get(PS, partner1)).body.data.items[0];
    expect(listed).toMatchObject({ status: 'settled', adjusted: 5_000, adjustments: [expect.objectContaining({ amount: 5_000, reason: 'rounding' })] });
    // the days it covers as asked for, both included; periodTo is the instant after the last day
    expect(listed).toMatchObject({ fromDay: day, toDay: day, periodFrom: `${day}T00:00:00.000+08:00` });
    expect(Date.parse(listed.periodTo) - Date.parse(listed.periodFrom)).toBe(86_400_000);
    const twoDays = (await t.post(`${PS}/create`, { partner: 2, from: '2026-11-10', to: '2026-11-11' }, business)).body.data.id;
    expect((await t.get(PS, business, { partner: '2' })).body.data.items.find((b: { id: number }) => b.id === twoDays)).toMatchObject({
      fromDay: '2026-11-10',
      toDay: '2026-11-11',
    });
    for (const b of (await t.get(PS, partner2)).body.data.items) expect(b.partner).toBe(2);
  });

  it('suspends a partner whose losses reach its deposit, says why in the operation log, and refuses its movements', async () => {
    await t.post(`${PE}/update`, { id: 2, deposit: 100_000, rakeSharePct: 50 }, admin);
    const day = addDays(consoleDay(t.clock.now), -1);
    await t.database.db
      .insertInto('game_day')
      .values({ day, game: 'tongits', partner: 2, slot: 0, rounds: 5, bets: 5, players: 2, turnover: 100_000, wins: 400_000, fees: 0, jackpot: 0 } as never)
      .execute();
    const checked = await t.post(`${PE}/stoploss`, {}, admin);
    expect(checked.body.data.suspended).toEqual([2]);
    const log = await t.database.db.selectFrom('operation_log').selectAll().where('operation', '=', 'partners.stoploss').executeTakeFirstOrThrow();
    expect(log.message).toContain('reached the deposit of 100000');
    expect(await t.post(`${PE}/sell`, { partner: 2, amount: 1_000 }, admin)).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('suspended') },
    });
    const listed = (await t.get(PE, admin, { status: 'suspended' })).body.data.items;
    expect(listed).toEqual([expect.objectContaining({ id: 2, loss: 150_000, statusReason: expect.stringContaining('Stop-loss') })]);
    // resumed once the losses no longer reach the deposit (else the scheduled check would suspend it again)
    expect((await t.post(`${PE}/resume`, { id: 2, reason: 'deposit topped up' }, admin)).status).toBe(409);
    await t.post(`${PE}/update`, { id: 2, deposit: 200_000 }, admin);
    expect((await t.post(`${PE}/resume`, { id: 2, reason: 'deposit topped up' }, admin)).body.data.status).toBe('active');
  });

  it('a partner account reaches nothing of another partner through any operation of this domain', async () => {
    const { db } = t.database;
    const own1 = await db.selectFrom('ledger_account').select('id').where('kind', '=', 'partner').where('owner', '=', '1').executeTakeFirstOrThrow();
    const dealer1 = await db.selectFrom('coin_dealer').select('id').where('partner', '=', 1).executeTakeFirstOrThrow();
    const bill1 = await db.selectFrom('partner_bill').select('id').where('partner', '=', 1).executeTakeFirstOrThrow();
    const order1 = (await t.post(`${PCL}/buy`, { amount: 1_000 }, partner1)).body.data.id;
    const pending = (
      await t.post(
        `${AT}/request`,
        {
          kind: 'account',
          from: Number(own1.id),
          to: Number((await db.selectFrom('ledger_account').select('id').where('kind', '=', 'dealer').where('partner', '=', 1).executeTakeFirstOrThrow()).id),
          amount: 150_000,
          reason: 'x',
        },
        partner1,
      )
    ).body.data.id;
    const before = await reconcile(db);
    const balances = await db.selectFrom('ledger_account').select(['id', 'balance']).orderBy('id').execute();
    const attempts: Array<[string, unknown]> = [
      [`${PCL}/buy`, { partner: 1, amount: 1_000 }],
      [`${PCL}/orders/cancel`, { id: order1 }],
      [`${PCL}/give`, { partner: 1, uid: 9101, amount: 1, reason: 'x' }],
      [`${PCL}/give`, { uid: 9101, amount: 1, reason: 'x' }],
      [`${PCL}/reclaim`, { uid: 9101, amount: 1, reason: 'x' }],
      [`${CB}/create`, { partner: 1, name: 'Mine' }],
      [`${CB}/update`, { id: dealer1.id, name: 'Stolen' }],
      [`${CB}/freeze`, { id: dealer1.id, frozen: true, reason: 'x' }],
      [`${CB}/stock`, { id: dealer1.id, amount: 1 }],
      [`${CB}/unstock`, { id: dealer1.id, amount: 1 }],
      [`${CB}/sell`, { dealer: dealer1.id, uid: 9101, amount: 1 }],
      [`${AT}/request`, { kind: 'account', from: Number(own1.id), to: Number(own1.id) + 1, amount: 1, reason: 'x' }],
      [`${AT}/request`, { kind: 'player', uid: 9101, toPartner: 2, reason: 'x' }],
      [`${AT}/request`, { kind: 'account', partner: 1, from: Number(own1.id), to: Number(own1.id) + 1, amount: 1, reason: 'x' }],
      [`${AT}/decide`, { id: pending, approve: true }],
      [`${AT}/decide`, { id: pending, approve: false }],
      [`${PS}/create`, { partner: 1, from: '2026-11-01', to: '2026-11-02' }],
      [`${PS}/adjust`, { id: bill1.id, amount: 1, reason: 'x' }],
      [`${PS}/step`, { id: bill1.id, action: 'dispute', note: 'x' }],
    ];
    for (const [url, body] of attempts) {
      const res = await t.post(url, body, partner2);
      expect([403, 404], `${url} ${JSON.stringify(body)} → ${res.status} ${res.body.message}`).toContain(res.status);
    }
    // every platmanager operation is refused to a partner account
    for (const op of partnerOperations.filter((o) => o.screen?.startsWith('/platmanager'))) {
      const res = op.method === 'GET' ? await t.get(op.url, partner2) : await t.post(op.url, {}, partner2);
      expect(res.status, op.url).toBe(403);
    }
    // every list of /partnermanager shows partner 2 only
    for (const op of partnerOperations.filter((o) => o.method === 'GET' && o.screen?.startsWith('/partnermanager') && !o.url.endsWith('/export'))) {
      const res = await t.get(op.url, partner2);
      expect(res.status, op.url).toBe(200);
      const items = Array.isArray(res.body.data) ? res.body.data : res.body.data.items;
      for (const item of items) if ('partner' in item) expect(item.partner, op.url).toBe(2);
      const asked = await t.get(op.url, partner2, { partner: '1' });
      if (asked.status === 200) expect(asked.body.data.items, op.url).toEqual([]);
      else expect(asked.status, op.url).toBe(404);
    }
    expect(await db.selectFrom('ledger_account').select(['id', 'balance']).orderBy('id').execute()).toEqual(balances);
    expect((await reconcile(db)).accountEntries).toBe(before.accountEntries);
    const after = await reconcile(db);
    expect([after.differences, after.accountDifferences]).toEqual([[], []]);
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM partner_transfer WHERE status = 'pending'`.execute(db)).rows[0].n)).toBe(1);
  });
});
