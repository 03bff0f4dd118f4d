import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type OpenedTestDatabase } from '../../test/databases';
import { post, transfer } from './ledger';
import { reconcile } from './reconcile';

const at = new Date('2026-11-22T10:00:00Z');
const base = { reason: 'test', actor: 'system:test', at };

async function addPlayer(db: OpenedTestDatabase['db'], uid: number, partner = 0) {
  await db
    .insertInto('player')
    .values({ uid, name: `p${uid}`, register_ip: '10.0.0.1', register_device: 'd1', registered_at: at, partner })
    .execute();
  await db.insertInto('player_balance').values({ uid, partner }).execute();
}

describe.each(databases())('ledger on $kind', (kind) => {
  let database: OpenedTestDatabase;
  beforeAll(async () => {
    database = await kind.open();
    await addPlayer(database.db, 1);
    await addPlayer(database.db, 2, 1);
  });
  afterAll(async () => database?.close());

  it('credits and debits with the balance after each entry, and refuses to go below zero', async () => {
    const { db } = database;
    expect((await post(db, { ...base, uid: 1, currency: 'chip', delta: 500 })).balanceAfter).toBe(500);
    expect((await post(db, { ...base, uid: 1, currency: 'chip', delta: -200 })).balanceAfter).toBe(300);
    await expect(post(db, { ...base, uid: 1, currency: 'chip', delta: -301 })).rejects.toMatchObject({ statusCode: 409, message: 'Insufficient balance' });
    const row = await db.selectFrom('player_balance').select('chip').where('uid', '=', 1).executeTakeFirstOrThrow();
    expect(row.chip).toBe(300);
  });

  it('404 for an unknown player, 409 for a key applied before', async () => {
    const { db } = database;
    await expect(post(db, { ...base, uid: 99, currency: 'chip', delta: 1 })).rejects.toMatchObject({ statusCode: 404 });
    await post(db, { ...base, uid: 2, currency: 'bean', delta: 7, key: 'k-1' });
    await expect(post(db, { ...base, uid: 2, currency: 'bean', delta: 7, key: 'k-1' })).rejects.toMatchObject({ statusCode: 409 });
    const entry = await db.selectFrom('ledger_entry').selectAll().where('idem_key', '=', 'k-1').executeTakeFirstOrThrow();
    expect(entry.partner).toBe(1);
  });

  it('a transfer is both legs or neither', async () => {
    const { db } = database;
    await expect(db.transaction().execute((trx) => transfer(trx, { uid: 2, currency: 'chip' }, { uid: 1, currency: 'chip' }, 50, base))).rejects.toMatchObject({
      statusCode: 409,
    });
    await db.transaction().execute((trx) => transfer(trx, { uid: 1, currency: 'chip' }, { uid: 1, currency: 'safe' }, 100, base));
    const row = await db.selectFrom('player_balance').select(['chip', 'safe']).where('uid', '=', 1).executeTakeFirstOrThrow();
    expect(row).toEqual({ chip: 200, safe: 100 });
  });

  it('the database refuses a negative balance and any change of an entry, even when asked directly', async () => {
    const { db } = database;
    await expect(sql`UPDATE player_balance SET chip = -1 WHERE uid = 1`.execute(db)).rejects.toThrow();
    await expect(sql`UPDATE ledger_entry SET delta = 1`.execute(db)).rejects.toThrow();
    await expect(sql`DELETE FROM ledger_entry`.execute(db)).rejects.toThrow();
  });

  it('reconciliation finds nothing on an intact ledger, and a balance changed behind its back', async () => {
    const { db, owner } = database;
    expect((await reconcile(db)).differences).toEqual([]);
    await sql`UPDATE player_balance SET diamond = 5 WHERE uid = 2`.execute(owner);
    const { differences } = await reconcile(db);
    expect(differences).toEqual([{ uid: 2, currency: 'diamond', balance: 5, fromEntries: 0, lastBalanceAfter: null }]);
  });
});
