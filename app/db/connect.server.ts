// Opens the database: PGlite in DATA_DIR/db (default) or PostgreSQL when DATABASE_URL is set.
// Both run the same migration files from drizzle/.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema'
import { countWritesOf } from './writes.server'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

function migrationsFolder(): string {
  // Walk up from this module (app/db in dev and tests, build/server in production) to the repo's drizzle/.
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle')
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate
    dir = path.dirname(dir)
  }
  return path.resolve('drizzle')
}

export interface ConnectOptions {
  /** postgres://… ; unset: PGlite */
  databaseUrl?: string
  /** PGlite data directory; undefined: in memory */
  dataDir?: string
  /** PostgreSQL schema to use (tests isolate themselves in a schema of their own). */
  pgSchema?: string
  poolSize?: number
}

/** Advisory lock key held while migrating PostgreSQL. */
const MIGRATION_LOCK = 0x7d1a_0002

export async function connect(opts: ConnectOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    })
    if (opts.pgSchema) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${opts.pgSchema}"`)
    const db = drizzlePg(pool, { schema }) as unknown as Db
    // Several app processes may start at once against one database: one migrates, the others wait for it (a
    // session-level advisory lock held on a connection of its own) and then find nothing left to do.
    const lock = await pool.connect()
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
      await migratePg(db as never, {
        migrationsFolder: migrationsFolder(),
        migrationsSchema: opts.pgSchema ?? 'drizzle',
      })
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
      lock.release()
    }
    return { db, kind: 'postgres', close: () => pool.end() }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true })
  const client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite()
  await client.waitReady
  const { withNamedStatements } = await import('./pglite-statements.server')
  let writes = 0
  const db = drizzlePglite(
    withNamedStatements(client, () => void writes++),
    { schema },
  ) as unknown as Db
  countWritesOf(db, () => writes)
  await migratePglite(db as never, { migrationsFolder: migrationsFolder() })
  return { db, kind: 'pglite', close: () => client.close() }
}
