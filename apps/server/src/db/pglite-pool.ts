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
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return acquired;
  }
}

/** One mutex per PGlite: several pools (tests: one schema each) may share an instance. */
const mutexes = new WeakMap<PGlite, Mutex>();
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
  let ended = false;
  return {
    async connect() {
      // a pool that ended takes no more work, as pg's does: on a shared instance a late query of
      // a closed suite would otherwise run in whatever schema the instance is used for next
      if (ended) throw new Error('PGlite: this pool has ended');
      const release = await lock.lock();
      try {
        const role = options.role ?? '';
        if (options.searchPath) {
          // A shared instance (tests: one schema per suite): set both every time. A cached
          // "already set" is wrong once a SET ran inside a transaction that was then rolled back,
          // and a suite's queries then land in another suite's schema (seen once: a resumed demo
          // seed that found the other suite's finished seed and skipped its own work).
          await pglite.exec(`SET search_path TO ${options.searchPath}; ${role ? `SET ROLE ${role}` : 'RESET ROLE'}`);
          roles.set(pglite, role);
        } else if ((roles.get(pglite) ?? '') !== role) {
          await pglite.exec(role ? `SET ROLE ${role}` : 'RESET ROLE');
          roles.set(pglite, role);
        }
      } catch (error) {
        release();
        throw error;
      }
      let released = false;
      const client = {
        async query(sqlText: string, parameters: readonly unknown[]) {
          // A query sent after its connection went back (an unawaited query of a finished
          // transaction) would run outside the lock, inside whatever the next holder does, and
          // on a shared instance under the next holder's schema: refuse it loudly instead.
          if (released) throw new Error(`PGlite: a query after its connection was released: ${sqlText.slice(0, 120)}`);
          if (parameters.length === 0 && sqlText.includes(';')) {
            // a script (migrations): simple protocol, several statements; the last one's rows
            const results = await pglite.exec(sqlText);
            const last = results[results.length - 1];
            return { command: commandOf(sqlText), rowCount: last?.affectedRows ?? 0, rows: last?.rows ?? [] };
          }
          const result = await pglite.query(sqlText, parameters as unknown[]);
          return { command: commandOf(sqlText), rowCount: result.affectedRows ?? 0, rows: result.rows };
        },
        release() {
          if (released) return;
          released = true;
          release();
        },
      };
      return client as unknown as PostgresPoolClient;
    },
    async end() {
      ended = true;
      if (!options.keepOpen) await pglite.close();
    },
  };
}
