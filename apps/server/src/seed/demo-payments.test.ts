/**
 * The demo's payments screens whatever the hour the demo starts: a small demo seed (330 players,
 * 4 days) whose clock reads 23:20 and then 09:20 GMT+08:00. The cash-out review queues hold orders
 * (not reviewed, in review, undetermined) asked for since the desk's last shift, each holding its
 * amount + fee out of withdrawable through the ledger, and the partner account (partner 1) sees
 * created, unpaid recharge orders of its players on /usermanager/createdPaymentLogs. Run again,
 * the two steps change nothing. PGlite only (demo-screens.test.ts runs the full seed on PostgreSQL).
 */
import { consoleHour } from '@console/time';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { defaultConfig } from '../config';
import { QUEUE_REQUEST_PREFIX, seedCashoutQueues } from '../domains/cashout/demo';
import { CASHOUT_REASONS } from '../domains/cashout/orders';
import { reconcile } from '../domains/ledger/reconcile';
import { seedUnpaidRecharges, UNPAID_REQUEST_PREFIX } from '../domains/recharge/demo';
import { unreviewedSince } from '../simulator/payments';
import { DEMO_POPULATION } from '../simulator/population';
import { databases } from '../test/databases';
import { DEMO_PASSWORD, seedDemoIfEmpty } from './demo';

const HOUR = 3_600_000;

describe('the window the desk has not reviewed at the end of the demo history', () => {
  it('starts at 13:00 GMT+08:00 of the last shift begun before the end, whatever the hour', () => {
    for (let hour = 0; hour < 24; hour++) {
      const end = Date.parse('2026-11-22T00:00:00+08:00') + hour * HOUR;
      const since = unreviewedSince(end);
      expect(consoleHour(since)).toBe(13);
      // after 14:00 the day's own requests since 13:00; until then, since 13:00 the day before
      expect((end - since) / HOUR).toBe(hour > 14 ? hour - 13 : hour + 11);
    }
  });
});

describe.each(databases().slice(0, 1))('demo seed: cash-out queues and unpaid orders at any hour ($kind)', (database) => {
  it.each([
    ['23:20', '2026-11-22T15:20:00Z'],
    ['09:20', '2026-11-23T01:20:00Z'],
  ])(
    'seeded at %s GMT+08:00',
    async (_hour, iso) => {
      const NOW = Date.parse(iso);
      const end = Math.floor(NOW / HOUR) * HOUR;
      const since = unreviewedSince(end);
      const config = defaultConfig({ argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, now: () => NOW });
      const opened = await database.open();
      const logs: Record<string, unknown> = {};
      try {
        const db = opened.db;
        expect(
          await seedDemoIfEmpty(db, config, {
            players: 330,
            days: 4,
            seed: DEMO_POPULATION.seed,
            log: (m, d) => {
              logs[m] = d;
            },
          }),
        ).toBe(true);
        console.log(_hour, 'queues', logs['demo cash-out queues'], 'unpaid', logs['demo unpaid recharges']);
        expect(logs['demo seed: refused actions']).toBeUndefined();
        const app = await buildApp({ db, config, batchWorker: false });
        try {
          const login = async (username: string) =>
            JSON.parse((await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: DEMO_PASSWORD } })).body).accessToken as string;
          const get = async (token: string, url: string, query: Record<string, string> = {}) => {
            const res = await app.inject({ method: 'GET', url, query, headers: { 'x-token': token } });
            expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
            return JSON.parse(res.body).data;
          };

          // the review screen as the customer-service leader opens it
          const leader = await login('serviceleader');
          const { counts } = await get(leader, '/api/cashout/summary');
          expect(counts.not_reviewed).toBeGreaterThanOrEqual(3);
          expect(counts.in_review).toBeGreaterThanOrEqual(2);
          expect(counts.undetermined).toBeGreaterThanOrEqual(1);
          const inReview = (await get(leader, '/api/cashout/orders', { status: 'in_review' })).items as {
            claimedBy: string | null;
            approvedBy: string | null;
            needsTwo: boolean;
          }[];
          expect(inReview.every((o) => o.claimedBy !== null)).toBe(true);
          // one approved once waits for its second approver (when a player holds enough for an amount
          // above the four-eyes line, or is under a control that holds cash-outs for two: the full
          // demo has one, this small one may not), the others are claimed and not decided yet
          const firstApprovals = (logs['demo cash-out queues'] as { firstApprovals: number }).firstApprovals;
          expect(inReview.filter((o) => o.approvedBy !== null).length).toBe(firstApprovals);
          expect(inReview.some((o) => o.approvedBy === null)).toBe(true);

          // the seed's queue orders: asked for after the last shift's cut-off, before the end
          const queued = await db
            .selectFrom('cashout_order')
            .select(['order_id', 'status', 'amount', 'fee', 'created_at'])
            .where('request_id', 'like', `${QUEUE_REQUEST_PREFIX}%`)
            .execute();
          expect(queued.length).toBeGreaterThanOrEqual(5);
          for (const o of queued) {
            expect(new Date(o.created_at).getTime()).toBeGreaterThanOrEqual(since);
            expect(new Date(o.created_at).getTime()).toBeLessThan(end);
            expect(['not_reviewed', 'in_review', 'undetermined']).toContain(o.status);
          }
          // the history's own requests since then: the desk's shift has not seen them either
          const natural = await db
            .selectFrom('cashout_order')
            .select('status')
            .where('created_at', '>=', new Date(since))
            .where('request_id', 'not like', `${QUEUE_REQUEST_PREFIX}%`)
            .execute();
          for (const o of natural) expect(o.status).toBe('not_reviewed');
          // each holds amount + fee, taken from withdrawable by the request (the ledger's entries of the order)
          const { rows: held } = await sql<{ ref: string; reason: string; currency: string; delta: string }>`
          SELECT ref, reason, currency, sum(delta) AS delta FROM ledger_entry
          WHERE ref IN (${sql.join(queued.map((o) => o.order_id))}) GROUP BY 1, 2, 3`.execute(db);
          for (const o of queued) {
            const mine = held.filter((h) => h.ref === o.order_id);
            expect(mine.every((h) => h.currency === 'withdrawable')).toBe(true);
            expect(Number(mine.find((h) => h.reason === CASHOUT_REASONS.hold)?.delta)).toBe(-Number(o.amount));
            expect(mine.filter((h) => h.reason === CASHOUT_REASONS.fee).reduce((n, h) => n + Number(h.delta), 0)).toBe(-Number(o.fee));
            expect(mine.some((h) => h.reason === CASHOUT_REASONS.refund)).toBe(false);
          }
          expect((await reconcile(db)).differences).toEqual([]);

          // the partner account: created, unpaid orders of partner 1's players, nothing of another partner
          const partner = await login('partner');
          const created = (await get(partner, '/api/usermanager/createdPaymentLogs')).items as { partner: number; status: string; callbacks: number }[];
          expect(created.length).toBeGreaterThanOrEqual(2);
          for (const o of created) expect(o).toMatchObject({ partner: 1, status: 'created', callbacks: 0 });
          const unpaid = await db
            .selectFrom('recharge_order')
            .select(['partner', (eb) => eb.fn.countAll<string>().as('n')])
            .where('request_id', 'like', `${UNPAID_REQUEST_PREFIX}%`)
            .where('status', '=', 'created')
            .groupBy('partner')
            .orderBy('partner')
            .execute();
          expect(unpaid.map((r) => r.partner)).toEqual([0, 1, 2]);
        } finally {
          await app.close();
        }

        // run again: both steps find their orders and change nothing
        const before = await reconcile(db);
        const orders = async () =>
          Number((await sql<{ n: string }>`SELECT (SELECT count(*) FROM cashout_order) + (SELECT count(*) FROM recharge_order) AS n`.execute(db)).rows[0].n);
        const n = await orders();
        await seedUnpaidRecharges(db, config, DEMO_PASSWORD, end);
        expect((await seedCashoutQueues(db, config, DEMO_PASSWORD, end)).again).toBeGreaterThan(0);
        expect(await orders()).toBe(n);
        expect((await reconcile(db)).entries).toBe(before.entries);
      } finally {
        await opened.close();
      }
    },
    600_000,
  );
});
