// i18n shared by server and client (docs/decisions/002-i18n.md, 013-own-translator.md): a small translator over the
// catalogues in locales/<lang>/<namespace>.json, with the part of i18next's behaviour our texts use: namespaces
// ("ns:key" or a default namespace), nested keys ("a.b.c"), {{name}} interpolation (no escaping: React escapes),
// plurals by `count` (key_zero for 0, then Intl.PluralRules' key_one/key_other, then key), defaultValue,
// returnObjects, and German as the fallback language. app/lib/i18n.test.ts checks it against i18next key by key.
// One translator per language lives as long as the process (server) or the page (browser).
import { createContext, createElement, useContext, type ReactNode } from 'react'
import { type Locale, DEFAULT_LOCALE } from '~/domain/locale'

export const NAMESPACES = ['common', 'errors', 'account', 'ways', 'trip', 'questionnaire', 'pois', 'help'] as const
export type Namespace = (typeof NAMESPACES)[number]
export type Lang = 'de' | 'en'
export const lng = (locale: Locale): Lang => (locale === 'en_US' ? 'en' : 'de')
const FALLBACK: Lang = lng(DEFAULT_LOCALE)

/** The browser's copy of a language's catalogue is the file /i18n/<lang>.<hash>.json (app/routes/i18n.ts). */
export const catalogueUrl = (lang: Lang, hash: string) => `/i18n/${lang}.${hash}.json`
/** The language and content hash a catalogue URL or file name carries, or null. */
export function catalogueFile(urlOrName: string): { lang: Lang; hash: string } | null {
  const m = /(?:^|\/i18n\/)(de|en)\.([\w-]+)\.json$/.exec(urlOrName)
  return m ? { lang: m[1] as Lang, hash: m[2]! } : null
}

/** One language's texts: namespace → nested keys → text. */
export type Catalogue = Record<string, Record<string, unknown>>

export interface TOptions {
  count?: number
  defaultValue?: string
  [name: string]: unknown
}

export interface TFunction {
  /** returnObjects: the catalogue's object or array itself */
  <T = unknown>(key: string, options: TOptions & { returnObjects: true }): T
  (key: string, options?: TOptions): string
}

export interface Translator {
  language: Lang
  /** t with `common` as the default namespace */
  t: TFunction
  /** t with another default namespace (cached) */
  ns(namespace?: string): TFunction
}

const catalogues: Partial<Record<Lang, Catalogue>> = {}
const translators = new Map<Lang, Translator>()

/** Makes a language's texts known (server: at start, both languages; browser: before hydrating, its own). */
export function registerCatalogue(lang: Lang, catalogue: Catalogue) {
  catalogues[lang] = catalogue
  translators.clear()
}

function lookup(lang: Lang, ns: string, key: string): unknown {
  let node: unknown = catalogues[lang]?.[ns]
  for (const part of key.split('.')) {
    if (node == null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return node
}

const pluralRules = new Map<Lang, Intl.PluralRules>()
function pluralCategory(lang: Lang, count: number): string {
  let rules = pluralRules.get(lang)
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)))
  return rules.select(count)
}

const PLACEHOLDER = /\{\{\s*([^}]+?)\s*\}\}/g

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text
  return text.replace(PLACEHOLDER, (_m, name: string) => {
    let value: unknown = options
    for (const part of name.split('.')) value = value == null ? undefined : (value as Record<string, unknown>)[part]
    if (value === undefined) return `{{${name}}}`
    return value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)
  })
}

function translate(lang: Lang, defaultNs: string, key: string, options?: TOptions): unknown {
  const colon = key.indexOf(':')
  const explicitNs = colon > 0
  const ns = explicitNs ? key.slice(0, colon) : typeof options?.ns === 'string' ? options.ns : defaultNs
  const path = explicitNs ? key.slice(colon + 1) : key
  const count = typeof options?.count === 'number' ? options.count : undefined
  for (const l of lang === FALLBACK ? [lang] : [lang, FALLBACK]) {
    const candidates = count === undefined ? [path] : [...(count === 0 ? [`${path}_zero`] : []), `${path}_${pluralCategory(l, count)}`, path]
    for (const candidate of candidates) {
      const found = lookup(l, ns, candidate)
      if (found === undefined || found === null) continue
      if (typeof found === 'string') return interpolate(found, options)
      if (options?.returnObjects) return found
    }
  }
  return interpolate(options?.defaultValue ?? path, options)
}

function makeTranslator(lang: Lang): Translator {
  const byNs = new Map<string, TFunction>()
  const ns = (namespace = 'common'): TFunction => {
    let t = byNs.get(namespace)
    if (!t) byNs.set(namespace, (t = ((key: string, options?: TOptions) => translate(lang, namespace, key, options)) as TFunction))
    return t
  }
  return { language: lang, t: ns('common'), ns }
}

export function translatorFor(locale: Locale): Translator {
  const lang = lng(locale)
  let tr = translators.get(lang)
  if (!tr) translators.set(lang, (tr = makeTranslator(lang)))
  return tr
}

const I18nContext = createContext<Translator | null>(null)

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return createElement(I18nContext.Provider, { value: translatorFor(locale) }, children)
}

/** react-i18next's hook, as far as we use it: t with a default namespace, and the language. */
export function useTranslation(namespace?: Namespace): { t: TFunction; i18n: { language: Lang } } {
  const tr = useContext(I18nContext) ?? translatorFor(DEFAULT_LOCALE)
  return scoped(tr, namespace)
}

const scopes = new WeakMap<Translator, Map<string, { t: TFunction; i18n: { language: Lang } }>>()
function scoped(tr: Translator, namespace = 'common') {
  let m = scopes.get(tr)
  if (!m) scopes.set(tr, (m = new Map()))
  let s = m.get(namespace)
  if (!s) m.set(namespace, (s = { t: tr.ns(namespace), i18n: { language: tr.language } }))
  return s
}
