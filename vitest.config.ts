import { defineConfig } from 'vitest/config'
import os from 'node:os'
import path from 'node:path'
import { modeDrawingsPlugin } from './scripts/vite-mode-drawings.mjs'

export default defineConfig({
  plugins: [modeDrawingsPlugin()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  test: {
    include: ['app/**/*.test.ts', 'app/**/*.test.tsx', 'tests/**/*.test.ts'],
    // Server-process tests need the build: vitest.proc.config.ts runs them after it (scripts/test.mjs).
    exclude: ['**/node_modules/**', 'tests/**/*.proc.test.ts'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    // Vitest's default leaves one core free: on a 2-core machine that runs the files one after another (325 s for
    // the PGlite run against 200 s with two at a time).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
})
