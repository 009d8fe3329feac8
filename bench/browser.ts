// Page weight and load time, read from the real built app in Chromium.
// - weight: every request of a page load (until the network is quiet, so lazily loaded code counts too): client JS,
//   CSS and the HTML document as gzip bytes (the body Chromium received, gzipped at the server's level 6) and the
//   number of requests; the map code is named apart, with the moment it was requested.
// - load time: LCP, CLS and total blocking time under Lighthouse's mobile throttling, applied through the DevTools
//   protocol (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower), cold cache, median of the runs, with
//   JavaScript on and off. Read from a performance trace, which works alike with and without page JavaScript.
import zlib from 'node:zlib'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { findChromium } from '../scripts/find-chromium.mjs'
import { median } from './median'
import type { RunningServer } from './server'
import { sessionCookie } from './targets'

const PAGES = ['login', 'list', 'detail', 'questionnaire', 'pois'] as const
export type PageName = (typeof PAGES)[number]

interface Weight {
  url: string
  requests: number
  /** gzip bytes (css: stylesheet files and the stylesheet inline in the HTML of a first visit) */
  js: number
  css: number
  html: number
  /** all bytes on the wire (as Chromium counted them, headers excluded) */
  transferred: number
  /** gzip bytes of the map code (Leaflet and our map module) and when it was asked for, relative to the load event */
  map: { js: number; requestedAfterLoadMs: number | null } | null
  /** module scripts the HTML names (modulepreload and script src): what the page needs to become interactive */
  criticalJs: string[]
  /** each script: path and gzip bytes, largest first */
  scripts: [string, number][]
}

interface Timing {
  lcpMs: number
  cls: number
  tbtMs: number
  fcpMs: number
  runs: { lcpMs: number; cls: number; tbtMs: number; fcpMs: number }[]
}

export interface BrowserReport {
  weight: Record<PageName, Weight>
  loadTime: Record<PageName, { js: Timing; nojs: Timing }>
  throttling: typeof THROTTLING
  runsPerPage: number
}

export const THROTTLING = { rttMs: 150, downKbps: 1600, upKbps: 750, cpuSlowdown: 4 }

/** The chunks of the map code: Leaflet and react-leaflet (in BaseLayers' chunk) and the map components. */
export const MAP_CODE = /leaflet|BaseLayers|PickMap/i

export async function urlsFor(server: RunningServer): Promise<Record<PageName, string>> {
  const cookie = await sessionCookie(server.url)
  const res = await fetch(`${server.url}/ways/list/all/page/1`, { headers: { Cookie: cookie } })
  const id = /data-trip-id="(\d+)"/.exec(await res.text())?.[1]
  if (!id) throw new Error('no way on the list page')
  return {
    login: '/user/login',
    list: '/ways/list/all/page/1',
    detail: `/ways/tripDetails/${id}`,
    questionnaire: '/campaign/questionnaire/initial',
    pois: '/pois',
  }
}

export async function cookiesFor(server: RunningServer) {
  const header = await sessionCookie(server.url)
  return header.split('; ').map((pair) => {
    const i = pair.indexOf('=')
    return { name: pair.slice(0, i), value: pair.slice(i + 1), domain: '127.0.0.1', path: '/' }
  })
}

async function newContext(
  browser: Browser,
  js: boolean,
  cookies: Awaited<ReturnType<typeof cookiesFor>> | null,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    javaScriptEnabled: js,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'de-DE',
  })
  if (cookies) await context.addCookies(cookies)
  return context
}

const gzip = (b: Buffer) => zlib.gzipSync(b, { level: 6 }).length

async function weigh(
  browser: Browser,
  base: string,
  path: string,
  cookies: Awaited<ReturnType<typeof cookiesFor>> | null,
): Promise<Weight> {
  const context = await newContext(browser, true, cookies)
  const page = await context.newPage()
  const seen: { url: string; type: string; body: Promise<Buffer | null>; size: Promise<number>; at: number }[] = []
  page.on('requestfinished', (request) => {
    const response = request.response()
    seen.push({
      url: request.url(),
      type: request.resourceType(),
      body: response.then((r) => r?.body() ?? null).catch(() => null),
      size: request.sizes().then((s) => s.responseBodySize),
      at: performance.now(),
    })
  })
  await page.goto(base + path, { waitUntil: 'load' })
  const loadedAt = performance.now()
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(500)
  const html = await (
    await fetch(base + path, { headers: { Cookie: cookies?.map((c) => `${c.name}=${c.value}`).join('; ') ?? '' } })
  ).text()
  await context.close()
  const out: Weight = {
    url: path,
    requests: seen.length,
    js: 0,
    css: 0,
    html: 0,
    transferred: 0,
    map: null,
    criticalJs: [],
    scripts: [],
  }
  for (const r of seen) {
    const body = await r.body
    const z = body ? gzip(body) : 0
    out.transferred += Math.max(0, await r.size)
    if (r.type === 'script') {
      out.js += z
      out.scripts.push([new URL(r.url).pathname, z])
      if (MAP_CODE.test(r.url)) {
        out.map ??= { js: 0, requestedAfterLoadMs: Math.round(r.at - loadedAt) }
        out.map.js += z
      }
    } else if (r.type === 'stylesheet') out.css += z
    else if (r.type === 'document') {
      out.html += z
      // A first visit carries the stylesheet inline (app/lib/stylesheet.server.ts): it counts as CSS too.
      const inline = /<style id="app-css">([\s\S]*?)<\/style>/.exec(body?.toString('utf8') ?? '')?.[1]
      if (inline) out.css += gzip(Buffer.from(inline))
    }
  }
  out.scripts.sort((a, b) => b[1] - a[1])
  out.criticalJs = [...html.matchAll(/<(?:link rel="modulepreload" href|script type="module" src)="([^"]+)"/g)].map(
    (m) => m[1],
  )
  return out
}

interface TraceEvent {
  name: string
  ts: number
  dur?: number
  tid: number
  pid: number
  args?: {
    name?: string
    data?: {
      navigationId?: string
      documentLoaderURL?: string
      score?: number
      had_recent_input?: boolean
      weighted_score_delta?: number
    }
  }
}

/** LCP, FCP (ms after navigation start), CLS (largest session window) and TBT (long tasks after FCP) from a trace. */
function metricsOf(events: TraceEvent[], url: string) {
  const nav = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url).at(-1)
  if (!nav)
    throw new Error(
      `no navigation to ${url} in the trace: ${JSON.stringify(events.filter((e) => e.name === 'navigationStart').map((e) => e.args?.data?.documentLoaderURL))}`,
    )
  const navId = nav.args!.data!.navigationId
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.args?.data?.navigationId === navId)
  const lcp = events
    .filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.args?.data?.navigationId === navId)
    .at(-1)
  const main = nav.tid
  const shifts = events.filter(
    (e) => e.name === 'LayoutShift' && e.tid === main && e.ts >= nav.ts && !e.args?.data?.had_recent_input,
  )
  // CLS as Lighthouse and web-vitals define it: the largest session window (gaps < 1 s, at most 5 s long).
  let cls = 0
  let windowSum = 0
  let windowStart = -Infinity
  let last = -Infinity
  for (const s of shifts) {
    const score = s.args?.data?.weighted_score_delta ?? s.args?.data?.score ?? 0
    if (s.ts - last > 1e6 || s.ts - windowStart > 5e6) {
      windowSum = 0
      windowStart = s.ts
    }
    windowSum += score
    last = s.ts
    cls = Math.max(cls, windowSum)
  }
  const fcpTs = fcp?.ts ?? nav.ts
  const tbt = events
    .filter(
      (e) => e.name === 'RunTask' && e.tid === main && e.pid === nav.pid && e.ts >= fcpTs && (e.dur ?? 0) > 50_000,
    )
    .reduce((a, e) => a + (e.dur! - 50_000) / 1000, 0)
  return {
    lcpMs: lcp ? Math.round((lcp.ts - nav.ts) / 1000) : NaN,
    fcpMs: fcp ? Math.round((fcp.ts - nav.ts) / 1000) : NaN,
    cls: Math.round(cls * 10000) / 10000,
    tbtMs: Math.round(tbt),
  }
}

export async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.rttMs,
    downloadThroughput: (THROTTLING.downKbps * 1000) / 8,
    uploadThroughput: (THROTTLING.upKbps * 1000) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown })
}

/** One throttled load; again (at most twice more) when Chromium's trace lost the navigation's events, as it rarely does. */
async function timeOnce(
  browser: Browser,
  url: string,
  js: boolean,
  cookies: Awaited<ReturnType<typeof cookiesFor>> | null,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await traceOnce(browser, url, js, cookies)
    } catch (e) {
      if (attempt >= 3 || !String(e).includes('no navigation')) throw e
    }
  }
}

async function traceOnce(
  browser: Browser,
  url: string,
  js: boolean,
  cookies: Awaited<ReturnType<typeof cookiesFor>> | null,
) {
  const context = await newContext(browser, js, cookies)
  const page = await context.newPage()
  await throttle(page)
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'loading',
      'blink.user_timing',
      'toplevel',
    ],
  })
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
  // Late work (hydration, the catalogue, the lazy map and its tiles) and the shifts it may cause: until the network
  // has been quiet for 500 ms, then a little longer.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {})
  await page.waitForTimeout(500)
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
  await context.close()
  return metricsOf(trace.traceEvents, url)
}

/** The switches every Chromium of the bench runs with. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-dev-shm-usage',
]

/** The Chromium of `npm test` (scripts/find-chromium.mjs), for Playwright. */
export async function launchChromium(): Promise<Browser> {
  const found = await findChromium()
  if (!found) throw new Error('No Chromium found: `npm ci` installs one (@sparticuz/chromium); or set CHROMIUM_PATH.')
  return chromium.launch({
    executablePath: found.executablePath,
    env: found.env ? { ...process.env, ...found.env } : undefined,
    args: CHROMIUM_ARGS,
  })
}

/** The phone the journey and the dialogs are measured on: 360 × 740, touch, German, Berlin time. */
export const PHONE_VIEWPORT = { width: 360, height: 740 }
export const phoneContext = (browser: Browser, server: RunningServer, javaScriptEnabled = true) =>
  browser.newContext({
    baseURL: server.url,
    javaScriptEnabled,
    viewport: PHONE_VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  })

export async function browserPart(
  server: RunningServer,
  opts: { runs: number; log: (s: string) => void },
): Promise<BrowserReport> {
  const browser = await launchChromium()
  try {
    const urls = await urlsFor(server)
    const cookies = await cookiesFor(server)
    const cookiesOf = (name: PageName) => (name === 'login' ? null : cookies)
    const weight = {} as BrowserReport['weight']
    for (const name of PAGES) {
      weight[name] = await weigh(browser, server.url, urls[name], cookiesOf(name))
      const w = weight[name]
      opts.log(
        `  weight ${name.padEnd(13)} js ${kb(w.js)}  css ${kb(w.css)}  html ${kb(w.html)}  ${w.requests} requests${w.map ? `  map ${kb(w.map.js)} (+${w.map.requestedAfterLoadMs} ms after load)` : ''}`,
      )
    }
    const loadTime = {} as BrowserReport['loadTime']
    for (const name of PAGES) {
      const modes = {} as { js: Timing; nojs: Timing }
      for (const js of [true, false]) {
        const runs = []
        for (let i = 0; i < opts.runs; i++)
          runs.push(await timeOnce(browser, server.url + urls[name], js, cookiesOf(name)))
        const t: Timing = {
          lcpMs: median(runs.map((r) => r.lcpMs)),
          cls: median(runs.map((r) => r.cls)),
          tbtMs: median(runs.map((r) => r.tbtMs)),
          fcpMs: median(runs.map((r) => r.fcpMs)),
          runs,
        }
        modes[js ? 'js' : 'nojs'] = t
        opts.log(
          `  load ${name.padEnd(13)} ${js ? 'js  ' : 'nojs'}  LCP ${t.lcpMs} ms  CLS ${t.cls}  TBT ${t.tbtMs} ms  FCP ${t.fcpMs} ms  (LCP runs: ${runs.map((r) => r.lcpMs).join(', ')})`,
        )
      }
      loadTime[name] = modes
    }
    return { weight, loadTime, throttling: THROTTLING, runsPerPage: opts.runs }
  } finally {
    await browser.close()
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9)
