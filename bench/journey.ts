// The scripted week (e2e/week.ts: 30 ways over seven days, 6 of them with the wrong mode, one day without ways)
// reviewed by a participant who knows the app, timed with JavaScript on and off: a 360 × 740 phone under the load
// time's throttling (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower). Each mode has its own participant
// with the same week (bench/seed.ts seeds both); the saved places and the list are set up before the throttling,
// and the clock runs from the first tap to the last card gone. Reports taps, total time and the five slowest steps
// (a step: one tap and what follows it until the next).
import path from 'node:path'
import type { Browser } from '@playwright/test'
import { loginAs } from '../e2e/fixtures'
import { prepareWeek, reviewWeek, Taps } from '../e2e/week'
import { launchChromium, phoneContext, PHONE_VIEWPORT, throttle, THROTTLING } from './browser'
import { median } from './median'
import { WEEK_USERS } from './seed'
import { ROOT, type RunningServer } from './server'

interface WeekRun {
  taps: number
  totalSeconds: number
  /** taps spent on the 6 mode fixes, the 30 confirmations and the day without ways */
  spent: { fixes: number; confirms: number; day: number }
  slowest: { step: string; ms: number }[]
  /** Per kind of step ("pick Bus", "confirm", …): how many, and their median and total milliseconds. */
  byKind: Record<string, { count: number; medianMs: number; totalMs: number }>
}

export interface JourneyReport {
  viewport: { width: number; height: number }
  throttling: typeof THROTTLING
  js: WeekRun
  nojs: WeekRun
}

/** A step slower than this under the throttling is a failure, not a figure. */
const STEP_TIMEOUT_MS = 60_000

function byKind(steps: { label: string; ms: number }[]): WeekRun['byKind'] {
  const groups = new Map<string, number[]>()
  for (const { label, ms } of steps) {
    const kind = label.replace(/^way \d+: /, '')
    groups.set(kind, [...(groups.get(kind) ?? []), ms])
  }
  return Object.fromEntries(
    [...groups].map(([kind, ms]) => [
      kind,
      { count: ms.length, medianMs: median(ms), totalMs: ms.reduce((a, b) => a + b, 0) },
    ]),
  )
}

async function weekIn(browser: Browser, server: RunningServer, js: boolean): Promise<WeekRun> {
  const context = await phoneContext(browser, server, js)
  try {
    const page = await context.newPage()
    const user = WEEK_USERS[js ? 'js' : 'nojs']
    await loginAs(page, user.email, user.password)
    await prepareWeek(page, js)
    await throttle(page)
    const taps = new Taps()
    const spent = await reviewWeek(page, taps, STEP_TIMEOUT_MS).catch(async (e: unknown) => {
      // What the page showed when a step failed, for whoever reads the failure.
      const shot = path.join(ROOT, 'bench/results', `week-${js ? 'js' : 'nojs'}-failure.png`)
      await page.screenshot({ path: shot, fullPage: true }).catch(() => {})
      throw new Error(
        `week (${js ? 'JS on' : 'JS off'}) failed at ${page.url()} after: ` +
          `${taps.steps
            .slice(-4)
            .map((s) => s.label)
            .join(' → ')}; screenshot ${path.relative(ROOT, shot)}`,
        { cause: e },
      )
    })
    const total = taps.end()
    return {
      taps: taps.count,
      totalSeconds: Math.round(total / 100) / 10,
      spent: { fixes: spent.fixes, confirms: spent.confirms, day: spent.day },
      slowest: [...taps.steps]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5)
        .map((s) => ({ step: s.label, ms: s.ms })),
      byKind: byKind(taps.steps),
    }
  } finally {
    await context.close()
  }
}

export async function journeyPart(server: RunningServer, opts: { log: (s: string) => void }): Promise<JourneyReport> {
  const browser = await launchChromium()
  try {
    const runs = {} as Pick<JourneyReport, 'js' | 'nojs'>
    for (const js of [true, false]) {
      const run = await weekIn(browser, server, js)
      runs[js ? 'js' : 'nojs'] = run
      opts.log(
        `  week ${js ? 'js  ' : 'nojs'}  ${run.taps} taps  ${run.totalSeconds} s  slowest: ` +
          run.slowest.map((s) => `${s.step} ${s.ms} ms`).join(', '),
      )
      opts.log(
        `       by step: ` +
          Object.entries(run.byKind)
            .map(([kind, k]) => `${kind} ${k.count}× median ${k.medianMs} ms (${Math.round(k.totalMs / 100) / 10} s)`)
            .join(', '),
      )
    }
    return { viewport: PHONE_VIEWPORT, throttling: THROTTLING, ...runs }
  } finally {
    await browser.close()
  }
}
