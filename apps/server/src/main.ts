/**
 * The console server process. Environment (contract "Running"): PORT (8080), HOST
 * (127.0.0.1), DATA_DIR (./data, the embedded PGlite), DATABASE_URL (PostgreSQL instead),
 * DEMO (seed demo data into an empty database; default on for PGlite, off for PostgreSQL).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { defaultConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { seedDemoIfEmpty } from './seed/demo';

const env = process.env;
const log = pino({ level: env.LOG_LEVEL ?? 'info' });
const port = Number(env.PORT || 8080);
const host = env.HOST || '127.0.0.1';
const databaseUrl = env.DATABASE_URL || undefined;
const dataDir = resolve(env.DATA_DIR || './data');
const demo = env.DEMO ? env.DEMO === '1' || env.DEMO === 'true' : !databaseUrl;
const webDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
const database = await openDatabase({ databaseUrl, dataDir });
log.info({ database: database.kind, where: databaseUrl ? 'DATABASE_URL' : dataDir }, 'database opened');
const applied = await migrate(database.db);
if (applied.length) log.info({ applied }, 'migrations applied');

const config = defaultConfig({ webDist, trustProxy: env.TRUST_PROXY === '1' });
if (demo && (await seedDemoIfEmpty(database.db, config))) log.info('demo data seeded (demo accounts: username = role, password demo123456)');

const app = await buildApp({ db: database.db, config, logger: log, cacheSessions: databaseUrl ? { listen: databaseUrl } : true });
await app.listen({ port, host });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
