// `npm run bench`: builds the app if needed, runs each benchmark part, prints one JSON document to stdout and writes
// it to bench/results/<date>.json. Progress goes to stderr. Parts are independent modules; add one by appending it
// to PARTS. Environment: BUILD_DIR (use that build), BENCH_PORT (default 3990), BENCH_QUICK=1 (short runs).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureBuild, ROOT } from './server'
import { throughput, type BenchContext } from './throughput'

const log = (line: string) => process.stderr.write(`${line}\n`)

const PARTS: Record<string, (ctx: BenchContext) => Promise<unknown>> = {
  throughput,
}

const started = Date.now()
const loadBefore = os.loadavg().map((l) => Math.round(l * 100) / 100)
const buildDir = ensureBuild(log)
const ctx: BenchContext = { buildDir, port: Number(process.env.BENCH_PORT ?? 3990), log, quick: process.env.BENCH_QUICK === '1' }
const results: Record<string, unknown> = {}
for (const [name, part] of Object.entries(PARTS)) {
  log(`— ${name}`)
  results[name] = await part(ctx)
}
const report = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}` },
  durationSeconds: Math.round((Date.now() - started) / 1000),
  /** 1/5/15-minute load averages before and after: figures from a busy machine are not comparable. */
  loadAverage: { before: loadBefore, after: os.loadavg().map((l) => Math.round(l * 100) / 100) },
  ...results,
}
const json = JSON.stringify(report, null, 2)
const dir = path.join(ROOT, 'bench/results')
fs.mkdirSync(dir, { recursive: true })
const file = path.join(dir, `${report.date.slice(0, 10)}.json`)
fs.writeFileSync(file, `${json}\n`)
process.stdout.write(`${json}\n`)
log(`written to ${path.relative(ROOT, file)}`)
process.exit(0)
