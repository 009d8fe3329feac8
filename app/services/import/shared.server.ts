// What every researcher import shares: its options, dry runs, the one import lock, file times, and yielding to
// the server's other requests on long walks through a file.
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { type LocalizedText } from '~/db/schema'
import { fileTimeToDate, parseFileTime } from '~/domain/fileTime'
import { type Text } from '../schemas/campaign-file'

export interface ImportOptions {
  /** Zone of the file's 'YYYY-MM-DD HH:mm' times; default STUDY_TIME_ZONE, else Europe/Berlin. */
  timeZone?: string
  /** Check everything, write nothing. */
  dryRun?: boolean
}

/** Thrown inside a dry run's transaction to roll it back. */
class DryRunRollback extends Error {
  constructor(public readonly value: unknown) {
    super('dry run')
  }
}

/** Runs fn in a transaction that is rolled back when dryRun is set; returns fn's value either way. */
export async function transaction<T>(
  db: DbOrTx,
  dryRun: boolean | undefined,
  fn: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const value = await fn(tx)
      if (dryRun) throw new DryRunRollback(value)
      return value
    })
  } catch (err) {
    if (err instanceof DryRunRollback) return err.value as T
    throw err
  }
}

/** A file's time ('YYYY-MM-DD HH:mm[:ss]' in the study zone, or ISO 8601 with an offset) → instant. */
export function wallTime(value: string, timeZone: string): Date {
  const t = parseFileTime(value)
  if (!t) throw new Error(`not a checked time: ${value}`)
  return fileTimeToDate(t, timeZone)
}

export const localizedName = (text: Text): LocalizedText => (typeof text === 'string' ? { de_DE: text } : text)

// Imports take one database-wide lock, so two of them (CLI and a booting server's demo seed, or two CLIs against
// one PostgreSQL) cannot both find an id free and then both use it. Re-entrant within one transaction.
const IMPORT_LOCK = 0x7d1a_0001

export async function lockImports(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`)
}

export const IMPORT_YIELD_MS = 50

/** Lets the event loop run whatever waits (other requests) before going on. */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * For a long walk through a file: called once per item, it lets the event loop run whenever IMPORT_YIELD_MS have
 * passed since it last did, so no stretch of the import keeps the server from answering for longer. (Awaiting the
 * embedded database alone is not enough: its answers come back without the event loop taking a turn.)
 */
export function pacer() {
  let since = performance.now()
  return async () => {
    if (performance.now() - since < IMPORT_YIELD_MS) return
    await yieldToRequests()
    since = performance.now()
  }
}
