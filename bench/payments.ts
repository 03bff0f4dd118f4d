// The payments benchmark , on PostgreSQL with BENCH_PAYMENT_EVENTS
// recharge, cash-out and wallet events (default 10,000,000) made in bulk consistent with the
// ledger and with the report roll-ups (bench/lib/payments-data.ts; reconciliation is run on
// them). Measures, against the real server process:
//   1. the 90-day /homepage report (GET /api/homepage, what the screen calls) as admin and as a
//      partner account: p50/p95 over BENCH_HOMEPAGE_CALLS calls (default 200) at 4 clients, beside
//      the same figures aggregated from the raw rows in one SQL query in the same run (and the
//      report's figures compared with that query's);
//   2. recharge callbacks per second through the signed platform API: BENCH_CALLBACKS orders
//      (default 20,000) created first, then their paid callbacks at 32 in flight, every 100th sent
//      twice at once; every order must be credited exactly once;
//   3. the cash-out review queue (GET /api/cashout/orders): its first page with the default
//      filters and filtered by state as the queue tabs ask for it, p50/p95 over 800 calls at 16 clients.
// A benchmark, not a test: it asserts nothing and prints what it measured (and what it found wrong).
import { loadavg } from 'node:os';
import pg from 'pg';
import { sealAppSecret } from '../apps/server/src/secrets/columns.ts';
import { databaseCpuMs, serverCpuMs } from './lib/proc.ts';
import { benchDatabase, firstValueIs } from './lib/database';
import { DEMO_APP, percentile, signedPost, staffGet, timed } from './lib/http.ts';
import { reconcileStep } from './lib/reconcile-step.ts';
import { apiLogin, startServer, type RunningServer } from '../e2e/harness.ts';
import { compareHomepage, consoleDay, DAY_MS, rawHomepage } from './lib/payments-checks.ts';
import { generatePaymentData, paymentShape, type PaymentDataShape } from './lib/payments-data.ts';
import { dayEndIso, dayStartIso } from '@console/time';

const EVENTS = Number(process.env.BENCH_PAYMENT_EVENTS ?? 10_000_000);
const HOMEPAGE_CALLS = Number(process.env.BENCH_HOMEPAGE_CALLS ?? 200);
const CALLBACKS = Number(process.env.BENCH_CALLBACKS ?? 20_000);
const UID_BASE = 10_000_000;
const APP = DEMO_APP;

const latencyFigures = (xs: number[]) => ({ calls: xs.length, p50ms: percentile(xs, 50), p95ms: percentile(xs, 95), p99ms: percentile(xs, 99) });

/** The last 90 days up to today, as the screen's range picker sends them. */
function ninetyDays() {
  const to = consoleDay(Date.now());
  const from = consoleDay(Date.now() - 89 * DAY_MS);
  return { from, to, query: { from: dayStartIso(from), to: dayEndIso(to) } };
}

async function homepage(server: RunningServer, dbUrl: string) {
  const range = ninetyDays();
  const pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
  const out: Record<string, unknown> = { from: range.from, to: range.to, clients: 4 };
  try {
    for (const [who, username, partner] of [
      ['admin', 'admin', null],
      ['partner', 'partner', 1],
    ] as const) {
      const token = await apiLogin(server.url, username);
      const call = () => staffGet(server.url, token, '/api/homepage', range.query);
      for (let i = 0; i < 5; i++) await call(); // warm-up (not counted)
      // one call at a time: what compares with the raw query, which also runs alone
      const alone = await timed(10, 1, async () => {
        await call();
      });
      const cpu0 = serverCpuMs(server.pid);
      const latencies = await timed(HOMEPAGE_CALLS, 4, async () => {
        await call();
      });
      const serverCpuMsPerCall = +((serverCpuMs(server.pid) - cpu0) / HOMEPAGE_CALLS).toFixed(2);
      const raws = [];
      for (let i = 0; i < 3; i++) raws.push(await rawHomepage(pool, range.from, range.to, partner));
      const differences = compareHomepage(await call(), raws[0]);
      out[who] = {
        ...latencyFigures(latencies),
        serverCpuMsPerCall,
        aloneMedianMs: percentile(alone, 50),
        rawAggregateMs: percentile(
          raws.map((r) => r.ms),
          50,
        ),
        rawAggregateRunsMs: raws.map((r) => Math.round(r.ms)),
        matchesRaw: differences.length === 0,
        differences: differences.slice(0, 10),
        rechargeAmount: raws[0].totals.rechargeAmount,
        payingPlayers: raws[0].totals.payingPlayers,
        activePlayers: raws[0].totals.activePlayers,
      };
    }
  } finally {
    await pool.end();
  }
  return out;
}

async function callbacks(server: RunningServer, dbUrl: string, players: number) {
  const run = `cb-${Date.now()}`;
  const orders: string[] = [];
  let refused = 0;
  // distinct players (7919 is prime: j × 7919 mod players repeats only after `players` orders)
  const t0 = performance.now();
  await timed(CALLBACKS, 32, async (j) => {
    const { status, answer } = await signedPost(server.url, '/api/platform/recharge/orders', {
      requestId: `${run}-${j}`,
      uid: UID_BASE + 1 + ((j * 7919) % players),
      productId: 'php100',
      channel: 'gcash',
      price: 10_000,
      os: 'android',
    });
    if (status !== 200) throw new Error(`order ${j}: ${status} ${answer.message}`);
    orders[j] = answer.data.orderId;
  });
  const orderSeconds = (performance.now() - t0) / 1000;
  // every order's paid callback, and every 100th twice in a row (both in flight at once)
  const sends: number[] = [];
  for (let j = 0; j < CALLBACKS; j++) {
    sends.push(j);
    if (j % 100 === 0) sends.push(j);
  }
  const cpu0 = serverCpuMs(server.pid);
  const db0 = databaseCpuMs(dbUrl);
  const t1 = performance.now();
  await timed(sends.length, 32, async (i) => {
    const j = sends[i];
    const { status, answer } = await signedPost(server.url, '/api/platform/recharge/callback', {
      orderId: orders[j],
      channelOrderId: `GC-${run}-${j}`,
      amount: 10_000,
      status: 'paid',
    });
    if (status !== 200 || answer.data?.status !== 'paid') refused++;
  });
  const seconds = (performance.now() - t1) / 1000;
  const serverCpuMsPerCallback = +((serverCpuMs(server.pid) - cpu0) / sends.length).toFixed(2);
  // PostgreSQL's CPU (the bench's own cluster; 0 elsewhere), and what two free cores would carry at both costs
  const databaseCpuMsPerCallback = +((databaseCpuMs(dbUrl) - db0) / sends.length).toFixed(2);
  const twoCoreCeiling = databaseCpuMsPerCallback > 0 ? Math.round(2000 / (serverCpuMsPerCallback + databaseCpuMsPerCallback)) : null;
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const keys = orders.map((id) => `recharge:${id}`);
    const credits = (await client.query('SELECT count(*) AS n, count(DISTINCT idem_key) AS orders FROM ledger_entry WHERE idem_key = ANY($1::text[])', [keys]))
      .rows[0];
    const state = (
      await client.query(`SELECT count(*) FILTER (WHERE status = 'paid') AS paid, sum(callbacks) AS callbacks FROM recharge_order WHERE request_id LIKE $1`, [
        `${run}-%`,
      ])
    ).rows[0];
    return {
      orders: CALLBACKS,
      ordersPerSecond: Math.round(CALLBACKS / orderSeconds),
      callbacks: sends.length,
      repeats: sends.length - CALLBACKS,
      inFlight: 32,
      callbacksPerSecond: Math.round(sends.length / seconds),
      seconds: +seconds.toFixed(2),
      serverCpuMsPerCallback,
      databaseCpuMsPerCallback,
      twoCoreCeiling,
      refused,
      paidOrders: Number(state.paid),
      callbacksCounted: Number(state.callbacks),
      creditEntries: Number(credits.n),
      creditedOrders: Number(credits.orders),
      creditedOnceEach: Number(credits.n) === CALLBACKS && Number(credits.orders) === CALLBACKS,
    };
  } finally {
    await client.end();
  }
}

/** The review screen's list call: the records' first page (default filters) and the queue tabs' (by state, 50 a page). */
async function reviewQueue(server: RunningServer, token: string) {
  const variants: Record<string, Record<string, string>> = {
    defaultFilters: {},
    notReviewed: { status: 'not_reviewed', pageSize: '50' },
    inReview: { status: 'in_review', pageSize: '50' },
  };
  const out: Record<string, unknown> = { clients: 16 };
  for (const [key, query] of Object.entries(variants)) {
    const first = await staffGet(server.url, token, '/api/cashout/orders', query);
    const cpu0 = serverCpuMs(server.pid);
    const latencies = await timed(800, 16, async () => {
      await staffGet(server.url, token, '/api/cashout/orders', query);
    });
    out[key] = { ...latencyFigures(latencies), serverCpuMsPerCall: +((serverCpuMs(server.pid) - cpu0) / 800).toFixed(2), rows: first.items?.length ?? null };
  }
  return out;
}

/** The demo payment configuration and application (DEMO_PLAYERS=0 seeds neither), through the server's own seed code. */
async function seedConfiguration(dbUrl: string) {
  const { openDatabase } = await import('../apps/server/src/db/open.ts');
  const { seedPaymentConfig } = await import('../apps/server/src/domains/payment-config/demo.ts');
  const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 1 });
  try {
    await seedPaymentConfig(database.db);
  } finally {
    await database.close();
  }
  const owner = new pg.Client({ connectionString: dbUrl });
  await owner.connect();
  await owner.query('INSERT INTO platform_application (app_id, name, secret) VALUES ($1, $1, $2) ON CONFLICT DO NOTHING', [
    APP.appId,
    sealAppSecret(APP.secret, APP.appId),
  ]);
  await owner.end();
}

/** BENCH_STEPS=homepage,callbacks runs only those steps (default: every step). */
const STEPS = process.env.BENCH_STEPS ? new Set(process.env.BENCH_STEPS.split(',')) : undefined;

export async function paymentsBench(pgUrl: string) {
  const shape = paymentShape(EVENTS);
  // BENCH_PAYMENTS_DB names the database; BENCH_REUSE=1 keeps it when it holds data of this size (lib/database.ts)
  const name = process.env.BENCH_PAYMENTS_DB ?? 'console_bench_payments';
  const { url: dbUrl, reuse } = await benchDatabase(pgUrl, name, firstValueIs('SELECT events FROM bench_payments_data', 'events', EVENTS));

  // demo accounts without the simulated demo players (the bulk data stands in for them)
  const server = await startServer({ DATABASE_URL: dbUrl, DEMO: '1', DEMO_PLAYERS: '0' });
  const results: Record<string, unknown> = { events: EVENTS, ...shape };
  try {
    if (!reuse) {
      await seedConfiguration(dbUrl);
      console.log(
        `generating ${EVENTS} payment events (${shape.players} players, ${shape.rechargeOrders} recharge orders, ${shape.cashoutOrders} cash-outs, ${shape.gameRounds * 2} game entries) …`,
      );
      const data: PaymentDataShape = await generatePaymentData(dbUrl, { events: EVENTS, uidBase: UID_BASE, appId: APP.appId });
      const owner = new pg.Client({ connectionString: dbUrl });
      await owner.connect();
      await owner.query(
        'CREATE TABLE bench_payments_data (events bigint NOT NULL, generated_at timestamptz NOT NULL, seconds integer NOT NULL, shape jsonb NOT NULL)',
      );
      await owner.query('INSERT INTO bench_payments_data VALUES ($1, now(), $2, $3)', [EVENTS, data.seconds, JSON.stringify(data)]);
      await owner.end();
      Object.assign(results, {
        generateSeconds: data.seconds,
        ledgerEntries: data.ledgerEntries,
        rollupCheck: { cells: data.rollupCheck.cells, differences: data.rollupCheck.differences },
      });
    } else {
      console.log(`reusing ${name}: ${EVENTS} payment events`);
      results.reused = true;
    }
    results.loadAverage = loadavg().map((l) => +l.toFixed(2));
    const step = async (key: string, run: () => Promise<unknown>) => {
      if (STEPS && !STEPS.has(key)) return;
      try {
        results[key] = await run();
      } catch (error) {
        results[key] = { error: (error as Error).message };
      }
      console.log(key, JSON.stringify(results[key]));
    };
    // the report first: the callbacks add today's orders
    await step('homepage', () => homepage(server, dbUrl));
    await step('callbacks', () => callbacks(server, dbUrl, shape.players));
    await step('reviewQueue', async () => reviewQueue(server, await apiLogin(server.url, 'admin')));
    await step('reconcile', () => reconcileStep(dbUrl));
  } finally {
    await server.stop();
  }
  results.loadAverageAfter = loadavg().map((l) => +l.toFixed(2));
  return results;
}

/** The figures against their targets, one line each. */
export function paymentsSummary(r: Record<string, any>): string[] {
  const h = r.homepage ?? {};
  const line = (who: string) =>
    h[who]?.p95ms !== undefined
      ? `  /homepage 90 days as ${who}: p95 ${h[who].p95ms} ms (target ≤ 100), p50 ${h[who].p50ms} ms over ${h[who].calls} calls, server CPU ${h[who].serverCpuMsPerCall} ms a call; one call alone ${h[who].aloneMedianMs} ms, the raw aggregate ${h[who].rawAggregateMs} ms; figures ${h[who].matchesRaw ? 'equal the raw rows' : 'DIFFER from the raw rows'}`
      : `  /homepage as ${who}: ${JSON.stringify(h[who] ?? h)}`;
  const c = r.callbacks ?? {};
  const q = r.reviewQueue ?? {};
  return [
    `payments (bench/payments.ts): ${r.events} events${r.generateSeconds !== undefined ? `, generated in ${r.generateSeconds} s` : ''}`,
    ...(r.homepage ? [line('admin'), line('partner')] : []),
    ...(r.callbacks
      ? [
          c.callbacksPerSecond !== undefined
            ? `  recharge callbacks: ${c.callbacksPerSecond}/s (target ≥ 2,000) at ${c.inFlight} in flight, ${c.callbacks} sent (${c.repeats} repeats), CPU each: server ${c.serverCpuMsPerCallback} ms + PostgreSQL ${c.databaseCpuMsPerCallback} ms (two free cores: about ${c.twoCoreCeiling ?? '?'}/s); credited once each: ${c.creditedOnceEach}`
            : `  recharge callbacks: ${JSON.stringify(c)}`,
        ]
      : []),
    ...(r.reviewQueue
      ? ['defaultFilters', 'notReviewed', 'inReview'].map((k) =>
          q[k]?.p95ms !== undefined
            ? `  review queue (${k}): p95 ${q[k].p95ms} ms (target ≤ 30), p50 ${q[k].p50ms} ms, server CPU ${q[k].serverCpuMsPerCall} ms a call, ${q[k].rows} rows a page`
            : `  review queue (${k}): ${JSON.stringify(q[k] ?? q)}`,
        )
      : []),
    ...(r.reconcile ? [`  reconciliation: ${JSON.stringify(r.reconcile)}`] : []),
    ...(r.rollupCheck?.differences?.length ? [`  roll-up cells DIFFERING from the raw rows: ${r.rollupCheck.differences.join('; ')}`] : []),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { playersBenchUrl } = await import('./players.ts');
  const results = await paymentsBench(playersBenchUrl());
  console.log(JSON.stringify(results, null, 2));
  console.log(paymentsSummary(results).join('\n'));
}
