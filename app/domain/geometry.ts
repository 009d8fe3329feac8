// Geometry of ways and legs (geom is a list of lat/lon points; getClosestPointToTrip /
// getClosestPointToLeg take an id and a lat/lon point and answer return.point; the default map centre is latitude
// 52.52001, longitude 13.40495, zoom 10). Pure functions, no I/O: the trip service and the server-rendered route map use them.

export interface LatLon {
  lat: number
  lon: number
}

/** The default map centre and zoom when a way has no geometry. */
export const DEFAULT_CENTER: LatLon = { lat: 52.52001, lon: 13.40495 }
export const DEFAULT_ZOOM = 10

const RAD = Math.PI / 180
/** Web Mercator's latitude limit (the projection is undefined at the poles). */
const MAX_MERCATOR_LAT = 85.05112878

const isFinitePoint = (p: LatLon) => Number.isFinite(p.lat) && Number.isFinite(p.lon)

/**
 * getClosestPointTo…: the point of a polyline nearest to `point`. Distances are measured in a local
 * equirectangular projection centred on `point` (longitude scaled by cos(latitude)), which is exact enough for
 * the few kilometres of a way; the answer lies on a segment (it need not be a vertex). A polyline of one point
 * answers that point; no points answers null. Antimeridian crossings are not handled (a study area is local).
 */
export function closestPointOnPolyline(line: readonly LatLon[], point: LatLon): LatLon | null {
  return closestPointOnLines([line], point)
}

/** The nearest point over several polylines (e.g. all legs of a way). */
export function closestPointOnLines(lines: readonly (readonly LatLon[])[], point: LatLon): LatLon | null {
  const kx = Math.cos(point.lat * RAD)
  const toXY = (p: LatLon) => ({ x: (p.lon - point.lon) * kx, y: p.lat - point.lat })
  let best: LatLon | null = null
  let bestD = Infinity
  const consider = (candidate: LatLon) => {
    const { x, y } = toXY(candidate)
    const d = x * x + y * y
    if (d < bestD) {
      bestD = d
      best = candidate
    }
  }
  for (const raw of lines) {
    const line = raw.filter(isFinitePoint)
    if (line.length === 1) consider({ lat: line[0].lat, lon: line[0].lon })
    for (let i = 1; i < line.length; i++) {
      const a = toXY(line[i - 1])
      const b = toXY(line[i])
      const dx = b.x - a.x
      const dy = b.y - a.y
      const len2 = dx * dx + dy * dy
      // Parameter of the foot of the perpendicular from the origin (the query point), clamped to the segment.
      const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, -(a.x * dx + a.y * dy) / len2))
      const p = line[i - 1]
      const q = line[i]
      consider({ lat: p.lat + (q.lat - p.lat) * t, lon: p.lon + (q.lon - p.lon) * t })
    }
  }
  return best
}

/** The mean earth radius in metres. */
const EARTH_RADIUS_M = 6_371_008.8

/** Great-circle distance in metres between two points (haversine on the mean earth radius). */
export function distanceM(a: LatLon, b: LatLon): number {
  const dLat = (b.lat - a.lat) * RAD
  const dLon = (b.lon - a.lon) * RAD
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Length in metres of a track: the sum of its segments' great-circle distances. */
export function pathLength(geom: readonly LatLon[]): number {
  let sum = 0
  for (let i = 1; i < geom.length; i++) sum += distanceM(geom[i - 1], geom[i])
  return sum
}

/** Web Mercator (EPSG:3857) as unit square coordinates: x 0..1 west→east, y 0..1 north→south. */
export function mercator(p: LatLon): { x: number; y: number } {
  const lat = Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, p.lat))
  const s = Math.sin(lat * RAD)
  return { x: (p.lon + 180) / 360, y: 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI) }
}

export interface Viewport {
  width: number
  height: number
  /** Space kept free on every side, in viewBox units. */
  padding: number
}

export interface ProjectedLine {
  /** Points in viewBox coordinates, rounded to 0.1. */
  points: { x: number; y: number }[]
}

/**
 * Projects polylines with Web Mercator and fits them into a fixed viewBox (uniform scale, centred, keeping the
 * aspect ratio like a map). A single point or a zero-size extent is centred. Empty lines stay empty.
 */
export function fitToViewport(lines: readonly (readonly LatLon[])[], view: Viewport): ProjectedLine[] {
  return fit(lines, view).lines
}

/**
 * Metres on the ground per viewBox unit of fitToViewport's picture, measured at the middle latitude of the lines;
 * null for a single point or nothing (no scale can be told).
 */
export function viewportMetresPerUnit(lines: readonly (readonly LatLon[])[], view: Viewport): number | null {
  const { scale, midLat } = fit(lines, view)
  if (!(scale > 0) || midLat == null) return null
  return (EARTH_CIRCUMFERENCE_M * Math.cos(midLat * RAD)) / scale
}

/** The length of the equator in metres: one unit of the mercator() square at latitude 0. */
export const EARTH_CIRCUMFERENCE_M = 40075016.686

function fit(
  lines: readonly (readonly LatLon[])[],
  view: Viewport,
): { lines: ProjectedLine[]; scale: number; midLat: number | null } {
  const finite = lines.map((l) => l.filter(isFinitePoint))
  const projected = finite.map((l) => l.map(mercator))
  const all = projected.flat()
  if (all.length === 0) return { lines: projected.map(() => ({ points: [] })), scale: 0, midLat: null }
  const lats = extent(finite.flat().map((p) => p.lat))
  const midLat = (lats.min + lats.max) / 2
  const { min: minX, max: maxX } = extent(all.map((p) => p.x))
  const { min: minY, max: maxY } = extent(all.map((p) => p.y))
  const innerW = view.width - 2 * view.padding
  const innerH = view.height - 2 * view.padding
  const spanX = maxX - minX
  const spanY = maxY - minY
  const scale =
    spanX === 0 && spanY === 0 ? 0 : Math.min(spanX ? innerW / spanX : Infinity, spanY ? innerH / spanY : Infinity)
  const offX = view.padding + (innerW - spanX * scale) / 2
  const offY = view.padding + (innerH - spanY * scale) / 2
  const round = (n: number) => Math.round(n * 10) / 10
  return {
    scale,
    midLat,
    lines: projected.map((line) => ({
      points: line.map((p) => ({ x: round(offX + (p.x - minX) * scale), y: round(offY + (p.y - minY) * scale) })),
    })),
  }
}

/** South-west and north-east corners of all points, or null without any. */
export function bounds(lines: readonly (readonly LatLon[])[]): { sw: LatLon; ne: LatLon } | null {
  const all = lines.flat().filter(isFinitePoint)
  if (all.length === 0) return null
  const lat = extent(all.map((p) => p.lat))
  const lon = extent(all.map((p) => p.lon))
  return { sw: { lat: lat.min, lon: lon.min }, ne: { lat: lat.max, lon: lon.max } }
}

/** Smallest and largest of the numbers, in one loop (spreading a long list into Math.min overflows the stack). */
function extent(values: readonly number[]): { min: number; max: number } {
  let min = Infinity
  let max = -Infinity
  for (const v of values) {
    if (v < min) min = v
    if (v > max) max = v
  }
  return { min, max }
}
