/**
 * The report calls as staff see them: roles from the catalogue (every demo role against every
 * call, refused before the query is read), bad ranges and parameters answered 400 naming the
 * parameter, never a 5xx for any query (fast-check), the CSV export; and the roll-ups'
 * mechanics: a game, gift or transfer entry writes nothing, concurrent payers land on
 * different stripes, and the server's role cannot remove a figure.
 */
import { ROLES, mayAccess } from '@console/catalog';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient } from '../../test/platform';
import { post } from '../ledger/ledger';
import { paymentReportsOperations } from './routes';

const range = { from: '2026-11-20T00:00:00.000+08:00', to: '2026-11-22T23:59:59.999+08:00' };
const GETS = paymentReportsOperations.map((op) => ({ url: op.url, screen: op.screen! }));

describe.each(databases())('data report calls on $kind', (db) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await testApp(db);
    for (const role of ROLES) tokens[role] = await t.loginAs(role);
    const client = await platformClient(t);
    for (const uid of [11, 12, 13]) await client.register(uid, { partner: uid === 13 ? 1 : 0 }, 5_000);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('every role gets exactly the calls its catalogue screen allows, refused before the query is read', async () => {
    expect(GETS.length).toBeGreaterThan(20);
    for (const [role, token] of Object.entries(tokens)) {
      for (const { url, screen } of GETS) {
        const allowed = mayAccess(screen, { roles: [role], partner: role === 'partner' ? 1 : 0 });
        const res = await t.get(url, token, { ...range, bogus: '1' });
        expect([url, role, res.status]).toEqual([url, role, allowed ? 400 : 403]);
      }
    }
    expect((await t.get('/api/homepage', undefined, range)).status).toBe(401);
  }, 120_000);

  it('bad ranges and parameters: a 400 that names the parameter', async () => {
    for (const [url, query, message] of [
      ['/api/homepage', { from: range.to, to: range.from }, 'to: Must not be before from'],
      ['/api/payReport/days', { from: range.from }, 'to: Required with the other end of the range'],
      ['/api/userReport', { from: '2026-01-01T00:00:00+08:00', to: range.to }, 'to: The range is at most 92 days'],
      ['/api/freegive', { ...range, currency: 'gold' }, 'currency: Must be one of chip, bonus, bean, withdrawable'],
      [
        '/api/paychannel',
        { ...range, sort: 'secret' },
        'sort: Must be one of channel, created, paid, failed, successRate, amount, share, payers, avgPaySeconds',
      ],
      ['/api/payReport/channels', { ...range, channel: 'x'.repeat(65) }, 'channel: At most 64 characters'],
    ] as const) {
      const res = await t.get(url, tokens.admin, query);
      expect([url, res.status, res.body.message]).toEqual([url, 400, message]);
    }
  });

  it('any query string: never a 5xx, and a refusal is a 400', async () => {
    const values = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(range.from, range.to, '2026-02-30T00:00:00+08:00', '1e9', '-1', '0', 'chip', 'day', 'ascend', '\u0000', '%'),
    );
    const names = fc.constantFrom('from', 'to', 'page', 'pageSize', 'sort', 'order', 'currency', 'channel', 'columns', '__proto__', 'x');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...GETS.map((g) => g.url)), fc.dictionary(names, values, { maxKeys: 5 }), async (url, query) => {
        const res = await t.app.inject({ method: 'GET', url, query, headers: { 'x-token': tokens.admin } });
        expect([200, 400]).toContain(res.statusCode);
        if (res.headers['content-type']?.toString().includes('json')) expect(JSON.parse(res.body).code).toBe(res.statusCode);
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it("exports a report table as CSV with the screen's columns", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/homepage/days/export',
      headers: { 'x-token': tokens.admin },
      query: {
        ...range,
        columns: JSON.stringify([
          { key: 'day', title: 'Day' },
          { key: 'newPlayers', title: 'New', format: 'int' },
        ]),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.split('\r\n').slice(0, 2)).toEqual(['\uFEFFDay,New', '2026-11-22,3']);
  });

  it('a game, gift or transfer movement writes no roll-up row; house money does, per reason', async () => {
    const at = new Date(t.clock.now);
    const count = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM report_house_money_day`.execute(t.database.db)).rows[0].n);
    const before = await count();
    for (const reason of ['game.bet', 'gift.sent', 'chips.transferred', 'wallet.rollback', 'recharge', 'cashout.hold', 'staff.toSafe']) {
      await post(t.database.db, { uid: 11, currency: 'chip', delta: -1, reason, actor: 'app:demo-app', at });
    }
    expect(await count()).toBe(before);
    await post(t.database.db, { uid: 11, currency: 'chip', delta: 50, reason: 'staff.add', actor: 'staff:admin', at });
    await post(t.database.db, { uid: 11, currency: 'chip', delta: -20, reason: 'staff.reduce', actor: 'staff:admin', at });
    const res = await t.get('/api/freegive/reasons', tokens.admin, range);
    expect(res.body.data.items.find((r: { reason: string }) => r.reason === 'staff.add')).toMatchObject({ category: 'staff', entries: 1, amount: 50 });
    const back = await t.get('/api/recycle/reasons', tokens.admin, range);
    expect(back.body.data.items).toEqual([
      { id: 'staff|staff.reduce|chip', category: 'staff', reason: 'staff.reduce', currency: 'chip', entries: 1, amount: 20 },
    ]);
  });

  it('payers of one day and channel land on their own stripes (uid % 8), summed on read', async () => {
    const client = await platformClient(t);
    const uids = Array.from({ length: 16 }, (_, i) => 101 + i);
    for (const uid of uids) {
      await client.register(uid);
      const id = uid.toString(16).padStart(32, '0');
      await sql`INSERT INTO recharge_order (order_id, app_id, request_id, uid, partner, product_id, channel, os, price, product_chips, created_at)
        VALUES (${id}, 'demo-app', ${`s${uid}`}, ${uid}, 0, 'p', 'stripe', 'ios', 10000, 100, ${new Date(t.clock.now)})`.execute(t.database.db);
      await sql`UPDATE recharge_order SET status = 'paid', paid_at = ${new Date(t.clock.now)}, chips = 100 WHERE order_id = ${id}`.execute(t.database.db);
    }
    const stripes = await sql<{ slot: number; paid: number }>`SELECT slot, paid FROM report_recharge_day WHERE channel = 'stripe' ORDER BY slot`.execute(
      t.database.db,
    );
    expect(stripes.rows.map((r) => [Number(r.slot), Number(r.paid)])).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((s) => [s, 2]));
    const res = await t.get('/api/payReport/channels', tokens.admin, { ...range, channel: 'stripe' });
    expect(res.body.data.items).toEqual([expect.objectContaining({ channel: 'stripe', paid: 16, created: 16, amount: 160_000, payers: 16, firstPayers: 16 })]);
  });

  it.skipIf(db.kind !== 'postgres')(
    'two batch-like transactions crediting different players whose uid stripes come in opposite orders both commit (stripes per transaction: no deadlock)',
    async () => {
      const client = await platformClient(t);
      // uid % 8: 1, 2, 3, 4 for one, 4, 3, 2, 1 for the other (striped by player, they would deadlock)
      const [mine, theirs] = [
        [201, 202, 203, 204],
        [212, 211, 210, 209],
      ];
      for (const uid of [...mine, ...theirs]) await client.register(uid);
      const at = new Date(t.clock.now);
      let firstDone!: () => void;
      const first = new Promise<void>((resolve) => {
        firstDone = resolve;
      });
      const chunk = (order: number[], signal: boolean) =>
        t.database.db.transaction().execute(async (trx) => {
          await post(trx, { uid: order[0], currency: 'chip', delta: 100, reason: 'batch.chip', actor: 'staff:admin', at });
          if (signal) firstDone();
          else await Promise.race([first, new Promise((r) => setTimeout(r, 300))]);
          for (const uid of order.slice(1)) await post(trx, { uid, currency: 'chip', delta: 100, reason: 'batch.chip', actor: 'staff:admin', at });
        });
      await Promise.all([chunk(mine, false), chunk(theirs, true)]);
      const res = await t.get('/api/freegive/reasons', tokens.admin, range);
      expect(res.body.data.items.find((r: { reason: string }) => r.reason === 'batch.chip')).toMatchObject({ entries: 8, amount: 800 });
    },
  );

  it('a player active twice in a day counts once that day (a later login updates the day row, it is no new one), whatever the calls', async () => {
    const client = await platformClient(t);
    await client.register(301);
    const day = '2026-11-21';
    const sum = async () =>
      Number(
        (await sql<{ n: string }>`SELECT coalesce(sum(players), 0) AS n FROM report_active_day WHERE day = ${day}::date`.execute(t.database.db)).rows[0].n,
      );
    const before = await sum();
    await client.event('player.login', { uid: 301, ip: '10.0.0.1', deviceId: 'device-301' }, { at: '2026-11-21T09:00:00+08:00' });
    await client.event('player.login', { uid: 301, ip: '10.0.0.1', deviceId: 'device-301' }, { at: '2026-11-21T21:00:00+08:00' });
    await client.events(
      [1, 2].map((i) => ({
        id: `twice-${i}`,
        type: 'player.login',
        at: `2026-11-21T1${i}:00:00+08:00`,
        data: { uid: 301, ip: '10.0.0.1', deviceId: 'device-301' },
      })),
    );
    expect(await sum()).toBe(before + 1);
    const res = await t.get('/api/homepage/days', tokens.admin, range);
    const rows = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM player_active_day WHERE day = ${day}::date`.execute(t.database.db)).rows[0].n);
    expect(res.body.data.items.find((d: { day: string }) => d.day === day).activePlayers).toBe(rows);
  });

  it("the server's role cannot remove a figure", async () => {
    for (const table of [
      'report_active_day',
      'report_recharge_day',
      'report_payer_day',
      'report_first_payer',
      'report_cashout_day',
      'report_house_money_day',
    ]) {
      await expect(sql.raw(`DELETE FROM ${table}`).execute(t.database.db)).rejects.toThrow(/permission denied/);
    }
  });
});
