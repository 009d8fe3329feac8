// A per-process memo for what only a researcher's import changes (a campaign's dates, its purposes): each process
// keeps such a value for a minute, and an import in this process forgets them all at once. Keyed by database (so
// tests, each with a database of their own, never share entries). Never the only copy of anything.
const TTL_MS = 60_000
const MAX_ENTRIES = 1000

const caches = new WeakMap<object, Map<string, { at: number; generation: number; value: unknown }>>()
/** Bumped by every import in this process: entries of an older generation are stale. */
let generation = 0

export async function importCached<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  const hit = cache.get(key)
  if (hit && hit.generation === generation && Date.now() - hit.at < TTL_MS) return hit.value as T
  const started = generation
  const value = await load()
  if (cache.size >= MAX_ENTRIES) cache.clear()
  cache.set(key, { at: Date.now(), generation: started, value })
  return value
}

/** After an import: every copy this process keeps is stale. (Other processes drop theirs within a minute.) */
export function forgetImported() {
  generation++
}
