// labelsOnce: a key asked without options is looked up once and answered alike after; a key with options (a count,
// an interpolation) is looked up every time, since its text depends on them.
import { describe, expect, test } from 'vitest'
import type { TFunction } from 'i18next'
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
  ])('%s', (_name, calls, lookups, last) => {
    const { t, asked } = counting()
    const once = labelsOnce(t) as unknown as (...a: unknown[]) => string
    const answers = calls.map((c) => once(...c))
    expect(asked).toHaveLength(lookups)
    expect(answers.at(-1)).toBe(last)
    // The same answers as the translator itself.
    calls.forEach((c, i) => expect(answers[i]).toBe((t as unknown as (...a: unknown[]) => string)(...c)))
  })
})
