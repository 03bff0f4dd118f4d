// The daily evaluation benchmark : VIP and the loss rebate over
// BENCH_DAILY_PLAYERS players (default 1,000,000; 0 skips) on PostgreSQL, in a database of its
// own with bulk-made rows: every player with a VIP state (levels spread 0–8, periods started on
// any of the last 30 days), BENCH_DAILY_ACTIVE of them (default 0.3) with a day of play in
// game_player_day and BENCH_DAILY_PAYING (default 0.05) with a paid recharge that day. Measures,
// in this process (the evaluation is the server's job code, evaluateVipDay): the time of one
// day's evaluation (VIP part and loss rebate), what it wrote and paid, this process's peak RSS
// (sampled every 100 ms) and PostgreSQL's temp bytes; then a second run of the same day (nothing
// to do). `npx tsx bench/daily.ts` runs it alone. A benchmark, not a test: it asserts nothing.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { benchDatabase } from './lib/database';
import { openDatabase } from '../apps/server/src/db/open';
import { migrate } from '../apps/server/src/db/migrate';
import { evaluateVipDay } from '../apps/server/src/domains/vip/evaluate';
import { addDays, consoleDay, wallIso } from '@console/time';

const PLAYERS = Number(process.env.BENCH_DAILY_PLAYERS ?? 1_000_000);
const ACTIVE = Number(process.env.BENCH_DAILY_ACTIVE ?? 0.3);
const PAYING = Number(process.env.BENCH_DAILY_PAYING ?? 0.05);
const UID_BASE = 30_000_000;

const rssMb = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024);

async function generate(url: string, day: string) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const t0 = performance.now();
  try {
    const at = wallIso(`${day} 12:00`);
    await db.query(
      `INSERT INTO player (uid, name, register_ip, register_device, registered_at, status)
      SELECT ${UID_BASE} + i, 'Daily ' || i, '10.' || (i >> 16) || '.' || ((i >> 8) & 255) || '.' || (i & 255), 'd-' || i, $1::timestamptz - interval '90 days', 'active'
      FROM generate_series(1, ${PLAYERS}) i`,
      [at],
    );
    await db.query(`INSERT INTO player_balance (uid, chip) SELECT uid, 100000 FROM player WHERE uid > ${UID_BASE} ON CONFLICT (uid) DO NOTHING`);
    // VIP states: a level from the player's hash (most at 0–2), exp to match, a period started on one of the last 30 days
    await db.query(
      `INSERT INTO vip_player (uid, level, exp, period_exp, period_start, period_end, top_level, last_day, updated_at)
      SELECT uid, l, CASE l WHEN 0 THEN 5000 WHEN 1 THEN 20000 WHEN 2 THEN 100000 WHEN 3 THEN 300000 WHEN 4 THEN 700000 WHEN 5 THEN 2000000
          WHEN 6 THEN 5000000 WHEN 7 THEN 20000000 ELSE 40000000 END, (uid % 7) * 3000,
        $1::date - (uid % 30), $1::date - (uid % 30) + 29, l, $1::date - 1, now()
      FROM (SELECT uid, CASE WHEN h < 500 THEN 0 WHEN h < 750 THEN 1 WHEN h < 880 THEN 2 WHEN h < 940 THEN 3 WHEN h < 970 THEN 4
          WHEN h < 988 THEN 5 WHEN h < 996 THEN 6 WHEN h < 999 THEN 7 ELSE 8 END AS l
        FROM (SELECT uid, (uid * 2654435761::bigint) % 1000 AS h FROM player WHERE uid > ${UID_BASE}) x) y`,
      [day],
    );
    await db.query(`UPDATE player p SET vip = v.level FROM vip_player v WHERE v.uid = p.uid AND v.level > 0`);
    // the day: ACTIVE of the players play (turnover ₱50–₱5,000, wins around 95%), PAYING recharge ₱100–₱1,000
    await db.query(
      `INSERT INTO game_player_day (game, day, uid, partner, rounds, bets, turnover, wins, fees, jackpot)
      SELECT 'luckyjoker', $1::date, uid, 0, 10, 10, 5000 + (uid::bigint * 7919) % 495000, ((5000 + (uid::bigint * 7919) % 495000) * (80 + uid % 31)) / 100, 0, 0
      FROM player WHERE uid > ${UID_BASE} AND (uid * 40503::bigint) % 1000 < ${Math.round(ACTIVE * 1000)}`,
      [day],
    );
    // in slices: each paid order feeds the report rollups' triggers, whose locks one huge statement would exhaust
    for (let from = 0; from < PLAYERS; from += 50_000) {
      await db.query(
        `INSERT INTO recharge_order (order_id, app_id, request_id, uid, partner, product_id, channel, os, price, product_chips, status, paid_amount, chips, created_at, paid_at)
        SELECT md5('daily' || uid), 'bench', 'r' || uid, uid, 0, 'P' || (1 + uid % 10) * 100, 'gcash', 'android', (1 + uid % 10) * 10000, (1 + uid % 10) * 10000, 'paid',
          (1 + uid % 10) * 10000, (1 + uid % 10) * 10000, $1::timestamptz, $1::timestamptz
        FROM player WHERE uid > ${UID_BASE} + ${'$'}2 AND uid <= ${UID_BASE} + ${'$'}2 + 50000 AND (uid * 69069::bigint) % 1000 < ${Math.round(PAYING * 1000)}`,
        [at, from],
      );
    }
    await db.query('ANALYZE');
    const c = (
      await db.query(`SELECT (SELECT count(*) FROM player)::int AS players, (SELECT count(*) FROM game_player_day)::int AS played,
      (SELECT count(*) FROM recharge_order WHERE status = 'paid')::int AS paying, (SELECT count(*) FROM vip_player WHERE level > 0)::int AS vips`)
    ).rows[0];
    return { seconds: +((performance.now() - t0) / 1000).toFixed(1), ...c };
  } finally {
    await db.end();
  }
}

export async function dailyBench(pgUrl: string) {
  const day = addDays(consoleDay(Date.now()), -1); // yesterday
  const { url } = await benchDatabase(pgUrl, 'console_bench_daily', async () => false);
  const opened = await openDatabase({ databaseUrl: url, poolSize: 4 });
  try {
    await migrate(opened.db);
    const data = await generate(url, day);
    console.log(`daily: ${data.players} players (${data.vips} VIPs), ${data.played} played, ${data.paying} paid on ${day}; made in ${data.seconds} s`);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const temp0 = Number((await admin.query('SELECT temp_bytes FROM pg_stat_database WHERE datname = current_database()')).rows[0].temp_bytes);
    const rssBefore = rssMb();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb());
    }, 100);
    const t0 = performance.now();
    const run = await evaluateVipDay(opened.db, day, new Date());
    const ms = performance.now() - t0;
    clearInterval(sampler);
    const t1 = performance.now();
    const again = await evaluateVipDay(opened.db, day, new Date());
    const againMs = performance.now() - t1;
    const temp1 = Number((await admin.query('SELECT temp_bytes FROM pg_stat_database WHERE datname = current_database()')).rows[0].temp_bytes);
    const written = (
      await admin.query(`SELECT (SELECT count(*) FROM vip_change)::int AS changes, (SELECT count(*) FROM vip_payout)::int AS payouts,
      (SELECT count(*) FROM ledger_entry WHERE reason LIKE 'vip.%')::int AS entries,
      (SELECT count(*) FROM activity_player WHERE activity = 'ladderloserebate')::int AS loss_rebate_rows`)
    ).rows[0];
    await admin.end();
    return {
      players: PLAYERS,
      activeShare: ACTIVE,
      payingShare: PAYING,
      day,
      generatedSeconds: data.seconds,
      evaluation: {
        seconds: +(ms / 1000).toFixed(1),
        vipSeconds: run ? +(run.vipMs / 1000).toFixed(1) : null,
        evaluated: run?.players,
        ups: run?.ups,
        maintains: run?.maintains,
        downs: run?.downs,
        restores: run?.restores,
        paid: run?.paid,
        lossRebates: run?.lossRebates,
      },
      written,
      secondRun: { result: again === null ? 'nothing to do' : 'ran again', ms: Math.round(againMs) },
      memory: { rssBeforeMb: rssBefore, rssPeakMb: rssPeak },
      postgresTempMb: Math.round((temp1 - temp0) / 1048576),
    };
  } finally {
    await opened.close();
  }
}

export function dailySummary(r: Awaited<ReturnType<typeof dailyBench>>): string[] {
  return [
    `daily evaluation (bench/daily.ts): ${r.players.toLocaleString()} players, ${r.evaluation.evaluated?.toLocaleString()} evaluated on ${r.day}:`,
    `  ${r.evaluation.seconds} s in all (VIP ${r.evaluation.vipSeconds} s, then the loss rebate); ups ${r.evaluation.ups}, maintains ${r.evaluation.maintains}, downs ${r.evaluation.downs}, restores ${r.evaluation.restores};`,
    `  paid ₱${((r.evaluation.paid ?? 0) / 100).toLocaleString()} in ${r.written.entries} ledger entries; ${r.evaluation.lossRebates} loss rebates made claimable;`,
    `  peak RSS ${r.memory.rssPeakMb} MB (before ${r.memory.rssBeforeMb} MB), PostgreSQL temp ${r.postgresTempMb} MB; second run: ${r.secondRun.result} in ${r.secondRun.ms} ms`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await dailyBench(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  console.log(JSON.stringify(r, null, 2));
  console.log(dailySummary(r).join('\n'));
}
