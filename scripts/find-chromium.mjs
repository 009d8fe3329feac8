// Finds a Chromium for the browser tests: CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own.
import fs from 'node:fs'
import { createRequire } from 'node:module'

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  for (const c of candidates) if (c && fs.existsSync(c)) return c
  try {
    const require = createRequire(import.meta.url)
    const { chromium } = require('playwright-core')
    const p = chromium.executablePath()
    if (p && fs.existsSync(p)) return p
  } catch {
    /* playwright's own browser is not installed */
  }
  return null
}
