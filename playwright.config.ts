import { defineConfig } from '@playwright/test'
import os from 'node:os'
import path from 'node:path'
import { findChromium } from './scripts/find-chromium.mjs'

const PORT = Number(process.env.E2E_PORT ?? 3123)
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `travel-diary-e2e-${PORT}`)
const executablePath = findChromium() ?? undefined

export default defineConfig({
  testDir: './e2e',
  // Per port, so parallel runs (several engineers, or CI) never clean each other's artifacts.
  outputDir: `./test-results/e2e-${PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: `playwright-report/e2e-${PORT}` }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
    },
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'js', use: { javaScriptEnabled: true } },
    { name: 'nojs', use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      DEMO: '1',
      DEBUG_MODE: '1',
      DEV_MODE: '1',
      MAP_TILE_URL: `http://localhost:${PORT}/test-tiles/{z}/{x}/{y}.png`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  },
})
