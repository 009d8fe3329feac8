// Throttling counted in the database, so every app process shares the count.
import { and, count, eq, gt, lt } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { throttleEvents } from '~/db/schema'

/**
 * Takes a slot under the key's limit: records the event first, then counts the window, so parallel calls cannot all
 * pass between a count and a record: the n-th recorded event sees at least n events. A refused call removes its
 * event again. The answer carries the event's id, so a caller can withdraw an event that should not count.
 */
export async function takeSlot(
  db: DbOrTx,
  key: string,
  opts: { limit: number; windowMs: number; now: Date },
): Promise<{ ok: boolean; id: number }> {
  const since = new Date(opts.now.getTime() - opts.windowMs)
  await db.delete(throttleEvents).where(and(eq(throttleEvents.key, key), lt(throttleEvents.at, since)))
  const [row] = await db.insert(throttleEvents).values({ key, at: opts.now }).returning({ id: throttleEvents.id })
  const [counted] = await db
    .select({ n: count() })
    .from(throttleEvents)
    .where(and(eq(throttleEvents.key, key), gt(throttleEvents.at, since)))
  const ok = (counted?.n ?? 0) <= opts.limit
  if (!ok) await withdrawEvent(db, row!.id)
  return { ok, id: row!.id }
}

export async function withdrawEvent(db: DbOrTx, id: number) {
  await db.delete(throttleEvents).where(eq(throttleEvents.id, id))
}

export async function clearEvents(db: DbOrTx, key: string) {
  await db.delete(throttleEvents).where(eq(throttleEvents.key, key))
}
