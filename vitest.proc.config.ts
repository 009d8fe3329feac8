// The tests that run the built server as child processes (tests/*.proc.test.ts): headers, HTML form fuzzing,
// crash safety and graceful shutdown, backup/restore of a running setup, several processes on one PostgreSQL.
// scripts/test.mjs runs them after the build; the global setup builds into build-test-<pid> when there is no build.
import { defineConfig } from 'vitest/config'
import path from 'node:path'

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  test: {
    include: ['tests/**/*.proc.test.ts'],
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/proc-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // One server set at a time: they share two cores with the test driver.
    fileParallelism: false,
  },
})
