import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type OpenedTestDatabase } from '../../test/databases';
import { accountPost, accountToPlayer, ensureAccount, getAccount, issuanceAccount, moveBetweenAccounts, playerToAccount, setAccountPartner } from './accounts';
import { reconcile } from './reconcile';

const at = new Date('2026-11-22T10:00:00Z');
const common = { reason: 'test.move', actor: 'system:test', at };

describe.each(databases())('account ledger on $kind', (kind) => {
  let database: OpenedTestDatabase;
  beforeAll(async () => {
    database = await kind.open();
    const { db } = database;
    await db.insertInto('player').values({ uid: 7, name: 'p7', register_ip: '10.0.0.1', register_device: 'd1', registered_at: at, partner: 1 }).execute();
    await db.insertInto('player_balance').values({ uid: 7, partner: 1 }).execute();
  });
  afterAll(async () => database?.close());

  it('creates an account once, even when asked at the same time, and keeps its partner', async () => {
    const { db } = database;
    const all = await Promise.all(Array.from({ length: 6 }, () => ensureAccount(db, 'partner', '1', 1, 'chip')));
    expect(new Set(all.map((a) => a.id)).size).toBe(1);
    expect(all[0]).toMatchObject({ kind: 'partner', owner: '1', partner: 1, currency: 'chip', balance: 0 });
    expect((await ensureAccount(db, 'partner', '1', 2, 'chip')).partner).toBe(1);
    await expect(ensureAccount(db, 'Partner', '1', 1, 'chip')).rejects.toMatchObject({ statusCode: 400, message: /^kind:/ });
    await expect(ensureAccount(db, 'partner', '', 1, 'chip')).rejects.toMatchObject({ statusCode: 400, message: /^owner:/ });
  });

  it('posts with the balance after, refuses to go below zero, 404 for an unknown account, 409 for a key applied before', async () => {
    const { db } = database;
    const a = await ensureAccount(db, 'dealer', 'd-post', 1, 'chip');
    expect((await accountPost(db, { ...common, account: a.id, delta: 500 })).balanceAfter).toBe(500);
    expect((await accountPost(db, { ...common, account: a.id, delta: -200, key: 'post-1' })).balanceAfter).toBe(300);
    await expect(accountPost(db, { ...common, account: a.id, delta: -301 })).rejects.toMatchObject({ statusCode: 409, message: 'Insufficient balance' });
    await expect(accountPost(db, { ...common, account: a.id, delta: -1, key: 'post-1' })).rejects.toMatchObject({
      statusCode: 409,
      message: 'Already applied',
    });
    await expect(accountPost(db, { ...common, account: 999_999, delta: 1 })).rejects.toMatchObject({ statusCode: 404 });
    await expect(accountPost(db, { ...common, account: a.id, delta: 0 })).rejects.toMatchObject({ statusCode: 400 });
    expect((await getAccount(db, a.id))!.balance).toBe(300);
    const entry = await db.selectFrom('account_entry').selectAll().where('idem_key', '=', 'post-1').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'dealer', owner: 'd-post', partner: 1, currency: 'chip', delta: -200, balance_after: 300 });
  });

  it('the issuance account goes below zero by what it issued; a move is both sides or neither', async () => {
    const { db } = database;
    const issuer = await issuanceAccount(db, 'chip');
    const partner = await ensureAccount(db, 'partner', '1', 1, 'chip');
    const dealer = await ensureAccount(db, 'dealer', 'd-move', 1, 'chip');
    const sold = await db.transaction().execute((trx) => moveBetweenAccounts(trx, issuer.id, partner.id, 1000, { ...common, key: 'sale-1' }));
    expect(sold).toMatchObject({ applied: true, balances: [-1000, 1000] });
    // the second side refused (dealer has nothing): the first is undone with it
    await expect(db.transaction().execute((trx) => moveBetweenAccounts(trx, dealer.id, partner.id, 1, common))).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      db.transaction().execute(async (trx) => {
        await moveBetweenAccounts(trx, partner.id, dealer.id, 400, common);
        await accountToPlayer(trx, dealer.id, 99_999, 100, common); // no such player
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect((await getAccount(db, partner.id))!.balance).toBe(1000);
    expect((await getAccount(db, dealer.id))!.balance).toBe(0);
    const entries = await db
      .selectFrom('account_entry')
      .select(['account', 'delta', 'counterparty'])
      .where('idem_key', 'like', 'sale-1:%')
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { account: issuer.id, delta: -1000, counterparty: `account:${partner.id}` },
      { account: partner.id, delta: 1000, counterparty: `account:${issuer.id}` },
    ]);
    await expect(db.transaction().execute((trx) => moveBetweenAccounts(trx, partner.id, 424_242, 1, common))).rejects.toMatchObject({ statusCode: 404 });
    const bean = await ensureAccount(db, 'dealer', 'd-move', 1, 'bean');
    await expect(db.transaction().execute((trx) => moveBetweenAccounts(trx, partner.id, bean.id, 1, common))).rejects.toMatchObject({ statusCode: 400 });
  });

  it('moves between an account and a player in one transaction, each key once', async () => {
    const { db } = database;
    const partner = await ensureAccount(db, 'partner', '1', 1, 'chip');
    const given = await db.transaction().execute((trx) => accountToPlayer(trx, partner.id, 7, 300, { ...common, key: 'give-1' }));
    expect(given).toMatchObject({ applied: true, balances: [700, 300] });
    const again = await db.transaction().execute((trx) => accountToPlayer(trx, partner.id, 7, 300, { ...common, key: 'give-1' }));
    expect(again).toEqual({ applied: false, entries: given.entries, balances: null });
    const player = await db.selectFrom('ledger_entry').selectAll().where('idem_key', '=', 'give-1:player').executeTakeFirstOrThrow();
    expect(player).toMatchObject({ uid: 7, partner: 1, currency: 'chip', delta: 300, reason: 'test.move', ref: `account:${partner.id}` });
    await expect(db.transaction().execute((trx) => playerToAccount(trx, 7, partner.id, 301, common))).rejects.toMatchObject({ statusCode: 409 });
    const back = await db.transaction().execute((trx) => playerToAccount(trx, 7, partner.id, 100, { ...common, key: 'reclaim-1' }));
    expect(back).toMatchObject({ applied: true, balances: [200, 800] });
    expect((await db.selectFrom('player_balance').select('chip').where('uid', '=', 7).executeTakeFirstOrThrow()).chip).toBe(200);
    const bean = await ensureAccount(db, 'agent', 'x', 1, 'commission');
    await expect(db.transaction().execute((trx) => accountToPlayer(trx, bean.id, 7, 1, common))).rejects.toMatchObject({ statusCode: 400 });
  });

  it('concurrent moves never take an account below zero, and one key applies once however many race', async () => {
    const { db } = database;
    const from = await ensureAccount(db, 'dealer', 'race-from', 1, 'chip');
    const to = await ensureAccount(db, 'dealer', 'race-to', 1, 'chip');
    const issuer = await issuanceAccount(db, 'chip');
    await db.transaction().execute((trx) => moveBetweenAccounts(trx, issuer.id, from.id, 100, common));
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => db.transaction().execute((trx) => moveBetweenAccounts(trx, from.id, to.id, 10, common))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ statusCode: 409, message: 'Insufficient balance' });
    expect((await getAccount(db, from.id))!.balance).toBe(0);
    expect((await getAccount(db, to.id))!.balance).toBe(100);

    const same = await Promise.allSettled(
      Array.from({ length: 10 }, () => db.transaction().execute((trx) => moveBetweenAccounts(trx, to.id, from.id, 7, { ...common, key: 'race-key' }))),
    );
    const applied = same.filter((r) => r.status === 'fulfilled' && r.value.applied);
    expect(applied).toHaveLength(1);
    for (const r of same) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ statusCode: 409, message: 'Already applied' });
    }
    expect((await getAccount(db, to.id))!.balance).toBe(93);
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM account_entry WHERE idem_key LIKE 'race-key:%'`.execute(db)).rows[0].n)).toBe(2);
  });

  it('an account moves to another partner; its past entries keep theirs', async () => {
    const { db } = database;
    const agent = await ensureAccount(db, 'agent', '10000001', 1, 'chip');
    await accountPost(db, { ...common, account: agent.id, delta: 5 });
    await db.transaction().execute((trx) => setAccountPartner(trx, agent.id, 2));
    expect((await getAccount(db, agent.id))!.partner).toBe(2);
    await accountPost(db, { ...common, account: agent.id, delta: 5 });
    const partners = await db.selectFrom('account_entry').select('partner').where('account', '=', agent.id).orderBy('id').execute();
    expect(partners.map((p) => p.partner)).toEqual([1, 2]);
  });

  it('the database refuses a negative balance and any change of an entry, even when asked directly', async () => {
    const { db } = database;
    const a = await ensureAccount(db, 'partner', '1', 1, 'chip');
    await expect(sql`UPDATE ledger_account SET balance = -1 WHERE id = ${a.id}`.execute(db)).rejects.toThrow();
    await expect(sql`UPDATE account_entry SET delta = 1`.execute(db)).rejects.toThrow();
    await expect(sql`DELETE FROM account_entry`.execute(db)).rejects.toThrow();
    await expect(sql`DELETE FROM ledger_account WHERE id = ${a.id}`.execute(db)).rejects.toThrow();
    await expect(sql`UPDATE account_entry SET delta = 1`.execute(database.owner)).rejects.toThrow(/append-only/);
  });

  it('reconciliation finds nothing on an intact account ledger, and a balance changed behind its back', async () => {
    const { db, owner } = database;
    const before = await reconcile(db);
    expect(before.accountDifferences).toEqual([]);
    expect(before.differences).toEqual([]);
    expect(before.accounts).toBeGreaterThan(3);
    expect(before.accountEntries).toBeGreaterThan(10);
    const a = await ensureAccount(db, 'partner', '1', 1, 'chip');
    await sql`UPDATE ledger_account SET balance = balance + 5 WHERE id = ${a.id}`.execute(owner);
    const { accountDifferences } = await reconcile(db);
    expect(accountDifferences).toEqual([
      { account: a.id, kind: 'partner', owner: '1', currency: 'chip', balance: a.balance + 5, fromEntries: a.balance, lastBalanceAfter: a.balance },
    ]);
  });
});
