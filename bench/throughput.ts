// Throughput of the ways list (issue 4): requests per second and latency of the list page (logged in), the getTrips
// service call and the same server's bare /hello route, first with 1,000 ways of one participant, then with
// 1,000,000 ways across 10,000 participants (the measured participant keeps their 1,000).
// Targets: list page ≥ 0.5 × the hello rate; p95 at 1M ≤ 1.5 × p95 at 1k.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { load, request, type LoadResult, type LoadTarget } from './load'
import { analyze, BENCH_USER, countWays, openDatabase, seedMeasured, seedOthers } from './seed'
import { startServer, type RunningServer } from './server'

export interface BenchContext {
  buildDir: string
  port: number
  log: (line: string) => void
  /** Shorter runs (BENCH_QUICK=1), for trying the bench out. */
  quick: boolean
}

/** hello: the bare route; page: a logged-in page without data (/contact), the cost of the layout alone. */
type Routes = Record<'hello' | 'page' | 'list' | 'listDeep' | 'getTrips', LoadResult>

export interface ScenarioResult {
  name: string
  ways: number
  participants: number
  measuredParticipantWays: number
  seedSeconds: number
  routes: Routes
  /** list rps / hello rps */
  listVsHello: number
  /** list rps / page rps: what the list itself adds to a logged-in page */
  listVsPage: number
}

export interface ThroughputReport {
  database: 'pglite'
  connections: number
  rounds: number
  secondsPerRound: number
  scenarios: ScenarioResult[]
  targets: {
    listAtLeastHalfHello: { value: number; target: 0.5; pass: boolean }
    p95GrowthList: { value: number; target: 1.5; pass: boolean }
    p95GrowthGetTrips: { value: number; target: 1.5; pass: boolean }
  }
}

const MEASURED_WAYS = 1000
const OTHERS = 9_999
const OTHERS_EACH = 100

async function sessionCookie(url: string): Promise<string> {
  const res = await request({
    url: `${url}/user/login`,
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url },
    body: new URLSearchParams({ idStr: BENCH_USER.email, password: BENCH_USER.password }).toString(),
  })
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0])
  if (res.status !== 302 || cookies.length === 0) throw new Error(`login failed: ${res.status}`)
  return [...cookies, 'privacy=accepted'].join('; ')
}

async function apiSession(url: string): Promise<string> {
  const res = await request({
    url: `${url}/functions/invoke-service-method`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ serviceName: 'user', methodName: 'login', environment: 'production', params: { idStr: BENCH_USER.email, password: BENCH_USER.password, platformConstant: 'WEB' } }),
  })
  const session = (JSON.parse(res.body) as { return?: { session?: string } }).return?.session
  if (!session) throw new Error(`API login failed: ${res.body.slice(0, 200)}`)
  return session
}

async function measure(server: RunningServer, ctx: BenchContext): Promise<Routes> {
  const { url } = server
  const cookie = await sessionCookie(url)
  const session = await apiSession(url)
  const targets: Record<keyof Routes, LoadTarget> = {
    hello: { url: `${url}/hello` },
    page: { url: `${url}/contact`, headers: { Cookie: cookie } },
    list: { url: `${url}/ways/list/all/page/1`, headers: { Cookie: cookie } },
    listDeep: { url: `${url}/ways/list/all/page/50`, headers: { Cookie: cookie } },
    getTrips: {
      url: `${url}/functions/invoke-service-method`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ serviceName: 'trip', methodName: 'getTrips', environment: 'production', params: { session, fetchNext: 10, offset: 0 } }),
    },
  }
  // Sanity: the pages answer what they should.
  const page = await request(targets.list)
  if (page.status !== 200 || (page.body.match(/data-trip-id=/g) ?? []).length !== 10) throw new Error(`list page: ${page.status}`)
  const api = JSON.parse((await request(targets.getTrips)).body) as { return: { totalNo?: number; trps?: unknown[] } }
  if (api.return.totalNo !== MEASURED_WAYS || api.return.trps?.length !== 10) throw new Error(`getTrips: ${JSON.stringify(api).slice(0, 200)}`)

  // The machine may be shared: routes are measured in interleaved rounds and each figure is the median of the rounds,
  // so a burst of outside load hits every route alike rather than one of them.
  const rounds = ctx.quick ? 1 : 3
  const names = Object.keys(targets) as (keyof Routes)[]
  const runs = Object.fromEntries(names.map((n) => [n, [] as LoadResult[]])) as Record<keyof Routes, LoadResult[]>
  for (let r = 0; r < rounds; r++)
    for (const name of names) runs[name].push(await load(targets[name], { connections: CONNECTIONS, seconds: secondsPerRound(ctx), warmupSeconds: 1 }))
  const out = {} as Routes
  for (const name of names) {
    out[name] = medianOf(runs[name])
    ctx.log(`  ${name.padEnd(8)} ${String(out[name].rps).padStart(8)} req/s  p50 ${out[name].p50} ms  p95 ${out[name].p95} ms${out[name].errors ? `  errors ${out[name].errors}` : ''}  (rounds: ${runs[name].map((x) => x.rps).join(', ')} req/s)`)
  }
  return out
}

const CONNECTIONS = 10
const secondsPerRound = (ctx: BenchContext) => (ctx.quick ? 3 : 5)

/** Per figure, the median over the rounds (requests and errors are summed). */
function medianOf(runs: LoadResult[]): LoadResult & { rounds: number } {
  const med = (f: (r: LoadResult) => number) => {
    const v = runs.map(f).sort((a, b) => a - b)
    return v[Math.floor((v.length - 1) / 2)]
  }
  return {
    requests: runs.reduce((a, r) => a + r.requests, 0),
    errors: runs.reduce((a, r) => a + r.errors, 0),
    seconds: runs.reduce((a, r) => a + r.seconds, 0),
    rps: med((r) => r.rps),
    p50: med((r) => r.p50),
    p95: med((r) => r.p95),
    p99: med((r) => r.p99),
    mean: med((r) => r.mean),
    bytes: runs[0].bytes,
    rounds: runs.length,
  }
}

async function scenario(name: string, ctx: BenchContext, dataDir: string, seed: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>): Promise<ScenarioResult> {
  ctx.log(`${name}: seeding …`)
  const t0 = performance.now()
  const database = await openDatabase(dataDir)
  await seed(database.db)
  await analyze(database.db)
  const counts = await countWays(database.db)
  await database.close()
  const seedSeconds = Math.round((performance.now() - t0) / 100) / 10
  ctx.log(`${name}: ${counts.ways} ways, ${counts.participants} participants (seeded in ${seedSeconds} s); measuring …`)
  const server = await startServer({ buildDir: ctx.buildDir, dataDir, port: ctx.port })
  try {
    const routes = await measure(server, ctx)
    return { name, ...counts, measuredParticipantWays: MEASURED_WAYS, seedSeconds, routes, listVsHello: Math.round((routes.list.rps / routes.hello.rps) * 100) / 100, listVsPage: Math.round((routes.list.rps / routes.page.rps) * 100) / 100 }
  } finally {
    await server.stop()
  }
}

export async function throughput(ctx: BenchContext): Promise<ThroughputReport> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-diary-bench-'))
  try {
    const small = await scenario('1k', ctx, dataDir, async (db) => void (await seedMeasured(db, MEASURED_WAYS)))
    const large = await scenario('1M', ctx, dataDir, (db) => seedOthers(db, OTHERS, OTHERS_EACH))
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100
    const listVsHello = Math.min(small.listVsHello, large.listVsHello)
    const growthList = ratio(large.routes.list.p95, small.routes.list.p95)
    const growthApi = ratio(large.routes.getTrips.p95, small.routes.getTrips.p95)
    return {
      database: 'pglite',
      connections: CONNECTIONS,
      rounds: ctx.quick ? 1 : 3,
      secondsPerRound: secondsPerRound(ctx),
      scenarios: [small, large],
      targets: {
        listAtLeastHalfHello: { value: listVsHello, target: 0.5, pass: listVsHello >= 0.5 },
        p95GrowthList: { value: growthList, target: 1.5, pass: growthList <= 1.5 },
        p95GrowthGetTrips: { value: growthApi, target: 1.5, pass: growthApi <= 1.5 },
      },
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
