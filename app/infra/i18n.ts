// i18n shared by server and client (docs/decisions/002-i18n.md, 220-i18n-on-i18next.md): i18next over the catalogues
// in locales/<lang>/<namespace>.json, components translate with react-i18next's useTranslation. This file holds what
// both sides agree on: the namespaces, the languages, the i18next options and the name of the browser's catalogue file.
import type { InitOptions } from 'i18next'
import { type Locale, DEFAULT_LOCALE } from '~/domain/locale'

export const NAMESPACES = ['common', 'errors', 'account', 'ways', 'trip', 'questionnaire', 'pois', 'help'] as const
export type Lang = 'de' | 'en'
export const LANGS: readonly Lang[] = ['de', 'en']
export const lng = (locale: Locale): Lang => (locale === 'en_US' ? 'en' : 'de')
/** The language i18next falls back to when a text is missing: German. */
export const FALLBACK_LANG: Lang = lng(DEFAULT_LOCALE)

/** One language's texts: namespace → nested keys → text. */
export type Catalogue = Record<string, Record<string, unknown>>

/**
 * The i18next options of every instance, server and browser: `common` is the default namespace, React escapes (so
 * i18next does not), all texts are in memory when the instance starts (no backend, no suspense), plurals by `count`
 * with `_zero` for 0.
 */
export const I18NEXT_OPTIONS = {
  supportedLngs: [...LANGS],
  fallbackLng: FALLBACK_LANG,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  react: { useSuspense: false },
} satisfies InitOptions

/** The browser's copy of a language's catalogue is the file /i18n/<lang>.<hash>.json (app/routes/i18n.ts). */
export const catalogueUrl = (lang: Lang, hash: string) => `/i18n/${lang}.${hash}.json`
/** The language and content hash a catalogue URL or file name carries, or null. */
export function catalogueFile(urlOrName: string): { lang: Lang; hash: string } | null {
  const m = /(?:^|\/i18n\/)(de|en)\.([\w-]+)\.json$/.exec(urlOrName)
  return m ? { lang: m[1] as Lang, hash: m[2]! } : null
}
