// `npm run bench:import`: a big trips import handed to the running server (PGlite) while /healthz is asked every
// 250 ms. Prints JSON (and writes bench/results/import-<date>.json): how long the import took, /healthz's slowest
// answer and how many took over 1 s during it, the server's resident memory before and after; then the same file
// with one bad way at its end: how long until it was refused and /healthz's slowest answer meanwhile.
// BENCH_IMPORT_WAYS (default 100000) sets the size, BENCH_PORT the port (default 3990), BUILD_DIR the build.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { ensureBuild, ROOT, startServer } from './server'

const log = (line: string) => process.stderr.write(`${line}\n`)
const WAYS = Number(process.env.BENCH_IMPORT_WAYS ?? 100_000)
const EMAIL = 'demo@example.org'

/** WAYS one-leg ways of the demo campaign's purposes, twenty a day, each with a few points. */
function tripsFile(bad: boolean): unknown[] {
  return Array.from({ length: WAYS }, (_, i) => {
    const day = new Date(Date.UTC(2020, 0, 1) + Math.floor(i / 20) * 86_400_000).toISOString().slice(0, 10)
    const hour = String(i % 20).padStart(2, '0')
    return {
      legs: [
        {
          startTime: `${day} ${hour}:00`,
          endTime: `${day} ${hour}:30`,
          tfcModes: [bad && i === WAYS - 1 ? 'TELEPORT' : 'WALK'],
          tripPurposes: [1],
          geom: Array.from({ length: 10 }, (_, p) => ({ lat: 52.5 + p * 0.001, lon: 13.4 + (i % 100) * 0.001 })),
        },
      ],
    }
  })
}

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Math.round(Number(m[1]) / 1024) : null
}

/** Asks /healthz every 250 ms until stopped; each answer's time (a request that took over 10 s counts as 10 s). */
function watchHealth(url: string) {
  const times: number[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const t = Date.now()
      await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) })
        .then((r) => r.text())
        .catch(() => null)
      times.push(Date.now() - t)
      await new Promise((r) => setTimeout(r, 250))
    }
  })()
  return async () => {
    running = false
    await loop
    return {
      asked: times.length,
      slowestMs: Math.max(0, ...times),
      over1s: times.filter((t) => t > 1000).length,
    }
  }
}

function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'app/cli/admin.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('exit', (code) => resolve({ code, out }))
  })
}

const buildDir = ensureBuild(log)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-import-'))
const port = Number(process.env.BENCH_PORT ?? 3990)
const env = { DATA_DIR: dataDir, DEMO: '1', PORT: String(port), HOST: '127.0.0.1' }
const server = await startServer({ buildDir, port, env })
try {
  const files = { good: path.join(dataDir, 'trips.json'), bad: path.join(dataDir, 'trips-bad.json') }
  fs.writeFileSync(files.good, JSON.stringify(tripsFile(false)))
  fs.writeFileSync(files.bad, JSON.stringify(tripsFile(true)))
  const fileMb = Math.round(fs.statSync(files.good).size / 2 ** 20)
  log(`importing ${WAYS} ways (${fileMb} MB) into the running server …`)

  const rssBefore = rssMb(server.pid)
  let stop = watchHealth(server.url)
  let t = Date.now()
  const good = await cli(['trips:import', '--email', EMAIL, '--file', files.good], env)
  const importMs = Date.now() - t
  const duringImport = await stop()
  const rssAfter = rssMb(server.pid)
  if (good.code !== 0) throw new Error(`import failed:\n${good.out}`)

  log('the same file with one bad way at its end …')
  stop = watchHealth(server.url)
  t = Date.now()
  const bad = await cli(['trips:import', '--email', EMAIL, '--file', files.bad], env)
  const refuseMs = Date.now() - t
  const duringRefusal = await stop()
  if (bad.code === 0) throw new Error('the bad file was imported')

  const report = {
    date: new Date().toISOString(),
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    ways: WAYS,
    fileMb,
    import: { ms: importMs, healthz: duringImport, rssMb: { before: rssBefore, after: rssAfter } },
    refusal: { ms: refuseMs, healthz: duringRefusal },
  }
  const out = JSON.stringify(report, null, 2)
  process.stdout.write(`${out}\n`)
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true })
  fs.writeFileSync(path.join(ROOT, `bench/results/import-${report.date.slice(0, 10)}.json`), out)
} finally {
  await server.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
