/** Supported UI locales (the study's language codes). */
export type Locale = 'de_DE' | 'en_US'

export const LOCALES: readonly Locale[] = ['de_DE', 'en_US'] as const
export const DEFAULT_LOCALE: Locale = 'de_DE'

/** 'de_DE' → 'de-DE', 'en_US' → 'en-US' (for Intl APIs and <html lang>). */
export function toBcp47(locale: Locale): 'de-DE' | 'en-US' {
  return locale === 'de_DE' ? 'de-DE' : 'en-US'
}

/** Accepts de_DE, de-DE, de, en_US, en-US, en (case-insensitive, trimmed); anything else → null. */
export function parseLocale(str: string | null | undefined): Locale | null {
  if (typeof str !== 'string') return null
  const s = str.trim().toLowerCase().replace('-', '_')
  if (s === 'de' || s === 'de_de') return 'de_DE'
  if (s === 'en' || s === 'en_us') return 'en_US'
  return null
}

/**
 * The locale a request is shown in: a valid `?locale=` wins (the participant just chose it), then the `locale`
 * cookie (an earlier choice), then German. Unknown values count as absent.
 */
export function requestLocale(query: string | null | undefined, cookie: string | null | undefined): Locale {
  return parseLocale(query) ?? parseLocale(cookie) ?? DEFAULT_LOCALE
}
