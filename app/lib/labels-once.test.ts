// labelsOnce: a key asked without options is looked up once per language and answered alike after, also for a later
// render; a key with values to fill in is looked up once as a template and answers what i18next answers; a count or
// a context is asked every time.
import { describe, expect, test } from 'vitest'
import type { TFunction } from 'i18next'
import { i18nFor, resources } from '~/infra/i18n.server'
import { LANGS } from '~/infra/i18n'
import { labelsOnce } from './labels-once'

function counting() {
  const asked: unknown[][] = []
  const t = ((...args: unknown[]) => {
    asked.push(args)
    const [key, opts] = args as [string, { count?: number } | undefined]
    return opts?.count != null ? `${key}:${opts.count}` : `text of ${key}`
  }) as unknown as TFunction
  return { t, asked }
}

describe('labelsOnce', () => {
  test.each([
    ['a plain key, three times', [['card.until'], ['card.until'], ['card.until']], 1, 'text of card.until'],
    ['two plain keys', [['card.until'], ['card.report'], ['card.until']], 2, 'text of card.until'],
    [
      'a key with options, twice',
      [
        ['progress.confirmed', { count: 2 }],
        ['progress.confirmed', { count: 3 }],
      ],
      2,
      'progress.confirmed:3',
    ],
  ])('%s', (name, calls, lookups, last) => {
    const { t, asked } = counting()
    const once = labelsOnce(t, `test ${name}`) as unknown as (...a: unknown[]) => string
    const answers = calls.map((c) => once(...c))
    expect(asked).toHaveLength(lookups)
    expect(answers.at(-1)).toBe(last)
    // The same answers as the translator itself.
    calls.forEach((c, i) => expect(answers[i]).toBe((t as unknown as (...a: unknown[]) => string)(...c)))
  })
})

describe('labels with values, against the real catalogues', () => {
  // Every text of every namespace in both languages that takes values (and no count, which asks every time), filled
  // in with values that would trip a naive replacement.
  const values = ['Kiel Hbf', 3, '$& $1 {{purposes}}', '<b>ü</b>', '']
  const cases = LANGS.flatMap((lang) =>
    Object.entries(resources[lang]).flatMap(([ns, texts]) =>
      flatten(texts)
        .filter(([key, text]) => /{{\s*\w+\s*}}/.test(text) && !/_(zero|one|two|few|many|other)$/.test(key))
        .filter(([, text]) => !/{{\s*count\s*}}/.test(text))
        .map(([key, text]) => [lang, ns, key, [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]!)] as const),
    ),
  )

  test('there are such texts', () => expect(cases.length).toBeGreaterThan(50))

  test.each(values.map((v) => [v]))('filled with %j: the same text as i18next, looked up once', (value) => {
    for (const lang of LANGS) {
      const t = i18nFor(lang === 'de' ? 'de_DE' : 'en_US').getFixedT(lang, 'ways') as TFunction
      let lookups = 0
      const counted = ((...a: unknown[]) => (
        lookups++,
        (t as unknown as (...b: unknown[]) => string)(...a)
      )) as unknown as TFunction
      const once = labelsOnce(counted, `${lang} catalogue ${String(value)}`) as unknown as (...a: unknown[]) => string
      for (const [l, ns, key, names] of cases) {
        if (l !== lang) continue
        const options = Object.fromEntries(names.map((n) => [n, value]))
        const expected = (t as unknown as (...b: unknown[]) => string)(`${ns}:${key}`, options)
        const before = lookups
        expect(once(`${ns}:${key}`, options), `${lang} ${ns}:${key}`).toBe(expected)
        expect(once(`${ns}:${key}`, options), `${lang} ${ns}:${key}, again`).toBe(expected)
        expect(lookups - before, `${lang} ${ns}:${key}: one lookup`).toBe(1)
      }
    }
  })

  test('a count, a context or a value that is not text goes to i18next every time', () => {
    const { t, asked } = counting()
    const once = labelsOnce(t, 'test options') as unknown as (...a: unknown[]) => string
    for (const options of [{ count: 2 }, { context: 'x' }, { list: ['a'] }, { when: new Date(0) }]) {
      once('k', options)
      once('k', options)
    }
    expect(asked).toHaveLength(8)
  })
})

test('a later render in the same language asks nothing again; another language asks its own', () => {
  const { t, asked } = counting()
  for (const render of [1, 2]) {
    const once = labelsOnce(t, 'test renders de') as unknown as (...a: unknown[]) => string
    expect(once('card.until'), `render ${render}`).toBe('text of card.until')
    expect(once('card.purpose', { purposes: `Arbeit ${render}` })).toBe('text of card.purpose')
  }
  expect(asked).toHaveLength(2)
  ;(labelsOnce(t, 'test renders en') as unknown as (...a: unknown[]) => string)('card.until')
  expect(asked).toHaveLength(3)
})

function flatten(texts: unknown, prefix = ''): [string, string][] {
  if (typeof texts === 'string') return [[prefix, texts]]
  if (texts == null || typeof texts !== 'object') return []
  return Object.entries(texts).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k))
}
