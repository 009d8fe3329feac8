// Server throughput: requests per second and latency of the ways list, a trip detail, the campaign
// questionnaire and the getTrips API call, each beside the same server's bare /hello route, with 1,000 ways of the
// measured participant; then the list, getTrips and /hello again with 1,000,000 ways across 10,000 participants (the
// measured one keeps 1,000). On PGlite, and on PostgreSQL when DATABASE_URL is set. The two sizes are two databases
// with a server each, measured in interleaved rounds, so a change of the machine's load during the run hits both
// sizes alike (measured one after the other, the PostgreSQL 1M/1k p95 had read 1.7 while the statements differ by
// ~0.4 ms). Each server's resident memory is read after the run.
import fs from 'node:fs'
import { load, type LoadResult } from './load'
import { median } from './median'
import { analyze, countWays, seedMeasured, seedOthers, seedWeek } from './seed'
import { startServer, type RunningServer } from './server'
import type { Store } from './stores'
import { targetsFor, type RouteName } from './targets'

export interface BenchContext {
  buildDir: string
  port: number
  log: (line: string) => void
  /** Shorter runs (BENCH_QUICK=1), for trying the bench out. */
  quick: boolean
  /** The scripted week's participants too, in the 1k database (for the journey part). */
  week?: boolean
}

interface Memory {
  /** resident set size after the run, MB */
  rssMb: number
  /** peak resident set size of the process, MB */
  peakRssMb: number
}

export interface ScenarioResult {
  name: '1k' | '1M'
  ways: number
  participants: number
  measuredParticipantWays: number
  seedSeconds: number
  /**
   * Each route's figures (medians of the rounds) with its rate against `/hello` and, where the size has it, against the
   * data-free page: each the median of the rounds' own ratios, a route against its base as measured in the same round.
   */
  routes: Partial<Record<RouteName, LoadResult & { vsHello: number; vsPage?: number }>>
  memory: Memory
}

const MEASURED_WAYS = 1000
const OTHERS = 9_999
const OTHERS_EACH = 100
export const CONNECTIONS = 10
const ROUTES_1K: RouteName[] = ['hello', 'page', 'list', 'listDeep', 'detail', 'questionnaire', 'getTrips']
const ROUTES_1M: RouteName[] = ['hello', 'list', 'getTrips']
const PAGES: RouteName[] = ['list', 'listDeep', 'detail', 'questionnaire']
export const rounds = (ctx: BenchContext) => (ctx.quick ? 1 : 3)
export const secondsPerRound = (ctx: BenchContext) => (ctx.quick ? 2 : 3)

function memoryOf(pid: number): Memory {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakRssMb: Math.round(kb('VmHWM') / 1024) }
}

interface Measured {
  server: RunningServer
  size: ScenarioResult['name']
  names: RouteName[]
}

async function measure(sets: Measured[], ctx: BenchContext): Promise<ScenarioResult['routes'][]> {
  const targets = await Promise.all(sets.map((m) => targetsFor(m.server.url, MEASURED_WAYS)))
  // The machine may be shared: routes (of both sizes) are measured in interleaved rounds and each figure is the median
  // of the rounds, so a burst of outside load hits every route alike rather than one of them.
  const runs = sets.map(
    (m) => Object.fromEntries(m.names.map((n) => [n, [] as LoadResult[]])) as Record<RouteName, LoadResult[]>,
  )
  // Every route is warmed up first, so the first round is not the one in which the server first compiles a route's
  // code and prepares its statements: the list, with the most of both, had read 120–165 req/s in its first rounds and
  // 180–230 in the later ones.
  for (const [i, m] of sets.entries())
    for (const name of m.names)
      await load(targets[i][name], { connections: CONNECTIONS, seconds: ctx.quick ? 1 : 2, warmupSeconds: 0 })
  for (let r = 0; r < rounds(ctx); r++)
    for (const [i, m] of sets.entries())
      for (const name of m.names)
        runs[i][name].push(
          await load(targets[i][name], { connections: CONNECTIONS, seconds: secondsPerRound(ctx), warmupSeconds: 0.5 }),
        )
  return sets.map((m, i) => {
    const out: ScenarioResult['routes'] = {}
    for (const name of m.names) {
      const x = medianOf(runs[i][name])
      // Against the data-free page: the pages only (the API and `/hello` are not pages).
      const vsPage = runs[i].page && PAGES.includes(name) ? pairedRatio(runs[i][name], runs[i].page) : undefined
      out[name] = { ...x, vsHello: pairedRatio(runs[i][name], runs[i].hello), ...(vsPage != null && { vsPage }) }
      ctx.log(
        `  ${m.size.padEnd(3)} ${name.padEnd(13)} ${String(x.rps).padStart(8)} req/s  p50 ${x.p50} ms  p95 ${x.p95} ms  ${out[name].vsHello}× hello${vsPage != null ? `  ${vsPage}× page` : ''}${x.errors ? `  errors ${x.errors}` : ''}  (rounds: ${runs[i][name].map((y) => y.rps).join(', ')} req/s)`,
      )
    }
    return out
  })
}

/**
 * A route's rate against its base: the median of the rounds' ratios, each round's route against that round's base. A
 * slow minute of the machine lowers both rates of its round alike, where a ratio of the two medians could take one
 * route's median from a slow round and the other's from a quick one (the list against the data-free page read 0.41
 * that way, from rounds whose own ratios were 0.61, 0.41 and 0.51).
 */
function pairedRatio(route: LoadResult[], base: LoadResult[]): number {
  return Math.round(median(route.map((r, k) => r.rps / base[k].rps)) * 100) / 100
}

/** Per figure, the median over the rounds (requests and errors are summed). */
function medianOf(runs: LoadResult[]): LoadResult {
  const med = (f: (r: LoadResult) => number) => median(runs.map(f))
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
  }
}

interface Seeded {
  name: ScenarioResult['name']
  store: Store
  counts: { ways: number; participants: number }
  seedSeconds: number
  server: RunningServer
}

/** Seeds one size into its own store (1k: the measured participant; 1M: the same plus 10,000 others) and serves it. */
async function seeded(name: ScenarioResult['name'], store: Store, ctx: BenchContext, port: number): Promise<Seeded> {
  ctx.log(`${store.kind} ${name}: seeding …`)
  const t0 = performance.now()
  const database = await store.open()
  await seedMeasured(database.db, MEASURED_WAYS)
  if (name === '1k' && ctx.week) await seedWeek(database.db)
  if (name === '1M') await seedOthers(database.db, OTHERS, OTHERS_EACH)
  await analyze(database.db)
  const counts = await countWays(database.db)
  await database.close()
  const seedSeconds = Math.round((performance.now() - t0) / 100) / 10
  ctx.log(
    `${store.kind} ${name}: ${counts.ways} ways, ${counts.participants} participants (seeded in ${seedSeconds} s)`,
  )
  const server = await startServer({ buildDir: ctx.buildDir, port, env: store.serverEnv })
  return { name, store, counts, seedSeconds, server }
}

const resultOf = (s: Seeded, routes: ScenarioResult['routes']): ScenarioResult => ({
  name: s.name,
  ...s.counts,
  measuredParticipantWays: MEASURED_WAYS,
  seedSeconds: s.seedSeconds,
  routes,
  memory: memoryOf(s.server.pid),
})

/**
 * Both sizes on one kind of store: each in its own store and server (ports ctx.port and ctx.port + 1), `during` (the
 * browser part) on the 1k server before the 1M one is seeded, then the two measured in interleaved rounds, the
 * memory read, everything stopped and removed. Without `load`, only the 1k server and `during`.
 */
export async function scenarios(
  makeStore: () => Promise<Store>,
  ctx: BenchContext,
  opts: { during?: (server: RunningServer) => Promise<void>; load: boolean },
): Promise<ScenarioResult[]> {
  const made: Store[] = []
  const servers: RunningServer[] = []
  try {
    made.push(await makeStore())
    const small = await seeded('1k', made[0], ctx, ctx.port)
    servers.push(small.server)
    await opts.during?.(small.server)
    if (!opts.load) return [resultOf(small, {})]
    made.push(await makeStore())
    const large = await seeded('1M', made[1], ctx, ctx.port + 1)
    servers.push(large.server)
    ctx.log(`${made[0].kind}: measuring 1k and 1M in interleaved rounds …`)
    const [smallRoutes, largeRoutes] = await measure(
      [
        { server: small.server, size: '1k', names: ROUTES_1K },
        { server: large.server, size: '1M', names: ROUTES_1M },
      ],
      ctx,
    )
    const results = [resultOf(small, smallRoutes), resultOf(large, largeRoutes)]
    for (const r of results)
      ctx.log(`  ${r.name} memory: ${r.memory.rssMb} MB resident (peak ${r.memory.peakRssMb} MB)`)
    return results
  } finally {
    for (const server of servers) await server.stop()
    for (const store of made) await store.dispose()
  }
}
