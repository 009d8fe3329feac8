// Loads locales/<lang>/<namespace>.json at build time and registers both languages with the translator. The browser
// gets its language's catalogue as one JSON file whose URL carries a hash of its content (routes/i18n.ts), so it is
// downloaded once per release and cached, instead of riding along in every page's HTML.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Locale } from '~/domain/locale'
import { catalogueUrl, registerCatalogue, translatorFor, type Catalogue, type Lang } from './i18n'

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
registerCatalogue('de', resources.de)
registerCatalogue('en', resources.en)

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

export function tFor(locale: Locale) {
  return translatorFor(locale).t
}
