// Locator answers (a point or feature-collection geometry serialised as JSON in the answer text): GeoJSON with
// [lon, lat] coordinates. Pure.

export interface LatLon {
  lat: number
  lon: number
}

const validLat = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= -90 && n <= 90
const validLon = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= -180 && n <= 180

/** 6 decimals (about 0.1 m) is more than any phone or map click gives. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6

/** A GeoJSON Point answer text. */
export function pointText(p: LatLon): string {
  return JSON.stringify({ type: 'Point', coordinates: [round6(p.lon), round6(p.lat)] })
}

/** A GeoJSON FeatureCollection of points. */
export function featureCollectionText(points: LatLon[]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: points.map((p) => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Point', coordinates: [round6(p.lon), round6(p.lat)] },
    })),
  })
}

function pointOf(geometry: unknown): LatLon | null {
  const g = geometry as { type?: unknown; coordinates?: unknown } | null
  if (!g || g.type !== 'Point' || !Array.isArray(g.coordinates) || g.coordinates.length < 2) return null
  const [lon, lat] = g.coordinates as unknown[]
  return validLat(lat) && validLon(lon) ? { lat, lon } : null
}

/**
 * The points of a locator answer text: a GeoJSON Point, or a FeatureCollection of Point features (at least one).
 * Anything else → null.
 */
export function parseLocatorText(text: string | null | undefined): LatLon[] | null {
  if (typeof text !== 'string' || text.trim() === '') return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  const v = value as { type?: unknown; features?: unknown } | null
  if (v?.type === 'Point') {
    const p = pointOf(v)
    return p ? [p] : null
  }
  if (v?.type === 'FeatureCollection' && Array.isArray(v.features) && v.features.length > 0) {
    const points = (v.features as { type?: unknown; geometry?: unknown }[]).map((f) =>
      f?.type === 'Feature' ? pointOf(f.geometry) : null,
    )
    return points.every((p): p is LatLon => p !== null) ? points : null
  }
  return null
}

/**
 * What a participant may type instead of placing a marker: "52.52, 13.405", "52.52 13.405" or "52,52; 13,405"
 * (latitude first). Returns null when the text is not a coordinate pair in range.
 */
export function parseLatLonInput(text: string | null | undefined): LatLon | null {
  if (typeof text !== 'string') return null
  const s = text.trim()
  const m =
    /^([+-]?\d{1,2}(?:\.\d+)?)\s*[,;\s]\s*([+-]?\d{1,3}(?:\.\d+)?)$/.exec(s) ??
    /^([+-]?\d{1,2}(?:,\d+)?)\s*[;\s]\s*([+-]?\d{1,3}(?:,\d+)?)$/.exec(s)
  if (!m) return null
  const lat = Number(m[1].replace(',', '.'))
  const lon = Number(m[2].replace(',', '.'))
  return validLat(lat) && validLon(lon) ? { lat, lon } : null
}

/** "52.520010, 13.404950" — how a point is written into a form field (and read back by parseLatLonInput). */
export function latLonInputText(p: LatLon): string {
  return `${round6(p.lat)}, ${round6(p.lon)}`
}
