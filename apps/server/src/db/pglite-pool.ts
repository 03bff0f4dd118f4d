/**
 * PGlite behind Kysely's PostgresDialect. PGlite is ONE connection, so the "pool" hands out
 * its single client under an async mutex: a transaction holds it from BEGIN until release,
 * and every other query waits its turn.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

type Command = PostgresQueryResult<unknown>['command'];
const COMMANDS = new Set(['UPDATE', 'DELETE', 'INSERT', 'MERGE']);

function commandOf(sqlText: string): Command {
  const word = /^\s*(\w+)/.exec(sqlText)?.[1]?.toUpperCase() ?? 'SELECT';
  return (COMMANDS.has(word) ? word : 'SELECT') as Command;
}

/** A FIFO async mutex: `lock()` resolves with the function that releases it. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => { release = resolve; });
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return acquired;
  }
}

/** One mutex per PGlite: several pools (tests: one schema each) may share an instance. */
const mutexes = new WeakMap<PGlite, Mutex>();
/** The search_path last set on each shared instance. */
const searchPaths = new WeakMap<PGlite, string>();
/** The role last set on each shared instance ('' = none: the login, postgres). */
const roles = new WeakMap<PGlite, string>();

export interface PglitePoolOptions {
  /** Schema to put first on the search path whenever this pool holds the connection. */
  searchPath?: string;
  /**
   * Role to act as whenever this pool holds the connection; absent = none. An owner pool and
   * a runtime pool may share one instance, so each sets (or resets) the role it needs.
   */
  role?: string;
  /** Leave the instance open when the pool ends (shared instances). */
  keepOpen?: boolean;
}

export function pglitePool(pglite: PGlite, options: PglitePoolOptions = {}): PostgresPool {
  let mutex = mutexes.get(pglite);
  if (!mutex) mutexes.set(pglite, (mutex = new Mutex()));
  const lock = mutex;
  return {
    async connect() {
      const release = await lock.lock();
      try {
        if (options.searchPath && searchPaths.get(pglite) !== options.searchPath) {
          await pglite.exec(`SET search_path TO ${options.searchPath}`);
          searchPaths.set(pglite, options.searchPath);
        }
        const role = options.role ?? '';
        if ((roles.get(pglite) ?? '') !== role) {
          await pglite.exec(role ? `SET ROLE ${role}` : 'RESET ROLE');
          roles.set(pglite, role);
        }
      } catch (error) {
        release();
        throw error;
      }
      const client = {
        async query(sqlText: string, parameters: readonly unknown[]) {
          if (parameters.length === 0 && sqlText.includes(';')) {
            // a script (migrations): simple protocol, several statements; the last one's rows
            const results = await pglite.exec(sqlText);
            const last = results[results.length - 1];
            return { command: commandOf(sqlText), rowCount: last?.affectedRows ?? 0, rows: last?.rows ?? [] };
          }
          const result = await pglite.query(sqlText, parameters as unknown[]);
          return { command: commandOf(sqlText), rowCount: result.affectedRows ?? 0, rows: result.rows };
        },
        release,
      };
      return client as unknown as PostgresPoolClient;
    },
    async end() {
      if (!options.keepOpen) await pglite.close();
    },
  };
}
