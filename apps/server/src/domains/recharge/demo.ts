/**
 * Recharge orders created and never paid, for every partner's players (/usermanager/createdPaymentLogs).
 * In the simulated history an order stays `created` only when its player leaves the payment page
 * (2% of recharges, simulator/payments.ts), and a partner's players recharge a third as often as
 * the platform's own (their club's coin dealers sell them chips): partner 1's few dozen orders of
 * a month left it none most of the time, so the partner account's screen was empty. After the
 * history, a few players of each partner who opened the app in the last three days open the
 * cashier minutes after that login and leave it: the app's order through the signed platform call
 * (POST /api/platform/recharge/orders, the path every order takes) and no callback from the
 * channel. About one player in 50 of each partner (at least 2, at most 8): partner 1 about 4 on
 * the full demo. Deterministic (shares of the uid; request ids `demo-unpaid-<uid>`): run again,
 * every order answers the first.
 */
import { sql } from 'kysely';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { openDemoConsole, share } from '../../seed/demo-console';
import { osOf } from '../../simulator/payments';
import { clamp } from '../../simulator/rng';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
export const UNPAID_REQUEST_PREFIX = 'demo-unpaid-';
/** Products a player leaves the cashier with, by weight (the bigger packs are where people hesitate). */
const PRODUCTS: [productId: string, weight: number][] = [
  ['php100', 35],
  ['php200', 30],
  ['php500', 25],
  ['php1000', 10],
];

export interface UnpaidFigures {
  created: number;
  byPartner: Record<string, number>;
  refused: number;
  why: string[];
}

export async function seedUnpaidRecharges(
  db: Db,
  config: ServerConfig,
  password: string,
  end: number,
  app: { appId: string; secret: string } = { appId: 'demo-app', secret: 'demo-platform-secret' },
): Promise<UnpaidFigures> {
  const figures: UnpaidFigures = { created: 0, byPartner: {}, refused: 0, why: [] };
  // players who opened the app in the last three days: active, not a coin dealer, not blocked
  const { rows } = await sql<{ uid: number; partner: number; package: string; last: Date; players: string }>`
    SELECT p.uid, p.partner, p.register_package AS package, p.last_login_at AS last,
      (SELECT count(*) FROM player q WHERE q.partner = p.partner) AS players
    FROM player p
    WHERE p.status = 'active' AND p.last_login_at >= ${new Date(end - 3 * DAY)} AND p.last_login_at < ${new Date(end - MINUTE)}
      AND NOT EXISTS (SELECT 1 FROM coin_dealer d WHERE d.uid = p.uid)
      AND NOT EXISTS (SELECT 1 FROM ban x WHERE x.active AND ((x.kind = 'account' AND x.value = p.uid::text)
        OR (x.kind = 'device' AND x.value = p.login_device) OR (x.kind = 'ip' AND x.value = p.login_ip)))
    ORDER BY p.uid`.execute(db);
  // what each open channel sells to which package
  const offers = await sql<{ channel: string; package: string; product: string }>`
    SELECT c.channel, k.package, p.product_id AS product FROM recharge_channel c
    JOIN recharge_channel_package k ON k.channel = c.channel JOIN recharge_channel_product p ON p.channel = c.channel
    WHERE c.status = 'open' AND NOT c.paid_only`.execute(db);
  const sells = new Set(offers.rows.map((o) => `${o.channel}|${o.package}|${o.product}`));

  const byPartner = new Map<number, typeof rows>();
  for (const r of rows) byPartner.set(r.partner, [...(byPartner.get(r.partner) ?? []), r]);
  const plan: { at: number; partner: number; body: { requestId: string; uid: number; productId: string; channel: string; price: number; os: string } }[] = [];
  for (const [partner, players] of [...byPartner].sort(([a], [b]) => a - b)) {
    const wanted = clamp(Math.round(Number(players[0].players) / 50), 2, 8);
    const chosen = [...players].sort((a, b) => share(a.uid, 41) - share(b.uid, 41) || a.uid - b.uid);
    let n = 0;
    for (const r of chosen) {
      if (n >= wanted) break;
      let pick = share(r.uid, 42);
      const productId = PRODUCTS.find(([, w]) => (pick -= w) < 0)?.[0] ?? 'php100';
      // GCash mostly, Maya for some where it serves the app
      const channel = [share(r.uid, 43) < 30 ? 'maya' : 'gcash', 'gcash'].find((c) => sells.has(`${c}|${r.package}|${productId}`));
      if (!channel) continue;
      const at = Math.min(new Date(r.last).getTime() + (1 + (share(r.uid, 44) % 5)) * MINUTE + share(r.uid, 45) * SECOND, end - 30 * SECOND);
      plan.push({
        at,
        partner,
        body: { requestId: `${UNPAID_REQUEST_PREFIX}${r.uid}`, uid: r.uid, productId, channel, price: Number(productId.slice(3)) * 100, os: osOf(r.uid) },
      });
      n += 1;
    }
  }
  if (plan.length === 0) return figures;
  const con = await openDemoConsole(db, config, password, app);
  try {
    for (const { at, partner, body } of plan.sort((a, b) => a.at - b.at || a.body.uid - b.body.uid)) {
      con.at(at);
      // the cashier's order; the player leaves the payment page, so the channel never calls back
      const order = await con.app('POST', '/api/platform/recharge/orders', body);
      if (order.status === 200) {
        figures.created += 1;
        figures.byPartner[partner] = (figures.byPartner[partner] ?? 0) + 1;
      } else {
        figures.refused += 1;
        figures.why.push(`${body.uid}: ${order.status} ${String(order.body.message ?? '')}`.slice(0, 200));
      }
    }
  } finally {
    await con.close();
  }
  return figures;
}
