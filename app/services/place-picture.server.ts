// The picture of one of the participant's places, drawn by the server (used when no STATIC_MAP_URL is set):
// a real map composed from the configured tile server (MAP_TILE_URL) when its tiles can be had, else the neutral
// picture that draws only data. Tiles are fetched as the tile server's usage policy asks: with an identifying
// User-Agent, each at most once per week (kept in memory within a byte budget; a tile asked again while it is on the
// way is fetched once), at most two at a time and a few per second, in a bounded queue where participants take
// turns. A tile that cannot be had in time, or finds the queue full, makes the whole picture the neutral one: never
// half a map, and never a burst of requests to the tile server.
import { nearbyPlaces } from '~/domain/places'
import { STATIC_MAP } from '~/domain/poi'
import { neutralMapSvg, tileMapSvg } from '~/domain/staticMapSvg'
import { tilesCovering, tileUrl } from '~/domain/tiles'
import { fairQueue } from '~/infra/fair-queue.server'
import type { ServiceContext } from './core.server'
import { userAgent } from './geocoder.server'
import { listOwnPois, ownPoi } from './poi.server'

export const TILE_TIMEOUT_MS = 3000
const TILE_CACHE_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** The cached tiles together (their data: URIs) stay within this many characters. */
const TILE_CACHE_MAX_CHARS = 64 * 1024 * 1024
/** Tile requests under way at once, and the least time between two (at most 10 a second). */
const TILE_CONCURRENCY = 2
const TILE_MIN_INTERVAL_MS = 100
/** Tile requests waiting in all, and of one participant (two pictures' worth); more find the queue full. */
const TILE_QUEUE_MAX = 24
const TILE_WAITING_PER_PARTICIPANT = 8
/** A tile larger than this is not a map tile (and would bloat the picture). */
const TILE_MAX_BYTES = 200_000
const IMAGE_TYPES = /^image\/(png|jpeg|webp)$/

const tiles = new Map<string, { at: number; dataUri: string }>()
let cachedChars = 0
const fetching = new Map<string, Promise<string>>()
let queue = newTileQueue()

function newTileQueue() {
  return fairQueue({
    concurrency: TILE_CONCURRENCY,
    minIntervalMs: TILE_MIN_INTERVAL_MS,
    maxWaiting: TILE_QUEUE_MAX,
    maxWaitingPerKey: TILE_WAITING_PER_PARTICIPANT,
  })
}

/** Forget the cached tiles and the queue (tests). */
export function resetTileCache() {
  tiles.clear()
  cachedChars = 0
  fetching.clear()
  queue = newTileQueue()
}

function forget(url: string) {
  const hit = tiles.get(url)
  if (!hit) return
  tiles.delete(url)
  cachedChars -= hit.dataUri.length
}

async function tileDataUri(ctx: Pick<ServiceContext, 'env' | 'user'>, url: string): Promise<string> {
  const hit = tiles.get(url)
  if (hit && Date.now() - hit.at < TILE_CACHE_TTL_MS) {
    // Most recently used last, so the oldest use is evicted first.
    tiles.delete(url)
    tiles.set(url, hit)
    return hit.dataUri
  }
  const waiting = fetching.get(url)
  if (waiting) return waiting
  // Only its own entry is taken away when done: a request from before a reset must not drop a newer one.
  const asking: Promise<string> = queue
    .run(String(ctx.user?.id ?? '-'), () => fetchTile(ctx, url))
    .finally(() => {
      if (fetching.get(url) === asking) fetching.delete(url)
    })
  fetching.set(url, asking)
  return asking
}

async function fetchTile(ctx: Pick<ServiceContext, 'env'>, url: string): Promise<string> {
  const res = await fetch(url, {
    headers: { 'User-Agent': userAgent(ctx), Accept: 'image/png,image/*' },
    signal: AbortSignal.timeout(TILE_TIMEOUT_MS),
    redirect: 'follow',
  })
  const type = (res.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (!res.ok || !IMAGE_TYPES.test(type)) throw new Error(`tile ${res.status} ${type}`)
  const body = Buffer.from(await res.arrayBuffer())
  if (body.length === 0 || body.length > TILE_MAX_BYTES) throw new Error(`tile of ${body.length} bytes`)
  const dataUri = `data:${type};base64,${body.toString('base64')}`
  forget(url)
  while (tiles.size && cachedChars + dataUri.length > TILE_CACHE_MAX_CHARS) forget(tiles.keys().next().value!)
  tiles.set(url, { at: Date.now(), dataUri })
  cachedChars += dataUri.length
  return dataUri
}

/** The picture of a point over real tiles, or null when the tile server is switched off or any tile fails. */
async function tilePicture(
  ctx: Pick<ServiceContext, 'env' | 'user'>,
  lat: number,
  lon: number,
): Promise<string | null> {
  const template = ctx.env.MAP_TILE_URL
  if (!template) return null
  const placed = tilesCovering(lat, lon, STATIC_MAP.zoom, STATIC_MAP.width, STATIC_MAP.height)
  try {
    const images = await Promise.all(
      placed.map(async (t) => ({ left: t.left, top: t.top, dataUri: await tileDataUri(ctx, tileUrl(template, t)) })),
    )
    return tileMapSvg(images, ctx.env.MAP_TILE_ATTRIBUTION)
  } catch {
    return null
  }
}

/**
 * The picture of one of the caller's own places as SVG text, and which kind it is. Anyone else's place answers
 * ServiceError('NOT_FOUND') like a missing one.
 */
export async function placePicture(
  ctx: ServiceContext,
  poiId: number,
): Promise<{ svg: string; kind: 'tiles' | 'neutral' }> {
  const poi = await ownPoi(ctx, poiId)
  const map = await tilePicture(ctx, poi.lat, poi.lon)
  if (map) return { svg: map, kind: 'tiles' }
  const others = (await listOwnPois(ctx)).filter((p) => p.id !== poi.id)
  return { svg: neutralMapSvg(poi.lat, poi.lon, nearbyPlaces(poi, others), ctx.locale), kind: 'neutral' }
}
