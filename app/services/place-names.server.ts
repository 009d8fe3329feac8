// Names for the two ends of a way: the participant's saved place there (within AT_PLACE_MAX_M), else the street or
// area name from the geocoder when one is configured, else none. A page does not wait for the geocoder: a name it
// has already answered (cached) shows at once, one it has not is asked in the background and shows on the next
// visit. A name is a help; a slow or unreachable geocoder must never slow a page.
import type { LatLon } from '~/domain/geometry'
import { savedPlaceAt } from '~/domain/places'
import { requireSession, type ServiceContext } from './core.server'
import { reverseGeocode } from './geocoder.server'
import { participantCached } from './participant-cache.server'
import { listOwnPois, type PoiDto } from './poi.server'
import { wayEndPointsOf } from './trip/model.server'

/** How long a page waits for the geocoder's names of a way's ends, in all: not at all (cached answers win the race). */
const END_NAMES_BUDGET_MS = 0

interface PlaceName {
  name: string
  /** 'place': one of the participant's saved places; 'street': the geocoder's street or area name. */
  source: 'place' | 'street'
}

export interface WayEnds {
  start: PlaceName | null
  end: PlaceName | null
}

/** The first point of the first leg and the last point of the last leg that have any points. */
export function wayEndPoints(legs: readonly { geom: readonly LatLon[] }[]): {
  start: LatLon | null
  end: LatLon | null
} {
  const drawn = legs.filter((l) => l.geom.length > 0)
  return { start: drawn[0]?.geom[0] ?? null, end: drawn.at(-1)?.geom.at(-1) ?? null }
}

/** The names of one way's two ends (the way's page). */
export async function wayEndNames(
  ctx: ServiceContext,
  legs: readonly { geom: readonly LatLon[] }[],
  budgetMs = END_NAMES_BUDGET_MS,
): Promise<WayEnds> {
  const points = wayEndPoints(legs)
  return (await endNames(ctx, [points], budgetMs))[0]!
}

/**
 * The names of the ends of several ways (a page of the list), within one time budget for all of them. The
 * geocoder is asked at most once per second, so on a first visit only some streets may be named; the rest are
 * looked up meanwhile and named on the next visit (the answers are cached).
 */
export async function wayEndNamesOf(
  ctx: ServiceContext,
  tripIds: number[],
  budgetMs = END_NAMES_BUDGET_MS,
  /** The caller's saved places when the page has them already (else read here). */
  places?: Promise<PoiDto[]>,
): Promise<Map<number, WayEnds>> {
  requireSession(ctx)
  const points = await participantCached(
    ctx,
    `ends:${tripIds.join()}`,
    () => wayEndPointsOf(ctx.db, tripIds),
    (m) => 200 * m.size,
  )
  const ids = [...points.keys()]
  const names = await endNames(
    ctx,
    ids.map((id) => points.get(id)!),
    budgetMs,
    places,
  )
  return new Map(ids.map((id, i) => [id, names[i]!]))
}

async function endNames(
  ctx: ServiceContext,
  ends: { start: LatLon | null; end: LatLon | null }[],
  budgetMs: number,
  places?: Promise<PoiDto[]>,
): Promise<WayEnds[]> {
  if (!ends.some((e) => e.start || e.end)) return ends.map(() => ({ start: null, end: null }))
  const nameAt = await namer(ctx, budgetMs, places)
  return Promise.all(ends.map(async (e) => ({ start: await nameAt(e.start), end: await nameAt(e.end) })))
}

/** Names for points of a track (the cut points offered to split a leg), within the same budget as a way's ends. */
export async function pointNames(
  ctx: ServiceContext,
  points: readonly LatLon[],
  budgetMs = END_NAMES_BUDGET_MS,
): Promise<(PlaceName | null)[]> {
  if (!points.length) return []
  const nameAt = await namer(ctx, budgetMs)
  return Promise.all(points.map((p) => nameAt(p)))
}

/** The name of a point: the participant's saved place there, else the geocoder's street when it answers in time. */
async function namer(ctx: ServiceContext, budgetMs: number, known?: Promise<PoiDto[]>) {
  const places = await (known ?? listOwnPois(ctx))
  const deadline = new Promise<null>((resolve) => setTimeout(resolve, budgetMs, null).unref?.())
  return async (point: LatLon | null): Promise<PlaceName | null> => {
    if (!point) return null
    const place = savedPlaceAt(point, places)
    if (place) return { name: place.name, source: 'place' }
    const street = await Promise.race([reverseGeocode(ctx, point.lat, point.lon), deadline])
    return street ? { name: street, source: 'street' } : null
  }
}
