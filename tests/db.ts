// A fresh, migrated database per test file: in-process PGlite by default, or a schema of its own on
// PostgreSQL when TEST_DB_KIND=postgres (scripts/test.mjs runs the database tests both ways).
import crypto from 'node:crypto'
import { connect, type Database } from '~/db/connect.server'
import { loadEnv, type Env } from '~/infra/env.server'
import type { Mail, Mailer } from '~/infra/mailer.server'
import type { AuthedContext, ServiceContext, SessionUser } from '~/services/core.server'
import type { Locale } from '~/domain/locale'
import os from 'node:os'
import path from 'node:path'

export const usePostgres = process.env.TEST_DB_KIND === 'postgres'

export async function testDatabase(): Promise<Database> {
  if (!usePostgres) return connect({})
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`
  const database = await connect({ databaseUrl: url, pgSchema: schema, poolSize: 4 })
  return {
    ...database,
    async close() {
      const { default: pg } = await import('pg')
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
      await c.end()
      await database.close()
    },
  }
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    DATA_DIR: path.join(os.tmpdir(), 'travel-diary-unit'),
    SESSION_SECRET: 'test-secret',
    DEMO: '0',
    GEOCODER_URL: '',
    MAP_TILE_URL: '',
    ...overrides,
  })
}

/** A mailer that keeps the mails in memory. */
export function memoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = []
  return { sent, send: async (m) => void sent.push(m) }
}

type ContextOptions = { user?: SessionUser | null; locale?: Locale; now?: Date; env?: Env; mailer?: Mailer }
/** A service context as a request would give it; with a user, the logged-in one. */
export function serviceContext(database: Database, opts: ContextOptions & { user: SessionUser }): AuthedContext
export function serviceContext(database: Database, opts?: ContextOptions): ServiceContext
export function serviceContext(database: Database, opts: ContextOptions = {}): ServiceContext {
  return {
    db: database.db,
    env: opts.env ?? testEnv(),
    mailer: opts.mailer ?? memoryMailer(),
    locale: opts.locale ?? 'de_DE',
    user: opts.user ?? null,
    session: opts.user ? 'valid' : 'none',
    clientIp: '127.0.0.1',
    now: () => opts.now ?? new Date(),
  }
}

/** The SessionUser of a user row (tests skip the cookie). */
export function asSessionUser(u: {
  id: number
  email: string
  campaignId: number | null
  firstName?: string | null
  lastName?: string | null
}): SessionUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    alias: null,
    campaignId: u.campaignId,
    passwordUpdateRequired: false,
    locale: 'de_DE',
    sessionId: 0,
    sessionExpiresAt: new Date(Date.now() + 3600_000),
  }
}
