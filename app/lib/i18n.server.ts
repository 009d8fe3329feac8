// i18n per request: remix-i18next's middleware picks each request's language and gives it its own i18next instance,
// read with getI18n(context). The catalogues and the process-wide instance for texts outside a request live in
// app/infra/i18n.server.ts.
import type { i18n, ThirdPartyModule } from 'i18next'
import type { MiddlewareFunction } from 'react-router'
import { createI18nextMiddleware } from 'remix-i18next'
import { requestLocale, type Locale } from '~/domain/locale'
import { FALLBACK_LANG, LANGS, lng } from '~/infra/i18n'
import { SERVER_I18NEXT_OPTIONS } from '~/infra/i18n.server'
import { LOCALE_COOKIE, parseCookies } from './cookies.server'

/** The plural rules of every request's instance, by language and kind. */
const pluralRules: Record<string, unknown> = {}

/**
 * Every request's i18next instance shares one set of plural rules. i18next makes an Intl.PluralRules per instance
 * and language the first time a label is chosen by a count, which cost more than the rest of the label: the list's
 * progress line ("23 of 71 ways confirmed · 5 days left") took about 3 % of the list's time for its two rules.
 */
const sharedPluralRules: ThirdPartyModule = {
  type: '3rdParty',
  init(instance: i18n) {
    const resolver = instance.services.pluralResolver as { pluralRulesCache?: Record<string, unknown> }
    resolver.pluralRulesCache = pluralRules
  },
}

/**
 * The language of every request: `?locale=`, then the `locale` cookie, then German (requestLocale). The root
 * middleware persists a `?locale=` choice (cookie, and the logged-in participant's account).
 */
const [i18nextMiddleware, getLang, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGS],
    fallbackLanguage: FALLBACK_LANG,
    order: ['custom'],
    async findLocale({ request, url }) {
      const query = url.searchParams.get('locale')
      return lng(requestLocale(query, parseCookies(request.headers.get('Cookie'))[LOCALE_COOKIE]))
    },
  },
  i18next: SERVER_I18NEXT_OPTIONS,
  plugins: [sharedPluralRules],
})

/**
 * remix-i18next's middleware for every request but the service-method API's: that one answers in the locale its
 * params name (or German), and an i18next instance made for it would never be read.
 */
export const pageI18nextMiddleware: MiddlewareFunction<Response> = (args, next) =>
  isServiceApi(args.url.pathname) ? next() : i18nextMiddleware(args, next)

export const isServiceApi = (pathname: string) => pathname.startsWith('/functions/')

export { getLang, getI18n }

/** The request's locale as the middleware detected it. */
export function localeOf(lang: string): Locale {
  return lang === 'en' ? 'en_US' : 'de_DE'
}
