// How fast a dialog opens after its tap, with JavaScript, on a 360 × 740 phone under the load time's throttling
// (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower): the ways list's mode picker and report dialog, and
// on a way's page the purpose, modes, report (from the first leg's modes dialog) and confirm dialogs. The time runs inside the page from the tap (the
// link's click) until the <dialog> is open and a frame has been drawn with it; the dialog is then closed (Escape)
// and the next one tapped. Median of the runs per dialog. The measured participant's first way is given a purpose
// first (unthrottled, through its purpose dialog), so its page offers the confirm dialog.
import type { Page } from '@playwright/test'
import { cookiesFor, launchChromium, median, phoneContext, PHONE_VIEWPORT, throttle, THROTTLING } from './browser'
import type { RunningServer } from './server'

export const DIALOGS = ['list mode', 'list report', 'way purpose', 'way modes', 'way report', 'way confirm'] as const
type DialogName = (typeof DIALOGS)[number]

export interface DialogsReport {
  viewport: { width: number; height: number }
  throttling: typeof THROTTLING
  runsPerDialog: number
  /** Median ms from the tap to the open dialog's first frame, and each run. */
  open: Record<DialogName, { ms: number; runs: number[] }>
  /** Requests to the server (documents and `.data`) seen while the dialogs opened and closed. */
  serverRequests: number
}

/** Taps the first element matching `selector` and answers the ms until `dialog#id` is open and painted. */
async function tapToOpen(page: Page, selector: string, id: string): Promise<number> {
  await page.locator(selector).first().scrollIntoViewIfNeeded()
  // Written as a string: the bench runs through tsx, whose named-function helper does not exist in the page.
  const ms = await page.evaluate<number>(`new Promise((resolve, reject) => {
    const link = document.querySelector(${JSON.stringify(selector)})
    if (!link) return reject(new Error('nothing to tap: ' + ${JSON.stringify(selector)}))
    const start = performance.now()
    const check = () => {
      const d = document.querySelector('dialog#${id}')
      // Open, and one frame drawn with it.
      if (d && d.open) return requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0))
      // What the page shows instead, for whoever reads the failure.
      const shown = [...document.querySelectorAll('dialog, section.dialog')].map((x) => x.localName + '#' + x.id + (x.open ? ' open' : ''))
      if (performance.now() - start > 30000) return reject(new Error('dialog#${id} did not open at ' + location.href + '; dialogs: ' + (shown.join(', ') || 'none')))
      requestAnimationFrame(check)
    }
    link.click()
    requestAnimationFrame(check)
  })`)
  await page.keyboard.press('Escape')
  await page.locator(`dialog#${id}`).waitFor({ state: 'detached', timeout: 30_000 })
  return Math.round(ms)
}

/** React has taken over the page's links. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const a = document.querySelector('main a')
    return !!a && Object.keys(a).some((key) => key.startsWith('__reactProps'))
  })

export async function dialogsPart(
  server: RunningServer,
  opts: { runs: number; log: (s: string) => void },
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
      for (let i = 0; i < opts.runs; i++) {
        await before?.()
        runs.push(await tapToOpen(page, selector, id))
      }
      open[name] = { ms: median(runs), runs }
      opts.log(`  dialog ${name.padEnd(12)} ${open[name].ms} ms  (runs: ${runs.join(', ')})`)
    }
    await page.goto(list)
    await hydrated(page)
    await throttle(page)
    serverRequests = 0
    await measure('list mode', 'a.trip-card__mode-fix', 'mode')
    await measure('list report', 'a[href*="dialog=report"]', 'report')
    const listRequests = serverRequests
    await page.goto(way)
    await hydrated(page)
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
    return { viewport: PHONE_VIEWPORT, throttling: THROTTLING, runsPerDialog: opts.runs, open, serverRequests }
  } finally {
    await browser.close()
  }
}
