/**
 * Bulk demo-scale data for the benchmark, written straight into PostgreSQL by SQL (the
 * platform API is measured separately): `players` players with their devices and addresses,
 * and `entriesPerPlayer` ledger entries each, consistent with the ledger — every entry's
 * balance_after is the running sum of its balance's deltas, never below zero, and each
 * player_balance equals its entries' sum, so reconciliation passes.
 *
 * Shapes: one device and address a player for most; every 50th device and every 20th
 * address shared by a small cluster; a phone bound for 60%; GCash for 30%; share codes on
 * 10%; partner 1 or 2 for 20%; `loginsPerPlayer` logins each over the last 30 days (with the
 * daily-active rollup when the schema has it). Entries alternate a credit (100–999) and a debit of half of it
 * (chips), with every fifth pair in beans; times spread over the last 30 days.
 */
import pg from 'pg';
import { CONSOLE_SQL_OFFSET } from '@console/time';

export interface PlayerDataOptions {
  players: number;
  entriesPerPlayer: number;
  /** Logins a player over the last 30 days (default 3: 3,000,000 for 1,000,000 players). */
  loginsPerPlayer?: number;
  /** uid = uidBase + 1 … uidBase + players (default 10 000 000, clear of the demo seed's players). */
  uidBase?: number;
  log?: (line: string) => void;
}

export async function generatePlayerData(
  url: string,
  { players, entriesPerPlayer, loginsPerPlayer = 3, uidBase = 10_000_000, log = console.log }: PlayerDataOptions,
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (label: string, text: string) => {
    const t0 = performance.now();
    await client.query(text);
    log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  try {
    await client.query('SET synchronous_commit = off');
    await client.query("SET maintenance_work_mem = '512MB'");
    await client.query("SET work_mem = '256MB'");
    await step(
      `${players} players`,
      `
      INSERT INTO player (uid, name, phone_country, phone_number, phone_bound_at, register_ip, register_device, register_package,
        registered_at, login_ip, login_device, last_login_at, login_count, share_id, inviter_uid, vip, gcash, partner, app_id)
      SELECT ${uidBase} + g, 'Player ' || g,
        CASE WHEN g % 5 < 3 THEN '63' END, CASE WHEN g % 5 < 3 THEN '9' || lpad((g * 7919 % 1000000000)::text, 9, '0') END,
        CASE WHEN g % 5 < 3 THEN now() - interval '20 days' END,
        '10.' || (g / 20 / 65536 % 256) || '.' || (g / 20 / 256 % 256) || '.' || (g / 20 % 256),
        'dev-' || (CASE WHEN g % 50 = 0 THEN g / 500 ELSE g END),
        'com.demo', now() - ((g % 30) || ' days')::interval,
        '10.' || (g / 20 / 65536 % 256) || '.' || (g / 20 / 256 % 256) || '.' || (g / 20 % 256),
        'dev-' || (CASE WHEN g % 50 = 0 THEN g / 500 ELSE g END),
        now() - ((g % 14) || ' days')::interval, 1 + g % 40,
        CASE WHEN g % 10 = 0 THEN 'S' || (g % 97) END, CASE WHEN g % 10 = 1 AND g > 1 THEN ${uidBase} + g - 1 END,
        g % 8, CASE WHEN g % 10 < 3 THEN '09' || lpad((g * 104729 % 1000000000)::text, 9, '0') ELSE '' END,
        CASE WHEN g % 10 = 8 THEN 1 WHEN g % 10 = 9 THEN 2 ELSE 0 END, 'bench'
      FROM generate_series(1::bigint, ${players}::bigint) AS g`,
    );
    const mine = (alias = '') => `${alias}uid BETWEEN ${uidBase + 1} AND ${uidBase + players}`;
    await step(
      'devices and addresses',
      `
      INSERT INTO player_device (device_id, uid, first_at, last_at) SELECT register_device, uid, registered_at, last_login_at FROM player WHERE ${mine()};
      INSERT INTO player_ip (ip, uid, first_at, last_at) SELECT register_ip, uid, registered_at, last_login_at FROM player WHERE ${mine()}`,
    );
    await step(
      `${players * entriesPerPlayer} ledger entries`,
      `
      INSERT INTO ledger_entry (at, uid, partner, currency, delta, balance_after, reason, ref, actor)
      SELECT at, uid, partner, currency, delta,
        sum(delta) OVER (PARTITION BY uid, currency ORDER BY k), reason, 'bench-' || uid || '-' || k, 'app:bench'
      FROM (
        SELECT p.uid, p.partner, k,
          now() - interval '30 days' + (k * interval '30 days' / ${entriesPerPlayer}) + (p.uid % 3600) * interval '1 second' AS at,
          CASE WHEN (k / 2) % 5 = 4 THEN 'bean' ELSE 'chip' END AS currency,
          CASE WHEN k % 2 = 0 THEN 100 + (p.uid * 31 + k * 17) % 900 ELSE -((100 + (p.uid * 31 + (k - 1) * 17) % 900) / 2) END AS delta,
          CASE WHEN k % 2 = 0 THEN 'wallet.credit' ELSE 'wallet.debit' END AS reason
        FROM player p CROSS JOIN generate_series(0::bigint, ${entriesPerPlayer - 1}::bigint) AS k WHERE ${mine('p.')}
      ) AS e
      ORDER BY at, uid`,
    );
    // the day rollup of games: kept by the wallet service since migration 014 (by a trigger on
    // ledger_entry before it, in which case it is already filled)
    const trigger = (await client.query("SELECT 1 FROM pg_trigger WHERE tgname = 'ledger_entry_day_game'")).rowCount === 1;
    if (!trigger)
      await step(
        'game day rollup',
        `
      INSERT INTO player_day_game (day, uid, partner, bets, wins, bet_count)
      SELECT ((e.at AT TIME ZONE 'UTC') + ${CONSOLE_SQL_OFFSET})::date, e.uid, max(e.partner),
        sum(CASE WHEN e.delta < 0 THEN -e.delta ELSE 0 END), sum(CASE WHEN e.delta > 0 THEN e.delta ELSE 0 END), count(*) FILTER (WHERE e.delta < 0)
      FROM ledger_entry e WHERE e.currency = 'chip' AND ${mine('e.')} GROUP BY 1, 2`,
      );
    await step(
      `${players * loginsPerPlayer} logins`,
      `
      INSERT INTO player_login (uid, partner, at, ip, device_id, duration_seconds)
      SELECT p.uid, p.partner, now() - interval '30 days' + ((p.uid * 7 + k * 104729) % 2592000) * interval '1 second',
        p.register_ip, p.register_device, 60 + (p.uid + k) % 1800
      FROM player p CROSS JOIN generate_series(1, ${loginsPerPlayer}) AS k WHERE ${mine('p.')}
      ORDER BY 3`,
    );
    const activeDay = (await client.query("SELECT 1 FROM pg_class WHERE relname = 'player_active_day'")).rowCount === 1;
    if (activeDay)
      await step(
        'daily active rollup',
        `
      INSERT INTO player_active_day (day, uid, partner, logins, seconds, timed)
      SELECT ((at AT TIME ZONE 'UTC') + ${CONSOLE_SQL_OFFSET})::date, uid, max(partner), count(*), sum(duration_seconds), count(duration_seconds)
      FROM player_login WHERE ${mine()} GROUP BY 1, 2`,
      );
    await step(
      'balances',
      `
      INSERT INTO player_balance (uid, partner, chip, bean)
      SELECT p.uid, p.partner, coalesce(sum(e.delta) FILTER (WHERE e.currency = 'chip'), 0), coalesce(sum(e.delta) FILTER (WHERE e.currency = 'bean'), 0)
      FROM player p LEFT JOIN ledger_entry e ON e.uid = p.uid WHERE ${mine('p.')} GROUP BY p.uid, p.partner`,
    );
    await step('analyze', 'ANALYZE');
  } finally {
    await client.end();
  }
}
