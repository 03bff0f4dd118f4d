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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  const hash = migrationsHash();
  const [pglite, postgres] = await Promise.all([pgliteSnapshot(hash), url ? postgresTemplate(url, hash) : undefined]);
  project.provide('testDatabases', { pglite, postgres });
  if (!url || !postgres) return async () => {};

  // A DROP DATABASE waits for a checkpoint (2 s here): the files rename theirs to `_x…` and
  // this process drops them, so that neither a file nor the end of the run waits for it.
  let sweeping: Promise<void> | undefined;
  const sweep = () => (sweeping ??= runDatabases(url, `${postgres.prefix}_x`)
    .then((names) => dropDatabases(url, names))
    .catch((e: unknown) => { console.warn(`test databases: dropping failed: ${String(e)}`); })
    .finally(() => { sweeping = undefined; }));
  const timer = setInterval(sweep, 5_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await sweeping;
    await dropDatabases(url, await runDatabases(url, `${postgres.prefix}_`));
  };
}
