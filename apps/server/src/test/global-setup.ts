/**
 * Global setup of the unit project (vitest.config.ts): the migrated databases the test files
 * clone (template.ts; docs/decisions/038-test-databases.md), made once before the first file
 * and handed to the files through `inject('testDatabases')`. On PostgreSQL it also drops, while
 * the run goes on, the databases the files are done with, and at its end every database of the
 * run.
 */
import type { TestProject } from 'vitest/node';
import { dropDatabases, migrationsHash, pgliteSnapshot, postgresTemplate, runDatabases, type PgliteSnapshot, type PostgresTemplate } from './template';

export interface ProvidedTestDatabases {
  pglite: PgliteSnapshot;
  postgres?: PostgresTemplate;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabases: ProvidedTestDatabases;
  }
}

/*
 * Two projects use this setup (vitest.config.ts: `unit` and `unit-isolated`), in the one process
 * of the run: the first makes the databases, the second gets the same, and the last teardown
 * drops them.
 */
interface Made {
  provided: ProvidedTestDatabases;
  teardown: () => Promise<void>;
}
const run = globalThis as { __consoleTestDatabases?: { made: Promise<Made>; users: number } };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const state = (run.__consoleTestDatabases ??= { made: make(), users: 0 });
  state.users += 1;
  const { provided, teardown } = await state.made;
  project.provide('testDatabases', provided);
  return async () => {
    state.users -= 1;
    if (state.users === 0) await teardown();
  };
}

async function make(): Promise<Made> {
  const url = process.env.TEST_DATABASE_URL;
  const hash = migrationsHash();
  const [pglite, postgres] = await Promise.all([pgliteSnapshot(hash), url ? postgresTemplate(url, hash) : undefined]);
  const provided = { pglite, postgres };
  if (!url || !postgres) return { provided, teardown: async () => {} };

  // A DROP DATABASE waits for a checkpoint (2 s here): the files rename theirs to `_x…` and
  // this process drops them, so that neither a file nor the end of the run waits for it.
  let sweeping: Promise<void> | undefined;
  const sweep = () =>
    (sweeping ??= runDatabases(url, `${postgres.prefix}_x`)
      .then((names) => dropDatabases(url, names))
      .catch((e: unknown) => {
        console.warn(`test databases: dropping failed: ${String(e)}`);
      })
      .finally(() => {
        sweeping = undefined;
      }));
  const timer = setInterval(() => void sweep(), 5_000);
  timer.unref();
  return {
    provided,
    async teardown() {
      clearInterval(timer);
      await sweeping;
      await dropDatabases(url, await runDatabases(url, `${postgres.prefix}_`));
    },
  };
}
