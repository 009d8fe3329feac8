// On the embedded database this process is the only one that reaches the data, and every write goes through the
// client that connect() made. That client counts the writes that have ended, so a value read from the database when
// the count was n is still what the database holds while the count is n (ADR 310). On PostgreSQL other processes
// write too, and nothing is counted.
const counts = new WeakMap<object, () => number>()

/** Names the counter of a database handle's writes (connect() does, for PGlite). */
export function countWritesOf(db: object, count: () => number) {
  counts.set(db, count)
}

/** The writes ended so far through this handle, or undefined when they are not counted (PostgreSQL, a transaction). */
export function writesEnded(db: object): number | undefined {
  return counts.get(db)?.()
}
