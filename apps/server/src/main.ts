/**
 * The console server process. Environment (contract "Running"): PORT (8080), HOST
 * (127.0.0.1), DATA_DIR (./data, the embedded PGlite), DATABASE_URL (PostgreSQL instead),
 * MIGRATION_DATABASE_URL (the tables' owner, runs the migrations; default DATABASE_URL),
 * DEMO (seed demo data into an empty database; default on for PGlite, off for PostgreSQL),
 * NODE_ENV=production (with a DATABASE_URL and no DEMO it is implied): the server refuses to
 * start on demo settings (production.ts).
 *
 * Migrations run as the owner of the tables; everything after them (demo seed, requests)
 * runs as RUNTIME_ROLE, which may not change or ALTER the operation log
 * (docs/decisions/002-database-roles.md).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from './app';
import { configFromEnv, defaultConfig, processSettingsFromEnv, type ProcessSettings } from './config';
import { ChangedMigrationError, migrate, pendingMigrations } from './db/migrate';
import { JobSchedule } from './http/job-schedule';
import { observeJob, queryErrors, querySeconds, serveMetrics, watchDatabase, watchPool } from './http/metrics';
import { LOG_REDACT, requestLogFields } from './http/observe';
import { exportAnchor } from './domains/operation-log/anchor';
import { registerRepeatingJob } from './http/repeating-job';
import { demoHeartbeats } from './domains/game-servers/beat';
import { createPglite, openDatabase, RUNTIME_ROLE } from './db/open';
import { ReadReplica } from './db/replica';
import { ROLES } from '@console/catalog';
import { buildWeb } from './cli/web-build';
import { productionRefusals, startMode } from './production';
import { missingKeys } from './secrets/columns';
import { keyringForStart, useKeyring, type Keyring } from './secrets/keyring';
import { DEMO_PASSWORD, demoPlayersFromEnv, prepareDemo, type SeedProgress } from './seed/demo';

const env = process.env;
// every line of a request carries its id; credentials never reach the log (http/observe.ts)
const log = pino({ level: env.LOG_LEVEL ?? 'info', mixin: requestLogFields, redact: LOG_REDACT });
const port = Number(env.PORT || 8080);
const host = env.HOST || '127.0.0.1';
const databaseUrl = env.DATABASE_URL || undefined;
const migrationUrl = env.MIGRATION_DATABASE_URL || databaseUrl;
const dataDir = resolve(env.DATA_DIR || './data');
const mode = startMode(env);
const { demo } = mode;
// WEB_DIST: another build of the web app (e2e of an optional module: a build made with its CONSOLE_OPTIONAL_MODULES)
const webDist = env.WEB_DIST ? resolve(env.WEB_DIST) : fileURLToPath(new URL('../../web/dist', import.meta.url));

let tuned: ReturnType<typeof configFromEnv>;
let settings: ProcessSettings;
try {
  tuned = configFromEnv(env); // session expiries, sign-in limits and the trusted proxies (README "Environment")
  settings = processSettingsFromEnv(env, mode.production); // pool, timeouts, migrations, access log, metrics, job lease, stop
} catch (error) {
  log.fatal((error as Error).message);
  process.exit(2);
}
if (mode.refusal) {
  log.fatal(mode.refusal);
  process.exit(2);
}
// the key that seals application secrets and authenticator seeds (secrets/keyring.ts)
let keys: Keyring;
try {
  keys = keyringForStart(env, mode.production);
} catch (error) {
  log.fatal((error as Error).message);
  process.exit(2);
}
useKeyring(keys);
if (migrationUrl && !databaseUrl) {
  log.fatal('MIGRATION_DATABASE_URL is set but DATABASE_URL is not');
  process.exit(2);
}
// behind a transaction pooler the migrations' session lock cannot hold: they need a direct login
if (settings.pooled && settings.migrate && !env.MIGRATION_DATABASE_URL) {
  log.fatal(
    'DB_POOLER=transaction: run npm run migrate on a direct connection and start with MIGRATE=0, or give MIGRATION_DATABASE_URL (not through the pooler)',
  );
  process.exit(2);
}
// The terminal speaks (docs/decisions/039-first-minute.md): one line per start step with the
// seconds since the process started; the last says where to open the console and how to sign in.
const say = (line: string) => process.stdout.write(`[console ${process.uptime().toFixed(1).padStart(6)} s] ${line}\n`);
const address = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
const openLine = () => say(demo ? `open ${address} and sign in as ${ROLES.join(', ')} (username = role), password ${DEMO_PASSWORD}` : `open ${address}`);

// `npm start` (--build-web): the web app is built beside the database's start, only when its
// sources changed since the build on disk (cli/web-build.ts)
let webBuilding = false;
let webReady: Promise<void> = Promise.resolve();
if (process.argv.includes('--build-web')) {
  webBuilding = true;
  webReady = buildWeb({ outDir: webDist }).then(
    (r) => {
      webBuilding = false;
      say(r.built ? `web app built (${(r.ms / 1000).toFixed(1)} s)` : 'web app up to date (its sources have not changed since the last build)');
    },
    (error: Error) => {
      say(error.message);
      process.exit(1);
    },
  );
  // a current build answers at once: no "being built" page for it
  await Promise.race([webReady, new Promise((r) => setTimeout(r, 50))]);
}

if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
// PGlite is one process-wide instance: the owner's pool and the runtime pool take turns on it.
const pglite = databaseUrl ? undefined : await createPglite(dataDir);
// MIGRATE=0 (several servers: `npm run migrate` ran before them): the migrations are only checked, below
let applied: string[] = [];
if (settings.migrate) {
  const owner = await openDatabase({ databaseUrl: migrationUrl, pglite, poolSize: 1 });
  try {
    applied = await migrate(owner.db, { lockTimeoutMs: settings.migrationLockTimeoutMs });
  } catch (error) {
    // a migration changed after it was applied: one line naming it, not a stack
    if (!(error instanceof ChangedMigrationError)) throw error;
    log.fatal(error.message);
    await owner.close();
    await pglite?.close();
    process.exit(2);
  }
  await owner.close();
  if (applied.length) log.debug({ applied }, 'migrations applied');
}
// the server's pools (primary, replica): the runtime role, the pool and timeout settings, the metrics
const runtimePool = (url: string | undefined) =>
  openDatabase({
    databaseUrl: url,
    pglite,
    role: RUNTIME_ROLE,
    poolSize: settings.poolSize,
    statementTimeoutMs: settings.statementTimeoutMs,
    idleInTransactionTimeoutMs: settings.idleInTransactionTimeoutMs,
    idleTimeoutMs: settings.idleTimeoutMs,
    pooled: settings.pooled,
    onQuery: (seconds, failed) => {
      querySeconds.observe(seconds);
      if (failed) queryErrors.inc();
    },
  });
const database = await runtimePool(databaseUrl);
if (database.poolStats) watchPool('primary', database.poolStats);
// READ_DATABASE_URL: a streaming replica the lists, exports and reports read from (db/replica.ts)
const readUrl = env.READ_DATABASE_URL || undefined;
if (readUrl && !databaseUrl) {
  log.fatal('READ_DATABASE_URL is set but DATABASE_URL is not');
  process.exit(2);
}
const readDatabase = readUrl ? await runtimePool(readUrl) : null;
const replica = readDatabase ? new ReadReplica(readDatabase.db, database.db, settings.maxReplicaLagSeconds) : undefined;
if (readDatabase?.poolStats) watchPool('replica', readDatabase.poolStats);
watchDatabase(database.db, replica ? () => replica.lagSeconds() : undefined);
if (!settings.migrate) {
  const pending = await pendingMigrations(database.db);
  if (pending.length > 0) {
    say(`refused to start: the database is not current (MIGRATE=0); run npm run migrate first. Pending: ${pending.join(', ')}`);
    await database.close();
    await pglite?.close();
    process.exit(2);
  }
}
const { role } = (await sql<{ role: string }>`SELECT current_user AS role`.execute(database.db)).rows[0];
if (role !== RUNTIME_ROLE) {
  log.fatal({ role }, `the server's queries must run as ${RUNTIME_ROLE}`);
  process.exit(2);
}
say(
  `database ready: ${databaseUrl ? `PostgreSQL (DATABASE_URL${readUrl ? ', reads from READ_DATABASE_URL' : ''})` : `PGlite in ${dataDir}`}${applied.length ? `, ${applied.length} migration${applied.length === 1 ? '' : 's'} applied` : ''}`,
);

// every sealed secret must open; production: no demo account, demo-app or simulated payout
// provider either (one line each, then exit)
{
  const refusals = [...(await missingKeys(database.db, keys)), ...(mode.production ? await productionRefusals(database.db) : [])];
  if (refusals.length > 0) {
    for (const line of refusals) say(`refused to start${mode.production ? ' in production' : ''}: ${line}`);
    await database.close();
    await pglite?.close();
    process.exit(2);
  }
}

const config = defaultConfig({ webDist, ...tuned });
// Demo mode: the accounts before the socket opens, then the configuration, the players' history
// and the rest of the seed behind it, with its progress in the terminal, in GET /api/health and
// in the console's banner; the background steps start once it is done.
let seeding: SeedProgress | null = null;
let lastSaid = { step: '', tenth: -1 };
const sayProgress = (p: SeedProgress) => {
  seeding = p.done ? null : p;
  // the history reports every day: a line at most every tenth of it
  const tenth = Math.floor(p.percent / 10);
  if (p.done || (p.step === lastSaid.step && tenth === lastSaid.tenth)) return;
  lastSaid = { step: p.step, tenth };
  say(`demo data: ${p.percent}%, ${p.step}${p.next ? `, then ${p.next}` : ''}`);
};
const demoPlayers = { ...demoPlayersFromEnv(env), log: (message: string, details?: object) => log.debug(details ?? {}, message), progress: sayProgress };
const pending = demo ? await prepareDemo(database.db, config, demoPlayers) : null;
if (demo)
  say(pending ? `demo accounts ready; demo data (${pending.plan.players} players, ${pending.plan.days} days) fills in behind the console` : 'demo data ready');
let seedSettled = (): void => undefined;
const seedFinished = new Promise<void>((resolve) => {
  seedSettled = resolve;
});
if (pending) seeding = { percent: 0, step: '', next: null, done: false };

const jobSchedule = new JobSchedule(database.db, { onRun: observeJob, leaseMs: settings.jobLeaseMs });
const app = await buildApp({
  db: database.db,
  config,
  logger: log,
  jobSchedule,
  replica,
  observe: {
    accessLog: settings.accessLog,
    metricsToken: settings.metricsToken,
    maxReplicaLagSeconds: settings.maxReplicaLagSeconds,
    requireReplica: settings.requireReplica,
  },
  // the session cache follows the database's notifications on a connection of its own; a pooler in
  // transaction mode cannot keep a LISTEN: DATABASE_LISTEN_URL reaches the primary directly, and
  // without it the sessions are read from the database on every call
  cacheSessions: !databaseUrl ? true : env.DATABASE_LISTEN_URL ? { listen: env.DATABASE_LISTEN_URL } : settings.pooled ? false : { listen: databaseUrl },
  backgroundAfter: pending ? seedFinished : undefined,
  demoSeed: () => seeding,
  webBuilding,
});
// the operation log's head, anchored outside the database (domains/operation-log/anchor.ts)
if (env.AUDIT_ANCHOR_FILE) {
  const file = resolve(env.AUDIT_ANCHOR_FILE);
  const minutes = Number(env.AUDIT_ANCHOR_MINUTES || 10);
  const anchor = async () => {
    const written = await exportAnchor(database.db, file, new Date());
    if (written) log.info({ anchor: written }, 'operation log anchored');
  };
  registerRepeatingJob(app, { name: 'audit anchor', firstAfterMs: 5_000, everyMs: Math.max(1, minutes) * 60_000, run: anchor });
  app.addHook('onClose', anchor);
}
// demo mode: the demo game servers keep beating (stopped when the app closes)
if (demo) demoHeartbeats(app, database.db, config, (message, error) => log.warn({ err: error }, message));
await app.listen({ port, host });
say(`listening on ${address}${webBuilding ? ' (the web app is still being built)' : ''}`);
const metricsServer = settings.metricsPort ? await serveMetrics(settings.metricsPort, settings.metricsHost) : null;
if (metricsServer) say(`metrics on http://${settings.metricsHost}:${settings.metricsPort}/metrics`);
void webReady.then(openLine);
if (pending) {
  const started = performance.now();
  void pending
    .run()
    .then(
      async () => {
        seeding = null;
        say(`demo data ready (${pending.plan.players} players, ${pending.plan.days} days, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
        await webReady;
        openLine();
      },
      (error: Error) => {
        seeding = null;
        log.error({ err: error }, 'demo seed failed');
        say(`demo data stopped at ${lastSaid.step || 'its start'}: ${error.message} (the next start goes on from there)`);
      },
    )
    .finally(seedSettled);
}

/**
 * A stop (SIGTERM from the orchestrator, SIGINT): no new requests, the ones in flight and the
 * jobs' runs in progress finish, the pool closes. Past SHUTDOWN_DEADLINE_SECONDS the jobs' leases
 * are handed back (another instance takes them up at once) and the process exits anyway.
 */
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal, deadlineSeconds: settings.shutdownDeadlineMs / 1000 }, 'shutting down');
  const deadline = setTimeout(() => {
    log.error({ signal }, 'shutdown deadline passed: handing back the jobs and exiting');
    void jobSchedule
      .release()
      .catch(() => undefined)
      .finally(() => process.exit(1));
  }, settings.shutdownDeadlineMs);
  metricsServer?.close();
  await app.close();
  await readDatabase?.close();
  await database.close();
  await pglite?.close();
  clearTimeout(deadline);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
