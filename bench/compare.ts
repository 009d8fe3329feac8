// Two builds side by side (not part of `npm run bench`): `BEFORE=<build dir> AFTER=<build dir> node --import tsx
// bench/compare.ts [routes] [rounds]` seeds the measured participant's 1,000 ways, serves them with each build and
// loads the routes in interleaved rounds (before, after, before, …), so a change of the shared machine's load hits both
// alike; prints req/s per route and build (the median of the rounds) and each page's rate against the data-free page.
// On PGlite each server gets its own copy of the seeded database; with DATABASE_URL both serve one temporary
// PostgreSQL database at once (two processes on one database, as in production), dropped afterwards.
import '../scripts/require-node.mjs'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { load, type LoadResult } from './load'
import { median } from './median'
import { analyze, seedMeasured } from './seed'
import { startServer, type RunningServer } from './server'
import { pgliteStore, postgresStore, type Store } from './stores'
import { targetsFor, type RouteName } from './targets'

const log = (s: string) => process.stderr.write(`${s}\n`)
const builds = { before: process.env.BEFORE, after: process.env.AFTER }
if (!builds.before || !builds.after) throw new Error('set BEFORE and AFTER to two build directories')
const names = (process.argv[2] ?? 'hello,page,list,detail,questionnaire,getTrips').split(',') as RouteName[]
const rounds = Number(process.argv[3] ?? 3)
const seconds = Number(process.env.COMPARE_SECONDS ?? 3)
const port = Number(process.env.BENCH_PORT ?? 3990)

const store: Store = process.env.DATABASE_URL ? await postgresStore(process.env.DATABASE_URL) : pgliteStore()
const database = await store.open()
await seedMeasured(database.db, 1000)
await analyze(database.db)
await database.close()
const servers: Record<'before' | 'after', RunningServer> = {} as never
const copies: string[] = []
for (const [i, which] of (['before', 'after'] as const).entries()) {
  let env = store.serverEnv
  if (store.kind === 'pglite') {
    // PGlite is one process's database: each server its own copy.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `travel-diary-compare-${which}-`))
    copies.push(dir)
    fs.cpSync(path.join(store.serverEnv.DATA_DIR, 'db'), path.join(dir, 'db'), { recursive: true })
    env = { DATA_DIR: dir }
  }
  servers[which] = await startServer({ buildDir: path.resolve(builds[which]!), port: port + i, env })
}
try {
  const targets = {
    before: await targetsFor(servers.before.url),
    after: await targetsFor(servers.after.url),
  }
  const runs = { before: new Map<RouteName, LoadResult[]>(), after: new Map<RouteName, LoadResult[]>() }
  for (let r = 0; r < rounds; r++)
    for (const name of names)
      for (const which of ['before', 'after'] as const) {
        const x = await load(targets[which][name], { connections: 10, seconds, warmupSeconds: 0.5 })
        runs[which].set(name, [...(runs[which].get(name) ?? []), x])
      }
  const rate = (which: 'before' | 'after', name: RouteName) => median(runs[which].get(name)!.map((x) => x.rps))
  const out = {
    store: store.kind,
    loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
    routes: Object.fromEntries(
      names.map((n) => [
        n,
        {
          before: rate('before', n),
          after: rate('after', n),
          rounds: { before: runs.before.get(n)!.map((x) => x.rps), after: runs.after.get(n)!.map((x) => x.rps) },
          errors: runs.before
            .get(n)!
            .concat(runs.after.get(n)!)
            .reduce((a, x) => a + x.errors, 0),
        },
      ]),
    ),
  }
  for (const n of names)
    log(
      `${n.padEnd(14)} before ${String(rate('before', n)).padStart(8)}  after ${String(rate('after', n)).padStart(8)} req/s` +
        (names.includes('page') && n !== 'page'
          ? `   / page: ${(rate('before', n) / rate('before', 'page')).toFixed(2)} → ${(rate('after', n) / rate('after', 'page')).toFixed(2)}`
          : ''),
    )
  console.log(JSON.stringify(out, null, 2))
} finally {
  await servers.before.stop()
  await servers.after.stop()
  await store.dispose()
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true })
}
process.exit(0)
