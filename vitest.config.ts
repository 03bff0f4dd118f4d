import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (catalog, schemas, server API on PGlite and, when
// TEST_DATABASE_URL is set, PostgreSQL, web helpers) and `e2e` (headless
// Chromium against a built web app served by a real server process).
//
// The browser tests need Debian's chromium (CHROMIUM_PATH, default /usr/bin/chromium). On a
// machine with nothing but Node and npm they are left out with a warning, so that `npm test`
// still runs everything else; CI sets E2E_REQUIRE_BROWSER=1, which makes a missing browser a
// failure instead.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveBrowser = existsSync(chromiumPath);
if (!haveBrowser) {
  if (process.env.E2E_REQUIRE_BROWSER === '1') throw new Error(`E2E_REQUIRE_BROWSER=1 but there is no Chromium at ${chromiumPath}`);
  console.warn(`\n!! No Chromium at ${chromiumPath}: the browser tests (e2e/) are NOT run. Install it (apt-get install chromium) or set CHROMIUM_PATH.\n`);
}

export default defineConfig({
  test: {
    passWithNoTests: !haveBrowser,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/src/**/*.test.tsx'],
          environment: 'node',
          // two files at a time even on two cores (vitest's default is cores - 1: one file at a
          // time there): most of a file's time is waiting on PostgreSQL or on its own PGlite
          maxWorkers: 2,
          // the migrated databases the files clone, made once per run (decision 038)
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // kept test databases handed on at the end of a file; jsdom: findBy…/waitFor wait up to 10 s
          setupFiles: ['vitest.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: haveBrowser ? ['e2e/**/*.test.ts'] : [],
          environment: 'node',
          testTimeout: 60_000,
          // a file's server may first make the run's shared demo seed (e2e/harness.ts: its own
          // server, stopped, then a copy started): minutes on a busy machine, once a run
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
