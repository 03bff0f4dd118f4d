// Several server instances on one PostgreSQL database, on a database made from scratch for it:
//   1. wallet calls (a debit and a credit with unique txIds, signed as demo-app) and event batches
//      (100 events a call: chips.transferred and player.login between registered players) through
//      one server process, then through three (the two more started with MIGRATE=0, the calls
//      sent round-robin), at CLIENTS concurrent clients for BENCH_SECONDS each: calls/s and the
//      ratio three over one. On a 2-core machine the three processes share the same cores with
//      PostgreSQL and the bench, so the ratio shows what coordinating instances costs, not a
//      speed-up;
//   2. the wallet's p99 on the primary with and without read load on the streaming replica: one
//      server with READ_DATABASE_URL on the replica (127.0.0.1:5433), about 1,000,000 ledger
//      entries made in bulk (lib/players-data.ts), wallet calls alone, then while a staff client
//      reads a 90-day report and streams the ledger export (/api/usermanager/moneylogs/export,
//      declared reads: 'replica') over and over, then alone again; the export's rows/s and the
//      replica's committed transactions in that database show that the replica served the reads.
// `npm run bench` runs it (BENCH_INSTANCES=0 skips it); `npx tsx bench/instances.ts` runs it alone.
// The database is dropped and every server stopped at the end, also when a step fails.
// A benchmark, not a test: it asserts nothing and prints what it measured.
import { allScopes } from '@console/schemas';
import http from 'node:http';
import pg from 'pg';
import { defaultConfig } from '../apps/server/src/config.ts';
import { hashPassword } from '../apps/server/src/domains/auth/passwords.ts';
import { sealAppSecret } from '../apps/server/src/secrets/columns.ts';
import { startServer, type RunningServer } from '../e2e/harness.ts';
import { DEMO_APP, percentile, postJson, signedPost, staffGet } from './lib/http.ts';
import { generatePlayerData } from './lib/players-data.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_INSTANCES_CLIENTS ?? 16);
/** Players of measurement 1, registered through the events API and funded through the wallet. */
const PLAYERS = 400;
const UID_BASE = 6_000_000;
const EVENTS_PER_CALL = 100;
/** Players of measurement 2, made in bulk with ten ledger entries each (100,000: 1,000,000 entries). */
const BULK_PLAYERS = Number(process.env.BENCH_INSTANCES_PLAYERS ?? 100_000);
const BULK_ENTRIES = 10;
const BULK_UID_BASE = 10_000_000;
const DB_NAME = process.env.BENCH_INSTANCES_DB ?? 'console_bench_instances';
const PRIMARY_URL = process.env.BENCH_INSTANCES_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REPLICA_URL = process.env.BENCH_REPLICA_URL ?? 'postgres://postgres@127.0.0.1:5433/postgres';
const METRICS_TOKEN = 'bench-instances-metrics-token';
const STAFF = { username: 'bench_admin', password: 'bench-admin-secret' };

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.toString();
};

async function withClient<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

interface Load {
  calls: number;
  errors: number;
  callsPerSecond: number;
  p50ms: number;
  p99ms: number;
}

/**
 * `clients` loops calling `call(client, n)` for `seconds`; each call answers how many HTTP calls it
 * made and whether they all succeeded, and pushes the latency of each of its requests into `latencies`.
 */
async function runFor(
  seconds: number,
  clients: number,
  call: (client: number, n: number, latencies: number[]) => Promise<{ calls: number; ok: boolean }>,
): Promise<Load> {
  const latencies: number[] = [];
  let calls = 0,
    errors = 0,
    n = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < end) {
        try {
          const r = await call(client, n++, latencies);
          calls += r.calls;
          if (!r.ok) errors++;
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  return {
    calls,
    errors,
    callsPerSecond: Math.round(calls / elapsed),
    p50ms: latencies.length ? percentile(latencies, 50) : 0,
    p99ms: latencies.length ? percentile(latencies, 99) : 0,
  };
}

async function timedPost(url: string, path: string, body: unknown, latencies: number[]) {
  const t0 = performance.now();
  const res = await signedPost(url, path, body);
  latencies.push(performance.now() - t0);
  return res.status === 200 && res.answer.code === 200;
}

/** A debit and a credit of the same amount (the balance stays where it was), each with its own txId. */
function walletPair(run: string, uidOf: (n: number) => number, urls: string[]) {
  let turn = 0;
  return async (_client: number, n: number, latencies: number[]) => {
    const uid = uidOf(n);
    const debit = await timedPost(
      urls[turn++ % urls.length],
      '/api/platform/wallet/debit',
      { txId: `${run}-${n}-d`, uid, currency: 'chip', amount: 7, reason: 'game.bet' },
      latencies,
    );
    const credit = await timedPost(
      urls[turn++ % urls.length],
      '/api/platform/wallet/credit',
      { txId: `${run}-${n}-c`, uid, currency: 'chip', amount: 7, reason: 'game.win' },
      latencies,
    );
    return { calls: 2, ok: debit && credit };
  };
}

/** One call of EVENTS_PER_CALL events: transfers of a chip and logins, alternating, between the registered players. */
function eventBatch(run: string, urls: string[]) {
  let turn = 0;
  return async (_client: number, n: number, latencies: number[]) => {
    const at = new Date().toISOString();
    const events = Array.from({ length: EVENTS_PER_CALL }, (_, k) => {
      const from = UID_BASE + ((n * 37 + k * 13) % PLAYERS);
      const to = UID_BASE + ((n * 37 + k * 13 + 1 + (k % (PLAYERS - 1))) % PLAYERS);
      return k % 2 === 0
        ? { id: `${run}-${n}-${k}`, type: 'chips.transferred', at, data: { fromUid: from, toUid: to, amount: 1 } }
        : { id: `${run}-${n}-${k}`, type: 'player.login', at, data: { uid: from, ip: '10.9.0.2', deviceId: `dev-${from}` } };
    });
    const ok = await timedPost(urls[turn++ % urls.length], '/api/platform/events', { events }, latencies);
    return { calls: 1, ok };
  };
}

/** A short untimed run first (connections, prepared plans and JIT warm), then the measured one. */
async function measured(call: Parameters<typeof runFor>[2]) {
  await runFor(2, CLIENTS, call);
  return runFor(SECONDS, CLIENTS, call);
}

async function registerPlayers(url: string) {
  const at = new Date().toISOString();
  for (let i = 0; i < PLAYERS; i += 100) {
    const events = Array.from({ length: 100 }, (_, k) => ({
      id: `reg-${i + k}`,
      type: 'player.registered',
      at,
      data: { uid: UID_BASE + i + k, name: `I${i + k}`, ip: '10.9.0.1', deviceId: `dev-${UID_BASE + i + k}`, package: 'com.demo' },
    }));
    const res = await signedPost(url, '/api/platform/events', { events });
    if (res.status !== 200) throw new Error(`bench instances: register ${res.status} ${res.answer.message}`);
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < PLAYERS) {
        const i = next++;
        const res = await signedPost(url, '/api/platform/wallet/credit', {
          txId: `fund-${i}`,
          uid: UID_BASE + i,
          currency: 'chip',
          amount: 1_000_000_000,
          reason: 'seed',
        });
        if (res.status !== 200) throw new Error(`bench instances: fund ${res.status} ${res.answer.message}`);
      }
    }),
  );
}

export interface InstancesFigures {
  seconds: number;
  clients: number;
  scaling: {
    wallet: { one: Load; three: Load; ratio: number };
    events: { one: Load; three: Load; ratio: number; eventsPerCall: number };
  };
  replica?: {
    ledgerEntries: number;
    seedSeconds: number;
    replicaCatchUpSeconds: number;
    alone: Load;
    withReads: Load;
    aloneAfter: Load;
    p99Ratio: number;
    reads: {
      reports: number;
      reportMedianMs: number;
      exports: number;
      exportRows: number;
      exportRowsPerSecond: number;
      completeExports: number;
      rowsPerExport: number | null;
    };
    replicaCommitsAlone: number;
    replicaCommitsWithReads: number;
    replicaPoolConnections: string | null;
  };
  error?: string;
}

const BASE_ENV = { DEMO: '0', LOG_LEVEL: 'warn' };

async function scaling(dbUrl: string, servers: RunningServer[]): Promise<InstancesFigures['scaling']> {
  const first = servers[0];
  await registerPlayers(first.url);
  const run = `s${Date.now()}`;
  const uid = (n: number) => UID_BASE + (n % PLAYERS);
  console.log(`instances: wallet and events through 1 server, ${CLIENTS} clients, ${SECONDS} s each …`);
  const walletOne = await measured(walletPair(`${run}-w1`, uid, [first.url]));
  const eventsOne = await measured(eventBatch(`${run}-e1`, [first.url]));
  // The other two, which find the migrations done.
  for (let i = 0; i < 2; i++) servers.push(await startServer({ ...BASE_ENV, DATABASE_URL: dbUrl, MIGRATE: '0' }, { waitForSeed: false }));
  const urls = servers.map((s) => s.url);
  console.log('instances: the same through 3 servers, round-robin …');
  const walletThree = await measured(walletPair(`${run}-w3`, uid, urls));
  const eventsThree = await measured(eventBatch(`${run}-e3`, urls));
  return {
    wallet: { one: walletOne, three: walletThree, ratio: +(walletThree.callsPerSecond / walletOne.callsPerSecond).toFixed(2) },
    events: { one: eventsOne, three: eventsThree, ratio: +(eventsThree.callsPerSecond / eventsOne.callsPerSecond).toFixed(2), eventsPerCall: EVENTS_PER_CALL },
  };
}

/** Commits the replica counted in the database so far. */
const replicaCommits = (replicaUrl: string) =>
  withClient(replicaUrl, async (c) =>
    Number((await c.query('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()')).rows[0].xact_commit),
  );

/** Waits until the replica replayed the primary's WAL as it is now; answers the seconds it took. */
async function replicaCaughtUp(dbUrl: string, replicaUrl: string): Promise<number> {
  const t0 = performance.now();
  const lsn = await withClient(dbUrl, async (c) => (await c.query('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0].lsn as string);
  await withClient(replicaUrl, async (c) => {
    for (;;) {
      const { rows } = await c.query('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [lsn]);
      if (rows[0].ok === true) return;
      if (performance.now() - t0 > 300_000) throw new Error('bench instances: the replica did not catch up in 5 minutes');
      await new Promise((r) => setTimeout(r, 250));
    }
  });
  return +((performance.now() - t0) / 1000).toFixed(1);
}

/**
 * Streams one CSV export and counts its rows as they come (node:http and Buffer.indexOf: the bench
 * shares the cores with the server, and a byte loop over a hundred megabytes would show in the
 * wallet's figures); stops early, closing the socket, when `stop()` says so.
 */
function streamExport(url: string, token: string, query: Record<string, string>, stop: () => boolean): Promise<{ rows: number; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/api/usermanager/moneylogs/export?${new URLSearchParams(query)}`, { headers: { 'x-token': token } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`bench instances: export ${res.statusCode}`));
        return;
      }
      let lines = 0;
      let settled = false;
      res.on('data', (chunk: Buffer) => {
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
        if (stop() && !settled) {
          settled = true;
          req.destroy();
          resolve({ rows: lines, complete: false });
        }
      });
      res.on('end', () => {
        if (!settled) resolve({ rows: lines - 1, complete: true });
        settled = true;
      });
      res.on('error', (error) => {
        if (!settled) reject(error);
        settled = true;
      });
    });
    // after an early stop the destroyed request reports its reset here, once the promise has settled: ignored then
    req.on('error', reject);
  });
}

async function replicaReads(dbUrl: string, servers: RunningServer[]): Promise<NonNullable<InstancesFigures['replica']>> {
  const replicaUrl = withDatabase(REPLICA_URL, DB_NAME);
  const t0 = performance.now();
  console.log(`instances: ${BULK_PLAYERS} players and ${BULK_PLAYERS * BULK_ENTRIES} ledger entries in bulk …`);
  await generatePlayerData(dbUrl, {
    players: BULK_PLAYERS,
    entriesPerPlayer: BULK_ENTRIES,
    uidBase: BULK_UID_BASE,
    log: (l) => console.log(`instances: ${l.trim()}`),
  });
  const hash = await hashPassword(STAFF.password, defaultConfig().argon2);
  await withClient(dbUrl, (c) =>
    c.query(`INSERT INTO console_account (username, password_hash, name, roles) VALUES ($1, $2, $1, '["admin"]')`, [STAFF.username, hash]),
  );
  const seedSeconds = Math.round((performance.now() - t0) / 1000);
  const replicaCatchUpSeconds = await replicaCaughtUp(dbUrl, replicaUrl);
  console.log(`instances: seeded in ${seedSeconds} s; the replica caught up in ${replicaCatchUpSeconds} s`);

  const server = await startServer({ ...BASE_ENV, DATABASE_URL: dbUrl, MIGRATE: '0', READ_DATABASE_URL: replicaUrl, METRICS_TOKEN }, { waitForSeed: false });
  servers.push(server);
  const login = await postJson(`${server.url}/api/login`, JSON.stringify(STAFF), {});
  const token = login.body?.accessToken as string | undefined;
  if (!token) throw new Error(`bench instances: login ${login.status} ${JSON.stringify(login.body)}`);
  // The sign-in is a write of the account: its reads go to the replica once it replayed it.
  await replicaCaughtUp(dbUrl, replicaUrl);

  const to = new Date();
  const from = new Date(to.getTime() - 89 * 86_400_000);
  const range = { from: from.toISOString(), to: to.toISOString() };
  const run = `r${Date.now()}`;
  const uid = (n: number) => BULK_UID_BASE + 1 + ((n * 7919) % BULK_PLAYERS);

  console.log(`instances: wallet alone, ${CLIENTS} clients, ${SECONDS} s …`);
  await runFor(2, CLIENTS, walletPair(`${run}-warm`, uid, [server.url]));
  let commits = await replicaCommits(replicaUrl);
  const alone = await runFor(SECONDS, CLIENTS, walletPair(`${run}-a`, uid, [server.url]));
  const replicaCommitsAlone = (await replicaCommits(replicaUrl)) - commits;

  console.log('instances: wallet while a staff client reads a 90-day report and the ledger export from the replica …');
  let stopReads = false;
  const reads = { reports: 0, reportMs: [] as number[], exports: 0, exportRows: 0, exportMs: 0, completeExports: 0, completeRows: 0 };
  commits = await replicaCommits(replicaUrl);
  const reader = (async () => {
    while (!stopReads) {
      const r0 = performance.now();
      await staffGet(server.url, token, '/api/userReport', range);
      reads.reportMs.push(performance.now() - r0);
      reads.reports++;
      if (stopReads) break;
      const e0 = performance.now();
      const e = await streamExport(server.url, token, range, () => stopReads);
      reads.exportMs += performance.now() - e0;
      reads.exports++;
      reads.exportRows += e.rows;
      if (e.complete) {
        reads.completeExports++;
        reads.completeRows = e.rows;
      }
    }
  })();
  let withReads: Load;
  try {
    withReads = await runFor(SECONDS, CLIENTS, walletPair(`${run}-b`, uid, [server.url]));
  } finally {
    stopReads = true;
    await reader;
  }
  const replicaCommitsWithReads = (await replicaCommits(replicaUrl)) - commits;
  const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    .then((r) => r.text())
    .catch(() => '');
  const poolLines = metrics.split('\n').filter((l) => l.startsWith('console_db_pool_connections') && l.includes('replica'));

  console.log('instances: wallet alone again …');
  const aloneAfter = await runFor(SECONDS, CLIENTS, walletPair(`${run}-c`, uid, [server.url]));
  return {
    ledgerEntries: BULK_PLAYERS * BULK_ENTRIES,
    seedSeconds,
    replicaCatchUpSeconds,
    alone,
    withReads,
    aloneAfter,
    p99Ratio: +(withReads.p99ms / ((alone.p99ms + aloneAfter.p99ms) / 2)).toFixed(2),
    reads: {
      reports: reads.reports,
      reportMedianMs: reads.reportMs.length ? Math.round(percentile(reads.reportMs, 50)) : 0,
      exports: reads.exports,
      exportRows: reads.exportRows,
      exportRowsPerSecond: reads.exportMs > 0 ? Math.round(reads.exportRows / (reads.exportMs / 1000)) : 0,
      completeExports: reads.completeExports,
      rowsPerExport: reads.completeExports ? reads.completeRows : null,
    },
    replicaCommitsAlone,
    replicaCommitsWithReads,
    replicaPoolConnections: poolLines.length ? poolLines.join('; ') : null,
  };
}

export async function instancesBench(): Promise<InstancesFigures> {
  const dbUrl = withDatabase(PRIMARY_URL, DB_NAME);
  const servers: RunningServer[] = [];
  const figures: Partial<InstancesFigures> = { seconds: SECONDS, clients: CLIENTS };
  await withClient(PRIMARY_URL, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${DB_NAME}`);
  });
  try {
    // The first server alone on the empty database: it migrates. DEMO=0 makes no demo-app, so it is inserted here.
    servers.push(await startServer({ ...BASE_ENV, DATABASE_URL: dbUrl }, { waitForSeed: false }));
    await withClient(dbUrl, (c) =>
      c.query(`INSERT INTO platform_application (app_id, name, secret, scopes) VALUES ($1, 'Demo', $2, $3) ON CONFLICT DO NOTHING`, [
        DEMO_APP.appId,
        sealAppSecret(DEMO_APP.secret, DEMO_APP.appId),
        JSON.stringify(allScopes()),
      ]),
    );
    figures.scaling = await scaling(dbUrl, servers);
    console.log(instancesSummary(figures as InstancesFigures).join('\n'));
    // The three processes would only share the cores with the one measured next.
    while (servers.length) await servers.pop()!.stop();
    if (process.env.BENCH_INSTANCES_REPLICA !== '0') {
      try {
        figures.replica = await replicaReads(dbUrl, servers);
      } catch (error) {
        figures.error = (error as Error).message;
        console.log(`instances: the replica measurement failed: ${figures.error}`);
      }
    }
    return figures as InstancesFigures;
  } finally {
    for (const s of servers) await s.stop().catch(() => undefined);
    await withClient(PRIMARY_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`));
  }
}

const load = (l: Load) => `${l.callsPerSecond} calls/s (p50 ${l.p50ms} ms, p99 ${l.p99ms} ms, ${l.calls} calls, ${l.errors} failed)`;

export function instancesSummary(f: InstancesFigures): string[] {
  const s = f.scaling;
  const lines = [
    `server instances on one PostgreSQL database (${f.clients} clients, ${f.seconds} s each; on a 2-core machine three processes share the cores with PostgreSQL and the bench, so the ratio is the cost of coordination, not a speed-up):`,
    `  wallet (debit + credit): 1 server ${load(s.wallet.one)}`,
    `                           3 servers ${load(s.wallet.three)}; 3/1 = ${s.wallet.ratio}`,
    `  events (${s.events.eventsPerCall} a call): 1 server ${load(s.events.one)}`,
    `                       3 servers ${load(s.events.three)}; 3/1 = ${s.events.ratio}`,
  ];
  const r = f.replica;
  if (r)
    lines.push(
      `wallet p99 on the primary with read load on the replica (${r.ledgerEntries} ledger entries, seeded in ${r.seedSeconds} s):`,
      `  alone ${load(r.alone)}; alone again ${load(r.aloneAfter)}`,
      `  with reads ${load(r.withReads)}; p99 with/alone = ${r.p99Ratio}`,
      `  reads: ${r.reads.reports} 90-day reports (/api/userReport, median ${r.reads.reportMedianMs} ms); ledger export (moneylogs, 90 days): ${r.reads.exportRows} rows streamed in ${r.reads.exports} exports (${r.reads.completeExports} complete${r.reads.rowsPerExport !== null ? `, ${r.reads.rowsPerExport} rows each` : ''}), ${r.reads.exportRowsPerSecond} rows/s`,
      '  (the export is written by the same server process as the wallet calls, and the replica runs on the same cores: the ratio is what the reads cost the wallet on this machine)',
      `  replica commits in the database: ${r.replicaCommitsWithReads} during the reads, ${r.replicaCommitsAlone} during the wallet alone; ${r.replicaPoolConnections ?? 'no replica pool metric'}`,
    );
  if (f.error) lines.push(`  replica measurement failed: ${f.error}`);
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await instancesBench();
  console.log(['', ...instancesSummary(figures)].join('\n'));
}
