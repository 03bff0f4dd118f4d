/**
 * Setup of every unit test file (vitest.config.ts `setupFiles`). In the web's jsdom files:
 * Testing Library's `findBy…` and `waitFor` wait 10 s instead of 1 s. A screen that renders in
 * 200 ms on a quiet machine can take seconds when CI runs two test files at once on two cores
 * (the rest of the suite's PGlite and PostgreSQL work beside it); 1 s made such tests fail at
 * random. A wait still ends as soon as its condition holds, so passing tests are not slower.
 */
import { afterAll } from 'vitest';

// Server files: the PostgreSQL databases apps/server/src/test/databases.ts kept for reuse go to
// the worker's next file when this one ends.
afterAll(async () => {
  await (globalThis as { __dropKeptTestSchemas?: () => Promise<void> }).__dropKeptTestSchemas?.();
});

if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}
export {};
