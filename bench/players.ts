// The players-and-money benchmark, on PostgreSQL with BENCH_PLAYERS players (default
// 1,000,000) and BENCH_ENTRIES_PER_PLAYER ledger entries each (default 10: 10,000,000), made in
// bulk consistent with the ledger (bench/lib/players-data.ts; reconciliation is run on them).
// Measures, against the real server process:
//   1. events ingested per second through POST /api/platform/events (1,000 mixed events a call,
//      4 calls in flight), beside a raw multi-row INSERT of the same rows into a copy of
//      platform_event (1,000 rows a statement, 4 connections), in the same run;
//   2. the wallet: 200 debits, 16 at a time — latency p50/p99;
//   3. player search by each key at 16 concurrent clients — p95;
//   4. one player's ledger page (GET /api/players/ledger) at 16 clients — p95;
//   5. a 1,000,000-row CSV export (userlist): time to first byte, total, peak server memory;
//   6. the report screens (actives over 30 days on the daily-active rollup, registrations by day,
//      emotes, lost players, top inviters): median of 3 calls;
//   7. a 10,000-recipient batch send of chips: from create to done.
// A benchmark, not a test: it asserts nothing and prints what it measured.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { sealAppSecret } from '../apps/server/src/secrets/columns.ts';
import { benchDatabase, firstValueIs } from './lib/database';
import { DEMO_APP, percentile, signedPost, staffGet, timed } from './lib/http.ts';
import { reconcileStep } from './lib/reconcile-step.ts';
import { apiLogin, startServer, type RunningServer } from '../e2e/harness.ts';
import { generatePlayerData } from './lib/players-data.ts';
import { ownCluster } from './lib/pg-cluster.ts';
import { databaseCpuMs, serverCpuMs } from './lib/proc.ts';

/**
 * Where the players bench runs: BENCH_DATABASE_URL when set, else a PostgreSQL cluster of its
 * own configured as production would be (lib/pg-cluster.ts: shared_buffers a quarter of RAM),
 * else TEST_DATABASE_URL or the local test database.
 */
export function playersBenchUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL ??
    (process.env.BENCH_OWN_PG === '0' ? undefined : ownCluster()) ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test'
  );
}

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES_PER_PLAYER ?? 10);
const UID_BASE = 10_000_000;
const APP = DEMO_APP;

const randomUid = () => UID_BASE + 1 + Math.floor(Math.random() * PLAYERS);

function mixedEvent(run: string, i: number) {
  const id = `${run}-${i}`;
  const at = new Date().toISOString();
  const uid = randomUid();
  const other = randomUid();
  const r = i % 20;
  if (r < 10)
    return {
      id,
      type: 'player.login',
      at,
      data: { uid, ip: `10.9.${i % 256}.${(i >> 8) % 256}`, deviceId: `dev-${uid - UID_BASE}`, durationSeconds: 60 + (i % 900) },
    };
  if (r < 13) return { id, type: 'gift.sent', at, data: { fromUid: uid, toUid: other, giftId: 'rose', chips: 10, charisma: 10 } };
  if (r < 15) return { id, type: 'emote.used', at, data: { uid, emoteId: 'laugh', chips: i % 2 ? 5 : 0 } };
  if (r < 17) return { id, type: 'chips.transferred', at, data: { fromUid: uid, toUid: other, amount: 5 } };
  if (r < 18) return { id, type: 'safe.deposit', at, data: { uid, amount: 5 } };
  if (r < 19) return { id, type: 'feedback.submitted', at, data: { uid, category: 'payment', text: 'Hindi pumasok ang chips ko / chips not received' } };
  return { id, type: 'player.profile', at, data: { uid, name: `Renamed ${i}` } };
}

async function events(server: RunningServer, dbUrl: string) {
  const calls = 40,
    perCall = 1000,
    inFlight = Number(process.env.BENCH_EVENTS_IN_FLIGHT ?? 4);
  const run = `bench-${Date.now()}`;
  const bodies = Array.from({ length: calls }, (_, c) => ({ events: Array.from({ length: perCall }, (_, j) => mixedEvent(run, c * perCall + j)) }));
  // warm-up call (not counted)
  await signedPost(server.url, '/api/platform/events', { events: Array.from({ length: 200 }, (_, j) => mixedEvent(`${run}-w`, j)) });
  const outcome = { applied: 0, rejected: 0, duplicate: 0 };
  const cpu0 = { server: serverCpuMs(server.pid), db: databaseCpuMs(dbUrl) };
  const t0 = performance.now();
  await timed(calls, inFlight, async (i) => {
    const { status, answer } = await signedPost(server.url, '/api/platform/events', bodies[i]);
    if (status !== 200) throw new Error(`events: ${status} ${answer.message}`);
    for (const r of answer.data.results as { status: keyof typeof outcome }[]) outcome[r.status]++;
  });
  const apiSeconds = (performance.now() - t0) / 1000;
  const apiRate = Math.round((calls * perCall) / apiSeconds);
  // CPU a thousand events cost the server and PostgreSQL, and what two free cores would carry at that cost
  const thousands = (calls * perCall) / 1000;
  const cpu = {
    serverMsPer1000: +((serverCpuMs(server.pid) - cpu0.server) / thousands).toFixed(1),
    databaseMsPer1000: +((databaseCpuMs(dbUrl) - cpu0.db) / thousands).toFixed(1),
  };
  const perThousand = cpu.serverMsPer1000 + cpu.databaseMsPer1000;

  // the same rows, as a raw multi-row INSERT into one table of an event's claim and record (the
  // shape platform_event had before its claims moved out, decision 057: the raw work stays the same)
  const pool = new pg.Pool({ connectionString: dbUrl, max: inFlight });
  await pool.query(`DROP TABLE IF EXISTS bench_raw_event; CREATE TABLE bench_raw_event (app_id text NOT NULL, event_id text NOT NULL,
    type text NOT NULL, at timestamptz NOT NULL, received_at timestamptz NOT NULL, status text NOT NULL, data jsonb NOT NULL,
    PRIMARY KEY (app_id, event_id))`);
  const t1 = performance.now();
  await timed(calls, inFlight, async (i) => {
    const values: unknown[] = [];
    const rows = bodies[i].events.map((e, j) => {
      values.push(APP.appId, e.id, e.type, e.at, e.at, 'applied', JSON.stringify(e.data));
      const b = j * 7;
      return `($${b + 1},$${b + 2},$${b + 3},$${b + 4},$${b + 5},$${b + 6},$${b + 7})`;
    });
    await pool.query(`INSERT INTO bench_raw_event (app_id, event_id, type, at, received_at, status, data) VALUES ${rows.join(',')}`, values);
  });
  const rawRate = Math.round((calls * perCall) / ((performance.now() - t1) / 1000));
  await pool.query('DROP TABLE bench_raw_event');
  await pool.end();
  return {
    eventsPerSecond: apiRate,
    rawInsertRowsPerSecond: rawRate,
    ratioToRawInsert: +(apiRate / rawRate).toFixed(3),
    events: calls * perCall,
    outcome,
    cpu: { ...cpu, twoCoreCeiling: cpu.databaseMsPer1000 > 0 ? Math.round(2_000_000 / perThousand) : null },
  };
}

async function wallet(server: RunningServer) {
  const run = `w-${Date.now()}`;
  let refused = 0;
  const latencies = await timed(200, 16, async (i) => {
    const { status } = await signedPost(server.url, '/api/platform/wallet/debit', {
      txId: `${run}-${i}`,
      uid: UID_BASE + 1 + i * 37,
      currency: 'chip',
      amount: 10,
      reason: 'bet',
    });
    if (status !== 200) refused++;
  });
  return { calls: 200, concurrency: 16, p50ms: percentile(latencies, 50), p99ms: percentile(latencies, 99), refused };
}

async function ledgerPage(server: RunningServer, token: string) {
  await timed(100, 16, async () => {
    await staffGet(server.url, token, '/api/players/ledger', { uid: String(randomUid()) });
  });
  const latencies = await timed(800, 16, async () => {
    await staffGet(server.url, token, '/api/players/ledger', { uid: String(randomUid()) });
  });
  return { requests: 800, concurrency: 16, p50ms: percentile(latencies, 50), p95ms: percentile(latencies, 95) };
}

/** Search by each key (the /usermanager/search screen): values taken from generated players. */
async function search(server: RunningServer, token: string, dbUrl: string) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const sample = (
    await client.query(`SELECT uid, name, phone_country, phone_number, register_device, register_ip, gcash, share_id FROM player
    WHERE uid > ${UID_BASE} AND phone_number IS NOT NULL AND gcash <> '' ORDER BY random() LIMIT 200`)
  ).rows;
  const shares = (await client.query(`SELECT DISTINCT share_id FROM player WHERE share_id IS NOT NULL AND uid > ${UID_BASE} LIMIT 50`)).rows;
  await client.end();
  const keys: Record<string, (i: number) => Record<string, string>> = {
    uid: (i) => ({ key: 'uid', value: String(sample[i % sample.length].uid) }),
    name: (i) => ({ key: 'name', value: sample[i % sample.length].name }),
    phone: (i) => ({ key: 'phone', country: sample[i % sample.length].phone_country, value: sample[i % sample.length].phone_number }),
    device: (i) => ({ key: 'device', value: sample[i % sample.length].register_device }),
    ip: (i) => ({ key: 'ip', value: sample[i % sample.length].register_ip }),
    gcash: (i) => ({ key: 'gcash', value: sample[i % sample.length].gcash }),
    shareId: (i) => ({ key: 'shareId', value: shares[i % shares.length].share_id }),
  };
  const out: Record<string, { p50ms: number; p95ms: number }> = {};
  for (const [key, params] of Object.entries(keys)) {
    // steady state: each key's statement planned, the connections and the JIT warm (not timed)
    await timed(100, 16, async (i) => {
      await staffGet(server.url, token, SEARCH_PATH, params(i + 400));
    });
    const latencies = await timed(400, 16, async (i) => {
      await staffGet(server.url, token, SEARCH_PATH, params(i));
    });
    out[key] = { p50ms: percentile(latencies, 50), p95ms: percentile(latencies, 95) };
  }
  return out;
}
const SEARCH_PATH = process.env.BENCH_SEARCH_PATH ?? '/api/usermanager/search';

function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function exportCsv(server: RunningServer, token: string) {
  const columns = JSON.stringify([
    { key: 'uid', title: 'UID' },
    { key: 'name', title: 'Name' },
    { key: 'phone', title: 'Phone' },
    { key: 'chip', title: 'Chips', format: 'int' },
    { key: 'registeredAt', title: 'Registered', format: 'datetime' },
  ]);
  const before = rssKb(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(server.pid));
  }, 50);
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/usermanager/userlist/export?${new URLSearchParams({ columns })}`, { headers: { 'x-token': token } });
  const reader = res.body!.getReader();
  let first = 0,
    bytes = 0,
    lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!first) first = performance.now() - t0;
    bytes += value.length;
    for (const b of value) if (b === 10) lines++;
  }
  const total = performance.now() - t0;
  clearInterval(sampler);
  return {
    status: res.status,
    rows: lines - 1,
    megabytes: +(bytes / 1e6).toFixed(1),
    ttfbMs: Math.round(first),
    totalSeconds: +(total / 1000).toFixed(1),
    serverRssBeforeMB: Math.round(before / 1024),
    serverRssPeakMB: Math.round(peak / 1024),
  };
}

/** The report screens over their default ranges (actives 30 days, emotes 7): median of 3 calls each. */
async function reports(server: RunningServer, token: string) {
  const calls: Record<string, [string, Record<string, string>]> = {
    actives30d: ['/api/usermanager/actives', {}],
    activesDays30d: ['/api/usermanager/actives/days', {}],
    registersDays30d: ['/api/usermanager/registers/days', {}],
    emoteStat7d: ['/api/usermanager/emoteStat', {}],
    lostusers7d: ['/api/usermanager/lostusers', {}],
    topInviters: ['/api/usermanager/invite/top', {}],
  };
  const out: Record<string, number> = {};
  for (const [key, [path, query]] of Object.entries(calls)) {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await staffGet(server.url, token, path, query);
      times.push(performance.now() - t0);
    }
    out[`${key}Ms`] = percentile(times, 50);
  }
  return out;
}

async function batch(server: RunningServer, token: string) {
  const lines = Array.from({ length: 10_000 }, (_, i) => `${UID_BASE + 1 + i * 13},5`).join('\n');
  const post = async (path: string, body: unknown) => {
    const res = await fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': token },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { code: number; data?: any; message?: string };
    if (answer.code !== 200) throw new Error(`${path}: ${answer.message}`);
    return answer.data;
  };
  const base = '/api/usermanager/batchsendgold/sendgold';
  await post(`${base}/validate`, { text: lines, reason: 'bench' });
  const t0 = performance.now();
  const created = await post(`${base}/create`, { text: lines, reason: 'bench' });
  const id = created.id ?? created.batch?.id;
  for (;;) {
    const p = await staffGet(server.url, token, `${base}/progress`, { id: String(id) });
    const b = p.batch ?? p;
    if (b.status === 'done') return { lines: 10_000, seconds: +((performance.now() - t0) / 1000).toFixed(2), sent: b.sentLines, failed: b.failedLines };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Reads the tables and indexes the steps touch at random into PostgreSQL's buffers (pg_prewarm),
 * as a server in service has them: right after the data is made, or after the cluster restarts,
 * most of them are on disk, and the first minutes of a run measure the disk (events: 85–107 ms
 * to insert 650 ledger entries at random uids cold, 18–36 ms warm). Returns the seconds it took.
 */
async function prewarm(dbUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const t0 = performance.now();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
    const { rows } = await client.query<{ name: string }>(`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i') AND (
        c.relname ~ '^(player|player_balance|player_last_login|player_device|player_ip|player_active_day)(_pkey|_.*_idx)?$'
        OR c.relname IN ('ledger_entry_uid_idx', 'ledger_entry_uid_at_idx', 'player_login_uid_idx'))`);
    for (const r of rows) await client.query('SELECT pg_prewarm($1)', [r.name]);
  } catch (error) {
    console.log(`prewarm skipped: ${(error as Error).message}`);
  } finally {
    await client.end();
  }
  return Math.round((performance.now() - t0) / 1000);
}

/** BENCH_STEPS=events,wallet runs only those steps (default: every step). */
const STEPS = process.env.BENCH_STEPS ? new Set(process.env.BENCH_STEPS.split(',')) : undefined;

export async function playersBench(pgUrl: string) {
  // BENCH_DB names the database (default console_bench_players); BENCH_REUSE=1 keeps it and its
  // generated data when it has them (lib/database.ts), so that a change can be measured before
  // and after on the same rows.
  const name = process.env.BENCH_DB ?? 'console_bench_players';
  const { url: dbUrl, reuse } = await benchDatabase(pgUrl, name, firstValueIs(`SELECT count(*) AS n FROM player WHERE uid > ${UID_BASE}`, 'n', PLAYERS));

  // demo accounts without the simulated demo players (the bulk data stands in for them)
  const server = await startServer({ DATABASE_URL: dbUrl, DEMO: '1', DEMO_PLAYERS: '0' });
  const results: Record<string, unknown> = { players: PLAYERS, ledgerEntries: PLAYERS * ENTRIES };
  try {
    const t0 = performance.now();
    if (!reuse) {
      console.log(`generating ${PLAYERS} players and ${PLAYERS * ENTRIES} ledger entries …`);
      await generatePlayerData(dbUrl, { players: PLAYERS, entriesPerPlayer: ENTRIES, uidBase: UID_BASE });
    } else console.log(`reusing ${name}: ${PLAYERS} players`);
    const owner = new pg.Client({ connectionString: dbUrl });
    await owner.connect();
    await owner.query('INSERT INTO platform_application (app_id, name, secret) VALUES ($1, $1, $2) ON CONFLICT DO NOTHING', [
      APP.appId,
      sealAppSecret(APP.secret, APP.appId),
    ]);
    await owner.end();
    results.generateSeconds = Math.round((performance.now() - t0) / 1000);
    results.prewarmSeconds = await prewarm(dbUrl);
    const token = await apiLogin(server.url, 'admin');
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
    await step('events', () => events(server, dbUrl));
    await step('wallet', () => wallet(server));
    await step('search', () => search(server, token, dbUrl));
    await step('ledgerPage', () => ledgerPage(server, token));
    await step('reports', () => reports(server, token));
    await step('export', () => exportCsv(server, token));
    await step('batch', () => batch(server, token));
    await step('reconcile', () => reconcileStep(dbUrl));
  } finally {
    await server.stop();
  }
  results.loadAverageAfter = loadavg().map((l) => +l.toFixed(2));
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await playersBench(playersBenchUrl()), null, 2));
}
