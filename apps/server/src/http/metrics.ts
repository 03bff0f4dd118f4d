/**
 * The console's metrics in Prometheus' format (prom-client; docs/deploy.md "Seeing it run",
 * docs/grafana/console.json): one registry per process, since a process is what Prometheus
 * scrapes.
 *
 *   console_requests_total / console_request_seconds   calls by operation and status
 *   console_db_query_seconds, console_db_query_errors_total, console_db_pool_connections
 *   console_job_runs_total / console_job_run_seconds    background jobs by outcome
 *   console_platform_events_total                       events by outcome (applied, rejected, duplicate)
 *   console_platform_wallet_ops_total                   the ops of wallet batches by op and outcome (each wallet
 *                                                       call, settle and batch included, is a request above)
 *   console_cashout_queue_orders                        cash-out orders by queue and status (read on scrape)
 *   console_replica_lag_seconds                         the read replica's replay lag (read on scrape)
 *   process_* and nodejs_*                              the process (CPU, memory, event loop, GC)
 *
 * Served on the main port at GET /metrics with `Authorization: Bearer <METRICS_TOKEN>`, or on
 * a port of its own (METRICS_PORT, on METRICS_HOST) without a token; with neither, not at all.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import client from 'prom-client';
import { sql } from 'kysely';
import type { Db } from '../db/open';

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

const SECONDS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const requestsTotal = new client.Counter({
  name: 'console_requests_total',
  help: 'Requests answered, by operation (or route) and HTTP status',
  labelNames: ['operation', 'status'] as const,
  registers: [registry],
});
export const requestSeconds = new client.Histogram({
  name: 'console_request_seconds',
  help: 'Time from the request to the answer, by operation (or route) and status class',
  labelNames: ['operation', 'class'] as const,
  buckets: SECONDS,
  registers: [registry],
});
export const querySeconds = new client.Histogram({
  name: 'console_db_query_seconds',
  help: 'Database statements, time to their result',
  buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30],
  registers: [registry],
});
export const queryErrors = new client.Counter({
  name: 'console_db_query_errors_total',
  help: 'Database statements that failed (conflicts, timeouts, lost connections)',
  registers: [registry],
});
export const jobRuns = new client.Counter({
  name: 'console_job_runs_total',
  help: 'Background job runs by job and outcome (ok, failed, lost: its lease ran out and another instance took it)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});
export const jobSeconds = new client.Histogram({
  name: 'console_job_run_seconds',
  help: 'Background job runs, their duration',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
  registers: [registry],
});
export const platformEvents = new client.Counter({
  name: 'console_platform_events_total',
  help: 'Platform events by outcome (applied, rejected, duplicate)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const platformWalletOps = new client.Counter({
  name: 'console_platform_wallet_ops_total',
  help: 'Ops of wallet batches by op (debit, credit, settle, rollback; unknown: a rejected op that named none) and outcome (applied, rejected, duplicate)',
  labelNames: ['op', 'outcome'] as const,
  registers: [registry],
});

/** The connection pools of this process (main.ts registers the server's; PGlite has none). */
const pools = new Map<string, () => { total: number; idle: number; waiting: number }>();
export function watchPool(name: string, stats: () => { total: number; idle: number; waiting: number }): void {
  pools.set(name, stats);
}
new client.Gauge({
  name: 'console_db_pool_connections',
  help: 'Database pool connections by pool and state (busy, idle, waiting: callers waiting for one)',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [pool, stats] of pools) {
      const s = stats();
      this.set({ pool, state: 'busy' }, s.total - s.idle);
      this.set({ pool, state: 'idle' }, s.idle);
      this.set({ pool, state: 'waiting' }, s.waiting);
    }
  },
});

/** The database the scrape-time gauges read (main.ts: the server's). */
let watched: { db: Db; replicaLag?: () => Promise<number | null> } | null = null;
export function watchDatabase(db: Db, replicaLag?: () => Promise<number | null>): void {
  watched = { db, replicaLag };
}
new client.Gauge({
  name: 'console_cashout_queue_orders',
  help: 'Cash-out orders waiting, by queue (players, agents) and status',
  labelNames: ['queue', 'status'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    if (!watched) return;
    const { rows } = await sql<{ queue: string; status: string; n: number }>`
      SELECT 'players' AS queue, status, count(*)::integer AS n FROM cashout_order
        WHERE status IN ('not_reviewed', 'in_review', 'approved', 'undetermined') GROUP BY status
      UNION ALL
      SELECT 'agents', status, count(*)::integer FROM agent_cashout_order
        WHERE status IN ('not_reviewed', 'in_review', 'approved', 'undetermined') GROUP BY status`.execute(watched.db);
    for (const r of rows) this.set({ queue: r.queue, status: r.status }, r.n);
  },
});
new client.Gauge({
  name: 'console_replica_lag_seconds',
  help: "The read replica's replay lag (absent without READ_DATABASE_URL)",
  registers: [registry],
  async collect() {
    this.reset();
    const lag = watched?.replicaLag ? await watched.replicaLag() : null;
    if (lag !== null) this.set(lag);
  },
});

export function observeJob(job: string, outcome: 'ok' | 'failed' | 'lost', seconds: number): void {
  jobRuns.inc({ job, outcome });
  jobSeconds.observe({ job }, seconds);
}

export function observeRequest(operation: string, status: number, seconds: number): void {
  requestsTotal.inc({ operation, status });
  requestSeconds.observe({ operation, class: `${Math.floor(status / 100)}xx` }, seconds);
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether an Authorization header carries the metrics token (compared in constant time). */
export function metricsTokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** The metrics on a port of their own (METRICS_PORT): GET /metrics, nothing else. */
export async function serveMetrics(port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${error.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
