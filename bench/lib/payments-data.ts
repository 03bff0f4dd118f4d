/**
 * Bulk payments data for the payments benchmark (bench/payments.ts), written straight into
 * PostgreSQL by SQL (generate_series and INSERT … SELECT; the platform API is measured
 * separately). `events` money events over the 120 days before `now`:
 *   70% wallet game entries (a bet and its win, game.* reasons, as the wallet posts them),
 *   25% recharge orders (90% paid, 4% failed, 5% created and never paid, 1% held),
 *    5% cash-out orders in every state (the last day's mostly in the review queues).
 * Players: events / 10, registered over the first 100 days; 10% of them pay.
 *
 * Consistent with the ledger by construction (reconcile() finds nothing):
 *   - every player starts with a 1,000-chip sign-up bonus (bonus.register);
 *   - a game round is a bet of 100–500 and a win of the stake ± 50, alternately +50 and −50
 *     in the player's round order, so games never take a player more than 500 below the bonus;
 *   - a paid recharge credits its chips (and the first-recharge bonus on the player's first
 *     paid order) at paid_at, with the callback's keys `recharge:<orderId>[:bonus]`;
 *   - a cash-out is made from one paid recharge of php200 or more (each used once), after it:
 *     the chips are redeemed into withdrawable (cashable.redeem, as the simulator does), the
 *     order holds amount + fee (cashout.hold, cashout.fee) and a denial or failure returns both
 *     (cashout.refund). Amount + fee ≤ 90% + 2% of that recharge's chips, so no balance is
 *     ever below zero; entries carry running balances in id order, balances are their sums.
 * Consistent with the report roll-ups of migration 019: their triggers are switched off during
 * the load and the roll-ups rebuilt afterwards by the migration's own catch-up statements (the
 * part after "What is already there"), then a few cells are compared with the raw rows.
 * Also filled as their writers would: recharge_first_paid, cash-out transitions (requested
 * and the order's last step), player_day_game and net_win (the wallet's), logins and
 * player_active_day (a login on each day a player played or paid).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { checkRollups, type RollupCheck } from './payments-checks.ts';

export interface PaymentDataOptions {
  events: number;
  /** The end of the generated history (default: now). */
  now?: Date;
  /** uid = uidBase + 1 … uidBase + players (default 10 000 000, clear of the demo seed's players). */
  uidBase?: number;
  appId?: string;
  /** Orders above it carry a second approval (the four-eyes amount of cashout_rules). */
  fourEyesAmount?: number;
  log?: (line: string) => void;
}

export interface PaymentDataShape {
  players: number;
  payers: number;
  gameRounds: number;
  rechargeOrders: number;
  cashoutOrders: number;
  ledgerEntries: number;
  seconds: number;
  rollupCheck: RollupCheck;
}

/** The split of `events` (rounded so that every player pays or plays in whole numbers). */
export function paymentShape(events: number) {
  const players = Math.max(100, Math.round(events / 10 / 100) * 100);
  const gameRounds = Math.floor((events * 0.7) / 2);
  const rechargeOrders = Math.round(events * 0.25);
  const cashoutOrders = Math.max(0, events - gameRounds * 2 - rechargeOrders);
  return { players, payers: players / 10, gameRounds, rechargeOrders, cashoutOrders };
}

const REPORT_TRIGGERS: [table: string, trigger: string][] = [
  ['ledger_entry', 'ledger_entry_house_money'],
  ['recharge_order', 'recharge_order_report_insert'],
  ['recharge_order', 'recharge_order_report_update'],
  ['cashout_order', 'cashout_order_report_insert'],
  ['cashout_order', 'cashout_order_report_update'],
  // migration 021's feeders (the day set's own trigger stays on: the catch-up counts spans through it)
  ['player_active_day', 'player_active_day_span'],
  ['report_payer_day', 'report_payer_day_span'],
  ['player', 'player_register_report'],
];
const ROLLUPS = [
  'report_recharge_day',
  'report_payer_day',
  'report_first_payer',
  'report_cashout_day',
  'report_house_money_day',
  'report_span_day',
  'report_player_day_set',
  'report_register_day',
];

/** The statements of migrations 019 and 021 that fill the roll-ups from existing rows (one place says how). */
function rollupRebuildSql(): string {
  return ['019_payment_reports.sql', '021_report_spans.sql']
    .map((file) => {
      const text = readFileSync(new URL(`../../apps/server/src/migrations/${file}`, import.meta.url), 'utf8');
      const at = text.indexOf('-- What is already there');
      if (at < 0) throw new Error(`migration ${file} no longer has its "What is already there" catch-up: rebuild the roll-ups another way`);
      return text.slice(at);
    })
    .join('\n');
}

export async function generatePaymentData(url: string, o: PaymentDataOptions): Promise<PaymentDataShape> {
  const { players, payers, gameRounds, rechargeOrders, cashoutOrders } = paymentShape(o.events);
  const base = o.uidBase ?? 10_000_000;
  const app = o.appId ?? 'demo-app';
  const log = o.log ?? console.log;
  const T = `'${(o.now ?? new Date()).toISOString()}'::timestamptz`;
  const T0 = `(${T} - interval '120 days')`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  const step = async (label: string, text: string) => {
    const t0 = performance.now();
    await client.query(text);
    log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  const mine = (alias = '') => `${alias}uid BETWEEN ${base + 1} AND ${base + players}`;
  // Knuth's multiplicative hash of a row number, mod 2^32: its decimal digit groups pick the
  // product, status, os … independently enough, and the same rows come out on every run.
  const hash = (n: string) => `((${n})::bigint * 2654435761 % 4294967296)`;
  try {
    await client.query('SET synchronous_commit = off');
    await client.query("SET maintenance_work_mem = '512MB'");
    await client.query("SET work_mem = '256MB'");
    const products = Number(
      (await client.query("SELECT count(*) AS n FROM recharge_product WHERE product_id IN ('php50','php100','php200','php500','php1000','php5000')")).rows[0].n,
    );
    if (products !== 6) throw new Error('the demo payment configuration (seedPaymentConfig) must be in the database first');
    for (const [table, trigger] of REPORT_TRIGGERS) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);

    await step(
      `${players} players`,
      `
      INSERT INTO player (uid, name, register_ip, register_device, register_package, registered_at, login_ip, login_device,
        last_login_at, login_count, vip, gcash, partner, app_id)
      SELECT ${base} + g, 'Player ' || g, ip, 'dev-' || g,
        CASE g % 10 WHEN 8 THEN 'com.demo.partner1' WHEN 9 THEN 'com.demo.partner2' ELSE CASE WHEN g % 7 = 0 THEN 'com.demo.lite' ELSE 'com.demo' END END,
        reg, ip, 'dev-' || g, reg, 1, CASE WHEN g % 100 BETWEEN 1 AND 10 THEN 1 + g % 5 ELSE 0 END,
        CASE WHEN g % 100 BETWEEN 1 AND 10 THEN '09' || lpad((g * 104729 % 1000000000)::text, 9, '0') ELSE '' END,
        CASE g % 10 WHEN 8 THEN 1 WHEN 9 THEN 2 ELSE 0 END, '${app}'
      FROM generate_series(1::bigint, ${players}::bigint) AS g
      CROSS JOIN LATERAL (SELECT '10.' || (g / 65536 % 256) || '.' || (g / 256 % 256) || '.' || (g % 256) AS ip,
        ${T0} + (g * 7919 % (100 * 86400)) * interval '1 second' AS reg) x;
      INSERT INTO player_device (device_id, uid, first_at, last_at) SELECT register_device, uid, registered_at, registered_at FROM player WHERE ${mine()};
      INSERT INTO player_ip (ip, uid, first_at, last_at) SELECT register_ip, uid, registered_at, registered_at FROM player WHERE ${mine()}`,
    );

    // every money movement first goes here; the ledger is written from it in one ordered pass
    await client.query(`DROP TABLE IF EXISTS bench_move; CREATE UNLOGGED TABLE bench_move (
      sid bigint GENERATED ALWAYS AS IDENTITY, uid integer NOT NULL, partner integer NOT NULL, currency text NOT NULL, delta bigint NOT NULL,
      reason text NOT NULL, ref text NOT NULL, actor text NOT NULL, idem_key text, at timestamptz NOT NULL)`);
    await step(
      'sign-up bonuses',
      `
      INSERT INTO bench_move (uid, partner, currency, delta, reason, ref, actor, idem_key, at)
      SELECT uid, partner, 'chip', 1000, 'bonus.register', 'register', 'system:register', 'bonus.register:' || uid, registered_at FROM player WHERE ${mine()}`,
    );

    // a payer is a player whose g % 100 is 1 … 10; payer index i ↔ g = (i / 10) * 100 + i % 10 + 1
    const perPayer = Math.ceil(rechargeOrders / payers);
    await step(
      `${rechargeOrders} recharge orders`,
      `
      INSERT INTO recharge_order (order_id, app_id, request_id, uid, partner, product_id, channel, os, price, product_chips, product_bonus,
        status, channel_order_id, paid_amount, chips, bonus_chips, created_at, paid_at, callback_at, callbacks, held_reason)
      SELECT md5('bench-recharge-' || i), '${app}', 'bench-r-' || i, uid, partner, product_id, channel, os, price, product_chips, first_bonus,
        status, CASE WHEN status <> 'created' THEN 'CH' || i END,
        CASE status WHEN 'paid' THEN price WHEN 'held' THEN price - 100 END,
        CASE WHEN status = 'paid' THEN product_chips ELSE 0 END,
        CASE WHEN status = 'paid' AND row_number() OVER (PARTITION BY uid, status = 'paid' ORDER BY k) = 1 THEN first_bonus ELSE 0 END,
        created, CASE WHEN status = 'paid' THEN created + (20 + x % 900) * interval '1 second' END,
        CASE WHEN status <> 'created' THEN created + (20 + x % 900) * interval '1 second' END,
        CASE WHEN status <> 'created' THEN 1 ELSE 0 END, CASE WHEN status = 'held' THEN 'amount' END
      FROM (
        SELECT i, k, x, p.uid, p.partner, pr.product_id, pr.price, pr.chips AS product_chips, pr.first_bonus, c.channel,
          CASE WHEN x / 10 % 10 < 7 THEN 'android' WHEN x / 10 % 10 < 9 THEN 'ios' ELSE 'web' END AS os,
          CASE WHEN x % 1000 < 900 THEN 'paid' WHEN x % 1000 < 940 THEN 'failed' WHEN x % 1000 < 990 THEN 'created' ELSE 'held' END AS status,
          p.registered_at + ((${T} - interval '2 hours') - p.registered_at) * ((k + 0.1 + 0.8 * (x % 1000) / 1000.0) / ${perPayer}) AS created
        FROM generate_series(0::bigint, ${rechargeOrders - 1}::bigint) AS i
        CROSS JOIN LATERAL (SELECT i % ${payers} AS idx, i / ${payers} AS k, ${hash('i')} AS x) a
        JOIN player p ON p.uid = ${base} + (idx / 10) * 100 + idx % 10 + 1
        CROSS JOIN LATERAL (SELECT p.register_package IN ('com.demo', 'com.demo.partner1') AS maya_ok, x / 1000 % 100 AS w) m
        -- packs weighted 10/35/25/18/9/3% (docs/domain.md); ₱50 only where Maya serves the package (GCash starts at ₱100)
        CROSS JOIN LATERAL (SELECT CASE WHEN w < 10 THEN CASE WHEN maya_ok THEN 'php50' ELSE 'php100' END WHEN w < 45 THEN 'php100'
          WHEN w < 70 THEN 'php200' WHEN w < 88 THEN 'php500' WHEN w < 97 THEN 'php1000' ELSE 'php5000' END AS product) q
        JOIN recharge_product pr ON pr.product_id = q.product
        -- online banking (₱500 up, paid-only: never a first order) and Maya where the package is served; GCash otherwise
        CROSS JOIN LATERAL (SELECT CASE WHEN k > 0 AND w >= 70 AND p.register_package IN ('com.demo', 'com.demo.partner2') AND x / 100000 % 10 = 0 THEN 'onlinebank'
          WHEN maya_ok AND (x / 100000 % 10 < 4 OR q.product = 'php50') THEN 'maya' ELSE 'gcash' END AS channel) c
      ) o
      ORDER BY created`,
    );
    await step(
      'first paid orders and recharge credits',
      `
      INSERT INTO recharge_first_paid (uid, order_id, at) SELECT uid, order_id, paid_at FROM recharge_order WHERE bonus_chips > 0;
      INSERT INTO bench_move (uid, partner, currency, delta, reason, ref, actor, idem_key, at)
      SELECT uid, partner, 'chip', m.delta, m.reason, order_id, 'app:${app}', m.key, paid_at
      FROM recharge_order CROSS JOIN LATERAL (VALUES (1, chips, 'recharge', 'recharge:' || order_id), (2, bonus_chips, 'recharge.bonus', 'recharge:' || order_id || ':bonus')) AS m(leg, delta, reason, key)
      WHERE status = 'paid' AND m.delta > 0 ORDER BY id, m.leg`,
    );

    const fourEyes = o.fourEyesAmount ?? 1_000_000;
    await step(
      `${cashoutOrders} cash-out orders`,
      `
      INSERT INTO cashout_order (order_id, app_id, request_id, uid, partner, channel, amount, fee, account, remarks, status, created_at,
        claimed_by, claimed_at, approved_by, approved_at, second_approved_by, second_approved_at, resolved_by, resolved_at,
        provider, payout_started_at, provider_ref, attempts, finished_at, updated_at)
      SELECT order_id, '${app}', 'bench-c-' || rid, uid, partner, channel, amount, fee, account,
        CASE status WHEN 'denied' THEN 'Account name does not match the registered player' WHEN 'set_success' THEN 'Paid: confirmed with the provider' ELSE '' END,
        status, created,
        CASE WHEN status <> 'not_reviewed' THEN 'service' END, CASE WHEN status <> 'not_reviewed' THEN claimed END,
        CASE WHEN approved THEN 'serviceleader' END, CASE WHEN approved THEN approved_at END,
        CASE WHEN approved AND amount > ${fourEyes} THEN 'secadmin' END, CASE WHEN approved AND amount > ${fourEyes} THEN approved_at END,
        CASE status WHEN 'denied' THEN 'serviceleader' WHEN 'set_success' THEN 'secadmin' END,
        CASE WHEN status IN ('denied', 'set_success') THEN settled END,
        CASE WHEN approved THEN channel END, CASE WHEN approved THEN approved_at END,
        CASE WHEN status = 'succeed' THEN 'PAY-' || rid END, CASE WHEN approved THEN 1 ELSE 0 END,
        CASE WHEN status IN ('succeed', 'fail') THEN settled END,
        CASE WHEN status IN ('succeed', 'fail', 'denied', 'set_success') THEN settled WHEN approved THEN approved_at
          WHEN status = 'in_review' THEN claimed ELSE created END
      FROM (
        SELECT s.*, status IN ('approved', 'succeed', 'fail', 'undetermined', 'set_success') AS approved,
          created + (settled - created) / 4 AS claimed, created + (settled - created) / 2 AS approved_at
        FROM (
          SELECT r.*, md5('bench-cashout-' || r.rid) AS order_id, ch.channel, (amount * ch.pct + 9999) / 10000 AS fee,
            CASE WHEN ch.channel = 'bank' THEN 'BDO ' || lpad((r.uid * 31 % 1000000000)::text, 10, '0') ELSE r.gcash END AS account,
            CASE WHEN ${T} - created < interval '1 day' THEN
              CASE WHEN x / 1000000 % 100 < 55 THEN 'not_reviewed' WHEN x / 1000000 % 100 < 70 THEN 'in_review' WHEN x / 1000000 % 100 < 78 THEN 'approved'
                WHEN x / 1000000 % 100 < 82 THEN 'undetermined' WHEN x / 1000000 % 100 < 92 THEN 'succeed' WHEN x / 1000000 % 100 < 96 THEN 'denied'
                WHEN x / 1000000 % 100 < 98 THEN 'fail' ELSE 'set_success' END
            ELSE
              CASE WHEN x / 1000000 % 1000 < 850 THEN 'succeed' WHEN x / 1000000 % 1000 < 920 THEN 'denied' WHEN x / 1000000 % 1000 < 970 THEN 'fail'
                WHEN x / 1000000 % 1000 < 990 THEN 'set_success' WHEN x / 1000000 % 1000 < 995 THEN 'undetermined' ELSE 'in_review' END
            END AS status,
            created + least((10 + x / 100 % 600) * interval '1 minute', (${T} - created) / 2) AS settled
          FROM (
            SELECT r.id AS rid, r.uid, r.partner, p.gcash, x,
              -- 50–90% of the recharge's chips (1 chip = 1 centavo), whole pesos
              (r.product_chips * (50 + x % 41) / 100) / 100 * 100 AS amount,
              r.paid_at + least((1 + x / 10000 % 47) * interval '1 hour', (${T} - r.paid_at) / 2) AS created
            FROM (SELECT id, uid, partner, product_chips, paid_at FROM recharge_order
                  WHERE status = 'paid' AND price >= 20000 AND request_id LIKE 'bench-r-%' ORDER BY md5(order_id) LIMIT ${cashoutOrders}) r
            JOIN player p ON p.uid = r.uid
            CROSS JOIN LATERAL (SELECT ${hash('r.id')} AS x) h
          ) r
          CROSS JOIN LATERAL (SELECT CASE WHEN amount >= 50000 AND x / 100 % 100 < 15 THEN 'bank' WHEN x / 100 % 100 < 40 THEN 'maya' ELSE 'gcash' END AS channel) c
          CROSS JOIN LATERAL (SELECT c.channel, CASE c.channel WHEN 'bank' THEN 0 WHEN 'maya' THEN 150 ELSE 200 END AS pct) ch
        ) s
      ) o
      ORDER BY o.created`,
    );
    await step(
      'cash-out transitions and money',
      `
      INSERT INTO cashout_transition (order_id, at, actor, from_status, to_status, reason)
      SELECT id, t.at, t.actor, t.from_status, t.to_status, t.reason FROM cashout_order
      CROSS JOIN LATERAL (VALUES (1, created_at, 'app:${app}', NULL, 'not_reviewed', 'requested'),
        (2, updated_at, CASE status WHEN 'in_review' THEN 'staff:service' WHEN 'denied' THEN 'staff:serviceleader' WHEN 'set_success' THEN 'staff:secadmin'
          WHEN 'approved' THEN 'staff:serviceleader' ELSE 'system:payout' END,
          CASE status WHEN 'in_review' THEN 'not_reviewed' WHEN 'approved' THEN 'in_review' WHEN 'denied' THEN 'in_review' WHEN 'set_success' THEN 'undetermined' ELSE 'approved' END,
          status, CASE status WHEN 'denied' THEN remarks WHEN 'undetermined' THEN 'provider timeout' ELSE status END)) AS t(leg, at, actor, from_status, to_status, reason)
      WHERE request_id LIKE 'bench-c-%' AND (t.leg = 1 OR status <> 'not_reviewed')
      ORDER BY t.at, id, t.leg;
      INSERT INTO bench_move (uid, partner, currency, delta, reason, ref, actor, idem_key, at)
      SELECT uid, partner, m.currency, m.delta, m.reason, m.ref, m.actor, m.key, m.at FROM cashout_order
      CROSS JOIN LATERAL (VALUES
        (1, 'chip', -(amount + fee), 'cashable.redeem', 'redeem:' || order_id, 'app:${app}', NULL, created_at),
        (2, 'withdrawable', amount + fee, 'cashable.redeem', 'redeem:' || order_id, 'app:${app}', NULL, created_at),
        (3, 'withdrawable', -amount, 'cashout.hold', order_id, 'app:${app}', 'cashout:' || order_id || ':hold', created_at),
        (4, 'withdrawable', -fee, 'cashout.fee', order_id, 'app:${app}', 'cashout:' || order_id || ':fee', created_at),
        (5, 'withdrawable', CASE WHEN status IN ('denied', 'fail') THEN amount + fee ELSE 0 END, 'cashout.refund', order_id,
          CASE WHEN status = 'denied' THEN 'staff:serviceleader' ELSE 'system:payout' END, 'cashout:' || order_id || ':refund', coalesce(finished_at, resolved_at))
      ) AS m(leg, currency, delta, reason, ref, actor, key, at)
      WHERE request_id LIKE 'bench-c-%' AND m.delta <> 0 ORDER BY id, m.leg`,
    );

    // rounds of player idx are k = 0, 1, 2 …, five to a playing day, days spread over the
    // player's life; the bet at the round's time, the win 30 seconds later
    const rounds = Math.ceil(gameRounds / players);
    const days = Math.ceil(rounds / 5);
    await step(
      `${gameRounds * 2} wallet game entries`,
      `
      INSERT INTO bench_move (uid, partner, currency, delta, reason, ref, actor, idem_key, at)
      SELECT p.uid, p.partner, 'chip', leg.delta, 'game.' || (ARRAY['slots', 'colorgame', 'hilo', 'rocket'])[1 + (a.x / 1000 % 4)::int],
        'bench-g-' || i, 'app:${app}', NULL,
        p.registered_at + ((${T} - interval '2 hours') - p.registered_at) * ((a.k / 5 + 0.5) / ${days}) + (a.k % 5) * interval '3 minutes'
          + (p.uid % 3600) * interval '1 second' + leg.off
      FROM generate_series(0::bigint, ${gameRounds - 1}::bigint) AS i
      CROSS JOIN LATERAL (SELECT i % ${players} AS idx, i / ${players} AS k, ${hash('i')} AS x) a
      JOIN player p ON p.uid = ${base} + 1 + a.idx
      CROSS JOIN LATERAL (SELECT 100 + a.x % 401 AS stake) s
      CROSS JOIN LATERAL (VALUES (interval '0', -s.stake), (interval '30 seconds', CASE WHEN a.k % 2 = 0 THEN s.stake + 50 ELSE s.stake - 50 END)) AS leg(off, delta)
      ORDER BY i, leg.off`,
    );

    const entries = Number((await client.query('SELECT count(*) AS n FROM bench_move')).rows[0].n);
    await step(
      `${entries} ledger entries`,
      `
      INSERT INTO ledger_entry (at, uid, partner, currency, delta, balance_after, reason, ref, actor, idem_key)
      SELECT at, uid, partner, currency, delta, sum(delta) OVER (PARTITION BY uid, currency ORDER BY at, sid), reason, ref, actor, idem_key
      FROM bench_move ORDER BY at, sid`,
    );
    // the ledger's keys live in ledger_key, unique across months (decision 056)
    await step('ledger keys', `INSERT INTO ledger_key (key, entry_id, at) SELECT idem_key, id, at FROM ledger_entry WHERE idem_key IS NOT NULL`);
    await step(
      'balances',
      `
      INSERT INTO player_balance (uid, partner, chip, withdrawable)
      SELECT uid, min(partner), coalesce(sum(delta) FILTER (WHERE currency = 'chip'), 0), coalesce(sum(delta) FILTER (WHERE currency = 'withdrawable'), 0)
      FROM bench_move GROUP BY uid`,
    );
    // the wallet's own roll-up of games (migration 014: wallet_game), and net win
    await step(
      'game day roll-up and net win',
      `
      INSERT INTO player_day_game (day, uid, partner, bets, wins, bet_count)
      SELECT report_day(at), uid, min(partner), coalesce(sum(-delta) FILTER (WHERE delta < 0), 0), coalesce(sum(delta) FILTER (WHERE delta > 0), 0), count(*) FILTER (WHERE delta < 0)
      FROM bench_move WHERE reason LIKE 'game.%' GROUP BY 1, 2;
      UPDATE player p SET net_win = g.net FROM (SELECT uid, sum(delta) AS net FROM bench_move WHERE reason LIKE 'game.%' GROUP BY uid) g WHERE p.uid = g.uid`,
    );
    await step(
      'logins and daily actives',
      `
      INSERT INTO player_login (uid, partner, at, ip, device_id, duration_seconds)
      SELECT d.uid, d.partner, d.first_at - interval '1 minute', p.register_ip, p.register_device, 300 + d.uid % 1500
      FROM (SELECT uid, min(partner) AS partner, report_day(at) AS day, min(at) AS first_at FROM bench_move WHERE actor = 'app:${app}' GROUP BY uid, 3) d
      JOIN player p ON p.uid = d.uid ORDER BY 3;
      INSERT INTO player_active_day (day, uid, partner, logins, seconds, timed)
      SELECT report_day(at), uid, min(partner), count(*), sum(duration_seconds), count(duration_seconds) FROM player_login WHERE ${mine()} GROUP BY 1, 2;
      UPDATE player p SET last_login_at = l.last_at, login_count = l.n, login_ip = p.register_ip, login_device = p.register_device
      FROM (SELECT uid, max(at) AS last_at, count(*) AS n FROM player_login WHERE ${mine()} GROUP BY uid) l WHERE p.uid = l.uid`,
    );
    await client.query('DROP TABLE bench_move');

    await step('report roll-ups (migrations 019 and 021 catch-up)', `DELETE FROM ${ROLLUPS.join('; DELETE FROM ')}; ${rollupRebuildSql()}`);
    for (const [table, trigger] of REPORT_TRIGGERS) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
    // what the server does every few minutes: the finished days' stripes folded (payment-reports/compact.ts)
    await step('fold of the finished days', `SELECT report_compact(report_day(${T}))`);
    await step('analyze', 'ANALYZE');
    const rollupCheck = await checkRollups(client);
    log(`  roll-up cells compared with the raw rows: ${rollupCheck.cells}, differences: ${rollupCheck.differences.length}`);
    return {
      players,
      payers,
      gameRounds,
      rechargeOrders,
      cashoutOrders,
      ledgerEntries: entries,
      seconds: Math.round((performance.now() - started) / 1000),
      rollupCheck,
    };
  } finally {
    // never leave the report triggers off (a failed load is dropped by the next run anyway)
    for (const [table, trigger] of REPORT_TRIGGERS) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`).catch(() => undefined);
    await client.end();
  }
}
