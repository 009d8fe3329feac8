// The standard's measure beside the bench's own: Lighthouse (the exact version in package.json) on the login page,
// the ways list, a way's page and the campaign questionnaire, each a cold load (Lighthouse empties the cache first and
// the request carries no stylesheet cookie, so the page is a first visit) with Lighthouse's mobile profile (Moto G
// Power screen; simulated throttling: 150 ms round trip, 1.6 Mbps, CPU 4× slower), logged in by the session cookie in
// the request headers where the page needs it. Reports LCP, FCP, TBT, CLS and the performance, accessibility and
// best-practices scores, median of the runs. BENCH_LIGHTHOUSE_THROTTLING=devtools applies the throttling instead of
// simulating it (Lighthouse's other method; slower).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import lighthouse, { type Flags } from 'lighthouse'
import { findChromium } from '../scripts/find-chromium.mjs'
import { CHROMIUM_ARGS, urlsFor, type PageName } from './browser'
import { median } from './median'
import type { RunningServer } from './server'
import { sessionCookie } from './targets'

export const LIGHTHOUSE_PAGES = ['login', 'list', 'detail', 'questionnaire'] as const satisfies readonly PageName[]
type LighthousePage = (typeof LIGHTHOUSE_PAGES)[number]

interface Figures {
  lcpMs: number
  fcpMs: number
  tbtMs: number
  cls: number
  /** 0–100 */
  performance: number
  accessibility: number
  bestPractices: number
}

export interface LighthouseReport {
  version: string
  throttlingMethod: 'simulate' | 'devtools'
  formFactor: 'mobile'
  runsPerPage: number
  pages: Record<LighthousePage, Figures & { url: string; runs: Figures[] }>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** A Chromium Lighthouse can drive: the bench's own, listening for the DevTools protocol on a free port. */
async function startChromium(): Promise<{ port: number; stop: () => void }> {
  const found = await findChromium()
  if (!found) throw new Error('No Chromium found: `npm ci` installs one (@sparticuz/chromium); or set CHROMIUM_PATH.')
  const port = await freePort()
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-diary-lighthouse-'))
  const child = spawn(
    found.executablePath,
    [
      ...CHROMIUM_ARGS,
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // A group of its own: Debian's chromium is a shell script that starts the browser as its child, so killing the
    // script alone left the browser running after every bench.
    { env: { ...process.env, ...found.env }, stdio: 'ignore', detached: true },
  )
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL')
    } catch {
      // the group is gone already
    }
    fs.rmSync(profile, { recursive: true, force: true })
  }
  process.once('exit', stop)
  for (const deadline = Date.now() + 30_000; ;) {
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    if (child.exitCode != null || Date.now() > deadline) {
      stop()
      throw new Error('Chromium for Lighthouse did not start')
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return { port, stop }
}

export async function lighthousePart(
  server: RunningServer,
  opts: { runs: number; log: (s: string) => void },
): Promise<LighthouseReport> {
  const throttlingMethod = process.env.BENCH_LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate'
  const urls = await urlsFor(server)
  const cookie = await sessionCookie(server.url)
  const chromium = await startChromium()
  let version = ''
  try {
    const pages = {} as LighthouseReport['pages']
    for (const name of LIGHTHOUSE_PAGES) {
      const runs: Figures[] = []
      for (let i = 0; i < opts.runs; i++) {
        const flags: Flags = {
          port: chromium.port,
          logLevel: 'error',
          output: 'json',
          formFactor: 'mobile',
          throttlingMethod,
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          disableFullPageScreenshot: true,
          extraHeaders: name === 'login' ? undefined : { Cookie: cookie },
        }
        const result = await lighthouse(server.url + urls[name], flags)
        const lhr = result?.lhr
        if (!lhr || lhr.runtimeError)
          throw new Error(`Lighthouse on ${urls[name]}: ${lhr?.runtimeError?.message ?? 'no result'}`)
        version = lhr.lighthouseVersion
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN
        // A page that shifted says what moved (Lighthouse's elements of its largest shifts).
        if (audit('cumulative-layout-shift') > 0) {
          const items = (lhr.audits['layout-shifts']?.details as { items?: unknown[] } | undefined)?.items ?? []
          for (const item of items as { score?: number; node?: { selector?: string; snippet?: string } }[])
            opts.log(
              `  lighthouse ${name}: shift ${item.score?.toFixed(4)} of ${item.node?.selector} ${item.node?.snippet}`,
            )
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100)
        runs.push({
          lcpMs: Math.round(audit('largest-contentful-paint')),
          fcpMs: Math.round(audit('first-contentful-paint')),
          tbtMs: Math.round(audit('total-blocking-time')),
          cls: Math.round(audit('cumulative-layout-shift') * 10000) / 10000,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
        })
      }
      const of = (f: (r: Figures) => number) => median(runs.map(f))
      pages[name] = {
        url: urls[name],
        lcpMs: of((r) => r.lcpMs),
        fcpMs: of((r) => r.fcpMs),
        tbtMs: of((r) => r.tbtMs),
        cls: of((r) => r.cls),
        performance: of((r) => r.performance),
        accessibility: of((r) => r.accessibility),
        bestPractices: of((r) => r.bestPractices),
        runs,
      }
      const p = pages[name]
      opts.log(
        `  lighthouse ${name.padEnd(13)} LCP ${p.lcpMs} ms  FCP ${p.fcpMs} ms  TBT ${p.tbtMs} ms  CLS ${p.cls}  ` +
          `performance ${p.performance}  accessibility ${p.accessibility}  best practices ${p.bestPractices}` +
          (runs.length > 1 ? `  (LCP runs: ${runs.map((r) => r.lcpMs).join(', ')})` : ''),
      )
    }
    return { version, throttlingMethod, formFactor: 'mobile', runsPerPage: opts.runs, pages }
  } finally {
    chromium.stop()
  }
}
