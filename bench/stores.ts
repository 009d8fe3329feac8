// The databases the bench runs on: the embedded PGlite in a temporary DATA_DIR, and PostgreSQL when DATABASE_URL is
// set (a temporary database created on that server and dropped afterwards, so the bench never touches real data).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { connect, type Database } from '~/db/connect.server'

export interface Store {
  kind: 'pglite' | 'postgres'
  /** Opens the bench database (migrated) for seeding; the server must not run meanwhile on PGlite. */
  open(): Promise<Database>
  /** What the server needs to use it. */
  serverEnv: Record<string, string>
  /** Removes everything the store made. */
  dispose(): Promise<void>
}

export function pgliteStore(): Store {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-diary-bench-'))
  return {
    kind: 'pglite',
    open: () => connect({ dataDir: path.join(dataDir, 'db') }),
    serverEnv: { DATA_DIR: dataDir },
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  }
}

let made = 0

export async function postgresStore(databaseUrl: string): Promise<Store> {
  const { default: pg } = await import('pg')
  const name = `travel_diary_bench_${process.pid}_${++made}`
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name}`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(databaseUrl)
  url.pathname = `/${name}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-diary-bench-pg-'))
  return {
    kind: 'postgres',
    open: () => connect({ databaseUrl: url.toString() }),
    serverEnv: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true })
      const c = new pg.Client({ connectionString: databaseUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}
