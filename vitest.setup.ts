/**
 * Setup of every unit test file (vitest.config.ts `setupFiles`). In the web's jsdom files:
 * Testing Library's `findBy…` and `waitFor` wait 10 s instead of 1 s, and ByRole queries match hidden elements too (below). A screen that renders in
 * 200 ms on a quiet machine can take seconds when CI runs two test files at once on two cores
 * (the rest of the suite's PGlite and PostgreSQL work beside it); 1 s made such tests fail at
 * random. A wait still ends as soon as its condition holds, so passing tests are not slower.
 */
import { afterAll } from 'vitest';

// The server's files share their worker's modules and its process (vitest.config.ts, `isolate:
// false`): the environment a file set for its app (AGENT_SETTLEMENT_JOB=0, …) is put back as the
// file found it, so that the next file's app runs its jobs as configured.
const environment = { ...process.env };
afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
});

// Server files: the PostgreSQL databases apps/server/src/test/databases.ts kept for reuse go to
// the worker's next file when this one ends.
afterAll(async () => {
  await (globalThis as { __dropKeptTestSchemas?: () => Promise<void> }).__dropKeptTestSchemas?.();
});

// The simulator keeps what a demo seed told it for the rest of the process (the table servers'
// configuration, the providers' apps, the demo players' controls: simulator/process-settings.ts); a file starts with
// neither, as it would in a process of its own.
(globalThis as { __consoleSimulatorSettings?: { reset(): void } }).__consoleSimulatorSettings?.reset();

// `defaultHidden: true`: a ByRole query does not check each candidate's visibility (jsdom
// computes every ancestor's style for it, most of what such a query costs on antd's deep trees).
// Three heavy files' tests took 68.6 s instead of 114.1 s, same machine and load. A query that
// must skip hidden elements (antd's aria-hidden measure rows, a closed dialog kept in the page)
// says `hidden: false`.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000, defaultHidden: true });
}
export {};
