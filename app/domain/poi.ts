// Pure rules for places of interest: creation types, verification marks, the add/edit checks, the static map
// image, and the add-place map (default centre, zoom 15).

/** creationType of a poi. */
export const POI_CREATION_TYPES = ['COPIED_MANUALLY', 'CREATED_AUTOMATICALLY', 'CREATED_MANUALLY'] as const
export type PoiCreationType = (typeof POI_CREATION_TYPES)[number]

/** Default map centre; zoom 15 in the add-place map. */
export const DEFAULT_MAP_CENTRE = { lat: 52.52001, lon: 13.40495 } as const
export const ADD_PLACE_ZOOM = 15

/** A static map image is fetched per poi: centre lat,lon, zoom 15, size 250x170. */
export const STATIC_MAP = { zoom: 15, width: 250, height: 170 } as const

/**
 * A coordinate typed by a person or sent by a client: a number, or a decimal string with a point or a single
 * decimal comma ("52,52"). Empty or missing → null (no position); anything else unparseable → NaN.
 */
export function parseCoordinate(input: unknown): number | null {
  if (input == null) return null
  if (typeof input === 'number') return Number.isFinite(input) ? input : NaN
  if (typeof input !== 'string') return NaN
  let s = input.trim()
  if (s === '') return null
  if (!s.includes('.') && (s.match(/,/g) ?? []).length === 1) s = s.replace(',', '.')
  s = s.replace(/^\u2212/, '-') // typographic minus
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(s)) return NaN
  return Number(s)
}

/** lat −90..90, lon −180..180, both finite. */
export function validLatLon(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180
}

export type PoiProblem =
  | { field: 'name'; constant: 'POI_NAME_REQUIRED' }
  | { field: 'position'; constant: 'POI_POSITION_REQUIRED' | 'POI_INVALID_COORDINATES' }

/**
 * Add place: non-empty name and a placed marker. Edit place: non-empty name. Coordinates, when given,
 * must be valid. Returns every problem (empty list = valid), so a form can show all of them at once.
 */
export function poiProblems(
  input: { name: string | null | undefined; lat: number | null; lon: number | null },
  opts: { positionRequired: boolean },
): PoiProblem[] {
  const problems: PoiProblem[] = []
  if (!input.name || input.name.trim() === '') problems.push({ field: 'name', constant: 'POI_NAME_REQUIRED' })
  const { lat, lon } = input
  if (lat == null && lon == null) {
    if (opts.positionRequired) problems.push({ field: 'position', constant: 'POI_POSITION_REQUIRED' })
  } else if (lat == null || lon == null || !validLatLon(lat, lon)) {
    problems.push({ field: 'position', constant: 'POI_INVALID_COORDINATES' })
  }
  return problems
}

/** The marker differs by verification status; null means "no status". */
export type VerificationState = 'verified' | 'unverified' | 'none'
export function verificationState(status: boolean | null | undefined): VerificationState {
  return status == null ? 'none' : status ? 'verified' : 'unverified'
}

/** An edit control shows only in development mode, for entries without a verification status. */
export function canShowPoiEdit(devMode: boolean, status: boolean | null | undefined): boolean {
  return devMode && status == null
}

/**
 * Fills a static-map URL template ({lat}, {lon}, {zoom}, {width}, {height}, {key}); every value URL-encoded.
 * Unknown placeholders are left as they are.
 */
export function fillStaticMapTemplate(template: string, values: { lat: number; lon: number; key?: string }): string {
  const all: Record<string, string> = {
    lat: values.lat.toFixed(6),
    lon: values.lon.toFixed(6),
    zoom: String(STATIC_MAP.zoom),
    width: String(STATIC_MAP.width),
    height: String(STATIC_MAP.height),
    key: values.key ?? '',
  }
  return template.replace(/\{(lat|lon|zoom|width|height|key)\}/g, (_, name: string) => encodeURIComponent(all[name]!))
}

/** Coordinates as shown to people and drawn on the server's own map image: 5 decimals (about 1 m). */
export function formatLatLon(lat: number, lon: number): string {
  return `${lat.toFixed(5)}, ${lon.toFixed(5)}`
}
