// What each process keeps in memory of the data only a researcher's import writes (campaigns, purposes, feedback
// reasons, FAQs, text modules, questionnaires), and of what never changes (ADR 303).
//
// Import data is kept under the database's catalogue version (table catalogue_version): a statement trigger on each
// of those tables raises it in the writing transaction, whoever writes (this process, another one on the same
// PostgreSQL, the CLI, a hand-written SQL statement). Every request's session lookup reads the version along (no
// query of its own); a request without a session reads it with one small query. A value kept under another version
// is read again. Keyed by database object, so a transaction (its own object) never fills or reads the shared copies.
import { catalogueVersion } from '~/db/schema'
import { preparedFor } from '~/db/prepared.server'
import type { DbOrTx } from '~/db/connect.server'

/** Keeps the number of entries bounded (keys include campaign ids and user ids). */
const MAX_ENTRIES = 1000

type Entry = { version: number; value: Promise<unknown> }
const byVersion = new WeakMap<object, Map<string, Entry>>()
const forever = new WeakMap<object, Map<string, Promise<unknown>>>()

function mapOf<V>(store: WeakMap<object, Map<string, V>>, db: object): Map<string, V> {
  let m = store.get(db)
  if (!m) store.set(db, (m = new Map()))
  if (m.size >= MAX_ENTRIES) m.clear()
  return m
}

/** The database's catalogue version now (one primary-key read). */
export async function readCatalogueVersion(db: DbOrTx): Promise<number> {
  const rows = await preparedFor(db, 'catalogue_version', () =>
    db.select({ n: catalogueVersion.n }).from(catalogueVersion).prepare('catalogue_version'),
  ).execute()
  return Number(rows[0]?.n ?? 0)
}

/**
 * The value of `load` as of the caller's catalogue version: from memory when this process loaded it under the same
 * version, else loaded (once, however many requests ask meanwhile). `ctx.catalogueVersion` is the version the
 * request's session lookup read; without it, it is read here.
 */
export async function importCached<T>(
  ctx: { db: DbOrTx; catalogueVersion?: number },
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const version = ctx.catalogueVersion ?? (await readCatalogueVersion(ctx.db))
  const cache = mapOf(byVersion, ctx.db)
  const hit = cache.get(key)
  if (hit && hit.version === version) return hit.value as Promise<T>
  // The version was read before the load, so what is kept under it is never older than it. (A query builder is only a
  // thenable that runs again on every await: Promise.resolve runs it once.)
  const value = Promise.resolve(load())
  // A request that read an older version must not replace a newer entry.
  if (!hit || hit.version < version) cache.set(key, { version, value })
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key)
  })
  return value
}

/** A value that never changes once written (the day an account was made): loaded once per process and key. */
export async function immutableCached<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
  const cache = mapOf(forever, db)
  let value = cache.get(key) as Promise<T> | undefined
  if (!value) {
    cache.set(key, (value = Promise.resolve(load())))
    value.catch(() => cache.delete(key))
  }
  return value
}
