// A profiling aid (not part of `npm run bench`): seeds the measured participant's 1,000 ways, starts the production
// server under `--cpu-prof`, loads one route for a few seconds and prints the functions with the most self time,
// summed by function and by package, and the app's own functions apart (spread thin, they hide among the packages').
// `node --import tsx bench/profile.ts list|detail|questionnaire|getTrips|hello|page [seconds]`; KEEP_PROFILE=<file>
// keeps the profile (Chrome's performance panel opens it).
import '../scripts/require-node.mjs'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { load } from './load'
import { analyze, openDatabase, seedMeasured } from './seed'
import { ensureBuild, startServer } from './server'
import { targetsFor } from './targets'

const routeName = process.argv[2] ?? 'list'
const seconds = Number(process.argv[3] ?? 5)
const log = (s: string) => process.stderr.write(`${s}\n`)
const buildDir = ensureBuild(log)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-diary-profile-'))
const profDir = path.join(dataDir, 'prof')
const database = await openDatabase(dataDir)
await seedMeasured(database.db, 1000)
await analyze(database.db)
await database.close()
const server = await startServer({
  buildDir,
  port: 3991,
  env: { DATA_DIR: dataDir },
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`],
})
const targets = await targetsFor(server.url)
const target = targets[routeName as keyof typeof targets]
if (!target) throw new Error(`unknown route ${routeName}; one of ${Object.keys(targets).join(', ')}`)
await load(target, { connections: 10, seconds: 2, warmupSeconds: 0 })
const r = await load(target, { connections: 10, seconds, warmupSeconds: 0 })
log(`${routeName}: ${r.rps} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms`)
await server.stop()

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'))!
const prof = JSON.parse(fs.readFileSync(path.join(profDir, file), 'utf8')) as {
  nodes: Node[]
  samples: number[]
  timeDeltas: number[]
}
const self = new Map<number, number>()
prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)))
const total = [...self.values()].reduce((a, b) => a + b, 0)
const byFn = new Map<string, number>()
const byPkg = new Map<string, number>()
const byAppFn = new Map<string, number>()
for (const n of prof.nodes) {
  const t = self.get(n.id) ?? 0
  const url = n.callFrame.url.replace(/^file:\/\//, '')
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
    (url.includes('/build-bench/') || url.includes('/build/')
      ? 'app'
      : url.startsWith('node:')
        ? 'node'
        : url
          ? path.basename(url)
          : `(${n.callFrame.functionName || 'native'})`)
  const key = `${n.callFrame.functionName || '(anon)'} ${pkg}:${n.callFrame.lineNumber}`
  byFn.set(key, (byFn.get(key) ?? 0) + t)
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + t)
  if (pkg === 'app') byAppFn.set(key, (byAppFn.get(key) ?? 0) + t)
}
const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n')
console.log(`— by package\n${top(byPkg, 20)}\n— by function\n${top(byFn, 40)}\n— the app's own\n${top(byAppFn, 20)}`)
if (process.env.KEEP_PROFILE) fs.copyFileSync(path.join(profDir, file), process.env.KEEP_PROFILE)
fs.rmSync(dataDir, { recursive: true, force: true })
process.exit(0)
