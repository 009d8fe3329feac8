// Shared e2e fixtures: every page is checked with axe after each visit, and any CSP violation or
// uncaught page error fails the test. Participants are created per test through the researcher CLI
// endpoint of the running server (the embedded database belongs to that one process).
import { test as base, expect, type Page, type Browser } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import fs from 'node:fs'
import path from 'node:path'
import os from 'node:os'

const PORT = Number(process.env.E2E_PORT ?? 3123)
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `travel-diary-e2e-${PORT}`)
export const BASE = `http://localhost:${PORT}`
export const DEMO = { email: 'demo@example.org', password: 'demo1234' }

/** Runs a researcher CLI command in the e2e server (same protocol as `npm run admin`). */
export async function admin(command: string, args: Record<string, unknown>): Promise<string[]> {
  const info = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'server.json'), 'utf8')) as { token: string }
  const res = await fetch(`${BASE}/admin/cli`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${info.token}` },
    body: JSON.stringify({ command, args }),
  })
  const body = (await res.json()) as { ok: boolean; output?: string[]; error?: string }
  if (!body.ok) throw new Error(`admin ${command} failed: ${body.error}`)
  return body.output ?? []
}

let counter = 0
export function uniqueEmail(prefix = 'p') {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter++}@example.org`
}

/**
 * Axe: zero violations of any impact (issue 12). Axe needs script execution, so for a page whose context has
 * JavaScript disabled, the same URL is opened with the same cookies in a helper context that blocks every script
 * request: the page renders exactly as without JavaScript (nothing hydrates) while axe can still be injected.
 */
export async function checkA11y(page: Page) {
  let target = page
  let helper: Awaited<ReturnType<Browser['newContext']>> | null = null
  if (!isJsEnabled(page)) {
    const browser = page.context().browser()!
    helper = await browser.newContext({ javaScriptEnabled: true, storageState: await page.context().storageState(), viewport: page.viewportSize(), locale: 'de-DE' })
    target = await helper.newPage()
    await target.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()))
    await target.goto(page.url())
  }
  let results
  try {
    results = await new AxeBuilder({ page: target }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()
  } finally {
    await helper?.close()
  }
  const summary = results.violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)
  expect(summary, `axe violations on ${page.url()}`).toEqual([])
}

const jsState = new WeakMap<Page, boolean>()
function isJsEnabled(page: Page) {
  return jsState.get(page) ?? true
}

type Fixtures = { js: boolean; visit: (url: string) => Promise<void>; login: (email?: string, password?: string) => Promise<void> }

export const test = base.extend<Fixtures>({
  js: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  page: async ({ page, javaScriptEnabled }, use) => {
    jsState.set(page, javaScriptEnabled !== false)
    const problems: string[] = []
    page.on('console', (msg) => {
      const text = msg.text()
      if (/Content Security Policy|Content-Security-Policy/i.test(text)) problems.push(`CSP: ${text}`)
      if (msg.type() === 'error' && /Hydration|did not match|Minified React error/i.test(text)) problems.push(`React: ${text}`)
    })
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`))
    await use(page)
    expect(problems, 'browser console problems').toEqual([])
  },
  visit: async ({ page }, use) => {
    await use(async (url: string) => {
      await page.goto(url)
      await checkA11y(page)
    })
  },
  login: async ({ page }, use) => {
    await use(async (email = DEMO.email, password = DEMO.password) => {
      await loginAs(page, email, password)
    })
  },
})

export async function loginAs(page: Page, email: string, password: string) {
  await page.goto('/user/login')
  await page.locator('input[name="idStr"]').fill(email)
  await page.locator('input[name="password"]').fill(password)
  await Promise.all([page.waitForURL((u) => !u.pathname.startsWith('/user/login')), page.locator('form button[type="submit"]').first().click()])
}

/** A fresh verified participant assigned to the demo campaign, with optional trips (trips.json format). */
export async function newParticipant(opts: { campaign?: boolean; trips?: unknown[] } = {}) {
  const email = uniqueEmail()
  const password = 'secret123'
  await admin('user:create', { email, password, verified: true, ...(opts.campaign === false ? {} : { campaign: 1 }) })
  if (opts.trips) await admin('trips:import', { email, data: opts.trips })
  return { email, password }
}

export async function participantPage(browser: Browser, js: boolean, opts: Parameters<typeof newParticipant>[0] = {}) {
  const context = await browser.newContext({ javaScriptEnabled: js, locale: 'de-DE', timezoneId: 'Europe/Berlin' })
  const page = await context.newPage()
  jsState.set(page, js)
  const user = await newParticipant(opts)
  await loginAs(page, user.email, user.password)
  return { page, user, context }
}

export { expect }
