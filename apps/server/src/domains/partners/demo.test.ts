/**
 * The partners demo over a small history (players inserted 30 days back, the simulated dealer
 * players among them): every screen of this domain has rows, the ledgers reconcile, the bills
 * add up, and a second run changes nothing (both databases).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { seedPartnerActivity } from './demo';

const DAY = 86_400_000;

// PGlite only: the demo code is the same on both; the full seed on PostgreSQL is simulator/demo-screens.test.ts's
describe.each(databases().slice(0, 1))('partners demo on $kind', (database) => {
  let t: TestApp;
  let end: number;
  const count = async (table: string) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(t.database.db)).rows[0].n);

  beforeAll(async () => {
    t = await testApp(database);
    end = Math.floor(t.clock.now / 3_600_000) * 3_600_000;
    const { db } = t.database;
    const registered = new Date(end - 30 * DAY);
    const players = [];
    for (let i = 0; i < 60; i++) {
      const uid = 100_001 + i;
      const slot = [7, 11, 17].indexOf(i % 400);
      const partner = slot >= 0 ? slot : i % 3;
      players.push({ uid, name: `Player ${i}`, register_ip: '10.0.0.1', register_device: `d${i}`, registered_at: registered, partner });
    }
    await db.insertInto('player').values(players).execute();
    await db
      .insertInto('player_balance')
      .values(players.map((p) => ({ uid: p.uid, partner: p.partner })))
      .execute();
  }, 120_000);
  afterAll(async () => t?.close());

  it('fills every screen through the services, reconciles, and a second run changes nothing', async () => {
    const figures = await seedPartnerActivity(t.database.db, t.config, 'demo123456', end);
    expect(figures.dealers).toBe(3);
    expect(figures.sales).toBeGreaterThan(60);
    expect(figures.bills).toBeGreaterThanOrEqual(6);
    const check = await reconcile(t.database.db);
    expect([check.differences, check.accountDifferences]).toEqual([[], []]);
    const bills = await t.database.db.selectFrom('partner_bill').selectAll().orderBy('id').execute();
    expect(new Set(bills.map((b) => b.status))).toEqual(new Set(['settled', 'confirmed', 'disputed', 'draft']));
    for (const b of bills)
      expect(Number(b.closing)).toBe(Number(b.opening) + Number(b.bought) - Number(b.distributed) + Number(b.reclaimed) + Number(b.adjusted));
    expect(await count('partner_adjustment')).toBe(2);
    expect((await t.database.db.selectFrom('partner_transfer').select('status').orderBy('id').execute()).map((r) => r.status)).toEqual(['done', 'pending']);
    expect((await t.database.db.selectFrom('coin_stock_load').select('status').where('status', '=', 'requested').execute()).length).toBeGreaterThan(0);

    const admin = await t.loginAs('admin');
    const partner = await t.loginAs('partner');
    for (const url of [
      '/api/platmanager/partnerediter',
      '/api/platmanager/partnerediter/orders',
      '/api/platmanager/coinediter',
      '/api/platmanager/coinediter/loads',
      '/api/platmanager/coinlogs',
      '/api/platmanager/coinlogs/days',
      '/api/platmanager/defalutediter/versions',
    ]) {
      const res = await t.get(url, admin);
      expect(res.status, url).toBe(200);
      expect(res.body.data.items.length, url).toBeGreaterThan(0);
    }
    expect((await t.get('/api/platmanager/coinlogs/days', admin, { differs: 'true' })).body.data.items).toEqual([]);
    for (const url of [
      '/api/partnermanager/partnerCoinLogs',
      '/api/partnermanager/partnerCoinLogs/orders',
      '/api/partnermanager/coinbusiness',
      '/api/partnermanager/accounttransfer',
      '/api/partnermanager/partnersum',
    ]) {
      const res = await t.get(url, partner);
      expect(res.status, url).toBe(200);
      expect(res.body.data.items.length, url).toBeGreaterThan(0);
      for (const item of res.body.data.items) expect(item.partner, url).toBe(1);
    }

    const before = { log: await count('operation_log'), entries: check.accountEntries, ledger: check.entries, sales: await count('coin_sale') };
    await seedPartnerActivity(t.database.db, t.config, 'demo123456', end);
    const again = await reconcile(t.database.db);
    expect({ log: await count('operation_log'), entries: again.accountEntries, ledger: again.entries, sales: await count('coin_sale') }).toEqual(before);
  }, 300_000);
});
