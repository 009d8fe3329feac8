// The browser's translator (docs/decisions/302-no-i18next-in-the-browser.md). The server renders with i18next and
// react-i18next; the client build resolves `react-i18next` to this module instead (vite.config.ts), so components keep
// `useTranslation(ns)` and the browser does not load i18next (~18 KB gzip on every page). It does exactly what our
// texts use of i18next, over one language's catalogue (the English file is already completed with German):
// "ns:key" or the hook's namespace, nested keys "a.b.c", {{name}} interpolation without escaping (React escapes),
// plurals by `count` (key_zero for 0, then Intl.PluralRules' key_one/key_other, then key), defaultValue and
// returnObjects. i18n.browser.test.ts checks it against the server's i18next for every text of both languages.
import { createContext, createElement, useContext, type ReactNode } from 'react'
import type { Catalogue, Lang } from './i18n'

export interface TOptions {
  count?: number
  defaultValue?: string
  returnObjects?: boolean
  ns?: string
  [name: string]: unknown
}

type BrowserT = (key: string, options?: TOptions) => unknown

/** The part of an i18next instance the components read: the language and t. */
interface BrowserI18n {
  language: Lang
  t: BrowserT
}

interface Translator extends BrowserI18n {
  /** t with another default namespace (one function per namespace, so a component's t is stable across renders) */
  ns(namespace: string): BrowserT
}

function lookup(catalogue: Catalogue, ns: string, key: string): unknown {
  let node: unknown = catalogue[ns]
  for (const part of key.split('.')) {
    if (node == null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return node
}

const PLACEHOLDER = /\{\{\s*([^}]+?)\s*\}\}/g

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text
  return text.replace(PLACEHOLDER, (m, name: string) => {
    let value: unknown = options
    for (const part of name.split('.')) value = value == null ? undefined : (value as Record<string, unknown>)[part]
    if (value === undefined) return m
    return value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)
  })
}

/** A translator over one language's whole catalogue, `common` as the default namespace. */
export function createTranslator(lang: Lang, catalogue: Catalogue): Translator {
  const plural = new Intl.PluralRules(lang)
  const translate = (defaultNs: string, key: string, options?: TOptions): unknown => {
    const colon = key.indexOf(':')
    const ns = colon > 0 ? key.slice(0, colon) : typeof options?.ns === 'string' ? options.ns : defaultNs
    const path = colon > 0 ? key.slice(colon + 1) : key
    const count = typeof options?.count === 'number' ? options.count : undefined
    const candidates =
      count === undefined ? [path] : [...(count === 0 ? [`${path}_zero`] : []), `${path}_${plural.select(count)}`, path]
    for (const candidate of candidates) {
      const found = lookup(catalogue, ns, candidate)
      if (found == null) continue
      if (typeof found === 'string') return interpolate(found, options)
      if (options?.returnObjects) return found
    }
    return interpolate(options?.defaultValue ?? path, options)
  }
  const byNs = new Map<string, BrowserT>()
  const ns = (namespace: string): BrowserT => {
    let t = byNs.get(namespace)
    if (!t) byNs.set(namespace, (t = (key, options) => translate(namespace, key, options)))
    return t
  }
  return { language: lang, t: ns('common'), ns }
}

const I18nContext = createContext<Translator | null>(null)

/** react-i18next's provider, as the browser uses it: the translator entry.client made. */
export function I18nextProvider({ i18n, children }: { i18n: Translator; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children)
}

const scopes = new WeakMap<Translator, Map<string, { t: BrowserT; i18n: BrowserI18n }>>()

/**
 * react-i18next's hook, as far as the app uses it: t with a default namespace, and the language. Components import it
 * as `react-i18next`'s (the client build resolves that name here).
 * @public
 */
export function useTranslation(namespace = 'common'): { t: BrowserT; i18n: BrowserI18n } {
  const tr = useContext(I18nContext)
  if (!tr) throw new Error('useTranslation outside the I18nextProvider')
  let m = scopes.get(tr)
  if (!m) scopes.set(tr, (m = new Map()))
  let s = m.get(namespace)
  if (!s) m.set(namespace, (s = { t: tr.ns(namespace), i18n: tr }))
  return s
}
