/**
 * Opens the database the server runs on: PostgreSQL when a URL is given, else PGlite (a
 * directory, or in memory when none). Both speak the same SQL; int8 is read as a Number.
 *
 * Two kinds of handle: the owner's (no `role`), which runs the migrations and so owns the
 * tables, and the runtime one (`role: RUNTIME_ROLE`), whose every connection acts as the
 * role of migration 004 that may only read and append the operation log (and cannot ALTER
 * it to switch its triggers off). See docs/decisions/002-database-roles.md.
 */
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { pglitePool } from './pglite-pool';
import type { Database } from './schema';

/** The role the server's queries run as (created and granted by migration 004). */
export const RUNTIME_ROLE = 'console_app';

export type DatabaseKind = 'pglite' | 'postgres';
export type Db = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  kind: DatabaseKind;
  /** The PostgreSQL connection string (absent for PGlite). */
  url?: string;
  /** The pool's connections (PostgreSQL; the metrics read it). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data directory; absent = in memory. */
  dataDir?: string;
  /** Schema to put first on the search path (tests use one per suite). */
  searchPath?: string;
  /**
   * Run every connection as this role (SET ROLE; the login must be allowed to). Absent: as
   * the login itself, which is how migrations run.
   */
  role?: string;
  /** An already open PGlite to share (tests, main.ts); left open on close. */
  pglite?: PGlite;
  poolSize?: number;
  /**
   * PostgreSQL only (main.ts reads them from DB_* settings, README "Environment"): a statement
   * running longer is cancelled (0: no limit); a transaction left idle this long is ended by the
   * server; an unused pool connection is closed after `idleTimeoutMs` (default 10 minutes).
   */
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  idleTimeoutMs?: number;
  /** Told of every statement's time and whether it failed (the metrics). */
  onQuery?: (seconds: number, failed: boolean) => void;
  /**
   * Behind a pooler in transaction mode (PgBouncer, DB_POOLER=transaction; docs/deploy.md):
   * consecutive transactions may run on different server connections, so nothing may rest on a
   * connection's state. No startup options (the pooler refuses them: the role and timeouts come
   * from the login's own settings, ALTER ROLE … SET) and no named statements (PgBouncer 1.18
   * cannot carry them across connections).
   */
  pooled?: boolean;
}

const INT8 = 20;
const toNumber = (value: string) => Number(value);

export async function openDatabase(options: OpenOptions): Promise<OpenedDatabase> {
  if (options.role !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.role)) throw new Error(`not a plain role name: ${options.role}`);
  if (options.databaseUrl) {
    // Startup options rather than SET on connect: they hold from the first query, and even
    // RESET ROLE / DISCARD ALL fall back to them.
    const ours = [
      options.searchPath && `-c search_path=${options.searchPath}`,
      options.role && `-c role=${options.role}`,
      options.statementTimeoutMs !== undefined && `-c statement_timeout=${Math.trunc(options.statementTimeoutMs)}`,
      options.idleInTransactionTimeoutMs !== undefined && `-c idle_in_transaction_session_timeout=${Math.trunc(options.idleInTransactionTimeoutMs)}`,
    ];
    const pool = new pg.Pool({
      ...(options.pooled
        ? { connectionString: options.databaseUrl }
        : startupOptions(
            options.databaseUrl,
            ours.filter((o): o is string => !!o),
          )),
      max: options.poolSize ?? 10,
      // A connection's first use of a table costs 25–38 ms (catalogue caches, and the named
      // statements below are per connection); pg's default closes a connection after 10 s idle,
      // so a console used every few seconds kept starting cold. Idle connections stay 10 minutes;
      // they do not keep a process alive.
      idleTimeoutMillis: options.idleTimeoutMs ?? 600_000,
      allowExitOnIdle: true,
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          oid === INT8 ? toNumber : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    if (!options.pooled) pool.on('connect', namedStatements);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: queryLog(options.onQuery) });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, kind: 'postgres', url: options.databaseUrl, poolStats, close: () => db.destroy() };
  }
  const pglite = options.pglite ?? (await createPglite(options.dataDir));
  const pool = pglitePool(pglite, { searchPath: options.searchPath, role: options.role, keepOpen: options.pglite !== undefined });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: queryLog(options.onQuery) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

const queryLog = (onQuery: OpenOptions['onQuery']) =>
  onQuery ? (event: LogEvent) => onQuery(event.queryDurationMillis / 1000, event.level === 'error') : undefined;

/** Statements with more parameters than this are not kept (IN lists and multi-row inserts vary in length). */
const MAX_NAMED_PARAMETERS = 32;

/**
 * Sends a connection's parameterised queries as named statements, so that PostgreSQL parses
 * each text once per connection and, once it settles on a generic plan for it (after five
 * executions, when that plan costs no more than the custom ones), stops planning it. Planning
 * is most of a small query's cost here: 1.1–1.2 ms to plan a player search by uid, 0.3 ms to
 * run it (1,000,000 players; the player table has a dozen indexes the planner weighs). A query
 * whose best plan depends on its values (a name prefix under LIKE) keeps custom plans: PostgreSQL
 * compares the costs itself. The name is a hash of the text, so one text is one statement.
 */
function namedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
  (client as unknown as { query: typeof query }).query = (config, values, callback) => {
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0 && values.length <= MAX_NAMED_PARAMETERS) {
      return query({ name: `k${createHash('sha1').update(config).digest('base64url').slice(0, 20)}`, text: config, values }, callback);
    }
    return query(config, values, callback);
  };
}

/**
 * pg lets an `options` parameter of the URL replace the pool's `options` wholesale, which
 * would silently drop the role; so the URL's own options go first and ours last (for the
 * same setting the last one wins).
 */
export function startupOptions(databaseUrl: string, ours: string[]): { connectionString: string; options?: string } {
  let url: URL | undefined;
  try {
    url = new URL(databaseUrl);
  } catch {
    /* not a URL: pg reads no options from it */
  }
  const theirs = url?.searchParams.get('options');
  if (!url || !theirs) return { connectionString: databaseUrl, options: ours.join(' ') || undefined };
  url.searchParams.delete('options');
  return { connectionString: url.toString(), options: [theirs, ...ours].join(' ') };
}

/** A PGlite instance reading int8 as Number; in memory when no directory is given. */
/** `loadDataDir`: start from a dumped data directory (PGlite's dumpDataDir; the tests' shared demo seed). */
export function createPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create(dataDir ?? 'memory://', { parsers: { [INT8]: toNumber }, ...(loadDataDir ? { loadDataDir } : {}) });
}
