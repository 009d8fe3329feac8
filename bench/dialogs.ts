// How fast a dialog opens after its tap, with JavaScript, on a 360 × 740 phone under the load time's throttling
// (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower): the ways list's mode picker and report dialog, and
// on a way's page the purpose, modes, report (from the first leg's modes dialog) and confirm dialogs. The time runs
// by the browser's Event Timing from the touch to the next frame drawn after the tap's handlers (the figure INP is
// made of), and that frame must draw the dialog; beside it, the time until the dialog is modal. The dialog is then
// closed (Escape) and the next one tapped. Median of the runs per dialog. The measured participant's first way is
// given a purpose first (unthrottled, through its purpose dialog), so its page offers the confirm dialog.
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { cookiesFor, launchChromium, phoneContext, PHONE_VIEWPORT, throttle, THROTTLING } from './browser'
import { median } from './median'
import { ROOT, type RunningServer } from './server'

/** Where `BENCH_TRACE_DIALOG` puts the traces of a dialog's taps (Chrome's trace format, for its performance panel). */
const TRACES = path.join(ROOT, 'bench/results/traces')
/** The main thread's tasks, events, style, layout, paint and script, and each resource the page asks for. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'blink',
  'v8.execute',
]

export const DIALOGS = ['list mode', 'list report', 'way purpose', 'way modes', 'way report', 'way confirm'] as const
type DialogName = (typeof DIALOGS)[number]

export interface DialogsReport {
  viewport: { width: number; height: number }
  throttling: typeof THROTTLING
  runsPerDialog: number
  /**
   * Median ms from the touch to the frame that draws the dialog (Event Timing), and each run; the median ms from the
   * start of the handlers of the event that opens it (the touch's end, or the click the browser makes of the touch)
   * until the main thread has drawn that frame (no input delay, no presentation); and
   * the median ms from the touch until it is modal (after that frame: the page behind it inert).
   */
  open: Record<DialogName, { ms: number; runs: number[]; frameMs: number; modalMs: number; cpuMs: number[] }>
  /** Requests to the server (documents and `.data`) seen while the dialogs opened and closed. */
  serverRequests: number
  /**
   * The rounds of the fixed loop of script the throttled page runs just before each tap; the ms it took are
   * `open[name].cpuMs` (one per tap), the page's speed as the tap came. This machine's speed changes from minute to
   * minute, and a dialog's times move with it; those ms say whether a slow figure was the app's or the machine's.
   */
  cpuLoopIterations: number
}

/** The fixed loop whose time stands for the page's speed (about 50 ms at 4× slowdown on a quiet machine here). */
const CPU_LOOP = 10_000_000
/** Ms the page takes for CPU_LOOP rounds of a little arithmetic, as it is throttled now. */
const cpuLoopMs = (page: Page): Promise<number> =>
  page.evaluate(
    `(() => { const t = performance.now(); let x = 0; for (let i = 0; i < ${CPU_LOOP}; i++) x += i % 7; ` +
      `return x < 0 ? -1 : Math.round(performance.now() - t) })()`,
  )

/**
 * Taps the first element matching `selector` (a touch, as the phone's browser gets it) and answers the tap's latency
 * as the browser's Event Timing reports it (the longest of the tap's events, from the touch to the next frame drawn
 * after its handlers; the figure INP is made of), after checking that this frame draws `dialog#id`; and the ms from
 * the touch until the dialog is modal.
 */
async function tapToOpen(
  page: Page,
  selector: string,
  id: string,
): Promise<{ ms: number; frameMs: number; modalMs: number }> {
  const link = page.locator(selector).first()
  await link.scrollIntoViewIfNeeded()
  // Written as strings: the bench runs through tsx, whose named-function helper does not exist in the page.
  await page.evaluate(`(() => {
    const watch = { entries: [], shownInFrame: null, modalAt: null, openedAt: null, frameAt: null, observer: null }
    window.__dialogTap = watch
    // Disconnected once read, so that the taps after this one are not observed by it too.
    watch.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.interactionId) watch.entries.push({ id: e.interactionId, name: e.name, start: e.startTime, duration: e.duration })
      }
    })
    watch.observer.observe({ type: 'event', durationThreshold: 16 })
    // The frame after the event that opens the dialog (the touch's end, or the click the browser makes of the touch
    // when the page leaves the touch alone): does it draw the dialog? Asked for before the page's own handlers run,
    // so this callback runs first in that frame; the last of the two events that came is the one that counts.
    const frameAfter = () => {
      const at = performance.now()
      requestAnimationFrame(() => {
        const d = document.querySelector('dialog#${id}')
        const shown = !!d && (d.open || d.matches(':popover-open'))
        // Queued before the page's own tasks of this frame: runs once the main thread has drawn it.
        setTimeout(() => {
          if (watch.openedAt !== null && watch.openedAt > at) return
          watch.openedAt = at
          watch.shownInFrame = shown
          watch.frameAt = performance.now()
        }, 0)
      })
    }
    document.addEventListener('touchend', frameAfter, { capture: true, once: true, passive: true })
    document.addEventListener('click', frameAfter, { capture: true, once: true })
    new MutationObserver((records, observer) => {
      if (document.querySelector('dialog#${id}[open]')) {
        watch.modalAt = performance.now()
        observer.disconnect()
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] })
  })()`)
  await link.tap()
  await page.locator(`dialog#${id}[open]`).waitFor({ timeout: 30_000 })
  // Event Timing entries arrive after the frame they end with.
  const result = await page.evaluate<{
    ms: number
    frameMs: number
    modalMs: number
    shownInFrame: boolean | null
    seen: string
  }>(
    `new Promise((resolve) => setTimeout(() => {
      const watch = window.__dialogTap
      watch.observer.disconnect()
      // The tap's events (touch, pointer and, where the page lets it come, click) share one interaction id.
      const last = watch.entries[watch.entries.length - 1]
      const tap = last ? watch.entries.filter((e) => e.id === last.id) : []
      const begin = tap.length ? Math.min(...tap.map((e) => e.start)) : NaN
      resolve({
        // No entry: the whole tap took less than Event Timing's smallest threshold (16 ms).
        ms: tap.length ? Math.max(...tap.map((e) => e.duration)) : 16,
        frameMs: watch.frameAt - watch.openedAt,
        modalMs: watch.modalAt - begin,
        shownInFrame: watch.shownInFrame,
        seen: watch.entries.map((e) => e.name + ' ' + Math.round(e.duration)).join(', '),
      })
    }, 300))`,
  )
  if (!result.shownInFrame) {
    throw new Error(`dialog#${id} was not drawn in the frame after its tap at ${page.url()} (events: ${result.seen})`)
  }
  await page.keyboard.press('Escape')
  await page.locator(`dialog#${id}`).waitFor({ state: 'detached', timeout: 30_000 })
  return { ms: Math.round(result.ms), frameMs: Math.round(result.frameMs), modalMs: Math.round(result.modalMs) }
}

/** React has taken over the page's links. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const a = document.querySelector('main a')
    return !!a && Object.keys(a).some((key) => key.startsWith('__reactProps'))
  })

export async function dialogsPart(
  server: RunningServer,
  opts: { runs: number; log: (s: string) => void; trace?: string },
): Promise<DialogsReport> {
  const browser = await launchChromium()
  try {
    const context = await phoneContext(browser, server)
    await context.addCookies(await cookiesFor(server))
    const page = await context.newPage()
    let serverRequests = 0
    page.on('request', (r) => {
      if (r.resourceType() === 'document' || new URL(r.url()).pathname.endsWith('.data')) serverRequests++
    })
    const list = '/ways/list/all/page/1'
    await page.goto(list)
    // A way still to review (its card offers the mode picker): its page has every dialog measured here.
    const wayPath = await page
      .locator('article:has(a.trip-card__mode-fix) a[href*="/ways/tripDetails/"]')
      .first()
      .getAttribute('href')
    if (!wayPath) throw new Error('no way to review on the list page')
    const way = new URL(wayPath, server.url).pathname
    // Its purpose, so that the page offers the confirm dialog (unthrottled, not timed).
    await page.goto(way)
    if (!(await page.locator('a[href*="dialog=confirm"]').count())) {
      await page.goto(`${way}?dialog=purpose`)
      await page.locator('#purpose input[name="purposes"]').first().check()
      await page.locator('#purpose button[type="submit"]').last().click()
      await page.locator('a[href*="dialog=confirm"]').first().waitFor({ timeout: 30_000 })
    }

    const open = {} as DialogsReport['open']
    const measure = async (name: DialogName, selector: string, id: string, before?: () => Promise<void>) => {
      const runs: number[] = []
      const modal: number[] = []
      const frame: number[] = []
      const cpu: number[] = []
      for (let i = 0; i < opts.runs; i++) {
        await before?.()
        cpu.push(await cpuLoopMs(page))
        const traced = opts.trace === name
        if (traced) await browser.startTracing(page, { categories: TRACE_CATEGORIES })
        const { ms, frameMs, modalMs } = await tapToOpen(page, selector, id)
        if (traced) {
          const file = path.join(TRACES, `${name.replace(' ', '-')}-${i}.json`)
          fs.mkdirSync(TRACES, { recursive: true })
          fs.writeFileSync(file, await browser.stopTracing())
          opts.log(`  dialog ${name}: tap ${i} traced to ${path.relative(process.cwd(), file)}`)
        }
        frame.push(frameMs)
        runs.push(ms)
        modal.push(modalMs)
      }
      open[name] = { ms: median(runs), runs, frameMs: median(frame), modalMs: median(modal), cpuMs: cpu }
      opts.log(
        `  dialog ${name.padEnd(12)} ${open[name].ms} ms  (runs: ${runs.join(', ')}; its frame drawn ${open[name].frameMs} ms after the opening event's start (the touch's end or the click); modal at ${open[name].modalMs} ms; the page's fixed loop before each tap: ${cpu.join(', ')} ms)`,
      )
    }
    await page.goto(list)
    await hydrated(page)
    await throttle(page)
    // Once, untimed: the loop is compiled before it is timed.
    await cpuLoopMs(page)
    serverRequests = 0
    await measure('list mode', 'a.trip-card__mode-fix', 'mode')
    await measure('list report', 'a[href*="dialog=report"]', 'report')
    const listRequests = serverRequests
    await page.goto(way)
    await hydrated(page)
    await cpuLoopMs(page)
    serverRequests = listRequests
    await measure('way purpose', 'a[href*="dialog=purpose"]', 'purpose')
    await measure('way modes', 'a[href*="dialog=modes"]', 'modes')
    // The way's report is offered in its first leg's modes dialog: from there (that dialog opened first, not timed).
    await measure('way report', 'dialog#modes a[href*="dialog=report"]', 'report', async () => {
      await page.locator('a[href*="dialog=modes"]').first().click()
      await page.locator('dialog#modes[open]').waitFor({ timeout: 30_000 })
    })
    await measure('way confirm', 'a[href*="dialog=confirm"]', 'confirm')
    opts.log(`  dialogs: ${serverRequests} requests to the server while opening and closing`)
    await context.close()
    return {
      viewport: PHONE_VIEWPORT,
      throttling: THROTTLING,
      runsPerDialog: opts.runs,
      open,
      serverRequests,
      cpuLoopIterations: CPU_LOOP,
    }
  } finally {
    await browser.close()
  }
}
