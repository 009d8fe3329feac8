// Place search and reverse geocoding (lat/lon → street or area name).
// The participant's own places are searched first (by name, no third party). Then, unless GEOCODER_URL is the empty
// string, a Nominatim-compatible service (default: the public OpenStreetMap Nominatim) is asked, within its usage
// policy: an identifying User-Agent, at most one request per second per server, and every answer cached in memory so
// the same question is asked once. Requests wait for their turn in a bounded queue where participants take turns: a
// search beyond a participant's share, or with the queue full, is refused at once with TOO_MANY_REQUESTS (a street
// name for a list is simply left out and asked again on the next visit). A geocoder that cannot be reached gives
// ServiceError('GEOCODER_FAILED') when the own places found nothing (the page says so and offers the other ways to
// place a point), never a 500.
import { and, asc, eq, ilike } from 'drizzle-orm'
import { z } from 'zod'
import { pois } from '~/db/schema'
import { validLatLon } from '~/domain/poi'
import { fairQueue, QueueFull, type FairQueue } from '~/infra/fair-queue.server'
import { ServiceError, type ServiceContext } from './core.server'
import { requireAuthorized } from './poi.server'

export interface PlaceResult {
  /** Short name, a sensible default for the place name. */
  name: string
  /** Longer description (the geocoder's display name). */
  label: string
  lat: number
  lon: number
}

const SEARCH_LIMIT = 5
const GEOCODER_TIMEOUT_MS = 5000
const MAX_QUERY_LENGTH = 200
/** The usage policy of the public Nominatim: at most one request per second per server. */
export const MIN_INTERVAL_MS = 1000
const CACHE_TTL_MS = 24 * 60 * 60 * 1000
const CACHE_MAX_ENTRIES = 1000
/** Reverse geocoding waits at most this long for its turn plus the answer; a name is a nicety, not a must. */
const REVERSE_TIMEOUT_MS = 5000
/** Requests waiting for one geocoder, in all: nobody waits longer than this many seconds behind others. */
const QUEUE_MAX = 20
/** Searches of one participant waiting (one more may be under way): more at once are refused. */
const SEARCHES_WAITING_PER_PARTICIPANT = 2
/** Street names of one participant waiting; they may use only part of the queue, leaving room for searches. */
const REVERSE_WAITING_PER_PARTICIPANT = 5
const REVERSE_QUEUE_SHARE = QUEUE_MAX / 2
/**
 * After the geocoder failed to name a point (unreachable, an error answer, too slow), no street name is asked of it
 * for this long: a list names twenty ends on every load, and a geocoder that is down would be asked for each again.
 * A refusal of the queue (too many waiting) is not a failure.
 */
export const REVERSE_PAUSE_MS = 30_000

const NominatimResult = z.object({
  lat: z.union([z.string(), z.number()]),
  lon: z.union([z.string(), z.number()]),
  display_name: z.string().optional(),
  name: z.string().optional(),
})

const NominatimReverse = z.object({
  name: z.string().optional(),
  display_name: z.string().optional(),
  address: z.record(z.string(), z.unknown()).optional(),
})

// --- policy: one request per second per server, fair turns, and a cache ------------------------------------------

const queues = new Map<string, FairQueue>()
const cache = new Map<string, { at: number; value: unknown }>()
/** By geocoder URL: until when street names are not asked of it (REVERSE_PAUSE_MS). */
const reversePausedUntil = new Map<string, number>()

/** Forget the queues, the cache and the pauses (tests). */
export function resetGeocoderState() {
  queues.clear()
  cache.clear()
  reversePausedUntil.clear()
}

/** The queue in front of one geocoder server. */
function queueFor(host: string): FairQueue {
  let q = queues.get(host)
  if (!q)
    queues.set(
      host,
      (q = fairQueue({
        concurrency: 1,
        minIntervalMs: MIN_INTERVAL_MS,
        maxWaiting: QUEUE_MAX,
        maxWaitingPerKey: SEARCHES_WAITING_PER_PARTICIPANT,
      })),
    )
  return q
}

function cached<T>(key: string): T | undefined {
  const hit = cache.get(key)
  if (!hit) return undefined
  if (Date.now() - hit.at > CACHE_TTL_MS) {
    cache.delete(key)
    return undefined
  }
  return hit.value as T
}

function remember(key: string, value: unknown) {
  if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!)
  cache.set(key, { at: Date.now(), value })
}

/** How the server names itself to outside services whose usage policies ask for it (geocoder, tile server). */
export function userAgent(ctx: Pick<ServiceContext, 'env'>) {
  return `travel-diary/1.0 (+${ctx.env.publicUrl})`
}

type Kind = 'search' | 'reverse'

/** Asks the geocoder in the caller's turn; QueueFull when the queue has no room for this request. */
async function askJson(ctx: ServiceContext, url: URL, kind: Kind, timeoutMs: number): Promise<unknown> {
  const limits =
    kind === 'search' ? {} : { maxWaiting: REVERSE_QUEUE_SHARE, maxWaitingPerKey: REVERSE_WAITING_PER_PARTICIPANT }
  return queueFor(url.host).run(
    `${kind} ${ctx.user?.id ?? '-'}`,
    async () => {
      const res = await fetch(url, {
        headers: {
          'User-Agent': userAgent(ctx),
          Accept: 'application/json',
          'Accept-Language': ctx.locale === 'en_US' ? 'en' : 'de',
        },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      return res.json()
    },
    limits,
  )
}

// --- search -----------------------------------------------------------------------------------------------------

export async function searchPlaces(
  ctx: ServiceContext,
  rawQuery: string,
  opts: { timeoutMs?: number } = {},
): Promise<PlaceResult[]> {
  requireAuthorized(ctx)
  const query = rawQuery.trim().slice(0, MAX_QUERY_LENGTH)
  if (!query) return []
  const rows = await ctx.db
    .select()
    .from(pois)
    .where(and(eq(pois.userId, ctx.user.id), ilike(pois.name, `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)))
    .orderBy(asc(pois.name), asc(pois.id))
    .limit(SEARCH_LIMIT)
  const own = rows.map((r) => ({ name: r.name, label: r.desc || r.name, lat: r.lat, lon: r.lon }))
  if (!ctx.env.GEOCODER_URL || own.length >= SEARCH_LIMIT) return own
  let found: PlaceResult[]
  try {
    found = await geocode(ctx, ctx.env.GEOCODER_URL, query, opts.timeoutMs ?? GEOCODER_TIMEOUT_MS)
  } catch (e) {
    if (own.length > 0) return own
    throw e
  }
  return [...own, ...found].slice(0, SEARCH_LIMIT)
}

async function geocode(
  ctx: ServiceContext,
  endpoint: string,
  query: string,
  timeoutMs: number,
): Promise<PlaceResult[]> {
  const url = new URL(endpoint)
  url.searchParams.set('q', query)
  url.searchParams.set('format', 'jsonv2')
  url.searchParams.set('limit', String(SEARCH_LIMIT))
  const key = `search ${ctx.locale} ${url.href}`
  const hit = cached<PlaceResult[]>(key)
  if (hit) return hit
  let body: unknown
  try {
    body = await askJson(ctx, url, 'search', timeoutMs)
  } catch (e) {
    throw new ServiceError(e instanceof QueueFull ? 'TOO_MANY_REQUESTS' : 'GEOCODER_FAILED')
  }
  const list = z.array(z.unknown()).safeParse(body)
  if (!list.success) throw new ServiceError('GEOCODER_FAILED')
  const results: PlaceResult[] = []
  for (const item of list.data) {
    const r = NominatimResult.safeParse(item)
    if (!r.success) continue
    const lat = Number(r.data.lat)
    const lon = Number(r.data.lon)
    if (!validLatLon(lat, lon)) continue
    const label = (r.data.display_name ?? r.data.name ?? '').trim() || `${lat}, ${lon}`
    const name = (r.data.name ?? '').trim() || label.split(',')[0]!.trim()
    results.push({ name: name.slice(0, 200), label: label.slice(0, 300), lat, lon })
    if (results.length === SEARCH_LIMIT) break
  }
  remember(key, results)
  return results
}

// --- reverse ----------------------------------------------------------------------------------------------------

/** The reverse endpoint beside a search endpoint: …/search → …/reverse (Nominatim's layout). */
export function reverseEndpoint(searchUrl: string): string {
  const url = new URL(searchUrl)
  url.pathname = /\/search(\.php)?\/?$/.test(url.pathname)
    ? url.pathname.replace(/\/search(\.php)?\/?$/, '/reverse')
    : url.pathname.replace(/\/?$/, '/reverse')
  return url.href
}

/**
 * The street or area name at a point, e.g. "Torstraße" or "Prenzlauer Berg", or null when there is none, the
 * geocoder is switched off (GEOCODER_URL="") or cannot be reached. Never throws for a geocoder failure. Coordinates
 * are rounded to about 10 m for the cache (and for privacy: nothing finer is sent).
 */
export async function reverseGeocode(
  ctx: ServiceContext,
  lat: number,
  lon: number,
  opts: { timeoutMs?: number } = {},
): Promise<string | null> {
  if (!validLatLon(lat, lon) || !ctx.env.GEOCODER_URL) return null
  const [latText, lonText] = [lat.toFixed(4), lon.toFixed(4)]
  // Looked up before the request's address is built: a list asks for twenty ends on every load, nearly all known.
  const key = `reverse ${ctx.locale} ${ctx.env.GEOCODER_URL} ${latText} ${lonText}`
  const hit = cached<string | null>(key)
  if (hit !== undefined) return hit
  if ((reversePausedUntil.get(ctx.env.GEOCODER_URL) ?? 0) > Date.now()) return null
  // The same point asked again while its answer is on the way (a list reloaded): one request, not a second turn.
  let asking = inFlight.get(key)
  if (!asking) {
    const url = new URL(reverseEndpoint(ctx.env.GEOCODER_URL))
    url.searchParams.set('lat', latText)
    url.searchParams.set('lon', lonText)
    url.searchParams.set('format', 'jsonv2')
    url.searchParams.set('zoom', '17')
    asking = askReverse(ctx, url, key, opts.timeoutMs ?? REVERSE_TIMEOUT_MS).finally(() => inFlight.delete(key))
    inFlight.set(key, asking)
  }
  return asking
}

const inFlight = new Map<string, Promise<string | null>>()

async function askReverse(ctx: ServiceContext, url: URL, key: string, timeoutMs: number): Promise<string | null> {
  let body: unknown
  try {
    body = await askJson(ctx, url, 'reverse', timeoutMs)
  } catch (e) {
    // Not cached: the next call may reach it. A failure of the geocoder pauses the asking; a full queue does not.
    if (!(e instanceof QueueFull)) reversePausedUntil.set(ctx.env.GEOCODER_URL!, Date.now() + REVERSE_PAUSE_MS)
    return null
  }
  const r = NominatimReverse.safeParse(body)
  let name: string | null = null
  if (r.success) {
    const a = r.data.address ?? {}
    const pick = [
      'road',
      'pedestrian',
      'footway',
      'square',
      'neighbourhood',
      'suburb',
      'quarter',
      'village',
      'town',
      'city',
    ]
      .map((k) => a[k])
      .find((v): v is string => typeof v === 'string' && v.trim() !== '')
    name = (pick ?? r.data.name ?? r.data.display_name?.split(',')[0] ?? '').trim().slice(0, 200) || null
  }
  remember(key, name)
  return name
}
