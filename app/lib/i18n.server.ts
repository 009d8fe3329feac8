// i18n on the server: loads locales/<lang>/<namespace>.json at build time, picks each request's language with
// remix-i18next's middleware (one i18next instance per request, read with getI18n(context)), and keeps one process-wide
// instance for texts outside a request (mails, the research export, the JSON API: tFor) and for pages the middleware
// never reached. The browser gets its language's catalogue as one JSON file whose URL carries a hash of its content
// (routes/i18n.ts), so it is downloaded once per release and cached, instead of riding along in every page's HTML.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createInstance, type i18n, type Resource, type TFunction } from 'i18next'
import { createI18nextMiddleware } from 'remix-i18next/middleware'
import { requestLocale, type Locale } from '~/domain/locale'
import { LOCALE_COOKIE, parseCookies } from './cookies.server'
import { catalogueUrl, FALLBACK_LANG, I18NEXT_OPTIONS, LANGS, lng, type Catalogue, type Lang } from './i18n'

const files = localeFiles()

function localeFiles(): Record<string, Record<string, unknown>> {
  try {
    return import.meta.glob('../../locales/*/*.json', { eager: true, import: 'default' }) as Record<string, Record<string, unknown>>
  } catch {
    // Outside Vite (the admin CLI runs under tsx, e.g. its export): read the same files from disk.
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales')
    const out: Record<string, Record<string, unknown>> = {}
    for (const lang of fs.readdirSync(root)) {
      for (const file of fs.readdirSync(path.join(root, lang)).filter((f) => f.endsWith('.json'))) {
        out[`../../locales/${lang}/${file}`] = JSON.parse(fs.readFileSync(path.join(root, lang, file), 'utf8'))
      }
    }
    return out
  }
}

export const resources: Record<Lang, Catalogue> = { de: {}, en: {} }
for (const [file, content] of Object.entries(files)) {
  const m = /locales\/(\w+)\/(\w+)\.json$/.exec(file)
  if (!m || (m[1] !== 'de' && m[1] !== 'en')) continue
  resources[m[1]][m[2]!] = content
}

const options = { ...I18NEXT_OPTIONS, resources: resources as Resource }

/**
 * The language of every request: `?locale=`, then the `locale` cookie, then German (requestLocale). The root
 * middleware persists a `?locale=` choice (cookie, and the logged-in participant's account).
 */
export const [i18nextMiddleware, getLang, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGS],
    fallbackLanguage: FALLBACK_LANG,
    order: ['custom'],
    async findLocale(request) {
      const query = new URL(request.url).searchParams.get('locale')
      return lng(requestLocale(query, parseCookies(request.headers.get('Cookie'))[LOCALE_COOKIE]))
    },
  },
  i18next: options,
})

/** The request's locale as the middleware detected it. */
export function localeOf(lang: string): Locale {
  return lang === 'en' ? 'en_US' : 'de_DE'
}

// The process-wide instance and one clone per language (sharing its texts): for t outside a request, and the
// fallback of entry.server for a response the middleware did not run for.
const shared = createInstance(options)
void shared.init()
const perLang = Object.fromEntries(LANGS.map((l) => [l, shared.cloneInstance({ lng: l })])) as Record<Lang, i18n>

/** An i18next instance showing `locale`, for rendering outside the middleware. */
export function i18nFor(locale: Locale): i18n {
  return perLang[lng(locale)]
}

/** t in a locale outside React (mails, export, API), `common` as the default namespace. */
export function tFor(locale: Locale): TFunction {
  return shared.getFixedT(lng(locale))
}

/** The browser's copy of a language's catalogue: the JSON text, its content hash and the URL it is served at. */
export interface CatalogueAsset {
  lang: Lang
  body: string
  hash: string
  url: string
}

const assets = new Map<Lang, CatalogueAsset>()
export function catalogueAsset(lang: Lang): CatalogueAsset {
  let a = assets.get(lang)
  if (!a) {
    // Self-sufficient: a text missing in English shows in German, as on the server.
    const body = JSON.stringify(lang === 'de' ? resources.de : withFallback(resources[lang], resources.de))
    const hash = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 12)
    assets.set(lang, (a = { lang, body, hash, url: catalogueUrl(lang, hash) }))
  }
  return a
}

function withFallback<T>(own: T, fallback: T): T {
  if (own === undefined) return fallback
  if (!isObject(own) || !isObject(fallback)) return own
  const out: Record<string, unknown> = { ...fallback }
  for (const [k, v] of Object.entries(own)) out[k] = withFallback(v, fallback[k])
  return out as T
}
const isObject = (v: unknown): v is Record<string, unknown> => v != null && typeof v === 'object' && !Array.isArray(v)
