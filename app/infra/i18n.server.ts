// i18n on the server, outside any request: loads locales/<lang>/<namespace>.json at build time and keeps one
// process-wide instance for texts outside a request (mails, the research export, the JSON API: tFor) and for pages the
// request middleware (app/lib/i18n.server.ts) never reached. The browser gets its language's catalogue as one JSON file
// whose URL carries a hash of its content (routes/i18n.ts), so it is downloaded once per release and cached, instead of
// riding along in every page's HTML.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createInstance, type i18n, type Resource, type TFunction } from 'i18next'
import type { Locale } from '~/domain/locale'
import { catalogueUrl, I18NEXT_OPTIONS, LANGS, lng, type Catalogue, type Lang } from './i18n'

const files = localeFiles()

function localeFiles(): Record<string, Record<string, unknown>> {
  try {
    return import.meta.glob('../../locales/*/*.json', { eager: true, import: 'default' }) as Record<
      string,
      Record<string, unknown>
    >
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

/** The i18next options of every server-side instance: the shared ones and all texts in memory. */
export const SERVER_I18NEXT_OPTIONS = { ...I18NEXT_OPTIONS, resources: resources as Resource }

// The process-wide instance and one clone per language (sharing its texts): for t outside a request, and the
// fallback of entry.server for a response the middleware did not run for.
const shared = createInstance(SERVER_I18NEXT_OPTIONS)
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
