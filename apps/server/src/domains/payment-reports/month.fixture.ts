/**
 * A month of raw activity for the report tests, random but seeded: registrations and logins
 * through the platform events API (so player_active_day is kept as in production), house
 * money and play through the ledger service, and recharge and cash-out orders written as their
 * services write them (created, then moved state by state by UPDATEs as the server's role, so
 * the triggers of migration 019 see every transition, repeats and no-op updates included).
 * Partners: uid % 3 === 0 → partner 1, uid % 7 === 0 → partner 2, else 0.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { TestApp } from '../../test/harness';
import { platformClient } from '../../test/platform';
import { post } from '../ledger/ledger';

const S = 1000;
const H = 3_600 * S;
const DAY = 24 * H;

/** Deterministic random numbers (mulberry32). */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}

export const partnerOf = (uid: number) => (uid % 3 === 0 ? 1 : uid % 7 === 0 ? 2 : 0);
const hex = (n: number, salt: string) => (salt + n.toString(16)).padStart(32, '0').slice(-32);

interface Step {
  at: number;
  run: () => Promise<unknown>;
}

/** Seeds `players` players over the 34 days before the test clock; returns the uids. */
export async function seedMonth(t: TestApp, options: { players?: number; seed?: number } = {}): Promise<number[]> {
  const rng = seeded(options.seed ?? 7);
  const db: Db = t.database.db;
  const now = t.clock.now;
  const start = now - 34 * DAY;
  const client = await platformClient(t);
  const uids = Array.from({ length: options.players ?? 60 }, (_, i) => 1001 + i);
  const registered = new Map<number, number>();
  await sql`INSERT INTO cashout_channel (channel, name, status, min_amount, max_amount) VALUES ('gcash', 'GCash', 'open', 100, 100000000), ('bank', 'Bank', 'open', 100, 100000000)
    ON CONFLICT (channel) DO NOTHING`.execute(db);

  // registrations first (in time order), then everything else in time order
  for (const uid of uids) registered.set(uid, start + rng.int(0, 33 * DAY));
  for (const uid of [...uids].sort((a, b) => registered.get(a)! - registered.get(b)!)) {
    const at = new Date(registered.get(uid)!).toISOString();
    const r = await client.event(
      'player.registered',
      { uid, name: `M${uid}`, ip: `10.1.0.${uid % 250}`, deviceId: `m-${uid}`, package: 'com.demo', partner: partnerOf(uid) },
      { at },
    );
    if (r.status !== 'applied') throw new Error(JSON.stringify(r));
  }

  const steps: Step[] = [];
  const later = (from: number, max: number) => Math.min(now - S, from + rng.int(1, max));
  const move = (uid: number, reason: string, delta: number, at: number, currency: 'chip' | 'bean' | 'bonus' | 'withdrawable' = 'chip') =>
    steps.push({
      at,
      run: () =>
        post(db, { uid, currency, delta, reason, actor: reason.startsWith('staff') ? 'staff:admin' : 'app:demo-app', at: new Date(at) }).catch(() => undefined),
    });

  let order = 0;
  for (const uid of uids) {
    const reg = registered.get(uid)!;
    move(uid, 'bonus.register', 1_000, reg + S);
    for (let i = rng.int(0, 12); i > 0; i--) {
      const at = later(reg, now - reg);
      steps.push({
        at,
        run: () =>
          client.event(
            'player.login',
            { uid, ip: `10.1.0.${uid % 250}`, deviceId: `m-${uid}`, durationSeconds: rng.int(30, 3_000) },
            { at: new Date(at).toISOString() },
          ),
      });
      move(uid, 'game.bet', -rng.int(1, 500), at + S);
      if (rng.chance(0.4)) move(uid, 'game.win', rng.int(1, 900), at + 2 * S);
      if (rng.chance(0.1)) move(uid, 'activity.relief', 2_000, at + 3 * S);
      if (rng.chance(0.15)) move(uid, 'activity.onlinesign', rng.int(5, 50), at + 4 * S, 'bean');
      if (rng.chance(0.1)) move(uid, 'promo.deposit', rng.int(100, 5_000), at + 5 * S, 'bonus');
      if (rng.chance(0.05)) move(uid, 'bonus.expire', -rng.int(1, 100), at + 6 * S, 'bonus');
    }
    if (rng.chance(0.2)) move(uid, 'staff.add', rng.int(100, 50_000), later(reg, now - reg));
    if (rng.chance(0.15)) move(uid, 'staff.reduce', -rng.int(1, 300), later(reg, now - reg));
    if (rng.chance(0.2)) move(uid, 'batch.chip', rng.int(1_000, 10_000), later(reg, now - reg));
    if (rng.chance(0.1)) move(uid, 'batch.cash', rng.int(1_000, 10_000), later(reg, now - reg), 'withdrawable');
    if (rng.chance(0.1)) move(uid, 'staff.toSafe', -1, later(reg, now - reg));

    // recharges of the payers
    if (!rng.chance(0.35)) continue;
    for (let i = rng.int(1, 6); i > 0; i--) {
      const n = ++order;
      const created = later(reg, now - reg);
      const price = rng.pick([5_000, 10_000, 20_000, 50_000, 100_000, 500_000]);
      const row = { orderId: hex(n, 'a'), channel: rng.pick(['gcash', 'maya', 'card']), os: rng.pick(['android', 'ios', 'web']) };
      steps.push({
        at: created,
        run: () =>
          sql`INSERT INTO recharge_order (order_id, app_id, request_id, uid, partner, product_id, channel, os, price, product_chips, created_at)
        VALUES (${row.orderId}, 'demo-app', ${`r${n}`}, ${uid}, ${partnerOf(uid)}, ${`p${price}`}, ${row.channel}, ${row.os}, ${price}, ${price}, ${new Date(created)})`.execute(
            db,
          ),
      });
      const cb = later(created, 900 * S);
      const set = (at: number, assignments: ReturnType<typeof sql>) =>
        steps.push({ at, run: () => sql`UPDATE recharge_order SET ${assignments}, callbacks = callbacks + 1 WHERE order_id = ${row.orderId}`.execute(db) });
      const fate = rng.next();
      if (fate < 0.65) {
        set(
          cb,
          sql`status = 'paid', paid_at = ${new Date(cb)}, callback_at = ${new Date(cb)}, paid_amount = price, chips = product_chips, bonus_chips = ${rng.chance(0.3) ? 500 : 0}`,
        );
        // a repeated callback: nothing changes but the count
        if (rng.chance(0.3)) set(later(cb, 60 * S), sql`callback_at = callback_at`);
        if (rng.chance(0.05)) set(later(cb, 600 * S), sql`flag = 'failedAfterPaid'`);
      } else if (fate < 0.78) {
        set(cb, sql`status = 'failed', callback_at = ${new Date(cb)}`);
      } else if (fate < 0.86) {
        set(cb, sql`status = 'held', held_reason = 'amount', callback_at = ${new Date(cb)}, paid_amount = price - 1000`);
        const decided = later(cb, 2 * DAY);
        if (rng.chance(0.6))
          set(
            decided,
            sql`status = 'paid', paid_at = ${new Date(decided)}, chips = product_chips, resolution = 'credited', resolved_by = 'finance', resolved_at = ${new Date(decided)}`,
          );
        else set(decided, sql`status = 'failed', resolution = 'refused', resolved_by = 'finance', resolved_at = ${new Date(decided)}`);
      }
      // else: never paid (stays created)
    }

    // cash-outs of some payers
    for (let i = rng.chance(0.5) ? rng.int(1, 3) : 0; i > 0; i--) {
      const n = ++order;
      const created = later(reg, now - reg);
      const amount = rng.int(10_000, 500_000);
      const id = hex(n, 'c');
      steps.push({
        at: created,
        run: () =>
          sql`INSERT INTO cashout_order (order_id, app_id, request_id, uid, partner, channel, amount, fee, account, created_at, updated_at)
        VALUES (${id}, 'demo-app', ${`c${n}`}, ${uid}, ${partnerOf(uid)}, ${rng.pick(['gcash', 'bank'])}, ${amount}, ${Math.ceil(amount / 100)}, '09171234567', ${new Date(created)}, ${new Date(created)})`.execute(
            db,
          ),
      });
      const path = rng.pick([
        ['in_review', 'approved', 'succeed'],
        ['in_review', 'approved', 'succeed'],
        ['in_review', 'approved', 'fail'],
        ['denied'],
        ['in_review', 'denied'],
        ['in_review', 'approved', 'undetermined', 'set_success'],
        ['in_review', 'approved', 'undetermined', 'fail'],
        ['in_review'],
        [],
        ['in_review', 'approved'],
      ]);
      let at = created;
      for (const status of path) {
        at = later(at, 6 * H);
        const when = new Date(at);
        const settles = ['succeed', 'fail', 'set_success', 'denied'].includes(status);
        steps.push({
          at,
          run: () =>
            sql`UPDATE cashout_order SET status = ${status}, updated_at = ${when},
          finished_at = ${settles && status !== 'denied' && status !== 'set_success' ? when : null}, resolved_at = ${status === 'denied' || status === 'set_success' ? when : null}
          WHERE order_id = ${id}`.execute(db),
        });
      }
      // a late provider answer after settlement: no status change
      if (path.at(-1) === 'fail' && rng.chance(0.5))
        steps.push({
          at: later(at, H),
          run: () => sql`UPDATE cashout_order SET late_outcome = 'success', late_at = ${new Date(later(at, H))} WHERE order_id = ${id}`.execute(db),
        });
    }
  }
  steps.sort((a, b) => a.at - b.at);
  for (const step of steps) await step.run();
  return uids;
}
