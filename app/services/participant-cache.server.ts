// What each process keeps in memory of a participant's own data (their ways, legs, edits, days without ways, answers
// and places), checked against the participant's data version (ADR 309).
//
// The version is users.data_version: statement triggers on every table of participant data raise it in the writing
// transaction, whoever writes (this process, another one on the same PostgreSQL, the CLI, a statement by hand). The
// session lookup reads it along with the session, so a check costs no query. A request that may write (any form post,
// any service method not declared reads-only) carries no version and reads everything from the database: a value kept
// before its own write must never answer it.
//
// A kept value is also keyed by what else it was computed from: the catalogue version (names of purposes, the
// campaign), the participant's language and campaign, and the study day of now (the days of the review).
import { dayInZone } from '~/domain/time'
import type { ServiceContext } from './core.server'

/** What the kept values may weigh together, in estimated bytes, per database object. */
export const MAX_KEPT_BYTES = 32 * 1024 * 1024
/** How many values may be kept together, however light. */
const MAX_ENTRIES = 2000
/**
 * One participant's share of the budget, in estimated bytes and in values: a client asking many different pages
 * pushes out its own least used values, never other participants'. A value heavier than the share is not kept.
 */
export const SHARE_BYTES = MAX_KEPT_BYTES / 8
const SHARE_ENTRIES = MAX_ENTRIES / 8

/** What a kept value is keyed by; without dataVersion nothing is kept or read from memory. */
type KeepingContext = Pick<
  ServiceContext,
  'db' | 'env' | 'locale' | 'user' | 'now' | 'catalogueVersion' | 'dataVersion'
>

type Entry = { stamp: string; value: Promise<unknown>; bytes: number; user: number }
/** A participant's kept values (their keys, least recently used first) and what they weigh. */
type Share = { keys: Set<string>; bytes: number }
type Store = { entries: Map<string, Entry>; bytes: number; shares: Map<number, Share> }
/** Least recently used first (a Map keeps insertion order; a hit is moved to the end). */
const stores = new WeakMap<object, Store>()

function storeOf(db: object) {
  let s = stores.get(db)
  if (!s) stores.set(db, (s = { entries: new Map(), bytes: 0, shares: new Map() }))
  return s
}

/** Drops a value (unless another has taken its key meanwhile) from the store and from its participant's share. */
function forget(store: Store, key: string, entry: Entry) {
  if (store.entries.get(key) !== entry) return
  store.entries.delete(key)
  store.bytes -= entry.bytes
  const share = store.shares.get(entry.user)
  if (!share?.keys.delete(key)) return
  share.bytes -= entry.bytes
  if (share.keys.size === 0) store.shares.delete(entry.user)
}

/** The participant's least used values go until their share holds, then everyone's least used until the budget does. */
function evict(store: Store, share: Share) {
  for (const key of share.keys) {
    if (share.bytes <= SHARE_BYTES && share.keys.size <= SHARE_ENTRIES) break
    forget(store, key, store.entries.get(key)!)
  }
  for (const [key, e] of store.entries) {
    if (store.bytes <= MAX_KEPT_BYTES && store.entries.size <= MAX_ENTRIES) break
    forget(store, key, e)
  }
}

const shared = () => {
  throw new TypeError('a kept value is shared by requests: copy it before changing it')
}

/** Freezes a kept value outside production, so a caller that changes one fails its tests instead of other requests. */
function freezeDeep<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    // Object.freeze leaves a Map's entries changeable.
    if (value instanceof Map)
      for (const name of ['set', 'delete', 'clear']) Object.defineProperty(value, name, { value: shared })
    Object.freeze(value)
    for (const v of value instanceof Map ? value.values() : Object.values(value)) freezeDeep(v)
  }
  return value
}

/**
 * The value of `load` for the calling participant as of their data version: from memory when this process loaded it
 * under the same version and circumstances, else loaded (once, however many requests ask meanwhile). `weigh` estimates
 * the value's bytes; a value heavier than a participant's share is not kept. Kept values are shared: never change one.
 */
export async function participantCached<T>(
  ctx: KeepingContext,
  key: string,
  load: () => Promise<T>,
  weigh: (value: T) => number = () => 256,
): Promise<T> {
  if (ctx.dataVersion == null || !ctx.user) return load()
  const tz = ctx.env.STUDY_TIME_ZONE
  // The version was read before the load, so what is kept under it is never older than it.
  const stamp = `${ctx.dataVersion}|${ctx.catalogueVersion ?? '-'}|${ctx.locale}|${ctx.user.campaignId ?? '-'}|${dayInZone(ctx.now(), tz)}|${tz}`
  const fullKey = `${ctx.user.id}|${key}`
  const store = storeOf(ctx.db)
  const hit = store.entries.get(fullKey)
  if (hit && hit.stamp === stamp) {
    store.entries.delete(fullKey)
    store.entries.set(fullKey, hit)
    const keys = store.shares.get(hit.user)?.keys
    if (keys?.delete(fullKey)) keys.add(fullKey)
    return hit.value as Promise<T>
  }
  if (hit) forget(store, fullKey, hit)
  const entry: Entry = { stamp, value: Promise.resolve(load()), bytes: 0, user: ctx.user.id }
  store.entries.set(fullKey, entry)
  entry.value.then(
    (v) => {
      if (process.env.NODE_ENV !== 'production') freezeDeep(v)
      let bytes: number
      try {
        bytes = weigh(v as T)
      } catch {
        bytes = Infinity
      }
      if (!(bytes <= SHARE_BYTES)) return forget(store, fullKey, entry)
      if (store.entries.get(fullKey) !== entry) return
      entry.bytes = bytes
      store.bytes += bytes
      let share = store.shares.get(entry.user)
      if (!share) store.shares.set(entry.user, (share = { keys: new Set(), bytes: 0 }))
      share.keys.add(fullKey)
      share.bytes += bytes
      evict(store, share)
    },
    () => forget(store, fullKey, entry),
  )
  return entry.value as Promise<T>
}
