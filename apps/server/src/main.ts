/**
 * The console server process. Environment (contract "Running"): PORT (8080), HOST
 * (127.0.0.1), DATA_DIR (./data, the embedded PGlite), DATABASE_URL (PostgreSQL instead),
 * MIGRATION_DATABASE_URL (the tables' owner, runs the migrations; default DATABASE_URL),
 * DEMO (seed demo data into an empty database; default on for PGlite, off for PostgreSQL).
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
import { configFromEnv, defaultConfig } from './config';
import { migrate } from './db/migrate';
import { demoHeartbeats } from './domains/game-servers/beat';
import { createPglite, openDatabase, RUNTIME_ROLE } from './db/open';
import { demoPlayersFromEnv, seedDemoIfEmpty } from './seed/demo';

const env = process.env;
const log = pino({ level: env.LOG_LEVEL ?? 'info' });
const port = Number(env.PORT || 8080);
const host = env.HOST || '127.0.0.1';
const databaseUrl = env.DATABASE_URL || undefined;
const migrationUrl = env.MIGRATION_DATABASE_URL || databaseUrl;
const dataDir = resolve(env.DATA_DIR || './data');
const demo = env.DEMO ? env.DEMO === '1' || env.DEMO === 'true' : !databaseUrl;
// WEB_DIST: another build of the web app (e2e of an optional module: a build made with its CONSOLE_OPTIONAL_MODULES)
const webDist = env.WEB_DIST ? resolve(env.WEB_DIST) : fileURLToPath(new URL('../../web/dist/', import.meta.url));

let tuned: ReturnType<typeof configFromEnv>;
try {
  tuned = configFromEnv(env); // session expiries and sign-in limits (README "Environment")
} catch (error) {
  log.fatal((error as Error).message);
  process.exit(2);
}
if (migrationUrl && !databaseUrl) {
  log.fatal('MIGRATION_DATABASE_URL is set but DATABASE_URL is not');
  process.exit(2);
}
if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
// PGlite is one process-wide instance: the owner's pool and the runtime pool take turns on it.
const pglite = databaseUrl ? undefined : await createPglite(dataDir);
const owner = await openDatabase({ databaseUrl: migrationUrl, pglite, poolSize: 1 });
const applied = await migrate(owner.db);
await owner.close();
if (applied.length) log.info({ applied }, 'migrations applied');
const database = await openDatabase({ databaseUrl, pglite, role: RUNTIME_ROLE });
const { role } = (await sql<{ role: string }>`SELECT current_user AS role`.execute(database.db)).rows[0]!;
if (role !== RUNTIME_ROLE) {
  log.fatal({ role }, `the server's queries must run as ${RUNTIME_ROLE}`);
  process.exit(2);
}
log.info({ database: database.kind, where: databaseUrl ? 'DATABASE_URL' : dataDir, role }, 'database opened');

const config = defaultConfig({ webDist, trustProxy: env.TRUST_PROXY === '1', ...tuned });
const demoPlayers = { ...demoPlayersFromEnv(env), log: (message: string, details?: object) => log.info(details ?? {}, message) };
if (demo && (await seedDemoIfEmpty(database.db, config, demoPlayers))) log.info('demo data seeded (demo accounts: username = role, password demo123456)');

const app = await buildApp({ db: database.db, config, logger: log, cacheSessions: databaseUrl ? { listen: databaseUrl } : true });
// demo mode: the demo game servers keep beating (stopped when the app closes)
if (demo) demoHeartbeats(app, database.db, config, (message, error) => log.warn({ err: error }, message));
await app.listen({ port, host });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  await pglite?.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
