import { defineConfig } from 'vitest/config';

// Two projects: `unit` (catalog, schemas, server API on PGlite and, when
// TEST_DATABASE_URL is set, PostgreSQL, web helpers) and `e2e` (headless
// Chromium against a built web app served by a real server process).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/src/**/*.test.tsx'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
