// i18n shared by server and client: one i18next instance per locale, created once and reused
// (docs/decisions/002-i18n.md). de_DE is the default and fallback.
import i18next, { type i18n as I18n, type Resource } from 'i18next'
import { type Locale, DEFAULT_LOCALE } from '~/domain/locale'

export const NAMESPACES = ['common', 'errors', 'account', 'ways', 'trip', 'questionnaire', 'pois', 'help'] as const
export const lng = (locale: Locale) => (locale === 'en_US' ? 'en' : 'de')

const instances = new Map<string, I18n>()

/** resources: { [namespace]: { key: text } } for this locale (de fallback added by the server). */
export function i18nFor(locale: Locale, resources: Resource): I18n {
  const key = locale
  const existing = instances.get(key)
  if (existing) return existing
  const inst = i18next.createInstance()
  void inst.init({
    lng: lng(locale),
    fallbackLng: lng(DEFAULT_LOCALE),
    resources,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
    returnNull: false,
  } as Parameters<I18n['init']>[0])
  instances.set(key, inst)
  return inst
}
