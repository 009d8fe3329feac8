// Which of the participant's saved places lie at or near a point: the place a way started or ended at (to name
// the way and its route's ends), and the places around a place (named in its picture when no real map can be had).
import { distanceM, type LatLon } from './geometry'

export interface SavedPlace {
  name: string
  lat: number
  lon: number
}

/**
 * A recorded way's start or end counts as being "at" a saved place when it lies within this many metres of it:
 * phone positions at a stop scatter by some tens of metres indoors, and a place is often a building or a stop
 * rather than a point, while two everyday places (home and the bakery round the corner) are rarely closer.
 */
export const AT_PLACE_MAX_M = 150

/** Places farther than this from a place are not "nearby". */
const NEARBY_MAX_M = 2000
/** At most this many nearby places are named. */
export const NEARBY_LIMIT = 4

/** The saved place nearest to the point, if it lies within AT_PLACE_MAX_M; ties go to the name sorted first. */
export function savedPlaceAt<P extends SavedPlace>(point: LatLon, places: readonly P[]): P | null {
  let best: { place: P; d: number } | null = null
  for (const place of places) {
    const d = distanceM(point, place)
    if (d > AT_PLACE_MAX_M) continue
    if (!best || d < best.d || (d === best.d && place.name.localeCompare(best.place.name) < 0)) best = { place, d }
  }
  return best?.place ?? null
}

/** The other places within NEARBY_MAX_M of the centre, nearest first, at most NEARBY_LIMIT; the centre's own spot excluded. */
export function nearbyPlaces(center: LatLon, places: readonly SavedPlace[]): { name: string; distanceM: number }[] {
  return places
    .map((p) => ({ name: p.name, distanceM: distanceM(center, p) }))
    .filter((p) => p.distanceM > 1 && p.distanceM <= NEARBY_MAX_M)
    .sort((a, b) => a.distanceM - b.distanceM || a.name.localeCompare(b.name))
    .slice(0, NEARBY_LIMIT)
}
