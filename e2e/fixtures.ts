// Shared e2e fixtures: every page is checked with axe after each visit, and any CSP violation or
// uncaught page error fails the test. Participants are created per test through the researcher CLI
// endpoint of the running server (the embedded database belongs to that one process).
import { test as base, expect, type Page, type Browser, type BrowserContext } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import os from 'node:os'
import { handoffAuthorization } from '../app/infra/handoff.server'

const PORT = Number(process.env.E2E_PORT ?? 3123)
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `travel-diary-e2e-${PORT}`)
export const BASE = `http://localhost:${PORT}`
export const DEMO = { email: 'demo@example.org', password: 'demo1234' }

/** Runs a researcher CLI command in the e2e server (same protocol as `npm run admin`). */
export async function admin(command: string, args: Record<string, unknown>): Promise<string[]> {
  const info = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'server.json'), 'utf8')) as { token: string }
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${BASE}/admin/cli`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  // The token never travels: a one-time challenge first, then the command with the proof for it.
  const hello = (await (await post({ hello: crypto.randomBytes(24).toString('base64url') })).json()) as {
    challenge?: string
    error?: string
  }
  if (!hello.challenge) throw new Error(`admin ${command} failed: ${hello.error ?? 'no challenge'}`)
  const res = await post({ command, args }, { Authorization: handoffAuthorization(info.token, hello.challenge) })
  const body = (await res.json()) as { ok: boolean; output?: string[]; error?: string }
  if (!body.ok) throw new Error(`admin ${command} failed: ${body.error}`)
  return body.output ?? []
}

const OUTBOX = path.join(DATA_DIR, 'outbox')

/** The newest mail to `to` in the e2e server's outbox that carries a link to `kind`; waits for it (sent in the background). */
export async function mailLink(
  to: string,
  kind: 'verify-email' | 'set-password',
  notIn: string[] = [],
): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+/user/${kind}\\?email=[^&\\s"<>]+&verstr=[A-Za-z0-9_-]+`)
  for (let i = 0; i < 100; i++) {
    const files = fs.existsSync(OUTBOX)
      ? fs
          .readdirSync(OUTBOX)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()
      : []
    for (const file of files) {
      const raw = fs.readFileSync(path.join(OUTBOX, file), 'utf8')
      if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw)) continue
      const link = pattern.exec(decodeMime(raw))?.[0]
      if (link && !notIn.includes(link)) return link
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no ${kind} mail to ${to} in ${OUTBOX}`)
}

/** Quoted-printable and base64 bodies, decoded enough to find a link. */
function decodeMime(raw: string): string {
  const qp = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
  const b64 = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ].map((m) => Buffer.from(m[1]!, 'base64').toString('utf8'))
  return [Buffer.from(qp, 'latin1').toString('utf8'), ...b64].join('\n')
}

/** A call of the service-method endpoint; answers its `return`. */
export async function api(serviceName: string, methodName: string, params: Record<string, unknown>) {
  const res = await fetch(`${BASE}/functions/invoke-service-method`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ serviceName, methodName, params }),
  })
  return ((await res.json()) as { return: Record<string, unknown> }).return
}

/**
 * A test that reads today's date at its start and needs the same day at its end, or a later minute of it, waits for
 * the next study day when less than `needMs` is left of this one (Europe/Berlin, as the e2e server); its time limit
 * grows by the wait. Without it such a test fails when run in a day's last minutes.
 */
export async function clearOfMidnight(needMs = 180_000) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date())
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const leftMs = (24 * 3600 - (part('hour') * 3600 + part('minute') * 60 + part('second'))) * 1000
  if (leftMs > needMs) return
  const waitMs = leftMs + 2_000
  base.info().setTimeout(base.info().timeout + waitMs)
  await new Promise((resolve) => setTimeout(resolve, waitMs))
}

/** YYYY-MM-DD in the study time zone (Europe/Berlin, as the e2e server), `offset` days from today. */
export function day(offset = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date())
  const d = new Date(`${today}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + offset)
  return d.toISOString().slice(0, 10)
}

type Leg = Record<string, unknown>
/**
 * A recorded way for a trips file: legs of 10 minutes from 08:00 on day `d`, each a short line eastwards through
 * Berlin, walked, with its questionnaires answered by the companion app (absent flags would mean not answered).
 */
export function recordedWay(legs: Leg[], extra: Record<string, unknown> = {}, d = day(-1)) {
  const hm = (m: number) => `${String(8 + Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
  return {
    legs: legs.map((leg, i) => ({
      startTime: `${d} ${hm(i * 10)}`,
      endTime: `${d} ${hm(i * 10 + 9)}`,
      geom: [
        { lat: 52.52, lon: 13.38 + i * 0.01 },
        { lat: 52.521, lon: 13.385 + i * 0.01 },
        { lat: 52.52, lon: 13.39 + i * 0.01 },
      ],
      tfcModes: ['WALK'],
      qtnsAnswered: true,
      ...leg,
    })),
    qtnAnswered: true,
    allQuestionsAnswered: true,
    ...extra,
  }
}

let counter = 0
export function uniqueEmail(prefix = 'p') {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter++}@example.org`
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  resultTypes: ['violations'],
}

/**
 * Axe: zero violations of any impact, WCAG 2.2 A/AA rules plus axe's best practices (landmarks, heading
 * order, one main, unique landmark names). Axe needs script execution, so for a page whose context has
 * JavaScript disabled, the page is shown again with the same cookies in a helper context that blocks every script
 * request (one helper page per JS-off context, reused): nothing hydrates, so it renders exactly as without JavaScript, while axe can still be injected. The
 * helper is served the HTML the JS-off page holds now (not a fresh GET of its URL), so the answer to a failed form
 * post (errors next to the fields, a 400 page) is checked too; styles and images load from the server as usual.
 * Axe runs in the page itself (our pages have no frames): @axe-core/playwright's analyze() opened a blank page per
 * check to finish its run, which made the a11y tests most of CI's time (~1.8 s a check, 0.4 s this way).
 */
export async function checkA11y(page: Page) {
  let target = page
  // The whole document: pages stream, and a check of what arrived so far would measure a half-drawn page.
  await page.waitForLoadState('load')
  if (!isJsEnabled(page)) {
    const url = page.url()
    const show = await noScriptView(page)
    show.html = await page.content()
    show.url = url.split('#')[0]
    await show.page.context().clearCookies()
    await show.page.context().addCookies(await page.context().cookies())
    const viewport = page.viewportSize()
    if (viewport) await show.page.setViewportSize(viewport)
    // Through a blank page, so a URL that differs only in its #fragment is a new document too.
    await show.page.goto('about:blank')
    await show.page.goto(url)
    target = show.page
  }
  // The settled page. With JavaScript, React has taken over the page first: a dialog named in the URL opens (and
  // fades in) only then. Then the router's navigation (if one is under way) and short animations (a dialog or toast
  // coming in) end: the page is quiet for two frames in a row, or 3 s have passed. No message fades on a timer, so
  // nothing axe measures depends on when it looks.
  if (target === page && isJsEnabled(page))
    await page
      .waitForFunction(
        () => {
          // A page that ships no scripts (the login page) never hydrates: nothing to wait for.
          if (!document.querySelector('script[type="module"]')) return true
          const main = document.querySelector('main')
          return !!main && Object.keys(main).some((key) => key.startsWith('__reactProps'))
        },
        null,
        { timeout: 10_000 },
      )
      .catch(() => undefined)
  await target.evaluate(async () => {
    const deadline = performance.now() + 3000
    // A navigation the router is still making (after a click or a post) counts as movement: its page is not drawn yet.
    const navigating = () => !!document.querySelector('.progress-bar[data-active]')
    const moving = () =>
      document.getAnimations().filter((a) => {
        const timing = a.effect?.getComputedTiming()
        const left = Number(timing?.endTime ?? Infinity) - Number(a.currentTime ?? 0)
        return (a.playState === 'running' || a.pending) && left <= 1000
      })
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)))
    let quiet = 0
    while (quiet < 2 && performance.now() < deadline) {
      await frame()
      const running = moving()
      if (running.length === 0 && !navigating() && document.readyState === 'complete') quiet++
      else {
        quiet = 0
        await Promise.race([
          Promise.all(running.map((a) => a.finished.catch(() => undefined))),
          new Promise((resolve) => setTimeout(resolve, 500)),
        ])
      }
    }
  })
  expect(await target.locator('iframe, frame').count(), 'axe is run without frames').toBe(0)
  await target.evaluate(AXE_SOURCE)
  const results = await target.evaluate(
    (options) =>
      (window as unknown as { axe: { run(c: Document, o: RunOptions): Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    AXE_OPTIONS,
  )
  const summary = results.violations.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  )
  expect(summary, `axe violations on ${page.url()}`).toEqual([])
}

/** Per JS-off browser context, one JS-on helper page (kept, so each check does not pay for a new context). */
interface NoScriptView {
  page: Page
  url: string
  html: string
}
const noScriptViews = new WeakMap<BrowserContext, Promise<NoScriptView>>()
/** Closed when the test ends (the `a11yHelpers` auto fixture), before the next test starts its tracing. */
const openHelpers = new Set<BrowserContext>()
function noScriptView(page: Page): Promise<NoScriptView> {
  const context = page.context()
  let view = noScriptViews.get(context)
  if (!view) {
    view = (async () => {
      const helper = await context.browser()!.newContext({ javaScriptEnabled: true, locale: 'de-DE' })
      openHelpers.add(helper)
      const show: NoScriptView = { page: await helper.newPage(), url: '', html: '' }
      await show.page.route('**/*', (route) => {
        const request = route.request()
        if (request.resourceType() === 'script') return route.abort()
        if (request.isNavigationRequest() && request.url() === show.url)
          return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: show.html })
        return route.continue()
      })
      return show
    })()
    noScriptViews.set(context, view)
  }
  return view
}

const jsState = new WeakMap<Page, boolean>()
function isJsEnabled(page: Page) {
  return jsState.get(page) ?? true
}

type Fixtures = {
  js: boolean
  visit: (url: string) => Promise<void>
  login: (email?: string, password?: string) => Promise<void>
  a11yHelpers: void
}

export const test = base.extend<Fixtures>({
  a11yHelpers: [
    async ({}, use) => {
      await use()
      for (const helper of openHelpers) await helper.close().catch(() => undefined)
      openHelpers.clear()
    },
    { auto: true },
  ],
  js: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  page: async ({ page, javaScriptEnabled }, use) => {
    jsState.set(page, javaScriptEnabled !== false)
    const problems: string[] = []
    page.on('console', (msg) => {
      const text = msg.text()
      if (/Content Security Policy|Content-Security-Policy/i.test(text)) problems.push(`CSP: ${text}`)
      if (msg.type() === 'error' && /Hydration|did not match|Minified React error/i.test(text))
        problems.push(`React: ${text}`)
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
  await Promise.all([
    page.waitForURL((u) => !u.pathname.startsWith('/user/login')),
    page.locator('main form button[type="submit"]').first().click(),
  ])
}

/**
 * A fresh verified participant assigned to the demo campaign, with optional trips (trips.json format). They joined
 * before the demo study began (every study day so far is theirs, as their ways on earlier days need), unless `joined`
 * names another day or `null` (today: a late joiner).
 */
export async function newParticipant(opts: { campaign?: boolean; trips?: unknown[]; joined?: string | null } = {}) {
  const email = uniqueEmail()
  const password = 'secret123'
  const joined = opts.joined === undefined ? day(-60) : opts.joined
  await admin('user:create', {
    email,
    password,
    verified: true,
    ...(opts.campaign === false ? {} : { campaign: 1 }),
    ...(joined ? { joined } : {}),
  })
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
