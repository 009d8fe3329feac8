// The performance budgets (page weight, load time, throughput), each checked against one bench run: pass or fail, with the measured value.
import { MAP_CODE, type BrowserReport, type PageName } from './browser'
import { DIALOGS, type DialogsReport } from './dialogs'
import type { JourneyReport } from './journey'
import { LIGHTHOUSE_PAGES, type LighthouseReport } from './lighthouse'
import type { ScenarioResult } from './throughput'

export interface Budget {
  name: string
  value: number | string | null
  budget: string
  pass: boolean
}

const KB = 1024
const round2 = (n: number) => Math.round(n * 100) / 100

export function checkBudgets(
  browser: BrowserReport | null,
  throughput: Partial<Record<string, ScenarioResult[]>>,
  lighthouse: LighthouseReport | null = null,
  journey: JourneyReport | null = null,
  dialogs: DialogsReport | null = null,
): Budget[] {
  const out: Budget[] = []
  const add = (name: string, value: number | string | null, budget: string, pass: boolean) =>
    out.push({ name, value, budget, pass })
  if (browser) {
    const w = browser.weight
    add('login: client JS (gzip KB)', round2(w.login.js / KB), '≤ 115', w.login.js <= 115 * KB)
    add('ways list: client JS (gzip KB)', round2(w.list.js / KB), '≤ 125', w.list.js <= 125 * KB)
    // The way's page without its map code, which comes after the load event (budgeted below on its own).
    const detailJs = w.detail.js - (w.detail.map?.js ?? 0)
    add("way's page: client JS before its map (gzip KB)", round2(detailJs / KB), '≤ 160', detailJs <= 160 * KB)
    const mapPages = (Object.keys(w) as PageName[]).filter((p) => w[p].map)
    const mapJs = Math.max(0, ...mapPages.map((p) => w[p].map!.js))
    add('map code (gzip KB)', round2(mapJs / KB), '≤ 50', mapJs <= 50 * KB)
    // Only pages that show a map load it; where it loads, it is not among the page's critical scripts and is asked
    // for only after the load event.
    const wrongPages = mapPages.filter((p) => p !== 'detail' && p !== 'pois')
    add(
      'map code only on pages with a map',
      mapPages.join(', ') || 'none',
      'detail (and pois) only',
      wrongPages.length === 0 && mapPages.includes('detail'),
    )
    const critical = mapPages.filter(
      (p) => w[p].criticalJs.some((u) => MAP_CODE.test(u)) || (w[p].map!.requestedAfterLoadMs ?? 0) < 0,
    )
    add(
      'map code loaded after the page is usable',
      critical.length ? `before load on ${critical.join(', ')}` : 'after load',
      'after the load event',
      critical.length === 0,
    )
    const css = Math.max(...Object.values(w).map((p) => p.css))
    add('CSS of any page (gzip KB)', round2(css / KB), '≤ 15', css <= 15 * KB)
    add('ways list: HTML (gzip KB)', round2(w.list.html / KB), '≤ 30', w.list.html <= 30 * KB)
    for (const page of ['login', 'list', 'detail'] as const)
      for (const mode of ['js', 'nojs'] as const) {
        const t = browser.loadTime[page][mode]
        add(`${page} (${mode === 'js' ? 'JS on' : 'JS off'}): LCP (ms)`, t.lcpMs, '≤ 1200', t.lcpMs <= 1200)
        add(`${page} (${mode === 'js' ? 'JS on' : 'JS off'}): CLS`, t.cls, '≤ 0.02', t.cls <= 0.02)
      }
  }
  // The standard's figure: Lighthouse's LCP (mobile profile, cold) on every page it measures.
  if (lighthouse)
    for (const page of LIGHTHOUSE_PAGES) {
      const lcp = lighthouse.pages[page].lcpMs
      add(`${page}: Lighthouse LCP (ms)`, lcp, '≤ 2000', lcp <= 2000)
    }
  // The week: the enhancement must make the participant faster, and the page without it no slower than it was.
  if (journey) {
    const ratio = round2(journey.js.totalSeconds / journey.nojs.totalSeconds)
    add('week: time with JS on / with JS off', ratio, '≤ 0.8', ratio <= 0.8)
    add('week (JS off): total time (s)', journey.nojs.totalSeconds, '≤ 70', journey.nojs.totalSeconds <= 70)
    for (const mode of ['js', 'nojs'] as const)
      add(`week (${mode === 'js' ? 'JS on' : 'JS off'}): taps`, journey[mode].taps, '≤ 70', journey[mode].taps <= 70)
  }
  // A dialog opens from what the page has (ADR 299): the tap's latency by Event Timing (from the touch to the frame
  // that draws the dialog) under 100 ms, with nothing asked of the server.
  if (dialogs) {
    for (const name of DIALOGS) {
      const ms = dialogs.open[name].ms
      add(`dialog ${name} (JS on): tap to its frame, Event Timing (ms)`, ms, '< 100', ms < 100)
    }
    add('dialogs: requests to the server while opening', dialogs.serverRequests, '0', dialogs.serverRequests === 0)
  }
  // Throughput: a page against the data-free page (what any logged-in page costs: the session, a React render), the
  // HTTP API against the bare handler; at 1M ways in the database the list's p95 stays near its p95 at 1k.
  for (const [kind, scenarios] of Object.entries(throughput)) {
    if (!scenarios?.length) continue
    const [small, large] = scenarios
    // Each the median of the rounds' own ratios (throughput.ts, pairedRatio).
    const ratio = (route: 'list' | 'detail') => small.routes[route]?.vsPage ?? null
    const check = (name: string, value: number | null, min: number) =>
      add(`${kind}: ${name}`, value, `≥ ${min}`, value != null && value >= min)
    check('ways list rate / data-free page rate', ratio('list'), 0.5)
    check("way's page rate / data-free page rate", ratio('detail'), 0.4)
    // The API at 1M ways as well: the worse of the two sizes.
    const api = scenarios.map((s) => s.routes.getTrips?.vsHello).filter((v): v is number => v != null)
    check('getTrips rate / hello rate', api.length ? Math.min(...api) : null, 0.5)
    if (small && large) {
      const growth = round2(large.routes.list!.p95 / small.routes.list!.p95)
      add(`${kind}: ways list p95 at 1M ways / at 1k ways`, growth, '≤ 1.5', growth <= 1.5)
    }
  }
  return out
}
