// i18n per request: remix-i18next's middleware picks each request's language and gives it its own i18next instance,
// read with getI18n(context). The catalogues and the process-wide instance for texts outside a request live in
// app/infra/i18n.server.ts.
import type { MiddlewareFunction } from 'react-router'
import { createI18nextMiddleware } from 'remix-i18next'
import { requestLocale, type Locale } from '~/domain/locale'
import { FALLBACK_LANG, LANGS, lng } from '~/infra/i18n'
import { SERVER_I18NEXT_OPTIONS } from '~/infra/i18n.server'
import { LOCALE_COOKIE, parseCookies } from './cookies.server'

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
