import { defineConfig } from '@playwright/test'
import os from 'node:os'
import path from 'node:path'
import { findChromium } from './scripts/find-chromium.mjs'

const PORT = Number(process.env.E2E_PORT ?? 3123)
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `travel-diary-e2e-${PORT}`)
// The same Chromium as `npm test` and the bench: CHROMIUM_PATH, the system's, or the one npm installed.
const browser = await findChromium()

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
      executablePath: browser?.executablePath,
      env: browser?.env ? { ...process.env, ...browser.env } : undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-dev-shm-usage',
      ],
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
      // Never the public geocoder from a test: a local port nobody listens on (the geocoder is unreachable).
      GEOCODER_URL: 'http://127.0.0.1:9/search',
      LOG_LEVEL: 'warn',
      // Tests that fail logins on purpose post from an address of their own (X-Forwarded-For), so the per-client
      // login throttle they fill never refuses the other tests' logins from 127.0.0.1.
      TRUST_PROXY: 'loopback',
      NODE_ENV: 'production',
    },
  },
})
