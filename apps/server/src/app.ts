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
import type { SeedProgress } from './seed/demo';
import type { ServerConfig } from './config';
import type { Db } from './db/open';
import { accountOperations } from './domains/accounts/routes';
import { twoFactorOperations } from './domains/accounts/two-factor';
import { payoutEndpointOperations, registerPayoutCallback, registerPayoutSweep } from './domains/cashout/endpoints';
import { authOperations } from './domains/auth/routes';
import { SessionCache } from './domains/auth/session-cache';
import { listenForSessionChanges } from './domains/auth/session-listener';
import { operationLogOperations } from './domains/operation-log/routes';
import { issuingOperations } from './domains/issuing/routes';
import { gameOperations, gamePlatformOperations } from './domains/games/routes';
import { gameServerOperations, gameServerPlatformOperations } from './domains/game-servers/routes';
import { lobbyOperations, lobbyPlatformOperations } from './domains/lobby/routes';
import { tableGameOperations, tableGamePlatformOperations } from './domains/table-games/routes';
import { providerOperations, providerPlatformOperations } from './domains/providers/routes';
import { controlOperations, controlPlatformOperations } from './domains/controls/routes';
import { messageOperations, messagePlatformOperations } from './domains/messages/routes';
import { appSettingOperations, appSettingPlatformOperations } from './domains/app-settings/routes';
import { lostPlayerOperations, lostPlayerPlatformOperations } from './domains/lost-players/routes';
import { partnerOperations, partnerPlatformOperations } from './domains/partners/routes';
import { roomOperations, roomPlatformOperations } from './domains/rooms/routes';
import { agentOperations, agentPlatformOperations } from './domains/agents/routes';
import { agentReportOperations, agentReportPlatformOperations } from './domains/agent-reports/routes';
import { agentManagerOperations, agentManagerPlatformOperations } from './domains/agentmanager/routes';
import { agentxOperations, agentxPlatformOperations } from './domains/agentx/routes';
import { agentCashOperations, agentCashPlatformOperations } from './domains/agentcash/routes';
import { groundPromoterOperations, groundPromoterPlatformOperations } from './domains/groundpromoters/routes';
import { activityPlatformOperations, activityStaffOperations } from './domains/activities/routes';
import { vipOperations } from './domains/vip/routes';
import { registerVipEvaluation } from './domains/vip/evaluate';
import { vipManagerOperations } from './domains/vipmanager/routes';
import { fbActivityOperations, fbActivityPlatformOperations } from './domains/fbactivity/routes';
import { rankOperations, rankPlatformOperations, registerRankSettlement } from './domains/rank/routes';
import { arenaOperations, arenaPlatformOperations, registerArenaSettlement } from './domains/tongitsarena/routes';
import { cdkcodeOperations, cdkcodePlatformOperations } from './domains/cdkcode/routes';
import { cashoutOperations, cashoutPlatformOperations } from './domains/cashout/routes';
import { paymentConfigOperations, paymentConfigPlatformOperations } from './domains/payment-config/routes';
import { registerReportCompaction } from './domains/payment-reports/compact';
import { registerExtraRebateJob } from './domains/agent-reports/job';
import { paymentReportsOperations, paymentReportsPlatformOperations } from './domains/payment-reports/routes';
import { rechargeOperations, rechargePlatformOperations } from './domains/recharge/routes';
import { registerBatchWorker, type WorkerOptions } from './domains/issuing/worker';
import { registerAgentSettlement } from './domains/agents/settlement';
import { registerStopLossJob } from './domains/partners/stoploss-job';
import { platformOperations } from './domains/platform/routes';
import { playerListOperations } from './domains/player-lists/routes';
import { playerRecordsOperations } from './domains/player-records/routes';
import { playerReportsOperations } from './domains/player-reports/routes';
import { playerOperations } from './domains/players/routes';
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
}

/**
 * The app's hooks as the background steps see them: their 'onReady' waits for `after` (and is
 * dropped when the app closed first); 'onClose' as it is.
 */
function deferredHooks(app: FastifyInstance, after: Promise<unknown>): JobHost & { log: FastifyBaseLogger } {
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
  });
  return {
    log: app.log,
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
}: BuildOptions) {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    // requests are not logged one by one; errors log through the process logger itself
    // (a pino child per request cost ~10% of the API's throughput)
    childLoggerFactory: (logger) => logger,
    bodyLimit: BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // a hop count trusts the nearest `n` senders of X-Forwarded-For (Fastify's own reading of a number)
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  });
  registerJsonBody(app);
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
  const deps = { db, config, sessions, limiter, refusals };

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
  registerOperations(app, deps, authOperations);
  registerOperations(app, deps, accountOperations);
  registerOperations(app, deps, twoFactorOperations);
  registerOperations(app, deps, payoutEndpointOperations);
  registerPayoutCallback(app, deps);
  registerOperations(app, deps, operationLogOperations);
  registerOperations(app, deps, playerOperations);
  registerOperations(app, deps, playerListOperations);
  registerOperations(app, deps, playerReportsOperations);
  registerOperations(app, deps, playerRecordsOperations);
  registerOperations(app, deps, issuingOperations);
  registerOperations(app, deps, paymentConfigOperations);
  registerOperations(app, deps, rechargeOperations);
  registerOperations(app, deps, cashoutOperations);
  registerOperations(app, deps, paymentReportsOperations);
  registerOperations(app, deps, gameOperations);
  registerOperations(app, deps, gameServerOperations);
  registerOperations(app, deps, lobbyOperations);
  registerOperations(app, deps, tableGameOperations);
  registerOperations(app, deps, providerOperations);
  registerOperations(app, deps, controlOperations);
  registerOperations(app, deps, messageOperations);
  registerOperations(app, deps, appSettingOperations);
  registerOperations(app, deps, lostPlayerOperations);
  registerOperations(app, deps, partnerOperations);
  registerOperations(app, deps, roomOperations);
  registerOperations(app, deps, agentOperations);
  registerOperations(app, deps, agentReportOperations);
  registerOperations(app, deps, agentManagerOperations);
  registerOperations(app, deps, agentxOperations);
  registerOperations(app, deps, agentCashOperations);
  registerOperations(app, deps, groundPromoterOperations);
  registerOperations(app, deps, activityStaffOperations);
  registerOperations(app, deps, vipOperations);
  registerOperations(app, deps, vipManagerOperations);
  registerOperations(app, deps, fbActivityOperations);
  registerOperations(app, deps, rankOperations);
  registerOperations(app, deps, arenaOperations);
  registerOperations(app, deps, cdkcodeOperations);
  const jobs = backgroundAfter ? deferredHooks(app, backgroundAfter) : app;
  if (batchWorker !== false) {
    registerBatchWorker(jobs, db, config.now, batchWorker === true ? {} : batchWorker);
    // the background steps go together: a test app without the worker has no compaction either
    registerReportCompaction(jobs, db, config.now);
    // issue 9: the weekly agent settlement (Monday 00:00 GMT+8; exactly once across processes)
    registerAgentSettlement(jobs, db, config.now);
    registerExtraRebateJob(jobs, db, config.now);
    // issue 9: the partners' stop-loss (every few minutes; a partner suspended once across processes)
    registerStopLossJob(jobs, db, config.now);
    // issue 10: the daily VIP evaluation (the days that ended; exactly once across processes)
    registerVipEvaluation(jobs, db, config.now);
    registerRankSettlement(jobs, db, config.now);
    registerArenaSettlement(jobs, db, config.now);
    // issue 23: undetermined payouts of a provider's API are asked about
    registerPayoutSweep(jobs, db, config.now);
  }
  registerPlatformOperations(app, deps, [
    ...platformOperations,
    ...paymentConfigPlatformOperations,
    ...rechargePlatformOperations,
    ...cashoutPlatformOperations,
    ...paymentReportsPlatformOperations,
    ...gamePlatformOperations,
    ...gameServerPlatformOperations,
    ...lobbyPlatformOperations,
    ...tableGamePlatformOperations,
    ...providerPlatformOperations,
    ...controlPlatformOperations,
    ...messagePlatformOperations,
    ...appSettingPlatformOperations,
    ...lostPlayerPlatformOperations,
    ...partnerPlatformOperations,
    ...roomPlatformOperations,
    ...agentPlatformOperations,
    ...agentReportPlatformOperations,
    ...agentManagerPlatformOperations,
    ...agentxPlatformOperations,
    ...agentCashPlatformOperations,
    ...groundPromoterPlatformOperations,
    ...activityPlatformOperations,
    ...fbActivityPlatformOperations,
    ...rankPlatformOperations,
    ...arenaPlatformOperations,
    ...cdkcodePlatformOperations,
  ]);

  await registerWebApp(app, config.webDist, webBuilding);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
