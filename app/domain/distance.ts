import type { Locale } from './locale'

/**
 * Distance display: metres up to and including 1000, otherwise kilometres with 1 decimal.
 * Contract: "distances without digit grouping ('1000 m', '1.1 km' in English, '1,1 km' in German)".
 * null/undefined (manual ways have no distance) or non-finite → ''.
 * Metres are rounded first, so 999.6 → '1000 m' and 1000.4 → '1000 m'.
 */
export function formatDistance(metres: number | null | undefined, locale: Locale): string {
  if (metres == null || !Number.isFinite(metres)) return ''
  const m = Math.round(metres)
  if (m <= 1000) return `${m} m`
  const km = (Math.round(metres / 100) / 10).toFixed(1)
  return `${locale === 'de_DE' ? km.replace('.', ',') : km} km`
}
