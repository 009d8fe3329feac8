// The translator (app/lib/i18n.ts) against i18next, which it replaces (docs/decisions/013-own-translator.md): for
// every text of both catalogues, in both languages, with every placeholder filled and with counts 0, 1 and 2, both
// give the same string; so do missing keys, defaultValue, namespaces and returnObjects.
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { catalogueFile, catalogueUrl, NAMESPACES, translatorFor, type TOptions } from './i18n'
import { resources } from './i18n.server'

function reference(lang: 'de' | 'en') {
  const inst = i18next.createInstance()
  void inst.init({ lng: lang, fallbackLng: 'de', resources, ns: [...NAMESPACES], defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false, showSupportNotice: false, returnNull: false } as never)
  return inst
}

/** Every leaf key of a namespace ('a.b.c'), with the plural suffixes folded into the base key. */
function keysOf(tree: unknown, prefix = ''): string[] {
  if (tree == null || typeof tree !== 'object' || Array.isArray(tree)) return [prefix]
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k))
}

function placeholders(text: unknown): string[] {
  return typeof text === 'string' ? [...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1]) : []
}

const cases: [string, string, TOptions | undefined][] = []
for (const ns of NAMESPACES) {
  const keys = new Set(keysOf(resources.de[ns]).map((k) => k.replace(/_(zero|one|other)$/, '')))
  for (const key of keys) {
    const texts = ['de', 'en'].flatMap((l) => ['', '_zero', '_one', '_other'].map((suffix) => `${key}${suffix}`.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)?.[p], resources[l as 'de' | 'en'][ns])))
    const vars = Object.fromEntries(texts.flatMap(placeholders).map((p) => [p, `«${p}»`]))
    cases.push([ns, key, undefined], [ns, key, vars])
    for (const count of [0, 1, 2, 7]) cases.push([ns, key, { ...vars, count }])
  }
}

describe('translator = i18next for every text', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`${lang}: ${cases.length} cases`, () => {
      const ref = reference(lang)
      const ours = translatorFor(lang === 'en' ? 'en_US' : 'de_DE')
      const diffs: string[] = []
      for (const [ns, key, options] of cases) {
        if (typeof ref.t(`${ns}:${key}`, { ...options, returnObjects: true } as never) !== 'string') continue
        const a = ours.t(`${ns}:${key}`, options)
        const b = String(ref.t(`${ns}:${key}`, options as never))
        const c = ours.ns(ns)(key, options)
        if (a !== b || c !== b) diffs.push(`${ns}:${key} ${JSON.stringify(options)}: ${JSON.stringify(a)} / ${JSON.stringify(c)} ≠ ${JSON.stringify(b)}`)
      }
      expect(diffs).toEqual([])
    })
  }
})

describe('translator edge cases as i18next', () => {
  const table: [string, string, TOptions | undefined][] = [
    ['missing key', 'common:no.such.key', undefined],
    ['missing key with defaultValue', 'errors:NO_SUCH', { defaultValue: 'Fallback {{constant}}', constant: 'NO_SUCH' }],
    ['missing key, unknown namespace prefix', 'nons:thing', undefined],
    ['missing placeholder value', 'errors:unexpected', {}],
    ['ns option', 'contact.title', { ns: 'help' }],
  ]
  for (const lang of ['de', 'en'] as const)
    for (const [name, key, options] of table)
      it(`${lang}: ${name}`, () => {
        expect(translatorFor(lang === 'en' ? 'en_US' : 'de_DE').t(key, options)).toBe(reference(lang).t(key, options as never))
      })

  it('returnObjects gives the catalogue object', () => {
    for (const lang of ['de', 'en'] as const) {
      const ref = reference(lang).t('errors:warnings', { returnObjects: true })
      expect(translatorFor(lang === 'en' ? 'en_US' : 'de_DE').t('errors:warnings', { returnObjects: true })).toEqual(ref)
    }
  })
})

describe('catalogue file names: /i18n/<lang>.<hash>.json', () => {
  it.each([
    ['/i18n/de.poYgiFrzAufA.json', { lang: 'de', hash: 'poYgiFrzAufA' }],
    ['en.a-b_c.json', { lang: 'en', hash: 'a-b_c' }],
    ['https://example.org/i18n/en.x1.json', { lang: 'en', hash: 'x1' }],
    ['/i18n/fr.x1.json', null],
    ['/i18n/de.json', null],
    ['/i18n/de.x1.js', null],
    ['/other/de.x1.json', null],
    ['de.a/b.json', null],
  ])('%s', (name, expected) => expect(catalogueFile(name)).toEqual(expected))

  it('reads back what catalogueUrl writes', () => {
    expect(catalogueFile(catalogueUrl('en', 'AbC-9_z'))).toEqual({ lang: 'en', hash: 'AbC-9_z' })
  })
})
