import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Three projects: `unit` (catalog, schemas, games, server API on PGlite and, when
// TEST_DATABASE_URL is set, PostgreSQL), `unit-isolated` (the web's jsdom files, and the server
// files that change the environment or mock modules) and `e2e` (headless Chromium against a
// built web app served by a real server process). `npm run test:unit` runs the first two.
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

/*
 * The server's and packages' files share their worker's module graph (`isolate: false`): importing
 * the server's modules used to cost about as much CPU as the tests themselves (vitest's "import"
 * time, 538 s of 2,800 in a quiet run), once in every file. What a file leaves in the environment
 * is put back when it ends (vitest.setup.ts). A file that needs modules of its own runs isolated,
 * found by what it does rather than listed: it mocks a module or sets the environment before the
 * server's modules load (the catalogue reads CONSOLE_OPTIONAL_MODULES when it is imported).
 */
const SERVER_TESTS = ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'];
const NEEDS_OWN_MODULES = /\bvi\.(?:hoisted|mock|doMock|stubEnv|stubGlobal)\(|^process\.env\.\w+ =/m;
const serverTestFiles = ['packages', 'apps/server/src'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts') && !name.includes('node_modules'))
    .map((name) => join(dir, name)),
);
const ownModules = serverTestFiles.filter((file) => NEEDS_OWN_MODULES.test(readFileSync(file, 'utf8'))).sort();

const unitProject = {
  environment: 'node' as const,
  // the migrated databases the files clone, made once per run (decision 038)
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  // kept test databases handed on and the environment put back at the end of a file;
  // jsdom: findBy…/waitFor wait up to 10 s
  setupFiles: ['vitest.setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    passWithNoTests: !haveBrowser,
    // two files at a time even on two cores (vitest's default is cores - 1: one file at a
    // time there): most of a file's time is waiting on PostgreSQL or on its own PGlite
    maxWorkers: 2,
    projects: [
      {
        test: { ...unitProject, name: 'unit', include: SERVER_TESTS, exclude: ownModules, isolate: false },
      },
      {
        test: {
          ...unitProject,
          name: 'unit-isolated',
          include: [...ownModules, 'apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          // the jsdom files import antd's thousand modules each, isolated: bundled once into one
          // file (Vite's dependency optimizer), a file imports it whole. The 62 web files took
          // 238 s instead of 383 s (import 129 s instead of 251 s) on the same machine. Adding
          // react, react-router or @ant-design/icons made two copies of a module (components undefined).
          deps: { optimizer: { client: { enabled: true, include: ['antd'] } } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: haveBrowser ? ['e2e/**/*.test.ts'] : [],
          // the hour the run's shared seeds are named by, fixed at its start
          globalSetup: ['e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // a file's server may first make the run's shared demo seed (e2e/harness.ts: its own
          // server, stopped, then a copy started): minutes on a busy machine, once a run
          hookTimeout: 600_000,
          // two files at a time (the run's maxWorkers): a file's time is mostly its server and
          // Chromium taking turns, and the shared seeds are made once whichever file asks first
        },
      },
    ],
  },
});
