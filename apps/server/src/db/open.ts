/**
 * Opens the database the server runs on: PostgreSQL when a URL is given, else PGlite (a
 * directory, or in memory when none). Both speak the same SQL; int8 is read as a Number.
 */
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { pglitePool } from './pglite-pool';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';
export type Db = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  kind: DatabaseKind;
  /** The PostgreSQL connection string (absent for PGlite). */
  url?: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data directory; absent = in memory. */
  dataDir?: string;
  /** Schema to put first on the search path (tests use one per suite). */
  searchPath?: string;
  /** An already open PGlite to share (tests); left open on close. */
  pglite?: PGlite;
  poolSize?: number;
}

const INT8 = 20;
const toNumber = (value: string) => Number(value);

export async function openDatabase(options: OpenOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
      types: { getTypeParser: ((oid: number, format?: string) => (oid === INT8 ? toNumber : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser },
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', url: options.databaseUrl, close: () => db.destroy() };
  }
  const pglite = options.pglite ?? (await createPglite(options.dataDir));
  const pool = pglitePool(pglite, { searchPath: options.searchPath, keepOpen: options.pglite !== undefined });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/** A PGlite instance reading int8 as Number; in memory when no directory is given. */
export function createPglite(dataDir?: string): Promise<PGlite> {
  return PGlite.create(dataDir ?? 'memory://', { parsers: { [INT8]: toNumber } });
}
