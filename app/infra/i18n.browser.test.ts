// The browser's translator gives the text the server's i18next gives, so a hydrated page reads as the server rendered
// it: for every text of both catalogues (as the browser receives them, the English one completed with German), in
// both languages, with every placeholder filled and with counts 0, 1, 2 and 7; likewise for missing keys,
// defaultValue, the ns option, a missing placeholder value and returnObjects. A text that starts to use an i18next
// feature the translator lacks (context, formatting, nesting) fails here.
import { describe, expect, it } from 'vitest'
import { LANGS, NAMESPACES, type Catalogue, type Lang } from './i18n'
import { createTranslator, type TOptions } from './i18n.browser'
import { catalogueAsset, i18nFor, resources } from './i18n.server'

const locale = (lang: Lang) => (lang === 'en' ? 'en_US' : 'de_DE')
const server = (lang: Lang) => i18nFor(locale(lang))
const browser = (lang: Lang) => createTranslator(lang, JSON.parse(catalogueAsset(lang).body) as Catalogue)

/** Every leaf key of a namespace ('a.b.c'); arrays are leaves. */
function keysOf(tree: unknown, prefix = ''): string[] {
  if (tree == null || typeof tree !== 'object' || Array.isArray(tree)) return [prefix]
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k))
}
const at = (lang: Lang, ns: string, key: string): unknown =>
  key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown> | undefined)?.[p], resources[lang][ns])
const placeholders = (text: unknown): string[] =>
  typeof text === 'string' ? [...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1]!) : []

const cases: [string, string, TOptions | undefined][] = []
for (const ns of NAMESPACES) {
  const keys = new Set(LANGS.flatMap((l) => keysOf(resources[l][ns]).map((k) => k.replace(/_(zero|one|other)$/, ''))))
  for (const key of keys) {
    const texts = LANGS.flatMap((l) => ['', '_zero', '_one', '_other'].map((suffix) => at(l, ns, `${key}${suffix}`)))
    const vars = Object.fromEntries(texts.flatMap(placeholders).map((p) => [p.split('.')[0], `«${p}»`]))
    cases.push([ns, key, undefined], [ns, key, vars])
    for (const count of [0, 1, 2, 7]) cases.push([ns, key, { ...vars, count }])
  }
}

describe('the browser translator = i18next for every text', () => {
  for (const lang of LANGS)
    it(`${lang}: ${cases.length} cases`, () => {
      const ref = server(lang)
      const ours = browser(lang)
      const diffs: string[] = []
      for (const [ns, key, options] of cases) {
        // An object or a list is only ever asked for with returnObjects (checked below).
        if (typeof ref.t(`${ns}:${key}`, { ...options, returnObjects: true } as never) !== 'string') continue
        const expected = ref.t(`${ns}:${key}`, options as never) as unknown
        const byPrefix = ours.t(`${ns}:${key}`, options)
        const byHook = ours.ns(ns)(key, options)
        if (byPrefix !== expected || byHook !== expected)
          diffs.push(
            `${ns}:${key} ${JSON.stringify(options)}: ${String(byPrefix)} / ${String(byHook)} ≠ ${String(expected)}`,
          )
      }
      expect(diffs).toEqual([])
    })
})

describe('the browser translator = i18next at the edges', () => {
  const table: [string, string, TOptions | undefined][] = [
    ['a missing key', 'common:no.such.key', undefined],
    [
      'a missing key with defaultValue',
      'errors:NO_SUCH',
      { defaultValue: 'Fallback {{constant}}', constant: 'NO_SUCH' },
    ],
    ['a missing key in an unknown namespace', 'nons:thing', undefined],
    ['a missing placeholder value', 'errors:unexpected', {}],
    ['the ns option', 'contact.title', { ns: 'help' }],
    ['a null placeholder value', 'no.such {{a}}', { defaultValue: 'x {{a}} y', a: null }],
  ]
  for (const lang of LANGS)
    for (const [name, key, options] of table)
      it(`${lang}: ${name}`, () => {
        expect(browser(lang).t(key, options)).toBe(server(lang).t(key, options as never))
      })

  it('returnObjects gives the catalogue object', () => {
    for (const lang of LANGS)
      expect(browser(lang).t('errors:warnings', { returnObjects: true })).toEqual(
        server(lang).t('errors:warnings', { returnObjects: true }),
      )
  })
})
