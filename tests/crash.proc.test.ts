// Crash safety. A burst of writes through the JSON endpoint, kill -9 in the middle of it, start again on
// the same data: every write the server acknowledged (HTTP 200 without errs) is there, nothing twice, and the
// database opens cleanly — with the embedded database (PGlite in DATA_DIR) and with PostgreSQL when available.
// And SIGTERM: a request in flight is answered, its write is kept, new connections are refused, the database is
// closed and the process exits 0.
import fs from 'node:fs'
import { afterAll, describe, expect, test } from 'vitest'
import {
  apiLogin,
  freshPostgresDatabase,
  invoke,
  NO_POSTGRES_REASON,
  postgresUrl,
  sleep,
  startServer,
  tempDir,
  type ServerProcess,
} from './proc'

const PG = postgresUrl()
const dirs: string[] = []
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const c of cleanups) await c().catch(() => {})
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

async function burstAndKill(start: () => Promise<ServerProcess>) {
  let server = await start()
  const session = await apiLogin(server.url, 'demo@example.org', 'demo1234')
  const acked: string[] = []
  const unknown: string[] = []
  let n = 0
  let killed = false
  const worker = async (w: number) => {
    while (!killed) {
      const name = `crash-${w}-${n++}`
      try {
        const r = await invoke(server.url, 'user', 'addPoi', { session, poi: { name, lat: 52.5, lon: 13.4 } })
        if (r.status === 200 && !r.ret.errs) acked.push(name)
        else throw new Error(`refused: ${JSON.stringify(r.ret)}`)
      } catch (e) {
        // In flight when the process died: it may or may not have been written.
        if (!killed) throw e
        unknown.push(name)
      }
    }
  }
  const workers = Array.from({ length: 6 }, (_, w) => worker(w))
  // Kill in the middle of the burst, once a good number of writes were acknowledged.
  const deadline = Date.now() + 30_000
  while (acked.length < 60 && Date.now() < deadline) await sleep(20)
  killed = true
  await server.kill('SIGKILL')
  await Promise.all(workers)
  expect(acked.length).toBeGreaterThanOrEqual(20)

  server = await start()
  const again = await apiLogin(server.url, 'demo@example.org', 'demo1234')
  const r = await invoke<{ pois: { name: string }[] }>(server.url, 'user', 'getPois', { session: again })
  const names = r.ret.pois.map((p) => p.name).filter((x) => x.startsWith('crash-'))
  const missing = acked.filter((a) => !names.includes(a))
  expect(missing, `acknowledged but lost (of ${acked.length})`).toEqual([])
  expect(names.length, 'no place twice').toBe(new Set(names).size)
  expect(
    names.filter((x) => !acked.includes(x) && !unknown.includes(x)),
    'nothing that was never sent',
  ).toEqual([])
  // The old session survived too (sessions live in the database).
  expect((await invoke(server.url, 'trip', 'getTrips', { session })).ret.errs).toBeUndefined()
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
  const exit = await server.kill('SIGTERM')
  expect(exit.code).toBe(0)
  return { acked: acked.length, inFlight: unknown.length }
}

describe('kill -9 in the middle of a burst of writes', () => {
  test('embedded database: every acknowledged write survives, the database opens cleanly', async () => {
    const dataDir = tempDir('crash')
    dirs.push(dataDir)
    const result = await burstAndKill(() => startServer({ dataDir, demo: true }))
    console.log(`crash (embedded): ${result.acked} acknowledged, ${result.inFlight} in flight at the kill`)
  }, 240_000)

  test.skipIf(!PG)(
    `PostgreSQL: every acknowledged write survives${PG ? '' : ` (skipped: ${NO_POSTGRES_REASON})`}`,
    async () => {
      const db = await freshPostgresDatabase(PG!)
      cleanups.push(() => db.drop())
      const dataDir = tempDir('crash-pg')
      dirs.push(dataDir)
      const result = await burstAndKill(() => startServer({ dataDir, demo: true, databaseUrl: db.url }))
      console.log(`crash (PostgreSQL): ${result.acked} acknowledged, ${result.inFlight} in flight at the kill`)
    },
    240_000,
  )
})

describe('SIGTERM', () => {
  test('drains the request in flight, keeps its write, refuses new connections, closes the database, exits 0', async () => {
    const dataDir = tempDir('drain')
    dirs.push(dataDir)
    let server = await startServer({ dataDir, demo: false, env: { LOG_LEVEL: 'info' } })
    const email = `drain-${Date.now()}@example.org`
    // register answers no sooner than 250 ms (ADR 007): a slow request by design.
    const started = Date.now()
    const inFlight = invoke(server.url, 'user', 'register', { pers: { idStr: email }, pwd: 'secret123' })
    await sleep(60)
    server.proc.kill('SIGTERM')
    const answer = await inFlight
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
    expect(answer.status).toBe(200)
    expect(answer.ret.errs).toBeUndefined()
    await sleep(50)
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
    const exit = await server.exited
    expect(exit).toEqual({ code: 0, signal: null })
    const log = server.stdout()
    expect(log).toMatch(/"msg":"shutting down"/)
    expect(log).toMatch(/"msg":"database closed"/)
    expect(log.indexOf('"path":"/functions/invoke-service-method"')).toBeLessThan(
      log.indexOf('"msg":"database closed"'),
    )

    // The registration is there: the account exists (not verified yet).
    server = await startServer({ dataDir, demo: false })
    const login = await invoke(server.url, 'user', 'login', { idStr: email, password: 'secret123' })
    expect(login.ret.errs?.[0]?.constant).toBe('PROF_NOT_VERIFIED')
    expect((await server.kill('SIGTERM')).code).toBe(0)
  }, 240_000)
})
