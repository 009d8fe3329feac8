// `npm run bench`: builds the app if needed, then measures side by side on this machine, in one run:
//   browser     page weight and throttled load time (LCP, CLS, TBT) of login, list, detail, questionnaire and pois;
//   lighthouse  Lighthouse's LCP, FCP, TBT and scores of login, list, detail and questionnaire (mobile, cold);
//   journey     the scripted week of 30 ways reviewed with JavaScript on and off, on a throttled 360 px phone;
//   dialogs     the latency of a tap that opens a dialog, by the browser's Event Timing (list: mode, report; way:
//               purpose, modes, report, confirm), JavaScript on, on the same throttled phone;
//   throughput  list, detail, questionnaire and getTrips beside /hello, at 1k and 1M ways, on PGlite and (with
//               DATABASE_URL) PostgreSQL, with the server's resident memory after each run;
// and checks every budget in bench/budgets.ts (pass/fail each). Prints one JSON document to stdout and writes it to
// bench/results/<date>.json; progress goes to stderr. Environment: BUILD_DIR (use that build), BENCH_PORT (default
// 3990), BENCH_QUICK=1 (short runs, for trying changes), BENCH_PARTS=browser,lighthouse,journey,dialogs,throughput
// (a subset), DATABASE_URL (PostgreSQL as well), BENCH_STORES=pglite or postgres (one database only),
// BENCH_DIALOG_RUNS (taps per dialog, default 5), BENCH_TRACE_DIALOG="way modes" (trace that dialog's taps).
import '../scripts/require-node.mjs'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { browserPart, type BrowserReport } from './browser'
import { checkBudgets } from './budgets'
import { dialogsPart, type DialogsReport } from './dialogs'
import { journeyPart, type JourneyReport } from './journey'
import { lighthousePart, type LighthouseReport } from './lighthouse'
import { ensureBuild, ROOT } from './server'
import { pgliteStore, postgresStore, type Store } from './stores'
import { CONNECTIONS, rounds, scenarios, secondsPerRound, type BenchContext, type ScenarioResult } from './throughput'

const log = (line: string) => process.stderr.write(`${line}\n`)

const started = Date.now()
const loadBefore = os.loadavg().map((l) => Math.round(l * 100) / 100)
const buildDir = ensureBuild(log)
const ctx: BenchContext = {
  buildDir,
  port: Number(process.env.BENCH_PORT ?? 3990),
  log,
  quick: process.env.BENCH_QUICK === '1',
}
const parts = new Set((process.env.BENCH_PARTS ?? 'browser,lighthouse,journey,dialogs,throughput').split(','))
ctx.week = parts.has('journey')

let browser: BrowserReport | null = null
let lighthouse: LighthouseReport | null = null
let journey: JourneyReport | null = null
let dialogs: DialogsReport | null = null
const throughput: Partial<Record<Store['kind'], ScenarioResult[]>> = {}
const storeKinds = new Set((process.env.BENCH_STORES ?? 'pglite,postgres').split(','))
const stores: { kind: Store['kind']; make: () => Promise<Store> }[] = []
if (storeKinds.has('pglite')) stores.push({ kind: 'pglite', make: async () => pgliteStore() })
if (process.env.DATABASE_URL && storeKinds.has('postgres'))
  stores.push({ kind: 'postgres', make: () => postgresStore(process.env.DATABASE_URL!) })

// The browser parts run on PGlite's 1k server, one after the other, before the throughput is measured.
const inBrowser = ['browser', 'lighthouse', 'journey', 'dialogs'].some((p) => parts.has(p))
for (const { kind, make } of stores) {
  const withBrowser = kind === 'pglite' && inBrowser
  if (!parts.has('throughput') && !withBrowser) continue
  const results = await scenarios(make, ctx, {
    during: withBrowser
      ? async (server) => {
          if (parts.has('browser')) browser = await browserPart(server, { runs: ctx.quick ? 1 : 5, log })
          if (parts.has('lighthouse')) lighthouse = await lighthousePart(server, { runs: ctx.quick ? 1 : 3, log })
          if (parts.has('journey')) journey = await journeyPart(server, { log })
          if (parts.has('dialogs')) {
            const runs = ctx.quick ? 1 : Number(process.env.BENCH_DIALOG_RUNS ?? 5)
            dialogs = await dialogsPart(server, { runs, log, trace: process.env.BENCH_TRACE_DIALOG })
          }
        }
      : undefined,
    load: parts.has('throughput'),
  })
  if (parts.has('throughput')) throughput[kind] = results
}

const budgets = checkBudgets(browser, throughput, lighthouse, journey, dialogs)
for (const b of budgets) log(`${b.pass ? 'pass' : 'FAIL'}  ${b.name}: ${b.value} (budget ${b.budget})`)
const report = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? '',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  },
  durationSeconds: Math.round((Date.now() - started) / 1000),
  /** 1/5/15-minute load averages before and after: figures from a busy machine are not comparable. */
  loadAverage: { before: loadBefore, after: os.loadavg().map((l) => Math.round(l * 100) / 100) },
  budgets,
  browser,
  lighthouse,
  journey,
  dialogs,
  throughput: { connections: CONNECTIONS, rounds: rounds(ctx), secondsPerRound: secondsPerRound(ctx), ...throughput },
}
const json = JSON.stringify(report, null, 2)
const dir = path.join(ROOT, 'bench/results')
fs.mkdirSync(dir, { recursive: true })
const file = path.join(dir, `${report.date.slice(0, 10)}.json`)
fs.writeFileSync(file, `${json}\n`)
process.stdout.write(`${json}\n`)
log(`written to ${path.relative(ROOT, file)} in ${report.durationSeconds} s`)
process.exit(0)
