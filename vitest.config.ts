import { defineConfig } from 'vitest/config'

// Two projects: fast pure-logic unit tests, and integration tests against the real server on real
// storage (PGlite by default, PostgreSQL when DATABASE_URL is set). Playwright specs live in
// tests/e2e and are never collected here.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // one server per file, files one after another: the machine has two cores
          fileParallelism: false,
        },
      },
    ],
  },
})
