// Throttling counted in the database, so every app process shares the count.
import { and, count, eq, gt, lt } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { throttleEvents } from '~/db/schema'

export interface ThrottleOpts {
  limit: number
  windowMs: number
  now: Date
  /** Record this call as an event (for counting failures, record separately with recordEvent). */
  count?: boolean
}

/** true when the key is under its limit in the window. */
export async function checkThrottle(db: DbOrTx, key: string, opts: ThrottleOpts): Promise<boolean> {
  const since = new Date(opts.now.getTime() - opts.windowMs)
  const [row] = await db
    .select({ n: count() })
    .from(throttleEvents)
    .where(and(eq(throttleEvents.key, key), gt(throttleEvents.at, since)))
  const ok = (row?.n ?? 0) < opts.limit
  if (opts.count !== false) await recordEvent(db, key, opts.now)
  return ok
}

export async function recordEvent(db: DbOrTx, key: string, now: Date) {
  await db.insert(throttleEvents).values({ key, at: now })
}

export async function clearEvents(db: DbOrTx, key: string) {
  await db.delete(throttleEvents).where(eq(throttleEvents.key, key))
}

export async function pruneEvents(db: DbOrTx, olderThan: Date) {
  await db.delete(throttleEvents).where(lt(throttleEvents.at, olderThan))
}
