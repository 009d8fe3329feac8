// The catalogues and i18next as the app configures it: both languages have every text, every key the code names is
// in the catalogues, and the behaviour our texts rely on (German fallback, plurals with _zero, interpolation without
// escaping, returnObjects) holds.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createInstance } from 'i18next'
import { catalogueFile, catalogueUrl, I18NEXT_OPTIONS, LANGS, NAMESPACES, type Lang } from './i18n'
import { catalogueAsset, i18nFor, resources, tFor } from './i18n.server'

/** Every leaf key of a namespace ('a.b.c'); arrays are leaves. */
function keysOf(tree: unknown, prefix = ''): string[] {
  if (tree == null || typeof tree !== 'object' || Array.isArray(tree)) return [prefix]
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k))
}
const PLURAL = /_(zero|one|other)$/
const at = (lang: Lang, ns: string, key: string): unknown =>
  key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown> | undefined)?.[p], resources[lang][ns])

/** A key as code names it: a text, an object (returnObjects), or the base of plural forms. */
function known(lang: Lang, ns: string, key: string): boolean {
  if (at(lang, ns, key) != null) return true
  return ['_zero', '_one', '_other'].some((suffix) => typeof at(lang, ns, `${key}${suffix}`) === 'string')
}

describe('catalogues: both languages have every text', () => {
  it('the same namespaces', () => {
    expect(Object.keys(resources.de).sort()).toEqual([...NAMESPACES].sort())
    expect(Object.keys(resources.en).sort()).toEqual([...NAMESPACES].sort())
  })
  for (const ns of NAMESPACES)
    it(`${ns}: the same keys in de and en, none empty`, () => {
      // Plural forms differ by language only in _zero (a wording choice), so compare the base keys.
      const base = (lang: Lang) => [...new Set(keysOf(resources[lang][ns]).map((k) => k.replace(PLURAL, '')))].sort()
      expect(base('en')).toEqual(base('de'))
      for (const lang of LANGS)
        for (const key of keysOf(resources[lang][ns])) {
          const text = at(lang, ns, key)
          expect(
            typeof text === 'string' ? text.trim() : Array.isArray(text) ? text.length : text,
            `${lang} ${ns}:${key}`,
          ).toBeTruthy()
        }
    })
})

// The static scan: every t('…') literal and every 'namespace:key' string in app/ must be in both catalogues. A key
// without a namespace counts as found when it is in one of the namespaces the file asks useTranslation for (and
// `common`), or in any namespace when the file gets t from elsewhere. Keys built at run time are not checked here.
describe('every key the code names is in both catalogues', () => {
  const root = path.resolve(import.meta.dirname, '..')
  const files = (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes('+types'))
    .map((f) => path.join(root, f))
  const nsAlternation = NAMESPACES.join('|')
  // Strings of the same shape that are not keys: a questionnaire's scope is written 'trip:ID' (or 'leg:ID').
  const NOT_KEYS = new Set(['trip:ID'])
  const missing: string[] = []
  let checked = 0
  for (const file of files) {
    const src = fs.readFileSync(file, 'utf8')
    const asked = [...src.matchAll(/useTranslation\(\s*'(\w+)'\s*\)/g)].map((m) => m[1]!)
    const own = /useTranslation\(/.test(src) ? [...new Set([...asked, 'common'])] : [...NAMESPACES]
    const where = path.relative(root, file)
    // Only files whose t is i18next's (others may have a t of their own).
    const i18nextT = /from 'react-i18next'|\btFor\(|TFunction } from 'i18next'/.test(src)
    for (const m of i18nextT ? src.matchAll(/\bt\(\s*'([^'$`{}\s]+)'/g) : []) {
      const key = m[1]!
      const colon = key.indexOf(':')
      const candidates =
        colon > 0 ? [[key.slice(0, colon), key.slice(colon + 1)] as const] : own.map((ns) => [ns, key] as const)
      for (const lang of LANGS) {
        checked++
        if (!candidates.some(([ns, k]) => known(lang, ns, k))) missing.push(`${where}: t('${key}') [${lang}]`)
      }
    }
    for (const m of src.matchAll(new RegExp(`['"\`]((?:${nsAlternation}):[\\w.]+)['"\`]`, 'g'))) {
      if (NOT_KEYS.has(m[1]!)) continue
      const [ns, key] = [m[1]!.slice(0, m[1]!.indexOf(':')), m[1]!.slice(m[1]!.indexOf(':') + 1)]
      for (const lang of LANGS) {
        checked++
        if (!known(lang, ns, key)) missing.push(`${where}: '${m[1]}' [${lang}]`)
      }
    }
  }
  it('finds keys to check', () => expect(checked).toBeGreaterThan(500))
  it('none missing', () => expect(missing).toEqual([]))
})

describe('i18next as configured', () => {
  it('German is the fallback, English has its own texts', () => {
    expect(tFor('de_DE')('notFound.title')).toBe('Seite nicht gefunden')
    expect(tFor('en_US')('notFound.title')).toBe('Page not found')
    expect(tFor('en_US')('errors:unexpected', { constant: 'X' })).toContain('X')
  })

  it('a text missing in English shows in German', async () => {
    const inst = createInstance({
      ...I18NEXT_OPTIONS,
      lng: 'en',
      resources: { de: { common: { only: 'nur deutsch' } }, en: { common: {} } },
    })
    await inst.init()
    expect(inst.t('only')).toBe('nur deutsch')
  })

  it('a missing key: defaultValue, else the key', () => {
    expect(tFor('de_DE')('errors:NO_SUCH', { defaultValue: 'Fallback {{constant}}', constant: 'NO_SUCH' })).toBe(
      'Fallback NO_SUCH',
    )
    expect(tFor('en_US')('common:no.such.key')).toBe('no.such.key')
  })

  it.each([
    ['de_DE', 0, 'Die Liste ist leer.'],
    ['de_DE', 1, 'Die Liste hat nur eine Seite.'],
    ['de_DE', 7, 'Die Liste hat 7 Seiten.'],
    ['en_US', 0, 'The list is empty.'],
    ['en_US', 1, 'The list has only one page.'],
    ['en_US', 2, 'The list has 2 pages.'],
  ] as const)('plurals by count (_zero for 0, then the language rules): %s %d', (locale, count, text) => {
    expect(tFor(locale)('ways:list.outOfRange.text', { count })).toBe(text)
  })

  it('interpolation leaves escaping to React', () => {
    expect(tFor('en_US')('errors:unexpected', { constant: '<b>&' })).toContain('<b>&')
  })

  it('returnObjects gives the catalogue object', () => {
    expect(tFor('en_US')('errors:warnings', { returnObjects: true })).toEqual(resources.en.errors!.warnings)
  })

  it('the fallback instances of entry.server show their language', () => {
    expect(i18nFor('en_US').language).toBe('en')
    expect(i18nFor('de_DE').t('notFound.title')).toBe('Seite nicht gefunden')
  })

  it("the browser's English file is completed with German", () => {
    const en = JSON.parse(catalogueAsset('en').body) as Record<string, unknown>
    expect(Object.keys(en).sort()).toEqual([...NAMESPACES].sort())
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
