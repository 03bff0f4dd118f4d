/**
 * buildApp: the Fastify instance, wired in a visible order:
 *   1. Fastify limits (1 MiB body, prototype keys refused, JSON only)
 *   2. plugins: errors, openapi, security headers
 *   3. domains: health, auth, accounts, operation log, players and their lists, issuing, payments
 *      (channels and configuration, recharge, cash-out, the data reports), games (rounds, game servers, the lobby)
 *   4. the platform API (signed by applications, not staff)
 *   5. the web app and the SPA fallback
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { JobHost } from './http/repeating-job';
import { JobSchedule } from './http/job-schedule';
import { metricsTokenMatches, observeJob, registry } from './http/metrics';
import { registerRequestObservation, requestIdOf } from './http/observe';
import { readiness } from './http/ready';
import type { ReadReplica } from './db/replica';
import type { SeedProgress } from './seed/demo';
import type { ServerConfig } from './config';
import type { Db } from './db/open';
import { DOMAINS } from './domains';
import { SessionCache } from './domains/auth/session-cache';
import { listenForSessionChanges } from './domains/auth/session-listener';
import type { WorkerOptions } from './domains/issuing/worker';
import { registerOperations } from './http/operation';
import { registerPlatformOperations } from './http/platform-operation';
import { registerPartnerWall } from './http/partner-wall';
import { attachRateLimiter, RateLimiter } from './http/rate-limit';
import { attachRefusalTally, RefusalTally, TALLY_EVERY_MS } from './http/refusal-tally';
import { registerErrorHandling } from './plugins/errors';
import { registerJsonBody } from './plugins/json-body';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';

export const BODY_LIMIT = 1024 * 1024;

export interface BuildOptions {
  db: Db;
  config: ServerConfig;
  /** A pino logger (main.ts); tests run silent. */
  logger?: FastifyBaseLogger;
  /**
   * Remember live sessions in memory (session-cache.ts): `true` when this process is the
   * database's only client (PGlite); `{ listen: url }` on PostgreSQL, where the cache
   * follows the database's change notifications; absent or false: no cache.
   */
  cacheSessions?: boolean | { listen: string };
  /** The batch send worker (domains/issuing/worker.ts): on unless false; tests may tune it. */
  batchWorker?: boolean | Partial<WorkerOptions>;
  /**
   * The background steps (batch worker, compaction, settlements, evaluations) start once this
   * settles instead of when the server is ready: main.ts passes the demo seed that fills in
   * behind the socket, whose steps settle weeks and evaluate days themselves.
   */
  backgroundAfter?: Promise<unknown>;
  /** Where a demo seed under way stands, for GET /api/health (main.ts); null once done. */
  demoSeed?: () => SeedProgress | null;
  /** The web app is being built beside the start (plugins/web-app.ts). */
  webBuilding?: boolean;
  /** The jobs' schedule shared with the other instances (main.ts passes its own; default: a new one on `db`). */
  jobSchedule?: JobSchedule;
  /**
   * Seeing it run (http/observe.ts, http/metrics.ts, http/ready.ts): an access log line per
   * request; GET /metrics on this port behind this bearer token; the replica's lag for
   * GET /api/ready and its limit.
   */
  /** The read replica (READ_DATABASE_URL, db/replica.ts): lists, exports and reports read there. */
  replica?: ReadReplica;
  observe?: {
    accessLog?: boolean;
    metricsToken?: string;
    replicaLag?: () => Promise<number | null>;
    maxReplicaLagSeconds?: number;
    requireReplica?: boolean;
  };
}

/**
 * The app's hooks as the background steps see them: their 'onReady' waits for `after` (and is
 * dropped when the app closed first); 'onClose' as it is.
 */
function deferredHooks(app: FastifyInstance, after: Promise<unknown>, schedule: JobSchedule): JobHost & { log: FastifyBaseLogger } {
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
  });
  return {
    log: app.log,
    schedule,
    addHook(name: 'onReady' | 'onClose', hook: () => Promise<void>) {
      if (name === 'onClose') return app.addHook('onClose', hook);
      return app.addHook('onReady', async () => {
        void after
          .catch(() => undefined)
          .then(() => (closed ? undefined : hook()))
          .catch((error: unknown) => app.log.warn({ err: error }, 'a background step failed to start'));
      });
    },
  };
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp({
  db,
  config,
  logger,
  cacheSessions = false,
  batchWorker = true,
  backgroundAfter,
  demoSeed,
  webBuilding = false,
  jobSchedule,
  replica,
  observe = {},
}: BuildOptions) {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    // requests are not logged one by one; errors log through the process logger itself
    // (a pino child per request cost ~10% of the API's throughput)
    childLoggerFactory: (logger) => logger,
    // X-Request-Id when plain, else a new id; returned and in every log line of the request (http/observe.ts)
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // a hop count trusts the nearest `n` senders of X-Forwarded-For (Fastify's own reading of a number)
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  });
  registerJsonBody(app);
  registerRequestObservation(app, { accessLog: observe.accessLog ?? false });
  app.decorateRequest('user', null);
  app.decorateRequest('operationNote', null);
  const sessions = cacheSessions ? new SessionCache({ suspended: typeof cacheSessions === 'object' }) : null;
  if (sessions && typeof cacheSessions === 'object') {
    const listener = listenForSessionChanges(cacheSessions.listen, sessions, app.log);
    await listener.ready;
    app.addHook('onClose', () => listener.close());
  }
  // calls a minute per account and application, and the refused calls counted instead of logged one by one
  const limiter = new RateLimiter(db, config.rateLimits, config.now);
  const refusals = new RefusalTally({ db, now: config.now });
  attachRefusalTally(app, refusals);
  attachRateLimiter(app, limiter);
  const flushRefusals = () => refusals.flush().catch((error: unknown) => app.log.error({ err: error }, 'could not write the refused calls'));
  const refusalTimer = setInterval(() => void flushRefusals(), TALLY_EVERY_MS).unref();
  app.addHook('onClose', async () => {
    clearInterval(refusalTimer);
    await flushRefusals();
  });
  const deps = { db, config, sessions, limiter, refusals, replica: replica ?? null };

  registerErrorHandling(app, deps);
  await registerOpenApi(app);
  registerSecurityHeaders(app);
  registerPartnerWall(app);

  // contract "Running": {code:200} once the server accepts requests; while a demo seed fills in
  // behind it, also where it stands (the console's banner, the browser tests' start)
  app.get('/api/health', { schema: { hide: true } }, async () => {
    const seeding = demoSeed?.();
    return seeding ? { code: 200, demoSeed: { percent: seeding.percent, step: seeding.step, next: seeding.next } } : { code: 200 };
  });
  // for a load balancer: 200 when this instance can serve (database, migrations, replica lag), else 503 naming what failed
  app.get('/api/ready', { schema: { hide: true } }, async (_request, reply) => {
    const r = await readiness({
      db,
      replicaLag: observe.replicaLag ?? (replica ? () => replica.lagSeconds() : undefined),
      maxReplicaLagSeconds: observe.maxReplicaLagSeconds,
    });
    return reply.code(r.ready ? 200 : 503).send(r.ready ? { code: 200, checks: r.checks } : { code: 503, message: 'Not ready', checks: r.checks });
  });
  // Prometheus' scrape, behind METRICS_TOKEN (else on METRICS_PORT, main.ts, or not at all)
  const metricsToken = observe.metricsToken;
  if (metricsToken) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!metricsTokenMatches(request.headers.authorization, metricsToken)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ code: -1, message: 'Metrics token required' });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  }
  // every domain's staff operations and own routes, then its background jobs, then the platform API (domains/index.ts)
  for (const domain of DOMAINS) {
    if (domain.operations) registerOperations(app, deps, domain.operations);
    domain.routes?.(app, deps);
  }
  if (batchWorker !== false) {
    // the background jobs go together: a test app without the batch worker has none of them
    const schedule = jobSchedule ?? new JobSchedule(db, { onRun: observeJob });
    // the app itself is the host when nothing defers the jobs (tests find the batch worker by the app)
    app.decorate('schedule', schedule);
    const host = backgroundAfter ? deferredHooks(app, backgroundAfter, schedule) : (app as typeof app & { schedule: JobSchedule });
    const context = { db, now: config.now, config, batchWorker: batchWorker === true ? {} : batchWorker };
    for (const domain of DOMAINS) for (const job of domain.jobs ?? []) job(host, context);
  }
  registerPlatformOperations(
    app,
    deps,
    DOMAINS.flatMap((domain) => domain.platform ?? []),
  );

  await registerWebApp(app, config.webDist, webBuilding);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
