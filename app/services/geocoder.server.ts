// Place search for the add/edit-place dialogs (spec 2.8, 7 "A maps service with place search is used").
// GEOCODER_URL set: a Nominatim-compatible endpoint (`?q=…&format=jsonv2&limit=5`), with a User-Agent and a
// timeout; any failure → ServiceError('GEOCODER_FAILED') (the page shows a notice, never a 500).
// GEOCODER_URL unset: the participant's own places, by name (no third party).
import { and, asc, eq, ilike } from 'drizzle-orm'
import { z } from 'zod'
import { pois } from '~/db/schema'
import { validLatLon } from '~/domain/poi'
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

export const SEARCH_LIMIT = 5
export const GEOCODER_TIMEOUT_MS = 5000
export const MAX_QUERY_LENGTH = 200

const NominatimResult = z.object({
  lat: z.union([z.string(), z.number()]),
  lon: z.union([z.string(), z.number()]),
  display_name: z.string().optional(),
  name: z.string().optional(),
})

export async function searchPlaces(ctx: ServiceContext, rawQuery: string, opts: { timeoutMs?: number } = {}): Promise<PlaceResult[]> {
  requireAuthorized(ctx)
  const query = rawQuery.trim().slice(0, MAX_QUERY_LENGTH)
  if (!query) return []
  if (ctx.env.GEOCODER_URL) return geocode(ctx, ctx.env.GEOCODER_URL, query, opts.timeoutMs ?? GEOCODER_TIMEOUT_MS)
  const rows = await ctx.db
    .select()
    .from(pois)
    .where(and(eq(pois.userId, ctx.user.id), ilike(pois.name, `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)))
    .orderBy(asc(pois.name), asc(pois.id))
    .limit(SEARCH_LIMIT)
  return rows.map((r) => ({ name: r.name, label: r.desc || r.name, lat: r.lat, lon: r.lon }))
}

async function geocode(ctx: ServiceContext, endpoint: string, query: string, timeoutMs: number): Promise<PlaceResult[]> {
  const url = new URL(endpoint)
  url.searchParams.set('q', query)
  url.searchParams.set('format', 'jsonv2')
  url.searchParams.set('limit', String(SEARCH_LIMIT))
  let body: unknown
  try {
    const res = await fetch(url, {
      headers: {
        // Nominatim's usage policy asks for an identifying User-Agent.
        'User-Agent': `travel-diary/1.0 (+${ctx.env.publicUrl})`,
        Accept: 'application/json',
        'Accept-Language': ctx.locale === 'en_US' ? 'en' : 'de',
      },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    body = await res.json()
  } catch {
    throw new ServiceError('GEOCODER_FAILED')
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
  return results
}
